import { FORGE_OPERATIONS } from "../../forge/operations.js";
import { reply } from "../responses.js";
import { type FieldViolation, ForgeFailure, invalidArgument } from "./errors.js";
import { namespaceOf, requireEligibleOwner } from "./namespace-routes.js";
import { paginate } from "./pagination.js";
import { checkSchema, objectBody } from "./repo-state.js";
import { type FakeForgeContext, type FakeForgeRoute, operationRoute } from "./route.js";
import { APP_SCOPES } from "./scopes.js";
import { type ForgeApp, signingKeyFromPem } from "./state.js";
import { appView } from "./views.js";
import { cancelPendingDeliveries } from "./webhooks/deliverer.js";

/** The app named by `{appId}` in the forge's namespace, else NotFound. */
export function appOf(context: FakeForgeContext): ForgeApp {
  const id = context.params.appId ?? "";
  const app = context.state.apps.get(id);
  if (!app || app.namespaceSlug.toLowerCase() !== context.state.namespace.slug.toLowerCase())
    throw new ForgeFailure("NotFound", `App ${id} was not found.`);
  return app;
}

/** Refuses default scopes an app cannot request (unknown, or carried only by user credentials). */
function refuseForeignScopes(scopes: readonly string[], field: string): void {
  const violations: FieldViolation[] = [];
  scopes.forEach((scope, index) => {
    if (!APP_SCOPES.includes(scope))
      violations.push({ field: `${field}[${index}]`, description: "is not a scope an app can request." });
  });
  if (violations.length > 0)
    throw new ForgeFailure("InvalidArgument", `${field} names scopes an app cannot request.`, violations);
}

/** The list inside a clean-replace wrapper (`{ events: [...] }`), when the body carries it. */
function wrapped(body: Record<string, unknown>, field: string, key: string): string[] | undefined {
  const wrapper = body[field];
  return wrapper === undefined ? undefined : [...((wrapper as Record<string, unknown>)[key] as string[])];
}

function updateApp(context: FakeForgeContext, app: ForgeApp, body: Record<string, unknown>): void {
  if (typeof body.displayName === "string") app.displayName = body.displayName;
  if (typeof body.webhookUrl === "string") app.webhookUrl = body.webhookUrl;
  // "" turns delivery off and cancels pending deliveries for good: a later address does not revive them.
  if (body.webhookUrl === "") cancelPendingDeliveries(context.state, app.id);
  if (typeof body.description === "string") app.description = body.description;
  if (typeof body.websiteUrl === "string") app.websiteUrl = body.websiteUrl;
  app.events = wrapped(body, "events", "events") ?? app.events;
  app.installationRedirectUris =
    wrapped(body, "installationRedirectUris", "installationRedirectUris") ?? app.installationRedirectUris;
  app.defaultScopes = wrapped(body, "defaultScopes", "scopes") ?? app.defaultScopes;
  app.updatedAt = context.now;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? [...(value as string[])] : []);

/** Apps newest first: by creation time, later registrations first on a tie. */
function newestFirst(apps: readonly ForgeApp[]): ForgeApp[] {
  return [...apps].reverse().sort((a, b) => b.createdAt - a.createdAt);
}

/** Get App by id, Update App, Create App and List Namespace Apps. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only) */
export const appManagementRoutes: readonly FakeForgeRoute[] = [
  operationRoute("apps.get", (context) => reply(appView(appOf(context)))),
  operationRoute("apps.update", (context) => {
    const app = appOf(context);
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["apps.update"].body, body, "app update");
    const scopes = wrapped(body, "defaultScopes", "scopes");
    if (scopes) refuseForeignScopes(scopes, "defaultScopes.scopes");
    updateApp(context, app, body);
    return reply(appView(app));
  }),
  operationRoute("namespace.apps.create", (context) => {
    const namespace = namespaceOf(context);
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["namespace.apps.create"].body, body, "app");
    const defaultScopes = strings(body.defaultScopes);
    refuseForeignScopes(defaultScopes, "defaultScopes");
    if (!signingKeyFromPem(body.publicKey as string, context.now))
      throw invalidArgument(
        "publicKey",
        "must be an Ed25519 public key in PEM SPKI form (-----BEGIN PUBLIC KEY-----).",
      );
    requireEligibleOwner(context, "create an app");
    // Created private: only its own namespace can install it (the fake has just the one namespace).
    const app = context.state.createApp(
      {
        publicKeyPem: body.publicKey as string,
        displayName: body.displayName as string,
        ...(typeof body.webhookUrl === "string" ? { webhookUrl: body.webhookUrl } : {}),
      },
      context.now,
    );
    app.namespaceSlug = namespace.slug;
    app.events = strings(body.events);
    app.installationRedirectUris = strings(body.installationRedirectUris);
    app.defaultScopes = defaultScopes;
    if (typeof body.description === "string") app.description = body.description;
    if (typeof body.websiteUrl === "string") app.websiteUrl = body.websiteUrl;
    return reply(appView(app));
  }),
  operationRoute("namespace.apps.list", (context) => {
    const namespace = namespaceOf(context);
    const mine = [...context.state.apps.values()].filter(
      (app) => app.namespaceSlug.toLowerCase() === namespace.slug.toLowerCase(),
    );
    const page = paginate(newestFirst(mine), context.query, `apps:${namespace.id}`);
    // Display metadata only: never webhook addresses, events or scopes.
    const apps = page.items.map(({ id, displayName, description }) => ({ id, displayName, description }));
    return reply({ apps, nextPageToken: page.nextPageToken });
  }),
];
