import { isoTime } from "../clock.js";
import { HttpFailure, type Reply, reply } from "../responses.js";
import type { AgentsHandler, AgentsRouteContext as RouteContext } from "./router.js";

/** Sub-tokens live one hour. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Cloud Agents API § Limits) */
const SUB_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** `ApiKeyInfo`: user fields for ordinary keys (the first team member), none for service accounts. */
function apiKeyInfo(context: RouteContext, createdAt: number): Reply {
  const { caller, options } = context;
  const list = caller.serviceAccount ? options.serviceAccountKeys : options.apiKeys;
  const index = list.indexOf(caller.key) + 1;
  const info: Record<string, unknown> = {
    apiKeyName: caller.serviceAccount ? `Fake service account ${index}` : `Fake API key ${index}`,
    createdAt: isoTime(createdAt),
  };
  const owner = options.teamMembers[0];
  if (!caller.serviceAccount && owner) {
    info.userId = owner.id;
    info.userEmail = owner.email;
    if (owner.firstName !== undefined) info.userFirstName = owner.firstName;
    if (owner.lastName !== undefined) info.userLastName = owner.lastName;
  }
  return reply(info);
}

/** POST /v1/sub-tokens (assumed path): a service account mints a one-hour token for an active member. */
function createSubToken(context: RouteContext): Reply {
  if (!context.caller.serviceAccount) {
    throw new HttpFailure(403, "service_account_required", "Only a service-account API key can mint sub-tokens.");
  }
  const { forUserEmail, forUserId } = context.body as { forUserEmail?: string; forUserId?: number };
  const member = context.options.teamMembers.find((m) =>
    forUserEmail !== undefined ? m.email.toLowerCase() === forUserEmail.toLowerCase() : m.id === forUserId,
  );
  if (!member || member.active === false) {
    const who = forUserEmail !== undefined ? "forUserEmail" : "forUserId";
    throw new HttpFailure(400, "validation_error", `${who}: no active team member matches.`);
  }
  return reply({
    accessToken: `fake-sub-token-${context.ids.uuid()}`,
    expiresAt: isoTime(context.now + SUB_TOKEN_LIFETIME_MS),
    userId: member.id,
    teamId: context.options.teamId,
  });
}

/** The lookups at their assumed paths: models, repositories, API key info and sub-tokens. */
export function lookupsHandlers(createdAt: number) {
  return {
    "models.list": (c) => reply({ items: structuredClone(c.options.models) }),
    "repositories.list": (c) => reply({ items: c.options.repositories.map((url) => ({ url })) }),
    me: (c) => apiKeyInfo(c, createdAt),
    "subTokens.create": createSubToken,
  } satisfies Record<string, AgentsHandler>;
}
