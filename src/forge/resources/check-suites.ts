import { requireClientContext } from "../../core/arguments.js";
import type { CallOptions } from "../../core/options.js";
import { requireSegment } from "../../core/paths.js";
import { type ForgeContext, forgeCall, forgeList } from "../forge-call.js";
import type { ForgeRepoRef } from "../routes.js";
import { CheckRunsPageSchema, CheckSuiteSchema, CheckSuitesPageSchema } from "../schemas/check-responses.js";
import { assertPageQuery } from "../validate.js";

/**
 * Check suites of a repository: one per (app, suite key) and commit, holding that app's runs for the commit.
 * Listings return only the latest attempts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics)
 */
export class CheckSuitesResource {
  readonly #context: ForgeContext;
  readonly #repo: ForgeRepoRef;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "CheckSuitesResource");
    this.#context = context;
    this.#repo = repo;
  }

  /** One suite by id. */
  get(checkSuiteId: string, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "getCheckSuite",
      operation: "checkSuites.get",
      repository: this.#repo,
      pathParams: { checkSuiteId: requireSegment(checkSuiteId, "checkSuiteId", "checkSuites.get") },
      schema: CheckSuiteSchema,
      options,
    }));
  }

  /** The suites on a commit (latest attempts): `await` → first page, `for await` → every suite. */
  listForCommit(sha: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return forgeList(
      this.#context,
      () => ({
        route: "listCheckSuitesForCommit",
        operation: "checkSuites.listForCommit",
        repository: this.#repo,
        pathParams: { sha: requireSegment(sha, "sha", "checkSuites.listForCommit") },
        query: { ...assertPageQuery(params, "checkSuites.listForCommit") },
        schema: CheckSuitesPageSchema,
        options,
      }),
      (page) => page.checkSuites,
    );
  }

  /** The runs of one suite (latest attempts). */
  runs(checkSuiteId: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return forgeList(
      this.#context,
      () => ({
        route: "listCheckRunsForSuite",
        operation: "checkSuites.runs",
        repository: this.#repo,
        pathParams: { checkSuiteId: requireSegment(checkSuiteId, "checkSuiteId", "checkSuites.runs") },
        query: { ...assertPageQuery(params, "checkSuites.runs") },
        schema: CheckRunsPageSchema,
        options,
      }),
      (page) => page.checkRuns,
    );
  }
}
