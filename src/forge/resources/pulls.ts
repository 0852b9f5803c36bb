import type { CallOptions } from "../../core/options.js";
import { requireId } from "../../core/paths.js";
import { type ForgeContext, forgeCall, forgeList } from "../forge-call.js";
import type { ForgeRepoRef } from "../routes.js";
import type {
  CreatePullRequestParams,
  ListPullsParams,
  MergePullRequestParams,
  UpdatePullRequestParams,
} from "../schemas/pull-requests.js";
import { MergeabilitySchema, PullRequestSchema, PullRequestsPageSchema } from "../schemas/pull-responses.js";
import { assertCreatePull, assertListPullsQuery, assertMerge, assertUpdatePull } from "../validate.js";

/** Pull requests of a repository; numbers are strings (64-bit). @see spec/forge-api.md#operations-known-by-behavior-only */
export class PullsResource {
  readonly #context: ForgeContext;
  readonly #repo: ForgeRepoRef;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    this.#context = context;
    this.#repo = repo;
  }

  #number(pullNumber: string, operation: string): { pullNumber: string } {
    return { pullNumber: requireId(pullNumber, "pullNumber", operation) };
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

  /** Whether it can merge; an unknown verdict must be read as blocked (`isMergeable`). */
  mergeability(pullNumber: string, params: { expectedHeadSha?: string } = {}, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "getMergeability",
      operation: "pulls.mergeability",
      repository: this.#repo,
      pathParams: this.#number(pullNumber, "pulls.mergeability"),
      query: { expectedHeadSha: params.expectedHeadSha },
      schema: MergeabilitySchema,
      options,
    }));
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
