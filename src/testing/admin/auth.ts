import { type AdminOperation, scopeAllows } from "../../admin/operations.js";
import { AdminFailure } from "./failures.js";
import type { ResolvedAdminOptions } from "./options.js";

/** Who an Admin or Organization API request authenticated as. */
export type AdminCaller =
  | { kind: "team"; key: string; teamId: number; scopes: readonly string[] }
  | { kind: "organization"; key: string; organizationId: string; scope: string };

const CHALLENGE = { "www-authenticate": 'Basic realm="agentline-fake-admin"' };

function unauthorized(message: string): AdminFailure {
  return new AdminFailure(401, message, "code", CHALLENGE);
}

/** The key of `Authorization: Basic base64(key + ":")`, or 401. */
function basicKey(header: string | null): string {
  const match = /^Basic +([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header?.trim() ?? "");
  if (!match)
    throw unauthorized(
      "Missing or malformed credentials: send HTTP Basic with the API key as username and an empty password.",
    );
  let decoded = "";
  try {
    const binary = atob(match[1] as string);
    decoded = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    decoded = "";
  }
  const colon = decoded.indexOf(":");
  if (colon <= 0 || colon !== decoded.length - 1)
    throw unauthorized("Malformed Basic credentials: send the API key as username with an empty password.");
  return decoded.slice(0, colon);
}

/** "a, b or c". */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** The scopes that would let a key call `route`, for the 401 message. */
function neededScopes(route: AdminOperation): string[] {
  return [...(route.scopes ?? []), "admin:*"];
}

/**
 * Authenticates an Admin or Organization API request: 401 for missing, malformed or unknown keys, for
 * a key of the other kind (team key on /organizations, organization key on team routes) and for a
 * key without the route's scope (the message names the scopes that would do).
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Authentication)
 */
export function authenticateAdmin(request: Request, route: AdminOperation, options: ResolvedAdminOptions): AdminCaller {
  const key = basicKey(request.headers.get("authorization"));
  const teamKey = options.teamKeys.find((k) => k.key === key);
  const organizationKey = options.organizationKeys.find((k) => k.key === key);
  if (!teamKey && !organizationKey) throw unauthorized("Invalid API key: no team or organization key matches.");
  if (route.keyKind === "organization") {
    if (!organizationKey)
      throw unauthorized("Invalid organization key: /organizations routes need an organization key, not a team key.");
    if (!scopeAllows(route, organizationKey.scope))
      throw unauthorized(
        `This organization key's scope ${organizationKey.scope} does not allow ${route.method} ${route.path}; it needs ${orList(neededScopes(route))}.`,
      );
    return { kind: "organization", ...organizationKey };
  }
  if (!teamKey)
    throw unauthorized(
      "Invalid team key: team routes (/teams, /settings, /assistant-bot) need a team key, not an organization key.",
    );
  if (!teamKey.scopes.some((scope) => scopeAllows(route, scope)))
    throw unauthorized(
      `This team key's scopes (${teamKey.scopes.join(", ") || "none"}) do not allow ${route.method} ${route.path}; it needs ${orList(neededScopes(route))}.`,
    );
  return { kind: "team", ...teamKey };
}
