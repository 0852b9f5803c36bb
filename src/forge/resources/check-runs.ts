import { requestObject, requireClientContext } from "../../core/arguments.js";
import { ValidationError } from "../../core/errors.js";
import type { CallOptions } from "../../core/options.js";
import { requireSegment } from "../../core/paths.js";
import type { CheckRunPost } from "../check-runs.js";
import { type ForgeContext, forgeCall, forgeList } from "../forge-call.js";
import type { ForgeRepoRef } from "../routes.js";
import type { AnnotationsParams } from "../schemas/app-requests.js";
import {
  AnnotationsPageSchema,
  BatchUpsertCheckRunsResponseSchema,
  CheckRunSchema,
  CheckRunsPageSchema,
  PostCheckRunResponseSchema,
} from "../schemas/check-responses.js";
import { assertAnnotations, assertCheckRunPost, assertPageQuery } from "../validate.js";

/** Check runs of a repository, posted by the owning app. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export class CheckRunsResource {
  readonly #context: ForgeContext;
  readonly #repo: ForgeRepoRef;
  readonly #now: () => number;
  constructor(context: ForgeContext, repo: ForgeRepoRef, now: () => number) {
    requireClientContext(context, "CheckRunsResource");
    this.#context = context;
    this.#repo = repo;
    this.#now = now;
  }

  /**
   * Posts a run; `{ checkRun, outcome, checkSuite }`, where outcome is created, updated, unchanged or
   * ignored_stale (a stale post returns the stored run). Safe to retry: the same externalId and
   * externalUpdatedAt apply once.
   */
  post(post: CheckRunPost, options?: CallOptions) {
    return forgeCall(this.#context, () => {
      assertCheckRunPost(post, { now: this.#now(), context: "checkRuns.post" });
      return {
        route: "postCheckRun",
        operation: "checkRuns.post",
        repository: this.#repo,
        body: post,
        schema: PostCheckRunResponseSchema,
        options,
      };
    });
  }

  /** Posts many runs; `results[]` in request order, each judged on its own. */
  batchUpsert(posts: CheckRunPost[], options?: CallOptions) {
    return forgeCall(this.#context, () => {
      if (!Array.isArray(posts)) {
        const message = "`posts` must be an array of check-run posts";
        throw new ValidationError([{ path: "posts", rule: "type", message }], { context: "checkRuns.batchUpsert" });
      }
      posts.forEach((post, index) => {
        assertCheckRunPost(post, { now: this.#now(), context: `checkRuns.batchUpsert[${index}]` });
      });
      return {
        route: "batchUpsertCheckRuns",
        operation: "checkRuns.batchUpsert",
        repository: this.#repo,
        body: { checkRuns: posts },
        schema: BatchUpsertCheckRunsResponseSchema,
        options,
      };
    });
  }

  /** One run by id. */
  get(checkRunId: string, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "getCheckRun",
      operation: "checkRuns.get",
      repository: this.#repo,
      pathParams: { checkRunId: requireSegment(checkRunId, "checkRunId", "checkRuns.get") },
      schema: CheckRunSchema,
      options,
    }));
  }

  /** The latest attempts on a commit, filtered by exact `checkName` and `status`. */
  listForCommit(
    sha: string,
    params: { checkName?: string; status?: string; pageSize?: number } = {},
    options?: CallOptions,
  ) {
    return forgeList(
      this.#context,
      () => {
        const operation = "checkRuns.listForCommit";
        const { checkName, status, pageSize } = requestObject(params, "params", operation);
        return {
          route: "listCheckRunsForCommit",
          operation,
          repository: this.#repo,
          pathParams: { sha: requireSegment(sha, "sha", operation) },
          query: { checkName, status, ...assertPageQuery({ pageSize }, operation) },
          schema: CheckRunsPageSchema,
          options,
        };
      },
      (page) => page.checkRuns,
    );
  }

  /** A run's annotations, ascending. */
  annotations(checkRunId: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return forgeList(
      this.#context,
      () => ({
        route: "listAnnotations",
        operation: "checkRuns.annotations",
        repository: this.#repo,
        pathParams: { checkRunId: requireSegment(checkRunId, "checkRunId", "checkRuns.annotations") },
        query: { ...assertPageQuery(params, "checkRuns.annotations") },
        schema: AnnotationsPageSchema,
        options,
      }),
      (page) => page.annotations,
    );
  }

  /** Appends 1..25 annotations atomically (a run holds at most 100). Never retried when ambiguous. */
  appendAnnotations(checkRunId: string, annotations: AnnotationsParams["annotations"], options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "appendAnnotations",
      operation: "checkRuns.appendAnnotations",
      repository: this.#repo,
      pathParams: { checkRunId: requireSegment(checkRunId, "checkRunId", "checkRuns.appendAnnotations") },
      body: assertAnnotations({ annotations }),
      schema: undefined,
      options,
    }));
  }

  /** Asks the owning app to run it again (rerequestable, current, completed runs only). */
  rerequest(checkRunId: string, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "rerequestCheckRun",
      operation: "checkRuns.rerequest",
      repository: this.#repo,
      pathParams: { checkRunId: requireSegment(checkRunId, "checkRunId", "checkRuns.rerequest") },
      body: {},
      schema: undefined,
      options,
    }));
  }
}
