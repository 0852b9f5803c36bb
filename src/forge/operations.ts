import type { OperationOutput, RoutesOverride } from "../core/operation.js";
import { APP_MANAGEMENT_OPERATIONS, APP_OPERATIONS, META_OPERATIONS } from "./operations/app.js";
import { CHECK_OPERATIONS, LABEL_OPERATIONS } from "./operations/checks.js";
import type { ForgeOperation } from "./operations/entry.js";
import { COMMENT_OPERATIONS, PULL_LABEL_OPERATIONS, PULL_OPERATIONS, REVIEW_OPERATIONS } from "./operations/pulls.js";
import { CONTENTS_OPERATIONS, MIRROR_OPERATIONS, REPOSITORY_OPERATIONS } from "./operations/repos.js";

export {
  FORGE_USER_ONLY_SCOPES,
  type ForgeCredentialKind,
  type ForgeOperation,
} from "./operations/entry.js";

/**
 * Every Code Forge operation, by name (`"pulls.get"`): method, path under the forge prefix, credentials, scope,
 * point cost, retry class, request and response schemas (`FORGE_OPERATIONS["pulls.create"].body`) and list shape.
 * Entries marked `assumed` have no path in the spec; each says why its default was chosen, and every entry's method
 * and path can be overridden with the clients' `routes` option.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Endpoints)
 */
export const FORGE_OPERATIONS = {
  ...META_OPERATIONS,
  ...APP_OPERATIONS,
  ...APP_MANAGEMENT_OPERATIONS,
  ...REPOSITORY_OPERATIONS,
  ...MIRROR_OPERATIONS,
  ...CONTENTS_OPERATIONS,
  ...PULL_OPERATIONS,
  ...COMMENT_OPERATIONS,
  ...REVIEW_OPERATIONS,
  ...PULL_LABEL_OPERATIONS,
  ...LABEL_OPERATIONS,
  ...CHECK_OPERATIONS,
} as const satisfies Record<string, ForgeOperation>;

/** The forge's operation table's type. */
export type ForgeOperations = typeof FORGE_OPERATIONS;

/** The name of a forge operation in {@link FORGE_OPERATIONS}. */
export type ForgeOperationName = keyof ForgeOperations;

/** What a forge operation resolves to: `ForgeOutput<"pulls.get">` is a `PullRequest`. */
export type ForgeOutput<N extends ForgeOperationName> = OperationOutput<ForgeOperations[N]>;

/** Per-operation `{ method, path }` overrides (the `routes` option), keyed by operation name. */
export type ForgeRoutesOverride = RoutesOverride<ForgeOperations>;
