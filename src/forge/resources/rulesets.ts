import { ApiPromise } from "../../core/api-promise.js";
import { requireClientContext } from "../../core/arguments.js";
import type { CallOptions } from "../../core/options.js";
import { requireSegment } from "../../core/paths.js";
import { type ForgeContext, forgeCall, forgeSend } from "../forge-call.js";
import type { ForgeRepoRef } from "../routes.js";
import type { RulesetParams } from "../schemas/labels-rulesets.js";
import { type Ruleset, RulesetSchema, RulesetsListSchema } from "../schemas/repo-responses.js";
import { assertRuleset } from "../validate.js";

/**
 * Rulesets of a repository: at most 64 patterns per ref-name list, 20 rules and 15 bypass actors, checked
 * before the network. Rejected (403) on mirrored repositories that are not stable outbound mirrors.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class RulesetsResource {
  readonly #context: ForgeContext;
  readonly #repo: ForgeRepoRef;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "RulesetsResource");
    this.#context = context;
    this.#repo = repo;
  }

  /** Every ruleset, in one answer (the list is not paginated). */
  list(options?: CallOptions): ApiPromise<Ruleset[]> {
    return ApiPromise.from(async () => {
      const result = await forgeSend(this.#context, {
        route: "listRulesets",
        operation: "rulesets.list",
        repository: this.#repo,
        schema: RulesetsListSchema,
        options,
      });
      return { ...result, data: result.data.rulesets };
    });
  }

  /** Creates a ruleset; never retried after an ambiguous failure (a repeat would create a second one). */
  create(ruleset: RulesetParams, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "createRuleset",
      operation: "rulesets.create",
      repository: this.#repo,
      body: assertRuleset(ruleset, "rulesets.create"),
      schema: RulesetSchema,
      options,
    }));
  }

  /** One ruleset by id. */
  get(rulesetId: string, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "getRuleset",
      operation: "rulesets.get",
      repository: this.#repo,
      pathParams: { rulesetId: requireSegment(rulesetId, "rulesetId", "rulesets.get") },
      schema: RulesetSchema,
      options,
    }));
  }

  /** Replaces a ruleset fully (PUT): fields left out return to their defaults. */
  replace(rulesetId: string, ruleset: RulesetParams, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "replaceRuleset",
      operation: "rulesets.replace",
      repository: this.#repo,
      pathParams: { rulesetId: requireSegment(rulesetId, "rulesetId", "rulesets.replace") },
      body: assertRuleset(ruleset, "rulesets.replace"),
      schema: RulesetSchema,
      options,
    }));
  }

  /** Deletes a ruleset (204). */
  delete(rulesetId: string, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "deleteRuleset",
      operation: "rulesets.delete",
      repository: this.#repo,
      pathParams: { rulesetId: requireSegment(rulesetId, "rulesetId", "rulesets.delete") },
      schema: undefined,
      options,
    }));
  }
}
