import { isObject } from "../../core/arguments.js";
import {
  checkInput,
  expectFakeArgument,
  expectId,
  fakeArgumentError,
  STRING_FIELD,
  TEXT_FIELD,
  TEXT_LIST_FIELD,
} from "../argument-errors.js";
import type { Clock } from "../clock.js";
import type { RandomUUID } from "../ids.js";
import type { Reply } from "../responses.js";
import type { RequestBody } from "../router.js";
import { appManagementRoutes } from "./app-management-routes.js";
import { appRoutes } from "./app-routes.js";
import {
  authenticateForge,
  credentialKind,
  type ForgePrincipal,
  principalBudget,
  principalKey,
  requireKind,
} from "./auth.js";
import { checkRunRoutes, sweepCheckRunDeadlines } from "./check-run-routes.js";
import { commentRoutes } from "./comment-routes.js";
import { contentsRoutes } from "./contents-routes.js";
import type { FakeForge } from "./controls.js";
import { discoveryRoutes } from "./discovery-routes.js";
import { ForgeFailure, type RpcStatus, rpcErrorReply } from "./errors.js";
import { ForgeKeyring, signInstallationReceipt } from "./forge-keys.js";
import { gitRoutes } from "./git-routes.js";
import { ownerGrantRoutes, repoGrantRoutes } from "./grant-routes.js";
import { labelRoutes, pullLabelRoutes } from "./label-routes.js";
import { advanceMirrors, mirrorControls, mirrorRoutes } from "./mirror-routes.js";
import { namespaceRoutes } from "./namespace-routes.js";
import { type ForgeOptions, resolveForgeOptions } from "./options.js";
import { matchForgePath } from "./path-pattern.js";
import { pullDetailRoutes } from "./pull-detail-routes.js";
import { pullRoutes } from "./pull-routes.js";
import { ForgeRateLimiter } from "./rate-limit.js";
import { repoSettingsRoutes } from "./repo-settings-routes.js";
import { reviewRoutes } from "./review-routes.js";
import type { FakeForgeContext, FakeForgeRoute } from "./route.js";
import { rulesetRoutes } from "./ruleset-routes.js";
import { grantsScope } from "./scopes.js";
import { signingKeyRoutes } from "./signing-key-routes.js";
import { ForgeState } from "./state.js";
import { tokenRoutes } from "./token-routes.js";
import { createWebhookControls } from "./webhooks/controls.js";
import { WebhookDeliverer } from "./webhooks/deliverer.js";
import { webhookDeliveryRoutes } from "./webhooks/delivery-routes.js";
import { emitInstallationEvent } from "./webhooks/installation-events.js";
import { emitCommentReaction } from "./webhooks/reaction-events.js";

/** The path prefix of the forge API. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API) */
export const FORGE_PREFIX = "/v1/forge";

/** The forge inside the fake: routing, auth, points, handlers, controls. */
export interface ForgeService {
  /** Whether a path is under the forge prefix. */
  owns(path: string): boolean;
  /** Answers one forge request (every answer carries `X-Request-ID`). */
  handle(request: Request, url: URL, body: RequestBody, now: number): Promise<Reply>;
  /** Rewrites an injected fault's `{error}` body into the forge's RPC error body. */
  adaptFaultReply(reply: Reply, request: Request): Reply;
  /** `fake.forge`. */
  readonly controls: FakeForge;
  reset(): void;
}

/** What the forge takes from the rest of the fake. */
export interface ForgeDependencies {
  baseUrl: string;
  now: Clock;
  randomUUID: RandomUUID;
}

/** The options of `registerApp` (see RegisterForgeAppInput). */
const REGISTER_APP_KEYS: ReadonlySet<string> = new Set([
  "appId",
  "publicKeyPem",
  "webhookUrl",
  "events",
  "displayName",
  "install",
]);

const ROUTES: readonly FakeForgeRoute[] = [
  ...discoveryRoutes,
  ...appRoutes,
  ...webhookDeliveryRoutes,
  ...tokenRoutes,
  ...signingKeyRoutes,
  ...appManagementRoutes,
  ...namespaceRoutes,
  ...checkRunRoutes,
  ...labelRoutes,
  ...pullLabelRoutes,
  ...pullRoutes,
  ...pullDetailRoutes,
  ...commentRoutes,
  ...reviewRoutes,
  ...repoSettingsRoutes,
  ...repoGrantRoutes,
  ...ownerGrantRoutes,
  ...rulesetRoutes,
  ...mirrorRoutes,
  ...gitRoutes,
  ...contentsRoutes,
];

function heldScopes(principal: ForgePrincipal): readonly string[] | undefined {
  if (principal.kind === "user") return principal.scopes;
  if (principal.kind === "installation") return principal.token.scopes;
  return undefined;
}

/** Creates the forge half of the fake; options are checked now. */
export function createForgeService(input: ForgeOptions | undefined, deps: ForgeDependencies): ForgeService {
  const options = resolveForgeOptions(input);
  const issuer = `${deps.baseUrl}${FORGE_PREFIX}`;
  const keys = new ForgeKeyring(deps.now);
  const limiter = new ForgeRateLimiter();
  let state = new ForgeState(options, deps.randomUUID, deps.now());
  const webhooks = new WebhookDeliverer({ now: deps.now, keys });
  webhooks.attach(state);

  const requestIdOf = (request: Request) =>
    request.headers.get("x-request-id")?.trim() || `req_${deps.randomUUID().replace(/-/g, "")}`;

  async function answer(route: FakeForgeRoute, context: FakeForgeContext, requestId: string): Promise<Reply> {
    let charged: Record<string, string> = {};
    try {
      if (route.credential !== "none") {
        const operation = `${route.method} ${FORGE_PREFIX}${route.pattern}`;
        const principal = await authenticateForge(context.request, state, options, context.now);
        requireKind(principal, route.credential, operation);
        const held = heldScopes(principal);
        if (route.scope && held && !grantsScope(held, route.scope))
          throw new ForgeFailure("PermissionDenied", `${operation} needs the ${route.scope} scope.`);
        context.principal = principal;
        await route.authorize?.(context);
        if (route.cost > 0) {
          const limit = principalBudget(principal, options);
          const result = limiter.charge(principalKey(principal), limit, route.cost, context.now);
          charged = result.headers;
          if (!result.admitted)
            throw new ForgeFailure(
              "ResourceExhausted",
              `Rate limit of ${limit} points per minute exceeded; retry after 60 s.`,
            );
        }
      }
      const result = await route.handle(context);
      return { ...result, headers: { ...result.headers, ...charged, "x-request-id": requestId } };
    } catch (error) {
      if (error instanceof ForgeFailure)
        return rpcErrorReply(error.status, error.message, requestId, error.violations, charged);
      const message = error instanceof Error ? error.message : String(error);
      return rpcErrorReply("Internal", `Internal error in the fake forge: ${message}`, requestId, [], charged);
    }
  }

  async function handle(request: Request, url: URL, body: RequestBody, now: number): Promise<Reply> {
    const requestId = requestIdOf(request);
    // Retries fall due on the fake clock; each request sends those whose time has come, without waiting.
    webhooks.startDue(state);
    // Mirror jobs and syncs run in the background on the fake clock.
    advanceMirrors(state, now);
    // So does the check-run deadline sweep (timed_out runs deliver repository.check_run.completed).
    sweepCheckRunDeadlines(state, now);
    const method = request.method.toUpperCase();
    const path = url.pathname.slice(FORGE_PREFIX.length) || "/";
    const allowed: string[] = [];
    for (const route of ROUTES) {
      const params = matchForgePath(route.pattern, path);
      if (params === undefined) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      const context: FakeForgeContext = {
        request,
        params,
        query: url.searchParams,
        body,
        principal: undefined,
        now,
        state,
        keys,
        limiter,
        options,
        issuer,
      };
      return answer(route, context, requestId);
    }
    // The spec lists no 405: a wrong method is an unmatched route, NotFound, with `Allow` as a hint.
    const headers: Record<string, string> = allowed.length > 0 ? { allow: allowed.join(", ") } : {};
    return rpcErrorReply("NotFound", `No forge operation ${method} ${url.pathname}.`, requestId, [], headers);
  }

  function installation(id: unknown, operation: string, name = "installationId") {
    expectId(id, name, operation);
    const found = state.installations.get(id);
    if (!found) throw fakeArgumentError(`${operation}: no installation ${id}.`);
    return found;
  }

  const controls: FakeForge = {
    issuer,
    get state() {
      return state;
    },
    registerApp(appInput = {}) {
      checkInput(appInput, "input", "fake.forge.registerApp", {
        events: TEXT_LIST_FIELD,
        install: [(value) => value === false || isObject(value), "false or an object of installation options"],
      });
      // A misspelt option (`installation: false`) would be ignored, and the app installed anyway.
      for (const key of Object.keys(appInput)) {
        expectFakeArgument(
          REGISTER_APP_KEYS.has(key),
          `fake.forge.registerApp: \`input.${key}\` is no option (${[...REGISTER_APP_KEYS].join(", ")}).`,
        );
      }
      const at = deps.now();
      const app = state.createApp(appInput, at);
      if (appInput.events) app.events = [...appInput.events];
      if (appInput.install === false) return { appId: app.id };
      const created = state.createInstallation({ ...appInput.install, appId: app.id }, at);
      emitInstallationEvent(state, "installation.created", created, at);
      return { appId: app.id, installationId: created.id };
    },
    createInstallation(installationInput) {
      const created = state.createInstallation(installationInput, deps.now());
      emitInstallationEvent(state, "installation.created", created, created.createdAt);
      return { installationId: created.id };
    },
    suspendInstallation(id) {
      const found = installation(id, "fake.forge.suspendInstallation");
      found.suspendedAt = deps.now();
      found.updatedAt = found.suspendedAt;
      emitInstallationEvent(state, "installation.updated", found, found.updatedAt);
    },
    unsuspendInstallation(id) {
      const found = installation(id, "fake.forge.unsuspendInstallation");
      delete found.suspendedAt;
      found.updatedAt = deps.now();
      emitInstallationEvent(state, "installation.updated", found, found.updatedAt);
    },
    deleteInstallation(id) {
      const found = installation(id, "fake.forge.deleteInstallation");
      state.deleteInstallation(id);
      emitInstallationEvent(state, "installation.deleted", found, deps.now());
    },
    get stats() {
      return limiter.snapshot(deps.now());
    },
    signingKeys: () => keys.list(),
    rotateKeys: () => keys.rotate(),
    async issueInstallationReceipt(input) {
      const operation = "fake.forge.issueInstallationReceipt";
      checkInput(input, "input", operation, { appId: TEXT_FIELD, state: STRING_FIELD });
      const { appId, installationId, state: anchor } = input;
      const found = installation(installationId, operation, "input.installationId");
      if (found.appId !== appId)
        throw fakeArgumentError(`${operation}: installation ${installationId} is not of app ${appId}.`);
      const [current] = await keys.list();
      if (!current) throw new Error("fake.forge: the forge has no signing key.");
      const { id, email, displayName } = found.installedBy;
      return signInstallationReceipt(current, {
        issuer,
        appId,
        installationId,
        namespaceId: found.target.id,
        installedBy: { id, email, displayName },
        jti: deps.randomUUID(),
        ...(anchor ? { state: anchor } : {}),
        now: deps.now(),
      });
    },
    webhooks: createWebhookControls(webhooks, () => state),
    react: (input) => emitCommentReaction(state, input),
    mirrors: mirrorControls(() => state, deps.now),
    reset: () => reset(),
  };

  function reset() {
    state = new ForgeState(options, deps.randomUUID, deps.now());
    webhooks.attach(state);
    limiter.reset();
  }

  // The spec's 429: "Retry-After and the headers with Remaining 0" (Limit, Used, Reset, Resource); the fault
  // supplies Retry-After, Remaining and Reset, the caller's credential kind gives its budget.
  function overBudgetHeaders(request: Request): Record<string, string> {
    const kind = credentialKind(request, options);
    if (kind === undefined) return { "x-ratelimit-resource": "core" };
    const limit = String(options.rateLimits[kind]);
    return { "x-ratelimit-limit": limit, "x-ratelimit-used": limit, "x-ratelimit-resource": "core" };
  }

  return {
    owns: (path) => path === FORGE_PREFIX || path.startsWith(`${FORGE_PREFIX}/`),
    handle,
    adaptFaultReply(reply, request) {
      const body = reply.body as { error?: { message?: unknown } } | undefined;
      const message = body?.error?.message;
      if (typeof message !== "string") return reply;
      const status: RpcStatus =
        reply.status === 429 ? "ResourceExhausted" : reply.status === 500 ? "Internal" : "Unavailable";
      const adapted = rpcErrorReply(status, message, requestIdOf(request), [], {
        ...reply.headers,
        ...(reply.status === 429 ? overBudgetHeaders(request) : {}),
      });
      return { ...adapted, status: reply.status };
    },
    controls,
    reset,
  };
}
