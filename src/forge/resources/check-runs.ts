import { ApiPromise } from "../../core/api-promise.js";
import { requestObject, requireClientContext } from "../../core/arguments.js";
import { ValidationError } from "../../core/errors.js";
import { callOperation, listOperation, sendOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import type { LedgerTime } from "../check-runs/types.js";
import { validateCheckRunPost } from "../check-runs/validate.js";
import type { CheckRunPost } from "../check-runs.js";
import type { ForgeContext } from "../forge-context.js";
import { type ForgeRepoRef, type RepoParams, repoParams } from "../repo-ref.js";
import type { AnnotationsParams } from "../schemas/app-requests.js";
import type { CheckRunsForCommitParams } from "../schemas/page-query.js";

// A post's rules need the clock (externalUpdatedAt may not be in the future), so the check-run model judges it.
function assertCheckRunPost(post: unknown, now: LedgerTime, context: string): void {
  const issues = validateCheckRunPost(post, { now });
  if (issues.length > 0) throw new ValidationError(issues, { direction: "request", context });
}

/** Check runs of a repository, posted by the owning app. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export class CheckRunsResource {
  readonly #context: ForgeContext;
  readonly #repo: RepoParams;
  readonly #now: () => number;
  constructor(context: ForgeContext, repo: ForgeRepoRef, now: () => number) {
    requireClientContext(context, "CheckRunsResource");
    this.#context = context;
    this.#repo = repoParams(repo);
    this.#now = now;
  }

  /**
   * Posts a run; `{ checkRun, outcome, checkSuite }`, where outcome is created, updated, unchanged or
   * ignored_stale (a stale post returns the stored run). Safe to retry: the same externalId and
   * externalUpdatedAt apply once.
   */
  post(post: CheckRunPost, options?: CallOptions) {
    return ApiPromise.from(() => {
      assertCheckRunPost(post, this.#now(), "checkRuns.post");
      return sendOperation(this.#context, "checkRuns.post", { params: this.#repo, body: post, options });
    });
  }

  /** Posts many runs; `results[]` in request order, each judged on its own. */
  batchUpsert(posts: CheckRunPost[], options?: CallOptions) {
    return ApiPromise.from(() => {
      if (!Array.isArray(posts)) {
        const message = "`posts` must be an array of check-run posts";
        throw new ValidationError([{ path: "posts", rule: "type", message }], { context: "checkRuns.batchUpsert" });
      }
      // The spec gives batch upsert no bounds; its one documented batch (batchRedeliver) refuses an empty one with
      // InvalidArgument, and an empty upsert has nothing to answer, so it is refused here rather than sent.
      if (posts.length === 0) {
        const message = "`posts` is empty; send at least 1 check-run post (or skip the call when there is none)";
        throw new ValidationError([{ path: "posts", rule: "min_items", message }], {
          context: "checkRuns.batchUpsert",
        });
      }
      posts.forEach((post, index) => {
        assertCheckRunPost(post, this.#now(), `checkRuns.batchUpsert[${index}]`);
      });
      const body = { checkRuns: posts };
      return sendOperation(this.#context, "checkRuns.batchUpsert", { params: this.#repo, body, options });
    });
  }

  /** One run by id. */
  get(checkRunId: string, options?: CallOptions) {
    return callOperation(this.#context, "checkRuns.get", { params: { ...this.#repo, checkRunId }, options });
  }

  /** The latest attempts on a commit, filtered by exact `checkName` and `status`. */
  listForCommit(sha: string, params: CheckRunsForCommitParams = {}, options?: CallOptions) {
    const query = requestObject(params, "params", "checkRuns.listForCommit");
    return listOperation(this.#context, "checkRuns.listForCommit", { params: { ...this.#repo, sha }, query, options });
  }

  /** A run's annotations, ascending. */
  annotations(checkRunId: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return listOperation(this.#context, "checkRuns.annotations", {
      params: { ...this.#repo, checkRunId },
      query: params,
      options,
    });
  }

  /** Appends 1..25 annotations atomically (a run holds at most 100). Never retried when ambiguous. */
  appendAnnotations(checkRunId: string, annotations: AnnotationsParams["annotations"], options?: CallOptions) {
    return callOperation(this.#context, "checkRuns.appendAnnotations", {
      params: { ...this.#repo, checkRunId },
      body: { annotations },
      options,
    });
  }

  /** Asks the owning app to run it again (rerequestable, current, completed runs only). */
  rerequest(checkRunId: string, options?: CallOptions) {
    return callOperation(this.#context, "checkRuns.rerequest", {
      params: { ...this.#repo, checkRunId },
      body: {},
      options,
    });
  }
}
