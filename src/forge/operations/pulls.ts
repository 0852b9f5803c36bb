// Pull request operations: pulls, comments, threads, reviews, reviewers, pull labels.
import { PageQuerySchema } from "../schemas/page-query.js";
import {
  AddPullLabelsSchema,
  DismissReviewSchema,
  PullCommitsPageSchema,
  PullFilesPageSchema,
  PullLabelsSchema,
  ReplacePullLabelsSchema,
  ReviewsPageSchema,
} from "../schemas/pull-extras.js";
import {
  CreatePullRequestSchema,
  ListPullsQuerySchema,
  MergeabilityQuerySchema,
  MergePullRequestSchema,
  UpdatePullRequestSchema,
} from "../schemas/pull-requests.js";
import {
  CommentSchema,
  CommentsPageSchema,
  LabelsPageSchema,
  MergeabilitySchema,
  PullRequestSchema,
  PullRequestsPageSchema,
  RequestedReviewersSchema,
  ReviewSchema,
  ThreadSchema,
} from "../schemas/pull-responses.js";
import {
  CreateCommentSchema,
  CreateReviewSchema,
  ListCommentsQuerySchema,
  RequestReviewersSchema,
  ResolveThreadSchema,
  UpdateCommentSchema,
} from "../schemas/reviews.js";
import { op, paged, REPO, withExpectedHeadSha } from "./entry.js";

const PULLS_READ = "repository:pull_requests:read";
const PULLS_WRITE = "repository:pull_requests:write";
const REVIEWS_READ = "repository:pull_requests:reviews:read";
const REVIEWS_WRITE = "repository:pull_requests:reviews:write";
const PULLS = "/repos/{owner}/{repo}/pulls";
const PULL = `${PULLS}/{pullNumber}`;
const COMMENT = `${PULLS}/comments/{commentId}`;
const page = { query: PageQuerySchema };

/** Pull requests and merging. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const PULL_OPERATIONS = {
  // Every call opens another pull request.
  "pulls.create": op("POST", PULLS, REPO, PULLS_WRITE, 5, {
    body: CreatePullRequestSchema,
    response: PullRequestSchema,
  }),
  "pulls.list": op("GET", PULLS, REPO, PULLS_READ, 1, {
    query: ListPullsQuerySchema,
    response: PullRequestsPageSchema,
    list: paged("pullRequests"),
  }),
  "pulls.get": op("GET", PULL, REPO, PULLS_READ, 1, { response: PullRequestSchema }),
  // Set-to-value fields (`parentPullRequest` applied after `base`): applying twice equals applying once.
  "pulls.update": op("PATCH", PULL, REPO, PULLS_WRITE, 5, {
    idempotent: true,
    body: UpdatePullRequestSchema,
    response: PullRequestSchema,
  }),
  // A read, but priced 10 (spec).
  "pulls.mergeability": op("GET", `${PULL}/mergeability`, REPO, PULLS_READ, 10, {
    query: MergeabilityQuerySchema,
    response: MergeabilitySchema,
  }),
  // Assumed: the spec shows no merge path; GitHub's PUT …/merge, and the spec's own `pull/{pullNumber}/merge` ref.
  "pulls.merge": op("PUT", `${PULL}/merge`, REPO, "repository:contents:write", 10, {
    idempotent: withExpectedHeadSha,
    assumed: true,
    body: MergePullRequestSchema,
  }),
  // Assumed: GitHub's path; "List Pull Request Files" is named only in Limits (a heavier read: 5).
  "pulls.files": op("GET", `${PULL}/files`, REPO, PULLS_READ, 5, {
    assumed: true,
    ...page,
    response: PullFilesPageSchema,
    list: paged("files"),
  }),
  // Assumed: GitHub's path; pull_requests:read covers "commits" (spec, Scopes).
  "pulls.commits": op("GET", `${PULL}/commits`, REPO, PULLS_READ, 1, {
    assumed: true,
    ...page,
    response: PullCommitsPageSchema,
    list: paged("commits"),
  }),
} as const;

/** Review comments and threads. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const COMMENT_OPERATIONS = {
  // Assumed: only the delete path is shown; create and list hang off the pull request as on GitHub.
  "comments.create": op("POST", `${PULL}/comments`, REPO, REVIEWS_WRITE, 5, {
    assumed: true,
    body: CreateCommentSchema,
    response: CommentSchema,
  }),
  "comments.list": op("GET", `${PULL}/comments`, REPO, REVIEWS_READ, 1, {
    assumed: true,
    query: ListCommentsQuerySchema,
    response: CommentsPageSchema,
    list: paged("comments"),
  }),
  // Assumed: get and update share the shown delete path /pulls/comments/{commentId}.
  "comments.get": op("GET", COMMENT, REPO, REVIEWS_READ, 1, { assumed: true, response: CommentSchema }),
  "comments.update": op("PATCH", COMMENT, REPO, REVIEWS_WRITE, 5, {
    idempotent: true,
    assumed: true,
    body: UpdateCommentSchema,
    response: CommentSchema,
  }),
  // Delete costs 5 (spec); a repeat finds nothing (404).
  "comments.delete": op("DELETE", COMMENT, REPO, REVIEWS_WRITE, 5, { idempotent: true, goneOnRetry: true }),
  // `resolved` true or false, idempotent (spec).
  "threads.update": op("PATCH", `${PULLS}/threads/{threadId}`, REPO, REVIEWS_WRITE, 5, {
    idempotent: true,
    body: ResolveThreadSchema,
    response: ThreadSchema,
  }),
} as const;

/** Reviews and requested reviewers. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const REVIEW_OPERATIONS = {
  // Assumed: GitHub's path. Never re-sent: the spec gives reviews no idempotency key.
  "reviews.create": op("POST", `${PULL}/reviews`, REPO, REVIEWS_WRITE, 5, {
    assumed: true,
    body: CreateReviewSchema,
    response: ReviewSchema,
  }),
  // Assumed: GitHub's paths for the review list and one review.
  "reviews.list": op("GET", `${PULL}/reviews`, REPO, REVIEWS_READ, 1, {
    assumed: true,
    ...page,
    response: ReviewsPageSchema,
    list: paged("reviews"),
  }),
  "reviews.get": op("GET", `${PULL}/reviews/{reviewId}`, REPO, REVIEWS_READ, 1, {
    assumed: true,
    response: ReviewSchema,
  }),
  // Assumed: GitHub's path; the spec says review deletes exist. Reviews are never re-sent.
  "reviews.delete": op("DELETE", `${PULL}/reviews/{reviewId}`, REPO, REVIEWS_WRITE, 5, { assumed: true }),
  // Assumed: GitHub's path; reviews:write covers "dismissals" and review.dismissed is an event. Never re-sent.
  "reviews.dismiss": op("PUT", `${PULL}/reviews/{reviewId}/dismissals`, REPO, REVIEWS_WRITE, 5, {
    idempotent: false,
    assumed: true,
    body: DismissReviewSchema,
    response: ReviewSchema,
  }),
  "reviewers.list": op("GET", `${PULL}/requested_reviewers`, REPO, REVIEWS_READ, 1, {
    ...page,
    response: RequestedReviewersSchema,
    list: paged("reviewers"),
  }),
  // A duplicate request re-opens the request (a `rerequested` event), so a repeat is visible.
  "reviewers.request": op("POST", `${PULL}/requested_reviewers`, REPO, REVIEWS_WRITE, 5, {
    body: RequestReviewersSchema,
    response: RequestedReviewersSchema,
  }),
  "reviewers.remove": op("DELETE", `${PULL}/requested_reviewers`, REPO, REVIEWS_WRITE, 5, {
    idempotent: true,
    // 204; a repeat after a lost answer may find the request already withdrawn (404): this call withdrew it.
    goneOnRetry: true,
    body: RequestReviewersSchema,
  }),
} as const;

/** Labels on one pull request; set operations, so adding, replacing or removing twice leaves the same set. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const PULL_LABEL_OPERATIONS = {
  "pullLabels.list": op("GET", `${PULL}/labels`, REPO, PULLS_READ, 1, {
    ...page,
    response: LabelsPageSchema,
    list: paged("labels"),
  }),
  "pullLabels.add": op("POST", `${PULL}/labels`, REPO, PULLS_WRITE, 5, {
    idempotent: true,
    body: AddPullLabelsSchema,
    response: PullLabelsSchema,
  }),
  "pullLabels.replace": op("PUT", `${PULL}/labels`, REPO, PULLS_WRITE, 5, {
    idempotent: true,
    body: ReplacePullLabelsSchema,
    response: PullLabelsSchema,
  }),
  "pullLabels.removeAll": op("DELETE", `${PULL}/labels`, REPO, PULLS_WRITE, 5, { idempotent: true, goneOnRetry: true }),
  // Answers the labels that remain. A repeat after a lost answer finds the label gone (404): the call removed it, and
  // the resource then reads the remaining labels back (here the retried 404 resolves with no data).
  "pullLabels.remove": op("DELETE", `${PULL}/labels/{labelName}`, REPO, PULLS_WRITE, 5, {
    idempotent: true,
    goneOnRetry: true,
    response: PullLabelsSchema,
  }),
} as const;
