import { requireClientContext } from "../../core/arguments.js";
import { callOperation, listOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import type { ForgeContext } from "../forge-context.js";
import { type ForgeRepoRef, type RepoParams, repoParams } from "../repo-ref.js";

/**
 * Check suites of a repository: one per (app, suite key) and commit, holding that app's runs for the commit.
 * Listings return only the latest attempts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics)
 */
export class CheckSuitesResource {
  readonly #context: ForgeContext;
  readonly #repo: RepoParams;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "CheckSuitesResource");
    this.#context = context;
    this.#repo = repoParams(repo);
  }

  /** One suite by id. */
  get(checkSuiteId: string, options?: CallOptions) {
    return callOperation(this.#context, "checkSuites.get", { params: { ...this.#repo, checkSuiteId }, options });
  }

  /** The suites on a commit (latest attempts): `await` → first page, `for await` → every suite. */
  listForCommit(sha: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return listOperation(this.#context, "checkSuites.listForCommit", {
      params: { ...this.#repo, sha },
      query: params,
      options,
    });
  }

  /** The runs of one suite (latest attempts). */
  runs(checkSuiteId: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return listOperation(this.#context, "checkSuites.runs", {
      params: { ...this.#repo, checkSuiteId },
      query: params,
      options,
    });
  }
}
