import { requireClientContext } from "../../core/arguments.js";
import type { CallOptions } from "../../core/options.js";
import { requireSegment } from "../../core/paths.js";
import { checkRequest } from "../../core/schema.js";
import { type ForgeContext, forgeCall, forgeList } from "../forge-call.js";
import type { ForgeRepoRef } from "../routes.js";
import { type DismissReviewParams, DismissReviewSchema, ReviewsPageSchema } from "../schemas/pull-extras.js";
import { RequestedReviewersSchema, ReviewSchema } from "../schemas/pull-responses.js";
import type { CreateReviewParams, RequestReviewersParams } from "../schemas/reviews.js";
import { assertCreateReview, assertPageQuery, assertRequestReviewers } from "../validate.js";

/**
 * Reviews of a repository's pull requests. The spec gives reviews no idempotency key, so a create, delete or
 * dismissal that meets an ambiguous failure (5xx, lost connection) is never re-sent.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class PullReviewsResource {
  readonly #context: ForgeContext;
  readonly #repo: ForgeRepoRef;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "PullReviewsResource");
    this.#context = context;
    this.#repo = repo;
  }

  #params(pullNumber: string, operation: string): Record<string, string> {
    return { pullNumber: requireSegment(pullNumber, "pullNumber", operation) };
  }

  // A missing review id is the caller's mistake, never a reason to drop the placeholder.
  #reviewParams(pullNumber: string, reviewId: string, operation: string): Record<string, string> {
    return { ...this.#params(pullNumber, operation), reviewId: requireSegment(reviewId, "reviewId", operation) };
  }

  /**
   * Submits a review: optional `body` and up to 50 `comments`, each a `body` plus `inline`, `file` or `threadId`.
   * One bad anchor fails the whole review; every anchor the spec rules out is refused before the network.
   */
  create(pullNumber: string, params: CreateReviewParams = {}, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "createReview",
      operation: "reviews.create",
      repository: this.#repo,
      pathParams: this.#params(pullNumber, "reviews.create"),
      body: assertCreateReview(params),
      schema: ReviewSchema,
      options,
    }));
  }

  /** A pull request's reviews: `await` → first page, `for await` → all. */
  list(pullNumber: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return forgeList(
      this.#context,
      () => ({
        route: "listReviews",
        operation: "reviews.list",
        repository: this.#repo,
        pathParams: this.#params(pullNumber, "reviews.list"),
        query: { ...assertPageQuery(params, "reviews.list") },
        schema: ReviewsPageSchema,
        options,
      }),
      (page) => page.reviews,
    );
  }

  /** One review with its comments. */
  get(pullNumber: string, reviewId: string, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "getReview",
      operation: "reviews.get",
      repository: this.#repo,
      pathParams: this.#reviewParams(pullNumber, reviewId, "reviews.get"),
      schema: ReviewSchema,
      options,
    }));
  }

  /** Deletes a review and its comments (the author always; others need repository:contents:write). */
  delete(pullNumber: string, reviewId: string, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "deleteReview",
      operation: "reviews.delete",
      repository: this.#repo,
      pathParams: this.#reviewParams(pullNumber, reviewId, "reviews.delete"),
      schema: undefined,
      options,
    }));
  }

  /**
   * Dismisses a review, which then carries `dismissal`. The body's `message` (≤ 65,536 code points) is assumed:
   * the spec names dismissals, not their fields.
   */
  dismiss(pullNumber: string, reviewId: string, params: DismissReviewParams = {}, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "dismissReview",
      operation: "reviews.dismiss",
      repository: this.#repo,
      pathParams: this.#reviewParams(pullNumber, reviewId, "reviews.dismiss"),
      body: checkRequest(DismissReviewSchema, params, "reviews.dismiss"),
      schema: ReviewSchema,
      options,
    }));
  }
}

/**
 * Requested reviewers of a pull request: users (by user_ id or email) and groups (by grp_ id or slug). The spec
 * names the identifiers but not the body field: `{ reviewers: [...] }` is assumed.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class PullReviewersResource {
  readonly #context: ForgeContext;
  readonly #repo: ForgeRepoRef;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "PullReviewersResource");
    this.#context = context;
    this.#repo = repo;
  }

  /** The requested reviewers, each with exactly one of `user` or `group`: `await` → first page, `for await` → all. */
  list(pullNumber: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return forgeList(
      this.#context,
      () => ({
        route: "listReviewers",
        operation: "reviewers.list",
        repository: this.#repo,
        pathParams: { pullNumber: requireSegment(pullNumber, "pullNumber", "reviewers.list") },
        query: { ...assertPageQuery(params, "reviewers.list") },
        schema: RequestedReviewersSchema,
        options,
      }),
      (page) => page.reviewers,
    );
  }

  /**
   * Requests reviews (body `{ reviewers }`, assumed). A non-candidate is refused with 403; requesting someone
   * already requested re-requests them, so the call is never re-sent after an ambiguous failure.
   */
  request(pullNumber: string, params: RequestReviewersParams, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "requestReviewers",
      operation: "reviewers.request",
      repository: this.#repo,
      pathParams: { pullNumber: requireSegment(pullNumber, "pullNumber", "reviewers.request") },
      body: assertRequestReviewers(params),
      schema: RequestedReviewersSchema,
      options,
    }));
  }

  /** Withdraws review requests (body `{ reviewers }`, assumed); answers 204 and is safe to repeat. */
  remove(pullNumber: string, params: RequestReviewersParams, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "removeReviewers",
      operation: "reviewers.remove",
      repository: this.#repo,
      pathParams: { pullNumber: requireSegment(pullNumber, "pullNumber", "reviewers.remove") },
      body: assertRequestReviewers(params, "reviewers.remove"),
      schema: undefined,
      options,
    }));
  }
}
