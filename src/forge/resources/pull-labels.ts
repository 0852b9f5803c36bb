import { ApiPromise } from "../../core/api-promise.js";
import { requireClientContext } from "../../core/arguments.js";
import { callOperation, listOperation, sendOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import { requireNameSegment } from "../../core/paths.js";
import type { ForgeContext } from "../forge-context.js";
import { type ForgeRepoRef, type RepoParams, repoParams } from "../repo-ref.js";
import { FORGE_LIMITS } from "../schemas/limits.js";
import type { PullLabels } from "../schemas/pull-extras.js";
import type { Label } from "../schemas/pull-responses.js";

/**
 * The labels of one pull request, as a set: adding, replacing or removing twice leaves the same set. Labels are
 * named by their (case-insensitive) names and must exist in the repository. The body field `labels` is assumed.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class PullLabelsResource {
  readonly #context: ForgeContext;
  readonly #repo: RepoParams;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "PullLabelsResource");
    this.#context = context;
    this.#repo = repoParams(repo);
  }

  /** The pull request's labels (default 30, at most 100 a page): `await` → first page, `for await` → all. */
  list(pullNumber: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return listOperation(this.#context, "pullLabels.list", {
      params: { ...this.#repo, pullNumber },
      query: params,
      options,
    });
  }

  /** Adds labels (at least one name, each ≤ 50 code points); answers the labels the pull request now holds. */
  add(pullNumber: string, names: readonly string[], options?: CallOptions) {
    return callOperation(this.#context, "pullLabels.add", {
      params: { ...this.#repo, pullNumber },
      body: { labels: names },
      options,
    });
  }

  /** Replaces every label with `names`; an empty list clears them. */
  replace(pullNumber: string, names: readonly string[], options?: CallOptions) {
    return callOperation(this.#context, "pullLabels.replace", {
      params: { ...this.#repo, pullNumber },
      body: { labels: names },
      options,
    });
  }

  /**
   * Removes one label; answers the labels that remain. When the answer of a removal is lost and the retry finds the
   * label gone (404), the removal was this call's own: the labels that remain are then read back (every page).
   */
  remove(pullNumber: string, name: string, options?: CallOptions): ApiPromise<PullLabels> {
    // The label's name is checked as `name`, the argument the caller passed.
    const labelName = requireNameSegment(name, "name", "pullLabels.remove");
    const params = { ...this.#repo, pullNumber, labelName };
    return ApiPromise.from(async () => {
      const result = await sendOperation(this.#context, "pullLabels.remove", { params, options });
      // A 2xx always carries the remaining labels; only a retried 404 (the earlier attempt's removal) carries none.
      if (result.response.status !== 404) return result;
      const labels: Label[] = [];
      for await (const label of this.list(pullNumber, { pageSize: FORGE_LIMITS.maxPageSize }, options)) {
        labels.push(label);
      }
      return { ...result, data: { labels } };
    });
  }

  /** Removes every label (204). */
  removeAll(pullNumber: string, options?: CallOptions) {
    return callOperation(this.#context, "pullLabels.removeAll", { params: { ...this.#repo, pullNumber }, options });
  }
}
