import { FORGE_OPERATIONS, type ForgeOperationName } from "../../forge/operations.js";
import type { Reply } from "../responses.js";
import type { RequestBody } from "../router.js";
import type { ForgePrincipal, PrincipalKind } from "./auth.js";
import type { ForgeKeyring } from "./forge-keys.js";
import type { ResolvedForgeOptions } from "./options.js";
import type { ForgeRateLimiter } from "./rate-limit.js";
import type { ForgeState } from "./state.js";

/** What a forge route handler gets. */
export interface FakeForgeContext {
  request: Request;
  /** Path parameters, URL-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  body: RequestBody;
  /** Undefined only on routes with `credential: "none"`. */
  principal: ForgePrincipal | undefined;
  now: number;
  state: ForgeState;
  keys: ForgeKeyring;
  limiter: ForgeRateLimiter;
  options: ResolvedForgeOptions;
  /** `{base}/v1/forge`. */
  issuer: string;
}

/** One forge route: pattern relative to the forge prefix, accepted credentials, point cost. */
export interface FakeForgeRoute {
  method: string;
  /** With `:name` segments, e.g. `/app/installations/:installationId`. */
  pattern: string;
  /** `"none"` for public routes (discovery); else the accepted credential kinds. */
  credential: "none" | readonly PrincipalKind[];
  /** Scope a user or installation credential must hold. */
  scope?: string;
  /** Points charged; 0 answers without rate-limit headers. */
  cost: number;
  /**
   * Authorization beyond credential kind and scope (e.g. the repository must be reachable), checked before points
   * are charged: authentication and authorization failures are not charged. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Limits)
   */
  authorize?(context: FakeForgeContext): void | Promise<void>;
  handle(context: FakeForgeContext): Reply | Promise<Reply>;
}

/**
 * A route served at the SDK routes table's method, path, credentials, scope and cost. Repository routes use
 * `tableRoute` (repo-state.ts), which also resolves `{owner}/{repo}` before points are charged.
 */
export function operationRoute(name: ForgeOperationName, handle: FakeForgeRoute["handle"]): FakeForgeRoute {
  const entry = FORGE_OPERATIONS[name];
  return {
    method: entry.method,
    pattern: entry.path.replace(/\{(\w+)\}/g, ":$1"),
    credential: [...entry.credentials],
    ...(entry.scope === undefined ? {} : { scope: entry.scope }),
    cost: entry.cost,
    handle,
  };
}

/** The principal of a route that requires one. */
export function principalOf<K extends PrincipalKind>(
  context: FakeForgeContext,
  kind: K,
): Extract<ForgePrincipal, { kind: K }> {
  const principal = context.principal;
  if (principal?.kind !== kind) throw new Error(`forge route expected a ${kind} principal`);
  return principal as Extract<ForgePrincipal, { kind: K }>;
}
