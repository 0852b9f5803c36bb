import { requireClientContext } from "../../core/arguments.js";
import { callOperation, listOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import type { ForgeContext } from "../forge-context.js";
import { type ForgeRepoRef, type RepoParams, repoParams } from "../repo-ref.js";
import type {
  CreatePullRequestParams,
  ListPullsParams,
  MergeabilityParams,
  MergePullRequestParams,
  UpdatePullRequestParams,
} from "../schemas/pull-requests.js";
import { PullCommentsResource, PullThreadsResource } from "./pull-comments.js";
import { PullLabelsResource } from "./pull-labels.js";
import { PullReviewersResource, PullReviewsResource } from "./pull-reviews.js";

/**
 * Pull requests of a repository; numbers are strings (64-bit). Their conversation hangs off it: `comments`,
 * `threads`, `reviews`, `reviewers` and `labels`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class PullsResource {
  readonly #context: ForgeContext;
  readonly #repo: RepoParams;
  /** Review comments: create, list, get, update, delete. */
  readonly comments: PullCommentsResource;
  /** Comment threads: resolve and unresolve. */
  readonly threads: PullThreadsResource;
  /** Reviews: create, list, get, delete, dismiss. */
  readonly reviews: PullReviewsResource;
  /** Requested reviewers: list, request, remove. */
  readonly reviewers: PullReviewersResource;
  /** The labels of one pull request: list, add, replace, remove. */
  readonly labels: PullLabelsResource;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "PullsResource");
    this.#context = context;
    this.#repo = repoParams(repo);
    this.comments = new PullCommentsResource(context, repo);
    this.threads = new PullThreadsResource(context, repo);
    this.reviews = new PullReviewsResource(context, repo);
    this.reviewers = new PullReviewersResource(context, repo);
    this.labels = new PullLabelsResource(context, repo);
  }

  /** Opens a pull request (title ≤ 256, body ≤ 65,536 code points; `base` a branch, not a SHA or tag). Never retried when ambiguous. */
  create(params: CreatePullRequestParams, options?: CallOptions) {
    return callOperation(this.#context, "pulls.create", { params: this.#repo, body: params, options });
  }

  /** Pull requests with every documented filter: `await` → first page, `for await` → every one. */
  list(params: ListPullsParams = {}, options?: CallOptions) {
    return listOperation(this.#context, "pulls.list", { params: this.#repo, query: params, options });
  }

  /** One pull request. */
  get(pullNumber: string, options?: CallOptions) {
    return callOperation(this.#context, "pulls.get", { params: { ...this.#repo, pullNumber }, options });
  }

  /** Updates title, body, base, state or the parent selector (`clear` allowed here). */
  update(pullNumber: string, patch: UpdatePullRequestParams, options?: CallOptions) {
    return callOperation(this.#context, "pulls.update", {
      params: { ...this.#repo, pullNumber },
      body: patch,
      options,
    });
  }

  /**
   * Whether it can merge (a preview, priced 10 points): `verdict` with `blockers`. An unknown verdict must be
   * read as blocked (`isMergeable`); a head that moved from a full-SHA `expectedHeadSha` answers Aborted (409).
   */
  mergeability(pullNumber: string, params: MergeabilityParams = {}, options?: CallOptions) {
    return callOperation(this.#context, "pulls.mergeability", {
      params: { ...this.#repo, pullNumber },
      query: params,
      options,
    });
  }

  /** The files a pull request changes (diff of head against the merge base): `await` → first page, `for await` → all. */
  files(pullNumber: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return listOperation(this.#context, "pulls.files", {
      params: { ...this.#repo, pullNumber },
      query: params,
      options,
    });
  }

  /** The commits of a pull request, oldest first: `await` → first page, `for await` → all. */
  commits(pullNumber: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return listOperation(this.#context, "pulls.commits", {
      params: { ...this.#repo, pullNumber },
      query: params,
      options,
    });
  }

  /** Merges (merge or squash); retried after an ambiguous failure only with `expectedHeadSha`. */
  merge(pullNumber: string, params: MergePullRequestParams = {}, options?: CallOptions) {
    return callOperation(this.#context, "pulls.merge", {
      params: { ...this.#repo, pullNumber },
      body: params,
      options,
    });
  }
}
