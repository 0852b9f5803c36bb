// The shape of one forge route and the small factory every group file uses.

/** A kind of forge credential. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Credentials) */
export type ForgeCredentialKind = "app" | "installation" | "user";

/**
 * When an operation may be re-sent after an ambiguous failure (the request may have been applied):
 * `true` always, `false` never, `"with-expected-head-sha"` only when the body carries `expectedHeadSha`
 * (the forge then refuses a second application with Aborted 409 instead of applying it twice).
 */
export type ForgeIdempotency = boolean | "with-expected-head-sha";

/** HTTP methods the forge uses. */
export type ForgeMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One forge operation. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Endpoints) */
export interface ForgeRoute {
  method: ForgeMethod;
  /** Relative to the forge prefix; `{owner}/{repo}` may be filled with `_/{repoId}` (see `repoPath`). */
  path: string;
  /** The credential kinds that may call it; empty when no authentication is needed. */
  credentials: readonly ForgeCredentialKind[];
  /** The scope the spec names; `undefined` when the credential alone suffices (`ambient`). */
  scope?: string | undefined;
  /** The scope can only be carried by a user credential; an app can never request it. */
  userOnlyScope?: boolean | undefined;
  /** Points charged per call against the principal's per-minute budget. */
  cost: number;
  idempotent: ForgeIdempotency;
  /** Not shown in the spec: the default path is our best knowledge and can be overridden. */
  assumed?: boolean | undefined;
}

/** Scopes that only user credentials carry. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Scopes (requested at installation)) */
export const FORGE_USER_ONLY_SCOPES: ReadonlySet<string> = new Set([
  "repository:mirror:write",
  "repository:mirror:delete",
  "namespace:installations:write",
  "namespace:apps:create",
  "namespace:apps:read",
  "app:settings:write",
  "namespace:repositories:create",
]);

/** No authentication (discovery and keys). */
export const NONE: readonly ForgeCredentialKind[] = [];
/** Any authenticated principal. */
export const ANY: readonly ForgeCredentialKind[] = ["app", "installation", "user"];
/** App JWT only. */
export const APP: readonly ForgeCredentialKind[] = ["app"];
/** Installation token only. */
export const INSTALLATION: readonly ForgeCredentialKind[] = ["installation"];
/** User credential only. */
export const USER: readonly ForgeCredentialKind[] = ["user"];
/** Repository operations: the spec ties them to installation tokens; user tokens reach repositories too. */
export const REPO: readonly ForgeCredentialKind[] = ["installation", "user"];

/** Builds a route; reads default to idempotent, every write states its class. */
export function op(
  method: ForgeMethod,
  path: string,
  credentials: readonly ForgeCredentialKind[],
  scope: string | undefined,
  cost: number,
  more: { idempotent?: ForgeIdempotency; assumed?: true } = {},
): ForgeRoute {
  const route: ForgeRoute = { method, path, credentials, scope, cost, idempotent: more.idempotent ?? method === "GET" };
  if (scope !== undefined && FORGE_USER_ONLY_SCOPES.has(scope)) route.userOnlyScope = true;
  if (more.assumed) route.assumed = true;
  return route;
}
