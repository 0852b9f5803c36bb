import { reply } from "../responses.js";
import { ForgeFailure } from "./errors.js";
import { paginate } from "./pagination.js";
import { type FakeForgeContext, type FakeForgeRoute, principalOf } from "./route.js";
import type { ForgeInstallation } from "./state.js";
import { appView, installationView } from "./views.js";
import { emitInstallationEvent } from "./webhooks/installation-events.js";

/** The calling app's installation, or NotFound (never telling missing from someone else's). */
export function appInstallation(context: FakeForgeContext): ForgeInstallation {
  const { app } = principalOf(context, "app");
  const id = context.params.installationId ?? "";
  const installation = context.state.installations.get(id);
  if (!installation || installation.appId !== app.id)
    throw new ForgeFailure("NotFound", `Installation ${id} was not found.`);
  return installation;
}

/** `GET /app` and the app's installations. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Fully described operations) */
export const appRoutes: readonly FakeForgeRoute[] = [
  {
    method: "GET",
    pattern: "/app",
    credential: ["app"],
    cost: 1,
    handle: (context) => reply(appView(principalOf(context, "app").app)),
  },
  {
    method: "GET",
    pattern: "/app/installations",
    credential: ["app"],
    cost: 1,
    handle: (context) => {
      const { app } = principalOf(context, "app");
      const mine = [...context.state.installations.values()].filter((installation) => installation.appId === app.id);
      const page = paginate(mine, context.query, "installations");
      return reply({ installations: page.items.map(installationView), nextPageToken: page.nextPageToken });
    },
  },
  {
    method: "GET",
    pattern: "/app/installations/:installationId",
    credential: ["app"],
    cost: 1,
    handle: (context) => reply(installationView(appInstallation(context))),
  },
  {
    method: "DELETE",
    pattern: "/app/installations/:installationId",
    credential: ["app"],
    cost: 5,
    handle: (context) => {
      // The spec lets issued tokens live until expiry; this fake revokes them at once (the stricter reading
      // of "deleting it ... invalidates issued ones"), so clients are tested against the harsher case.
      const installation = appInstallation(context);
      context.state.deleteInstallation(installation.id);
      emitInstallationEvent(context.state, "installation.deleted", installation, context.now);
      return { status: 204 };
    },
  },
];
