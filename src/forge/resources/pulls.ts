import { requireClientContext } from "../../core/arguments.js";
import type { CallOptions } from "../../core/options.js";
import { requireSegment } from "../../core/paths.js";
import { type ForgeContext, forgeCall, forgeList } from "../forge-call.js";
import type { ForgeRepoRef } from "../routes.js";
import { PullCommitsPageSchema, PullFilesPageSchema } from "../schemas/pull-extras.js";
import type {
  CreatePullRequestParams,
  ListPullsParams,
  MergeabilityParams,
  MergePullRequestParams,
  UpdatePullRequestParams,
} from "../schemas/pull-requests.js";
import { MergeabilitySchema, PullRequestSchema, PullRequestsPageSchema } from "../schemas/pull-responses.js";
import {
  assertCreatePull,
  assertListPullsQuery,
  assertMerge,
  assertMergeability,
  assertPageQuery,
  assertUpdatePull,
} from "../validate.js";
import { PullCommentsResource, PullThreadsResource } from "./pull-comments.js";
import { PullLabelsResource } from "./pull-labels.js";
import { PullReviewersResource, PullReviewsResource } from "./pull-reviews.js";

/**
 * Pull requests of a repository; numbers are strings (64-bit). Their conversation hangs off it: `comments`,
 * `threads`, `reviews`, `reviewers` and `labels`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class PullsResource {
  readonly #context: ForgeContext;
  readonly #repo: ForgeRepoRef;
  /** Review comments: create, list, get, update, delete. */
  readonly comments: PullCommentsResource;
  /** Comment threads: resolve and unresolve. */
  readonly threads: PullThreadsResource;
  /** Reviews: create, list, get, delete, dismiss. */
  readonly reviews: PullReviewsResource;
  /** Requested reviewers: list, request, remove. */
  readonly reviewers: PullReviewersResource;
  /** The labels of one pull request: list, add, replace, remove, removeAll. */
  readonly labels: PullLabelsResource;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "PullsResource");
    this.#context = context;
    this.#repo = repo;
    this.comments = new PullCommentsResource(context, repo);
    this.threads = new PullThreadsResource(context, repo);
    this.reviews = new PullReviewsResource(context, repo);
    this.reviewers = new PullReviewersResource(context, repo);
    this.labels = new PullLabelsResource(context, repo);
  }

  #number(pullNumber: string, operation: string): { pullNumber: string } {
    return { pullNumber: requireSegment(pullNumber, "pullNumber", operation) };
  }

  /** Opens a pull request (title ≤ 256, body ≤ 65,536 code points; `base` a branch, not a SHA or tag). Never retried when ambiguous. */
  create(params: CreatePullRequestParams, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "createPull",
      operation: "pulls.create",
      repository: this.#repo,
      body: assertCreatePull(params),
      schema: PullRequestSchema,
      options,
    }));
  }

  /** Pull requests with every documented filter: `await` → first page, `for await` → every one. */
  list(params: ListPullsParams = {}, options?: CallOptions) {
    return forgeList(
      this.#context,
      () => ({
        route: "listPulls",
        operation: "pulls.list",
        repository: this.#repo,
        query: { ...(assertListPullsQuery(params) as Record<string, string | number | undefined>) },
        schema: PullRequestsPageSchema,
        options,
      }),
      (page) => page.pullRequests,
    );
  }

  /** One pull request. */
  get(pullNumber: string, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "getPull",
      operation: "pulls.get",
      repository: this.#repo,
      pathParams: this.#number(pullNumber, "pulls.get"),
      schema: PullRequestSchema,
      options,
    }));
  }

  /** Updates title, body, base, state or the parent selector (`clear` allowed here). */
  update(pullNumber: string, patch: UpdatePullRequestParams, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "updatePull",
      operation: "pulls.update",
      repository: this.#repo,
      pathParams: this.#number(pullNumber, "pulls.update"),
      body: assertUpdatePull(patch),
      schema: PullRequestSchema,
      options,
    }));
  }

  /**
   * Whether it can merge (a preview, priced 10 points): `verdict` with `blockers`. An unknown verdict must be
   * read as blocked (`isMergeable`); a head that moved from a full-SHA `expectedHeadSha` answers Aborted (409).
   */
  mergeability(pullNumber: string, params: MergeabilityParams = {}, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "getMergeability",
      operation: "pulls.mergeability",
      repository: this.#repo,
      pathParams: this.#number(pullNumber, "pulls.mergeability"),
      query: { ...assertMergeability(params) },
      schema: MergeabilitySchema,
      options,
    }));
  }

  /** The files a pull request changes (diff of head against the merge base): `await` → first page, `for await` → all. */
  files(pullNumber: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return forgeList(
      this.#context,
      () => ({
        route: "listPullFiles",
        operation: "pulls.files",
        repository: this.#repo,
        pathParams: this.#number(pullNumber, "pulls.files"),
        query: { ...assertPageQuery(params, "pulls.files") },
        schema: PullFilesPageSchema,
        options,
      }),
      (page) => page.files,
    );
  }

  /** The commits of a pull request, oldest first: `await` → first page, `for await` → all. */
  commits(pullNumber: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return forgeList(
      this.#context,
      () => ({
        route: "listPullCommits",
        operation: "pulls.commits",
        repository: this.#repo,
        pathParams: this.#number(pullNumber, "pulls.commits"),
        query: { ...assertPageQuery(params, "pulls.commits") },
        schema: PullCommitsPageSchema,
        options,
      }),
      (page) => page.commits,
    );
  }

  /** Merges (merge or squash); retried after an ambiguous failure only with `expectedHeadSha`. */
  merge(pullNumber: string, params: MergePullRequestParams = {}, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "mergePull",
      operation: "pulls.merge",
      repository: this.#repo,
      pathParams: this.#number(pullNumber, "pulls.merge"),
      body: assertMerge(params),
      schema: undefined,
      options,
    }));
  }
}
