// The shape of one forge operation and the small factory every group file uses.
import type { HttpMethod, Operation } from "../../core/operation.js";
import { PullNumberParamsSchema } from "../schemas/request-fields.js";

/** A kind of forge credential. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Credentials) */
export type ForgeCredentialKind = "app" | "installation" | "user";

/**
 * One forge operation: the core declaration plus the credentials that may call it, the scope the spec names, and its
 * points cost. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Endpoints)
 */
export interface ForgeOperation extends Operation {
  /** The credential kinds that may call it; empty when no authentication is needed. */
  credentials: readonly ForgeCredentialKind[];
  /** The scope the spec names; `undefined` when the credential alone suffices (`ambient`). */
  scope?: string | undefined;
  /** The scope can only be carried by a user credential; an app can never request it. */
  userOnlyScope?: boolean | undefined;
  /** Points charged per call against the principal's per-minute budget. */
  cost: number;
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

/**
 * Merges and commits from files may be repeated only when they carry `expectedHeadSha`: the forge then refuses a
 * second application with Aborted (409) instead of applying it twice.
 */
export const withExpectedHeadSha = (body: unknown): boolean =>
  typeof (body as { expectedHeadSha?: unknown } | undefined)?.expectedHeadSha === "string";

/** A `pageToken` list: items under `items`, the next token in `nextPageToken` (empty on the last page). */
export const paged = <K extends string>(items: K) => ({ items, next: "nextPageToken", cursor: "pageToken" }) as const;

type Extras = Omit<Partial<Operation>, "method" | "path">;

/** Builds an entry; reads default to idempotent, every write states its class. Schemas stay lazy (never built here). */
export function op<const M extends Extras>(
  method: HttpMethod,
  path: string,
  credentials: readonly ForgeCredentialKind[],
  scope: string | undefined,
  cost: number,
  more: M = {} as M,
): ForgeOperation & M {
  const entry: ForgeOperation = { method, path, credentials, scope, cost, idempotent: method === "GET", ...more };
  // A pull request number is a 64-bit integer: checked (and bounded) before the network on every such path.
  if (entry.params === undefined && path.includes("{pullNumber}")) entry.params = PullNumberParamsSchema;
  if (scope !== undefined && FORGE_USER_ONLY_SCOPES.has(scope)) entry.userOnlyScope = true;
  return entry as ForgeOperation & M;
}
