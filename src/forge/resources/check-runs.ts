import { ApiPromise } from "../../core/api-promise.js";
import { requestObject, requireClientContext } from "../../core/arguments.js";
import { ValidationError, type ValidationIssue } from "../../core/errors.js";
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

/**
 * A post as sent: the model's fields, plus any field the forge shows but the model does not interpret (a display
 * `name`, `output`, …), either top-level or gathered in `details`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics)
 */
type CheckRunPostBody = CheckRunPost | (CheckRunPost & { readonly [field: string]: unknown });

// `details` is the model's bag of uninterpreted fields (what a forge stores as posted): on the wire they are the
// post's own fields, as a forge answers them. The model's fields win over a same-named detail.
function wireBody(post: CheckRunPostBody): unknown {
  if (typeof post !== "object" || post === null || Array.isArray(post)) return post;
  const { details, ...fields } = post;
  if (typeof details !== "object" || details === null || Array.isArray(details)) return post;
  return { ...details, ...fields };
}

/**
 * The spec pairs `results[i]` with `posts[i]`: a run of another key or externalId at an index would pin outcomes on
 * the wrong runs, so such an answer is refused as a response that breaks the spec. (A count that differs from the
 * posts' is not refused yet: an existing test answers a batch of one with `results: []`.)
 */
function pairedInOrder(data: unknown, posts: readonly CheckRunPost[]): void {
  const results = (data as { results?: unknown } | undefined)?.results;
  if (!Array.isArray(results)) return; // a raw answer (asResponse) is the caller's to read
  const issues: ValidationIssue[] = [];
  if (results.length !== posts.length) {
    const message = `has ${results.length} entries for ${posts.length} posts: one result per post, in request order`;
    issues.push({ path: "results", rule: "count", message });
  }
  results.forEach((result, index) => {
    const run = (result as { checkRun?: { key?: unknown; externalId?: unknown } } | undefined)?.checkRun;
    const post = posts[index];
    if (!run || !post) return;
    for (const field of ["key", "externalId"] as const) {
      if (run[field] !== undefined && run[field] !== post[field]) {
        const message = `results[${index}] is a run of another ${field} than posts[${index}]: results[] must keep request order`;
        issues.push({ path: `results[${index}].checkRun.${field}`, rule: "request_order", message });
      }
    }
  });
  if (issues.length > 0) throw new ValidationError(issues, { direction: "response", context: "checkRuns.batchUpsert" });
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
  post(post: CheckRunPostBody, options?: CallOptions) {
    return ApiPromise.from(() => {
      assertCheckRunPost(post, this.#now(), "checkRuns.post");
      return sendOperation(this.#context, "checkRuns.post", { params: this.#repo, body: wireBody(post), options });
    });
  }

  /** Posts many runs; `results[]` in request order, each judged on its own. */
  batchUpsert(posts: CheckRunPostBody[], options?: CallOptions) {
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
      // By index, not forEach: forEach skips the holes of a sparse array, which JSON would send as null.
      for (let index = 0; index < posts.length; index += 1) {
        assertCheckRunPost(posts[index], this.#now(), `checkRuns.batchUpsert[${index}]`);
      }
      const body = { checkRuns: posts.map(wireBody) };
      return sendOperation(this.#context, "checkRuns.batchUpsert", { params: this.#repo, body, options }).then(
        (answer) => {
          pairedInOrder(answer.data, posts);
          return answer;
        },
      );
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
