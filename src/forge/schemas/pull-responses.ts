import * as v from "valibot";
import { argumentError, isObject } from "../../core/arguments.js";
import { lazySchema } from "../../core/lazy-schema.js";
import { openEnum, responseObject } from "../../core/schema.js";
import { ActorSchema, NextPageTokenSchema, PullRequestRefSchema, RepositoryRefSchema } from "./references.js";

// Pull request, comment, thread, review, reviewer, label and mergeability responses. The spec does not show
// their full field lists: what it names is typed, everything else is kept as sent.

/** Pull request states. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § States and transitions) */
export const PULL_REQUEST_STATES = ["open", "closed", "merged"] as const;

/** A pull request's place in a stack; no `parentPullRequest` on the root. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const StackSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ id: v.string(), parentPullRequest: v.optional(PullRequestRefSchema) }),
);

/** A pull request; `number` is a 64-bit integer kept as a string. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const PullRequestSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.optional(v.string()),
    number: v.string(),
    title: v.optional(v.string()),
    body: v.optional(v.string()),
    state: v.optional(openEnum(PULL_REQUEST_STATES)),
    author: v.optional(ActorSchema),
    repository: v.optional(RepositoryRefSchema),
    stack: v.optional(StackSchema),
    createdAt: v.optional(v.string()),
    updatedAt: v.optional(v.string()),
  }),
);

/** A page of pull requests. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const PullRequestsPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    pullRequests: v.array(PullRequestSchema),
    nextPageToken: NextPageTokenSchema,
  }),
);

/** The pull request version a thread is anchored to: version number plus head and base SHAs. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const ThreadVersionSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    number: v.optional(v.string()),
    headSha: v.optional(v.string()),
    baseSha: v.optional(v.string()),
  }),
);

/** A comment thread (the OpenAPI component CommentThread) with its diff anchor. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const ThreadSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.string(),
    version: v.optional(ThreadVersionSchema),
    path: v.optional(v.string()),
    side: v.optional(v.string()),
    startLine: v.optional(v.number()),
    endLine: v.optional(v.number()),
    resolvedAt: v.optional(v.string()),
    createdAt: v.optional(v.string()),
    updatedAt: v.optional(v.string()),
  }),
);

/** A pull request comment with its full thread. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const CommentSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.string(),
    body: v.optional(v.string()),
    author: v.optional(ActorSchema),
    thread: v.optional(ThreadSchema),
    pullRequest: v.optional(PullRequestRefSchema),
    createdAt: v.optional(v.string()),
    updatedAt: v.optional(v.string()),
  }),
);

/** A page of comments. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const CommentsPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    comments: v.array(CommentSchema),
    nextPageToken: NextPageTokenSchema,
  }),
);

/** A pull request review; `dismissal` is set once dismissed. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export const ReviewSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.string(),
    body: v.optional(v.string()),
    state: v.optional(v.string()),
    author: v.optional(ActorSchema),
    comments: v.optional(v.array(CommentSchema)),
    dismissal: v.optional(responseObject({})),
    submittedAt: v.optional(v.string()),
  }),
);

/** A requested reviewer: exactly one of `user` (user_ id, email) or `group` (grp_ id). @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export const ReviewerSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    user: v.optional(responseObject({ id: v.string(), email: v.optional(v.string()) })),
    group: v.optional(responseObject({ id: v.string(), slug: v.optional(v.string()) })),
  }),
);

/** GET /pulls/{pullNumber}/requested_reviewers. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const RequestedReviewersSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    reviewers: v.array(ReviewerSchema),
    nextPageToken: NextPageTokenSchema,
  }),
);

/** A label definition or assignment. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const LabelSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.string(),
    name: v.string(),
    color: v.string(),
    description: v.optional(v.string()),
  }),
);

/** A page of labels. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const LabelsPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ labels: v.array(LabelSchema), nextPageToken: NextPageTokenSchema }),
);

/** One reason a pull request cannot merge. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const MergeBlockerSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    kind: v.string(),
    message: v.optional(v.string()),
    pullRequest: v.optional(PullRequestRefSchema),
  }),
);

/** GET .../mergeability; `evaluatedPullRequests` is read as sent (its shape is not shown). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const MergeabilitySchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    verdict: openEnum(["mergeable", "blocked"] as const),
    blockers: v.optional(v.array(MergeBlockerSchema), []),
    // Its shape is not shown: kept as sent (a `null` reads as absent, as for every optional field).
    evaluatedPullRequests: v.optional(v.nonNullable(v.unknown())),
  }),
);

/** A mergeability answer. */
export type Mergeability = v.InferOutput<typeof MergeabilitySchema>;

/** True only for the verdict "mergeable": an unknown verdict counts as blocked. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function isMergeable(result: Pick<Mergeability, "verdict">): boolean {
  if (!isObject(result))
    throw argumentError(result, "result", "isMergeable", "what `pulls.mergeability()` resolved to");
  return result.verdict === "mergeable";
}

/** A pull request. */
export type PullRequest = v.InferOutput<typeof PullRequestSchema>;
/** A page of pull requests. */
export type PullRequestsPage = v.InferOutput<typeof PullRequestsPageSchema>;
/** A comment thread. */
export type Thread = v.InferOutput<typeof ThreadSchema>;
/** A pull request comment. */
export type Comment = v.InferOutput<typeof CommentSchema>;
/** A page of comments. */
export type CommentsPage = v.InferOutput<typeof CommentsPageSchema>;
/** A review. */
export type Review = v.InferOutput<typeof ReviewSchema>;
/** A requested reviewer. */
export type Reviewer = v.InferOutput<typeof ReviewerSchema>;
/** The requested reviewers. */
export type RequestedReviewers = v.InferOutput<typeof RequestedReviewersSchema>;
/** A label. */
export type Label = v.InferOutput<typeof LabelSchema>;
/** A page of labels. */
export type LabelsPage = v.InferOutput<typeof LabelsPageSchema>;
/** A merge blocker. */
export type MergeBlocker = v.InferOutput<typeof MergeBlockerSchema>;
