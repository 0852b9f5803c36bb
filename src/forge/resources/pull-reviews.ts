import { requireClientContext } from "../../core/arguments.js";
import { callOperation, listOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import type { ForgeContext } from "../forge-context.js";
import { type ForgeRepoRef, type RepoParams, repoParams } from "../repo-ref.js";
import type { DismissReviewParams } from "../schemas/pull-extras.js";
import type { CreateReviewParams, RequestReviewersParams } from "../schemas/reviews.js";

/**
 * Reviews of a repository's pull requests. The spec gives reviews no idempotency key, so a create, delete or
 * dismissal that meets an ambiguous failure (5xx, lost connection) is never re-sent.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class PullReviewsResource {
  readonly #context: ForgeContext;
  readonly #repo: RepoParams;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "PullReviewsResource");
    this.#context = context;
    this.#repo = repoParams(repo);
  }

  /**
   * Submits a review: optional `body` and up to 50 `comments`, each a `body` plus `inline`, `file` or `threadId`.
   * One bad anchor fails the whole review; every anchor the spec rules out is refused before the network.
   */
  create(pullNumber: string, params: CreateReviewParams = {}, options?: CallOptions) {
    return callOperation(this.#context, "reviews.create", {
      params: { ...this.#repo, pullNumber },
      body: params,
      options,
    });
  }

  /** A pull request's reviews: `await` → first page, `for await` → all. */
  list(pullNumber: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return listOperation(this.#context, "reviews.list", {
      params: { ...this.#repo, pullNumber },
      query: params,
      options,
    });
  }

  /** One review with its comments. */
  get(pullNumber: string, reviewId: string, options?: CallOptions) {
    return callOperation(this.#context, "reviews.get", { params: { ...this.#repo, pullNumber, reviewId }, options });
  }

  /** Deletes a review and its comments (the author always; others need repository:contents:write). */
  delete(pullNumber: string, reviewId: string, options?: CallOptions) {
    return callOperation(this.#context, "reviews.delete", { params: { ...this.#repo, pullNumber, reviewId }, options });
  }

  /**
   * Dismisses a review, which then carries `dismissal`. The body's `message` (≤ 65,536 code points) is assumed:
   * the spec names dismissals, not their fields.
   */
  dismiss(pullNumber: string, reviewId: string, params: DismissReviewParams = {}, options?: CallOptions) {
    return callOperation(this.#context, "reviews.dismiss", {
      params: { ...this.#repo, pullNumber, reviewId },
      body: params,
      options,
    });
  }
}

/**
 * Requested reviewers of a pull request: users (by user_ id or email) and groups (by grp_ id or slug). The spec
 * names the identifiers but not the body field: `{ reviewers: [...] }` is assumed.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class PullReviewersResource {
  readonly #context: ForgeContext;
  readonly #repo: RepoParams;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "PullReviewersResource");
    this.#context = context;
    this.#repo = repoParams(repo);
  }

  /** The requested reviewers, each with exactly one of `user` or `group`: `await` → first page, `for await` → all. */
  list(pullNumber: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return listOperation(this.#context, "reviewers.list", {
      params: { ...this.#repo, pullNumber },
      query: params,
      options,
    });
  }

  /**
   * Requests reviews (body `{ reviewers }`, assumed). A non-candidate is refused with 403; requesting someone
   * already requested re-requests them, so the call is never re-sent after an ambiguous failure.
   */
  request(pullNumber: string, params: RequestReviewersParams, options?: CallOptions) {
    return callOperation(this.#context, "reviewers.request", {
      params: { ...this.#repo, pullNumber },
      body: params,
      options,
    });
  }

  /** Withdraws review requests (body `{ reviewers }`, assumed); answers 204 and is safe to repeat. */
  remove(pullNumber: string, params: RequestReviewersParams, options?: CallOptions) {
    return callOperation(this.#context, "reviewers.remove", {
      params: { ...this.#repo, pullNumber },
      body: params,
      options,
    });
  }
}
