import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { booleanField, oneOf, pathItem, requestObject, requiredText } from "../../core/request-fields.js";
import { atLeastOneOf, exactlyOneOf } from "../../core/request-rules.js";
import { isPlainObject } from "../../core/validation.js";

// Request bodies of repository settings, grants and mirror transitions.

const SETTINGS_FIELDS = [
  "defaultBranch",
  "allowMergeCommit",
  "allowSquashMerge",
  "deleteBranchOnMerge",
  "visibility",
] as const;

/** The body of PATCH /repos/{o}/{r}: at least one field; the two merge-method flags together, one of them true. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const RepoSettingsSchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    requestObject(
      {
        defaultBranch: v.optional(requiredText("`defaultBranch`")),
        allowMergeCommit: v.optional(booleanField("`allowMergeCommit`")),
        allowSquashMerge: v.optional(booleanField("`allowSquashMerge`")),
        deleteBranchOnMerge: v.optional(booleanField("`deleteBranchOnMerge`")),
        visibility: v.optional(oneOf(["internal", "private"] as const, "`visibility`")),
      },
      "the repository settings",
    ),
    atLeastOneOf(SETTINGS_FIELDS, "the repository settings"),
    v.rawCheck(({ dataset, addIssue }) => {
      const body: unknown = dataset.value;
      if (!isPlainObject(body)) return;
      const merge = body.allowMergeCommit;
      const squash = body.allowSquashMerge;
      if ((merge === undefined) !== (squash === undefined)) {
        const missing = merge === undefined ? "allowMergeCommit" : "allowSquashMerge";
        addIssue({
          message: "[together] send `allowMergeCommit` and `allowSquashMerge` together (at least one true)",
          path: [pathItem(body, missing, undefined)],
        });
      } else if (merge === false && squash === false) {
        addIssue({
          message:
            "[at_least_one_true] `allowMergeCommit` and `allowSquashMerge` cannot both be false; keep one merge method",
          path: [pathItem(body, "allowSquashMerge", squash)],
        });
      }
    }),
  ),
);

const PRINCIPALS = ["user", "group", "teamGroup"] as const;

// The principal's own shape is not shown: a non-empty id string or an object reference is accepted.
// @__NO_SIDE_EFFECTS__
function principal(label: string) {
  return v.union([requiredText(label), v.looseObject({})], `[type] ${label} must be an id string or an object`);
}

const PRINCIPAL_ENTRIES = /* @__PURE__ */ lazySchema(() => ({
  user: v.optional(principal("`user`")),
  group: v.optional(principal("`group`")),
  teamGroup: v.optional(principal("`teamGroup`")),
}));

/** The body of POST /repos/{o}/{r}/grants: one principal, permission read, write or admin. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const RepoGrantRequestSchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    requestObject(
      {
        ...PRINCIPAL_ENTRIES,
        permission: v.picklist(
          ["read", "write", "admin"] as const,
          (issue) =>
            `[one_of] \`permission\` must be "read", "write" or "admin"${issue.input === "custom" ? "; custom permissions cannot be granted through the API" : ""}`,
        ),
      },
      "the repository grant",
    ),
    exactlyOneOf(PRINCIPALS, "the grant"),
  ),
);

/** Owner-level permissions. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const OWNER_PERMISSIONS = [
  "PERMISSION_READ",
  "PERMISSION_CONTRIBUTOR",
  "PERMISSION_WRITE",
  "PERMISSION_ADMIN",
] as const;

/** The body of POST /owners/{ownerSlug}/grants: one principal and a PERMISSION_* value (not CUSTOM). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const OwnerGrantRequestSchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    requestObject(
      {
        ...PRINCIPAL_ENTRIES,
        permission: v.picklist(
          OWNER_PERMISSIONS,
          (issue) =>
            `[one_of] \`permission\` must be one of ${OWNER_PERMISSIONS.join(", ")}${issue.input === "PERMISSION_CUSTOM" ? "; PERMISSION_CUSTOM cannot be granted through the API" : ""}`,
        ),
      },
      "the owner grant",
    ),
    exactlyOneOf(PRINCIPALS, "the grant"),
  ),
);

/** Mirror transitions. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § States and transitions) */
export const MIRROR_TRANSITIONS = ["initial_to_inbound", "inbound_to_outbound", "outbound_to_inbound"] as const;

/** The body of POST /repos/{o}/{r}/mirror:transition. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const MirrorTransitionSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject({ transition: oneOf(MIRROR_TRANSITIONS, "`transition`") }, "the mirror transition"),
);

/** What `repos.update` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type RepoSettingsParams = v.InferInput<typeof RepoSettingsSchema>;
/** What `grants.upsert` accepts on a repository. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type RepoGrantParams = v.InferInput<typeof RepoGrantRequestSchema>;
/** What `grants.upsert` accepts on an owner. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type OwnerGrantParams = v.InferInput<typeof OwnerGrantRequestSchema>;
/** What `mirror.transition` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type MirrorTransitionParams = v.InferInput<typeof MirrorTransitionSchema>;
