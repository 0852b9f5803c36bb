import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { codePointText, oneOf, pathItem, requestObject, requiredText } from "../../core/request-fields.js";
import { presentKeys } from "../../core/request-rules.js";
import { isPlainObject } from "../../core/validation.js";
import { FORGE_LIMITS } from "./limits.js";
import { PAGE_QUERY_ENTRIES } from "./page-query.js";
import { digitString, fullSha, isFullSha, removedField, timestampField } from "./request-fields.js";

// Request bodies and queries of the pull request operations: create, update, list, merge, mergeability.

/** Whether `base` names a branch (short or refs/heads/ form), not a SHA, a tag or another ref namespace. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
function branchNameProblem(base: string): string | undefined {
  if (isFullSha(base)) return "is a commit SHA; name a branch instead (main or refs/heads/main)";
  if (base.startsWith("refs/tags/")) return "is a tag; name a branch instead (main or refs/heads/main)";
  if (base.startsWith("refs/") && !base.startsWith("refs/heads/")) {
    return "must be a branch in short form (main) or refs/heads/ form (refs/heads/main)";
  }
  if (base === "refs/heads/") return "names no branch after refs/heads/";
  return undefined;
}

/** A branch name in short or refs/heads/ form. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
// @__NO_SIDE_EFFECTS__
function branchName(label: string) {
  return v.pipe(
    requiredText(label),
    v.rawCheck(({ dataset, addIssue }) => {
      if (typeof dataset.value !== "string") return;
      const problem = branchNameProblem(dataset.value);
      if (problem) addIssue({ message: `[branch_name] ${label} ${problem}` });
    }),
  );
}

const SELECTOR_KEYS = ["number", "id"] as const;

// @__NO_SIDE_EFFECTS__
function parentSelector(allowClear: boolean) {
  const keys = allowClear ? [...SELECTOR_KEYS, "clear"] : [...SELECTOR_KEYS];
  const listed = keys.map((key) => `\`${key}\``).join(", ");
  return v.pipe(
    requestObject(
      {
        number: v.optional(digitString("`number`")),
        id: v.optional(requiredText("`id`")),
        clear: v.optional(v.literal(true, "[type] `clear` must be true; to keep the parent, omit `parentPullRequest`")),
      },
      "`parentPullRequest`",
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      const selector: unknown = dataset.value;
      if (!isPlainObject(selector)) return;
      if (!allowClear && selector.clear !== undefined) {
        addIssue({
          message:
            "[update_only] `clear` is allowed only when updating a pull request; on create, omit `parentPullRequest`",
          path: [pathItem(selector, "clear", selector.clear)],
        });
        return;
      }
      const given = presentKeys(selector, keys);
      if (given.length !== 1) {
        addIssue({
          message: `[exactly_one_of] \`parentPullRequest\` needs exactly one of ${listed}; it has ${given.length === 0 ? "none" : given.map((key) => `\`${key}\``).join(", ")}`,
        });
      }
    }),
  );
}

const NEW_PARENT = "`parentPullRequest: { number }` or `parentPullRequest: { id }`";

/** The body of POST /repos/{o}/{r}/pulls. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const CreatePullRequestSchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    requestObject(
      {
        title: codePointText("`title`", FORGE_LIMITS.maxTitleCodePoints, { required: true }),
        body: v.optional(codePointText("`body`", FORGE_LIMITS.maxBodyCodePoints)),
        head: requiredText("`head`"),
        base: branchName("`base`"),
        parentPullRequest: v.optional(parentSelector(false)),
      },
      "the pull request",
    ),
    removedField("parentPullNumber", NEW_PARENT),
  ),
);

/** The body of PATCH /repos/{o}/{r}/pulls/{pullNumber}; `parentPullRequest` may `clear`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const UpdatePullRequestSchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    requestObject(
      {
        title: v.optional(codePointText("`title`", FORGE_LIMITS.maxTitleCodePoints, { required: true })),
        body: v.optional(codePointText("`body`", FORGE_LIMITS.maxBodyCodePoints)),
        base: v.optional(branchName("`base`")),
        parentPullRequest: v.optional(parentSelector(true)),
      },
      "the pull request update",
    ),
    removedField("parentPullNumber", `${NEW_PARENT} (or \`{ clear: true }\`)`),
  ),
);

const AUTHOR = /^(?:(?:user|app|sa)_[A-Za-z0-9_-]+|[^\s@]+@[^\s@]+\.[^\s@]+)$/;

/** The query of GET /repos/{o}/{r}/pulls. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const ListPullsQuerySchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      state: v.optional(oneOf(["open", "closed", "merged", "all"] as const, "`state`")),
      sortBy: v.optional(oneOf(["created", "updated"] as const, "`sortBy`")),
      direction: v.optional(oneOf(["desc", "asc"] as const, "`direction`")),
      since: v.optional(timestampField("`since`")),
      until: v.optional(timestampField("`until`")),
      author: v.optional(
        v.pipe(
          v.string("[type] `author` must be a string"),
          v.regex(AUTHOR, "[author] `author` must be a user_, app_ or sa_ id, or a user's exact email address"),
        ),
      ),
      base: v.optional(requiredText("`base`")),
      stackId: v.optional(requiredText("`stackId`")),
      headSha: v.optional(fullSha("`headSha`")),
      ...PAGE_QUERY_ENTRIES,
    },
    "the pull request list query",
  ),
);

const MERGE_METHODS = ["merge", "squash"] as const;

/** The body of Merge Pull Request: optional `mergeMethod` (merge or squash) and `expectedHeadSha`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const MergePullRequestSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      mergeMethod: v.optional(
        v.picklist(
          MERGE_METHODS,
          (issue) =>
            `[one_of] \`mergeMethod\` must be "merge" or "squash"${issue.input === "rebase" ? "; the forge has no rebase merge" : ""}: only merge and squash exist (omit it to let the forge pick)`,
        ),
      ),
      expectedHeadSha: v.optional(fullSha("`expectedHeadSha`")),
    },
    "the merge request",
  ),
);

/** The query of GET /repos/{o}/{r}/pulls/{pullNumber}/mergeability. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const MergeabilityQuerySchema = /* @__PURE__ */ lazySchema(() =>
  requestObject({ expectedHeadSha: v.optional(fullSha("`expectedHeadSha`")) }, "the mergeability query"),
);

/** What `pulls.create` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type CreatePullRequestParams = v.InferInput<typeof CreatePullRequestSchema>;
/** What `pulls.update` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type UpdatePullRequestParams = v.InferInput<typeof UpdatePullRequestSchema>;
/** What `pulls.list` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type ListPullsParams = v.InferInput<typeof ListPullsQuerySchema>;
/** What `pulls.merge` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type MergePullRequestParams = v.InferInput<typeof MergePullRequestSchema>;
/** What `pulls.mergeability` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type MergeabilityParams = v.InferInput<typeof MergeabilityQuerySchema>;
