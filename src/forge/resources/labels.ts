import { requireClientContext } from "../../core/arguments.js";
import { callOperation, listOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import { requireNameSegment } from "../../core/paths.js";
import type { ForgeContext } from "../forge-context.js";
import { type ForgeRepoRef, type RepoParams, repoParams } from "../repo-ref.js";
import type { LabelParams, LabelUpdateParams } from "../schemas/labels-rulesets.js";

/** Labels of a repository (names unique; ordered by name). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export class LabelsResource {
  readonly #context: ForgeContext;
  readonly #repo: RepoParams;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "LabelsResource");
    this.#context = context;
    this.#repo = repoParams(repo);
  }

  // The label is checked as `name`, the argument the caller passed (a label name may hold `/`: sent encoded).
  #label(name: string, operation: string) {
    return () => ({ ...this.#repo, labelName: requireNameSegment(name, "name", operation) });
  }

  /** Every label: `await` → first page, `for await` → every label. */
  list(params: { pageSize?: number } = {}, options?: CallOptions) {
    return listOperation(this.#context, "labels.list", { params: this.#repo, query: params, options });
  }

  /** Creates a label: name ≤ 50, color six hex without `#`, description ≤ 255 (409 when the name exists). */
  create(label: LabelParams, options?: CallOptions) {
    return callOperation(this.#context, "labels.create", { params: this.#repo, body: label, options });
  }

  /** One label by name. */
  get(name: string, options?: CallOptions) {
    return callOperation(this.#context, "labels.get", () => ({ params: this.#label(name, "labels.get")(), options }));
  }

  /** Renames or recolours a label. */
  update(name: string, patch: LabelUpdateParams, options?: CallOptions) {
    return callOperation(this.#context, "labels.update", () => ({
      params: this.#label(name, "labels.update")(),
      body: patch,
      options,
    }));
  }

  /** Deletes a label (it is removed from every pull request). */
  delete(name: string, options?: CallOptions) {
    return callOperation(this.#context, "labels.delete", () => ({
      params: this.#label(name, "labels.delete")(),
      options,
    }));
  }
}
