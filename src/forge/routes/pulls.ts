// Pull request routes: pulls, comments, threads, reviews, reviewers, pull labels.
import { op, REPO } from "./route.js";

const PULLS_READ = "repository:pull_requests:read";
const PULLS_WRITE = "repository:pull_requests:write";
const REVIEWS_READ = "repository:pull_requests:reviews:read";
const REVIEWS_WRITE = "repository:pull_requests:reviews:write";
const PULL = "/repos/{owner}/{repo}/pulls/{pullNumber}";

/** Pull requests and merging. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const PULL_ROUTES = {
  // Every call opens another pull request.
  createPull: op("POST", "/repos/{owner}/{repo}/pulls", REPO, PULLS_WRITE, 5, { idempotent: false }),
  listPulls: op("GET", "/repos/{owner}/{repo}/pulls", REPO, PULLS_READ, 1),
  getPull: op("GET", PULL, REPO, PULLS_READ, 1),
  // Set-to-value fields (`parentPullRequest` applied after `base`): applying twice equals applying once.
  updatePull: op("PATCH", PULL, REPO, PULLS_WRITE, 5, { idempotent: true }),
  // A read, but priced 10 (spec).
  getMergeability: op("GET", `${PULL}/mergeability`, REPO, PULLS_READ, 10),
  // Assumed: the spec shows no merge path; GitHub's PUT …/merge, and the spec's own `pull/{pullNumber}/merge` ref.
  mergePull: op("PUT", `${PULL}/merge`, REPO, "repository:contents:write", 10, {
    idempotent: "with-expected-head-sha",
    assumed: true,
  }),
  // Assumed: GitHub's path; "List Pull Request Files" is named only in Limits (a heavier read: 5).
  listPullFiles: op("GET", `${PULL}/files`, REPO, PULLS_READ, 5, { assumed: true }),
  // Assumed: GitHub's path; pull_requests:read covers "commits" (spec, Scopes).
  listPullCommits: op("GET", `${PULL}/commits`, REPO, PULLS_READ, 1, { assumed: true }),
} as const;

/** Review comments and threads. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const COMMENT_ROUTES = {
  // Assumed: only the delete path is shown; create and list hang off the pull request as on GitHub.
  createComment: op("POST", `${PULL}/comments`, REPO, REVIEWS_WRITE, 5, { idempotent: false, assumed: true }),
  listComments: op("GET", `${PULL}/comments`, REPO, REVIEWS_READ, 1, { assumed: true }),
  // Assumed: get and update share the shown delete path /pulls/comments/{commentId}.
  getComment: op("GET", "/repos/{owner}/{repo}/pulls/comments/{commentId}", REPO, REVIEWS_READ, 1, { assumed: true }),
  updateComment: op("PATCH", "/repos/{owner}/{repo}/pulls/comments/{commentId}", REPO, REVIEWS_WRITE, 5, {
    idempotent: true,
    assumed: true,
  }),
  // Delete costs 5 (spec); a repeat finds nothing (404).
  deleteComment: op("DELETE", "/repos/{owner}/{repo}/pulls/comments/{commentId}", REPO, REVIEWS_WRITE, 5, {
    idempotent: true,
  }),
  // `resolved` true or false, idempotent (spec).
  updateThread: op("PATCH", "/repos/{owner}/{repo}/pulls/threads/{threadId}", REPO, REVIEWS_WRITE, 5, {
    idempotent: true,
  }),
} as const;

/** Reviews and requested reviewers. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const REVIEW_ROUTES = {
  // Assumed: GitHub's path. Never re-sent: the spec gives reviews no idempotency key.
  createReview: op("POST", `${PULL}/reviews`, REPO, REVIEWS_WRITE, 5, { idempotent: false, assumed: true }),
  // Assumed: GitHub's paths for the review list and one review.
  listReviews: op("GET", `${PULL}/reviews`, REPO, REVIEWS_READ, 1, { assumed: true }),
  getReview: op("GET", `${PULL}/reviews/{reviewId}`, REPO, REVIEWS_READ, 1, { assumed: true }),
  // Assumed: GitHub's path; the spec says review deletes exist. Reviews are never re-sent.
  deleteReview: op("DELETE", `${PULL}/reviews/{reviewId}`, REPO, REVIEWS_WRITE, 5, {
    idempotent: false,
    assumed: true,
  }),
  // Assumed: GitHub's path; reviews:write covers "dismissals" and review.dismissed is an event. Never re-sent.
  dismissReview: op("PUT", `${PULL}/reviews/{reviewId}/dismissals`, REPO, REVIEWS_WRITE, 5, {
    idempotent: false,
    assumed: true,
  }),
  listReviewers: op("GET", `${PULL}/requested_reviewers`, REPO, REVIEWS_READ, 1),
  // A duplicate request re-opens the request (a `rerequested` event), so a repeat is visible.
  requestReviewers: op("POST", `${PULL}/requested_reviewers`, REPO, REVIEWS_WRITE, 5, { idempotent: false }),
  removeReviewers: op("DELETE", `${PULL}/requested_reviewers`, REPO, REVIEWS_WRITE, 5, { idempotent: true }),
} as const;

/** Labels on one pull request. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const PULL_LABEL_ROUTES = {
  listPullLabels: op("GET", `${PULL}/labels`, REPO, PULLS_READ, 1),
  // Set operations: adding, replacing or removing twice leaves the same set.
  addPullLabels: op("POST", `${PULL}/labels`, REPO, PULLS_WRITE, 5, { idempotent: true }),
  replacePullLabels: op("PUT", `${PULL}/labels`, REPO, PULLS_WRITE, 5, { idempotent: true }),
  removePullLabel: op("DELETE", `${PULL}/labels/{labelName}`, REPO, PULLS_WRITE, 5, { idempotent: true }),
  removeAllPullLabels: op("DELETE", `${PULL}/labels`, REPO, PULLS_WRITE, 5, { idempotent: true }),
} as const;
