import { requireClientContext } from "../../core/arguments.js";
import type { CallOptions } from "../../core/options.js";
import { requireNameSegment } from "../../core/paths.js";
import { type ForgeContext, forgeCall, forgeList } from "../forge-call.js";
import type { ForgeRepoRef } from "../routes.js";
import type { LabelParams, LabelUpdateParams } from "../schemas/labels-rulesets.js";
import { LabelSchema, LabelsPageSchema } from "../schemas/pull-responses.js";
import { assertLabel, assertLabelUpdate, assertPageQuery } from "../validate.js";

/** Labels of a repository (names unique; ordered by name). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export class LabelsResource {
  readonly #context: ForgeContext;
  readonly #repo: ForgeRepoRef;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "LabelsResource");
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
      pathParams: { labelName: requireNameSegment(name, "name", "labels.get") },
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
      pathParams: { labelName: requireNameSegment(name, "name", "labels.update") },
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
      pathParams: { labelName: requireNameSegment(name, "name", "labels.delete") },
      schema: undefined,
      options,
    }));
  }
}
