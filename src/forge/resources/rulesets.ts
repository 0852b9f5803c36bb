import { ApiPromise } from "../../core/api-promise.js";
import { requireClientContext } from "../../core/arguments.js";
import { callOperation, sendOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import type { ForgeContext } from "../forge-context.js";
import { type ForgeRepoRef, type RepoParams, repoParams } from "../repo-ref.js";
import type { RulesetParams } from "../schemas/labels-rulesets.js";
import type { Ruleset } from "../schemas/repo-responses.js";

/**
 * Rulesets of a repository: at most 64 patterns per ref-name list, 20 rules and 15 bypass actors, checked
 * before the network. Rejected (403) on mirrored repositories that are not stable outbound mirrors.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class RulesetsResource {
  readonly #context: ForgeContext;
  readonly #repo: RepoParams;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "RulesetsResource");
    this.#context = context;
    this.#repo = repoParams(repo);
  }

  /** Every ruleset, in one answer (the list is not paginated). */
  list(options?: CallOptions): ApiPromise<Ruleset[]> {
    return ApiPromise.from(async () => {
      const result = await sendOperation(this.#context, "rulesets.list", { params: this.#repo, options });
      return { ...result, data: result.data.rulesets };
    });
  }

  /** Creates a ruleset; never retried after an ambiguous failure (a repeat would create a second one). */
  create(ruleset: RulesetParams, options?: CallOptions) {
    return callOperation(this.#context, "rulesets.create", { params: this.#repo, body: ruleset, options });
  }

  /** One ruleset by id. */
  get(rulesetId: string, options?: CallOptions) {
    return callOperation(this.#context, "rulesets.get", { params: { ...this.#repo, rulesetId }, options });
  }

  /** Replaces a ruleset fully (PUT): fields left out return to their defaults. */
  replace(rulesetId: string, ruleset: RulesetParams, options?: CallOptions) {
    return callOperation(this.#context, "rulesets.replace", {
      params: { ...this.#repo, rulesetId },
      body: ruleset,
      options,
    });
  }

  /** Deletes a ruleset (204). */
  delete(rulesetId: string, options?: CallOptions) {
    return callOperation(this.#context, "rulesets.delete", { params: { ...this.#repo, rulesetId }, options });
  }
}
