import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { codePointLength, codePointText, pathItem, requestObject } from "../../core/request-fields.js";
import { itemCount } from "../../core/request-rules.js";
import { openEnum, responseObject } from "../../core/schema.js";
import { FORGE_LIMITS } from "./limits.js";
import { LabelSchema, ReviewSchema } from "./pull-responses.js";
import { NextPageTokenSchema } from "./references.js";
import { stringList } from "./request-fields.js";

// The pull request conversation's remaining shapes: file and commit pages, review pages, pull label sets, and the
// bodies of review dismissal and pull label changes. The spec names these operations without their fields; what
// is typed here is what a client needs, and every response object keeps the fields it does not name.

/** How a file changed in a pull request; unknown values pass through. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Rate limits (points per rolling minute, per authenticated principal)) */
export const PULL_FILE_STATUSES = ["added", "modified", "removed", "renamed"] as const;

/** One file of List Pull Request Files (diff of head against the merge base). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Rate limits (points per rolling minute, per authenticated principal)) */
export const PullFileSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    path: v.string(),
    status: v.optional(openEnum(PULL_FILE_STATUSES)),
    previousPath: v.optional(v.string()),
    additions: v.optional(v.number()),
    deletions: v.optional(v.number()),
    changes: v.optional(v.number()),
    sha: v.optional(v.string()),
  }),
);

/** A page of pull request files. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export const PullFilesPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    files: v.array(PullFileSchema),
    nextPageToken: NextPageTokenSchema,
  }),
);

/** One commit of a pull request, oldest first; the last one is the head. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Scopes (requested at installation)) */
export const PullCommitSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    sha: v.string(),
    message: v.optional(v.string()),
    author: v.optional(responseObject({ name: v.optional(v.string()), email: v.optional(v.string()) })),
    committedAt: v.optional(v.string()),
    parents: v.optional(v.array(responseObject({ sha: v.string() }))),
  }),
);

/** A page of pull request commits. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export const PullCommitsPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    commits: v.array(PullCommitSchema),
    nextPageToken: NextPageTokenSchema,
  }),
);

/** A page of reviews. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export const ReviewsPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ reviews: v.array(ReviewSchema), nextPageToken: NextPageTokenSchema }),
);

/** The labels a pull request holds after an add, replace or remove, ordered by name. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const PullLabelsSchema = /* @__PURE__ */ lazySchema(() => responseObject({ labels: v.array(LabelSchema) }));

/**
 * The body of a review dismissal: an optional `message` (65,536 code points, as every comment body). The spec
 * names dismissals but not their body: `message` is assumed. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events)
 */
export const DismissReviewSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    { message: v.optional(codePointText("`message`", FORGE_LIMITS.maxBodyCodePoints)) },
    "the review dismissal",
  ),
);

/** A label name as a pull request names it: a non-empty string of at most 50 code points. */
// @__NO_SIDE_EFFECTS__
function labelNames(min: number) {
  return v.pipe(
    stringList("`labels`"),
    v.rawCheck(({ dataset, addIssue }) => {
      const names: unknown = dataset.value;
      if (!Array.isArray(names)) return;
      names.forEach((name, index) => {
        if (typeof name === "string" && codePointLength(name) > FORGE_LIMITS.maxLabelName) {
          addIssue({
            message: `[max_length] every label name has at most ${FORGE_LIMITS.maxLabelName} code points`,
            path: [pathItem(names, index, name)],
          });
        }
      });
    }),
    itemCount("`labels`", min, Number.POSITIVE_INFINITY),
  );
}

/**
 * The body of adding labels to a pull request: `labels`, at least one existing label name. The field name is
 * not shown in the spec: `labels` is assumed. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export const AddPullLabelsSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject({ labels: labelNames(1) }, "the labels to add"),
);

/** The body of replacing a pull request's labels; an empty `labels` clears them. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const ReplacePullLabelsSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject({ labels: labelNames(0) }, "the replacement labels"),
);

/** What `reviews.dismiss` accepts. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export type DismissReviewParams = v.InferInput<typeof DismissReviewSchema>;
/** A file of a pull request. */
export type PullFile = v.InferOutput<typeof PullFileSchema>;
/** A commit of a pull request. */
export type PullCommit = v.InferOutput<typeof PullCommitSchema>;
/** A page of reviews. */
export type ReviewsPage = v.InferOutput<typeof ReviewsPageSchema>;
/** A pull request's labels after a change. */
export type PullLabels = v.InferOutput<typeof PullLabelsSchema>;
