import type { CallOptions } from "../core/options.js";
import { requireId } from "../core/paths.js";
import type { CheckRunPost } from "./check-runs.js";
import { type ForgeContext, forgeCall, forgeList } from "./forge-call.js";
import type { ForgeRepoRef } from "./routes.js";
import type { AnnotationsParams } from "./schemas/app-requests.js";
import {
  AnnotationsPageSchema,
  BatchUpsertCheckRunsResponseSchema,
  CheckRunSchema,
  CheckRunsPageSchema,
  PostCheckRunResponseSchema,
} from "./schemas/check-responses.js";
import type { LabelParams, LabelUpdateParams } from "./schemas/labels-rulesets.js";
import type {
  CreatePullRequestParams,
  ListPullsParams,
  MergePullRequestParams,
  UpdatePullRequestParams,
} from "./schemas/pull-requests.js";
import {
  LabelSchema,
  LabelsPageSchema,
  MergeabilitySchema,
  PullRequestSchema,
  PullRequestsPageSchema,
} from "./schemas/pull-responses.js";
import {
  assertAnnotations,
  assertCheckRunPost,
  assertCreatePull,
  assertLabel,
  assertLabelUpdate,
  assertListPullsQuery,
  assertMerge,
  assertPageQuery,
  assertUpdatePull,
} from "./validate.js";

/** Labels of a repository (names unique; ordered by name). @see spec/forge-api.md#operations-known-by-behavior-only */
export class LabelsResource {
  readonly #context: ForgeContext;
  readonly #repo: ForgeRepoRef;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    this.#context = context;
    this.#repo = repo;
  }

  /** Every label: `await` → first page, `for await` → every label. */
  list(params: { pageSize?: number } = {}, options?: CallOptions) {
    return forgeList(
      this.#context,
      () => ({
        route: "listLabels",
        operation: "labels.list",
        repository: this.#repo,
        query: { ...assertPageQuery(params, "labels.list") },
        schema: LabelsPageSchema,
        options,
      }),
      (page) => page.labels,
    );
  }

  /** Creates a label: name ≤ 50, color six hex without `#`, description ≤ 255 (409 when the name exists). */
  create(label: LabelParams, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "createLabel",
      operation: "labels.create",
      repository: this.#repo,
      body: assertLabel(label),
      schema: LabelSchema,
      options,
    }));
  }

  /** One label by name. */
  get(name: string, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "getLabel",
      operation: "labels.get",
      repository: this.#repo,
      pathParams: { labelName: requireId(name, "name", "labels.get") },
      schema: LabelSchema,
      options,
    }));
  }

  /** Renames or recolours a label. */
  update(name: string, patch: LabelUpdateParams, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "updateLabel",
      operation: "labels.update",
      repository: this.#repo,
      pathParams: { labelName: requireId(name, "name", "labels.update") },
      body: assertLabelUpdate(patch),
      schema: LabelSchema,
      options,
    }));
  }

  /** Deletes a label (it is removed from every pull request). */
  delete(name: string, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "deleteLabel",
      operation: "labels.delete",
      repository: this.#repo,
      pathParams: { labelName: requireId(name, "name", "labels.delete") },
      schema: undefined,
      options,
    }));
  }
}

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

/** Check runs of a repository, posted by the owning app. @see spec/forge-api.md#check-run-semantics */
export class CheckRunsResource {
  readonly #context: ForgeContext;
  readonly #repo: ForgeRepoRef;
  readonly #now: () => number;
  constructor(context: ForgeContext, repo: ForgeRepoRef, now: () => number) {
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
      pathParams: { checkRunId: requireId(checkRunId, "checkRunId", "checkRuns.get") },
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
      () => ({
        route: "listCheckRunsForCommit",
        operation: "checkRuns.listForCommit",
        repository: this.#repo,
        pathParams: { sha: requireId(sha, "sha", "checkRuns.listForCommit") },
        query: { checkName: params.checkName, status: params.status, pageSize: params.pageSize },
        schema: CheckRunsPageSchema,
        options,
      }),
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
        pathParams: { checkRunId: requireId(checkRunId, "checkRunId", "checkRuns.annotations") },
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
      pathParams: { checkRunId: requireId(checkRunId, "checkRunId", "checkRuns.appendAnnotations") },
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
      pathParams: { checkRunId: requireId(checkRunId, "checkRunId", "checkRuns.rerequest") },
      body: {},
      schema: undefined,
      options,
    }));
  }
}

/** One repository's resources. */
export class RepoClient {
  readonly labels: LabelsResource;
  readonly pulls: PullsResource;
  readonly checkRuns: CheckRunsResource;
  constructor(context: ForgeContext, repo: ForgeRepoRef, now: () => number) {
    this.labels = new LabelsResource(context, repo);
    this.pulls = new PullsResource(context, repo);
    this.checkRuns = new CheckRunsResource(context, repo, now);
  }
}
