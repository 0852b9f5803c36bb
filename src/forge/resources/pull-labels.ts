import { requireClientContext } from "../../core/arguments.js";
import type { CallOptions } from "../../core/options.js";
import { requireNameSegment, requireSegment } from "../../core/paths.js";
import { checkRequest } from "../../core/schema.js";
import { type ForgeContext, forgeCall, forgeList } from "../forge-call.js";
import type { ForgeRepoRef } from "../routes.js";
import { AddPullLabelsSchema, PullLabelsSchema, ReplacePullLabelsSchema } from "../schemas/pull-extras.js";
import { LabelsPageSchema } from "../schemas/pull-responses.js";
import { assertPageQuery } from "../validate.js";

/**
 * The labels of one pull request, as a set: adding, replacing or removing twice leaves the same set. Labels are
 * named by their (case-insensitive) names and must exist in the repository. The body field `labels` is assumed.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class PullLabelsResource {
  readonly #context: ForgeContext;
  readonly #repo: ForgeRepoRef;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "PullLabelsResource");
    this.#context = context;
    this.#repo = repo;
  }

  #number(pullNumber: string, operation: string): { pullNumber: string } {
    return { pullNumber: requireSegment(pullNumber, "pullNumber", operation) };
  }

  /** The pull request's labels (default 30, at most 100 a page): `await` → first page, `for await` → all. */
  list(pullNumber: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return forgeList(
      this.#context,
      () => ({
        route: "listPullLabels",
        operation: "pullLabels.list",
        repository: this.#repo,
        pathParams: this.#number(pullNumber, "pullLabels.list"),
        query: { ...assertPageQuery(params, "pullLabels.list") },
        schema: LabelsPageSchema,
        options,
      }),
      (page) => page.labels,
    );
  }

  /** Adds labels (at least one name, each ≤ 50 code points); answers the labels the pull request now holds. */
  add(pullNumber: string, names: readonly string[], options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "addPullLabels",
      operation: "pullLabels.add",
      repository: this.#repo,
      pathParams: this.#number(pullNumber, "pullLabels.add"),
      body: checkRequest(AddPullLabelsSchema, { labels: names }, "pullLabels.add"),
      schema: PullLabelsSchema,
      options,
    }));
  }

  /** Replaces every label with `names`; an empty list clears them. */
  replace(pullNumber: string, names: readonly string[], options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "replacePullLabels",
      operation: "pullLabels.replace",
      repository: this.#repo,
      pathParams: this.#number(pullNumber, "pullLabels.replace"),
      body: checkRequest(ReplacePullLabelsSchema, { labels: names }, "pullLabels.replace"),
      schema: PullLabelsSchema,
      options,
    }));
  }

  /** Removes one label; answers the labels that remain. */
  remove(pullNumber: string, name: string, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "removePullLabel",
      operation: "pullLabels.remove",
      repository: this.#repo,
      pathParams: {
        ...this.#number(pullNumber, "pullLabels.remove"),
        labelName: requireNameSegment(name, "name", "pullLabels.remove"),
      },
      schema: PullLabelsSchema,
      options,
    }));
  }

  /** Removes every label (204). */
  removeAll(pullNumber: string, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "removeAllPullLabels",
      operation: "pullLabels.removeAll",
      repository: this.#repo,
      pathParams: this.#number(pullNumber, "pullLabels.removeAll"),
      schema: undefined,
      options,
    }));
  }
}
