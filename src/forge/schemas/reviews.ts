import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import {
  arrayOf,
  booleanField,
  codePointText,
  integerAtLeast,
  pathItem,
  requestObject,
  requiredText,
} from "../../core/request-fields.js";
import { exactlyOneOf, itemCount } from "../../core/request-rules.js";
import { isPlainObject } from "../../core/validation.js";
import { FORGE_LIMITS } from "./limits.js";
import { PAGE_QUERY_ENTRIES } from "./page-query.js";
import { digitString, stringList, timestampField } from "./request-fields.js";

// Request bodies and queries of comments, threads, reviews and reviewer requests.

/** The anchor keys of a comment: exactly one per comment. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const COMMENT_ANCHORS = ["inline", "file", "threadId"] as const;

/** An inline anchor: a line range on one side of a file's diff. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const InlineAnchorSchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    requestObject(
      {
        path: requiredText("`path`"),
        side: requiredText("`side`"),
        startLine: integerAtLeast("`startLine`", 1),
        endLine: v.optional(integerAtLeast("`endLine`", 1)),
      },
      "`inline`",
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      const anchor: unknown = dataset.value;
      if (!isPlainObject(anchor) || typeof anchor.startLine !== "number" || typeof anchor.endLine !== "number") return;
      if (anchor.endLine < anchor.startLine) {
        addIssue({
          message: "[line_range] `endLine` must not be before `startLine`",
          path: [pathItem(anchor, "endLine", anchor.endLine)],
        });
      }
    }),
  ),
);

/** A file-level anchor. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const FileAnchorSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject({ path: requiredText("`path`") }, "`file`"),
);

const ANCHOR_ENTRIES = /* @__PURE__ */ lazySchema(() => ({
  inline: v.optional(InlineAnchorSchema),
  file: v.optional(FileAnchorSchema),
  threadId: v.optional(requiredText("`threadId`")),
  versionNumber: v.optional(digitString("`versionNumber`")),
}));

// A reply (threadId) joins an existing thread, whose version is fixed: naming a version is refused.
// @__NO_SIDE_EFFECTS__
function threadExcludesVersion<TInput>() {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const comment: unknown = dataset.value;
    if (!isPlainObject(comment) || comment.threadId === undefined || comment.versionNumber === undefined) return;
    addIssue({
      message: "[exclusive] `versionNumber` cannot be combined with `threadId`; a reply takes its thread's version",
      path: [pathItem(comment, "versionNumber", comment.versionNumber)],
    });
  });
}

// @__NO_SIDE_EFFECTS__
function anchoredComment(label: string) {
  return v.pipe(
    requestObject(
      { body: codePointText("`body`", FORGE_LIMITS.maxBodyCodePoints, { required: true }), ...ANCHOR_ENTRIES },
      label,
    ),
    exactlyOneOf(COMMENT_ANCHORS, label),
    threadExcludesVersion(),
  );
}

/** The body of Create Pull Request Comment: `body` plus exactly one anchor. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const CreateCommentSchema = /* @__PURE__ */ lazySchema(() => anchoredComment("the comment"));

/** The body of Update Pull Request Comment. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const UpdateCommentSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    { body: codePointText("`body`", FORGE_LIMITS.maxBodyCodePoints, { required: true }) },
    "the comment update",
  ),
);

/** The body of PATCH /pulls/threads/{threadId}. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const ResolveThreadSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject({ resolved: booleanField("`resolved`") }, "the thread update"),
);

/** The query of List Pull Request Comments: `threadIds` (at most 20 distinct), `since`, `until`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const ListCommentsQuerySchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      threadIds: v.optional(
        v.pipe(
          stringList("`threadIds`"),
          v.rawCheck(({ dataset, addIssue }) => {
            const ids: unknown = dataset.value;
            if (!Array.isArray(ids)) return;
            const distinct = new Set(ids).size;
            if (distinct > FORGE_LIMITS.maxThreadIds) {
              addIssue({
                message: `[max_items] \`threadIds\` names ${distinct} distinct threads; filter by at most ${FORGE_LIMITS.maxThreadIds}`,
              });
            }
          }),
        ),
      ),
      since: v.optional(timestampField("`since`")),
      until: v.optional(timestampField("`until`")),
      ...PAGE_QUERY_ENTRIES,
    },
    "the comment list query",
  ),
);

/** The body of Create Pull Request Review: optional `body` and up to 50 anchored `comments`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const CreateReviewSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      // The spec bounds comment bodies; a review body is held to the same 65,536 code points.
      body: v.optional(codePointText("`body`", FORGE_LIMITS.maxBodyCodePoints)),
      comments: v.optional(
        v.pipe(
          arrayOf(anchoredComment("a review comment"), "`comments`"),
          itemCount("`comments`", 0, FORGE_LIMITS.maxReviewComments),
        ),
      ),
    },
    "the review",
  ),
);

/**
 * The body of POST /pulls/{pullNumber}/requested_reviewers. The spec names the identifiers (user_ id, email,
 * grp_ id or group slug) but not the field: `reviewers` is assumed. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export const RequestReviewersSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      reviewers: v.pipe(
        stringList("`reviewers`"),
        reviewerIdentifiers(),
        itemCount("`reviewers`", 1, Number.POSITIVE_INFINITY),
      ),
    },
    "the reviewer request",
  ),
);

// A user_ id, an email, a grp_ id and a group slug all hold no whitespace: a blank or padded entry names nobody.
// @__NO_SIDE_EFFECTS__
function reviewerIdentifiers() {
  return v.rawCheck<string[]>(({ dataset, addIssue }) => {
    const entries: unknown = dataset.value;
    if (!Array.isArray(entries)) return;
    entries.forEach((entry, index) => {
      if (typeof entry === "string" && entry !== "" && /\s/u.test(entry)) {
        addIssue({
          message:
            "[reviewer_id] every entry of `reviewers` must be one user (user_ id or email) or one group (grp_ id or slug), without whitespace",
          path: [pathItem(entries, index, entry)],
        });
      }
    });
  });
}

/** What `comments.create` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type CreateCommentParams = v.InferInput<typeof CreateCommentSchema>;
/** What `comments.update` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type UpdateCommentParams = v.InferInput<typeof UpdateCommentSchema>;
/** What `threads.update` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type ResolveThreadParams = v.InferInput<typeof ResolveThreadSchema>;
/** What `comments.list` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type ListCommentsParams = v.InferInput<typeof ListCommentsQuerySchema>;
/** What `reviews.create` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type CreateReviewParams = v.InferInput<typeof CreateReviewSchema>;
/** What `reviewers.request` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type RequestReviewersParams = v.InferInput<typeof RequestReviewersSchema>;
