import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { arrayOf, codePointText, oneOf, requestObject, requiredText } from "../../core/request-fields.js";
import { itemCount } from "../../core/request-rules.js";
import { FORGE_LIMITS } from "./limits.js";
import { stringList } from "./request-fields.js";

// Request bodies of label definitions and rulesets.

const COLOR = /^[0-9a-fA-F]{6}$/;

// @__NO_SIDE_EFFECTS__
function labelColor() {
  return v.pipe(
    v.string("[type] `color` must be a string"),
    v.check(
      (text) => !text.startsWith("#"),
      "[color] `color` must be six hex digits without the leading # (ff8800, not #ff8800)",
    ),
    v.check(
      (text) => text.startsWith("#") || COLOR.test(text),
      "[color] `color` must be exactly six hex digits, such as ff8800",
    ),
  );
}

const LABEL_ENTRIES = /* @__PURE__ */ lazySchema(() => ({
  name: codePointText("`name`", FORGE_LIMITS.maxLabelName, { required: true }),
  color: labelColor(),
  description: v.optional(codePointText("`description`", FORGE_LIMITS.maxLabelDescription)),
}));

/** The body of POST /repos/{o}/{r}/labels: `name` (<= 50), `color` (six hex, no #), optional `description` (<= 255). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const CreateLabelSchema = /* @__PURE__ */ lazySchema(() => requestObject(LABEL_ENTRIES, "the label"));

/** The body of PATCH .../labels/{labelName}: the label's fields, each optional. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const UpdateLabelSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      name: v.optional(LABEL_ENTRIES.name),
      color: v.optional(LABEL_ENTRIES.color),
      description: LABEL_ENTRIES.description,
    },
    "the label update",
  ),
);

/** Ruleset enforcement levels. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const RULESET_ENFORCEMENTS = ["active", "evaluate", "disabled"] as const;
/** Ruleset kinds. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const RULESET_KINDS = ["merge_branch", "push_branch", "push_tag", "push_repository"] as const;

// @__NO_SIDE_EFFECTS__
function patternList(label: string) {
  return v.pipe(stringList(label), itemCount(label, 0, FORGE_LIMITS.maxRulesetPatterns));
}

/**
 * The body of POST / PUT .../rulesets: at most 64 patterns per list, 20 rules, 15 bypass actors. Rule and
 * bypass-actor shapes are not shown in the spec, so each is only required to be an object.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references)
 */
export const RulesetRequestSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      name: requiredText("`name`"),
      description: v.optional(v.string("[type] `description` must be a string")),
      enforcement: v.optional(oneOf(RULESET_ENFORCEMENTS, "`enforcement`")),
      kind: v.optional(oneOf(RULESET_KINDS, "`kind`")),
      includedRefNames: v.optional(patternList("`includedRefNames`")),
      excludedRefNames: v.optional(patternList("`excludedRefNames`")),
      rules: v.optional(
        v.pipe(
          arrayOf(v.looseObject({}, "[type] every rule must be an object"), "`rules`"),
          itemCount("`rules`", 0, FORGE_LIMITS.maxRulesetRules),
        ),
      ),
      bypassActors: v.optional(
        v.pipe(
          arrayOf(v.looseObject({}, "[type] every bypass actor must be an object"), "`bypassActors`"),
          itemCount("`bypassActors`", 0, FORGE_LIMITS.maxRulesetBypassActors),
        ),
      ),
    },
    "the ruleset",
  ),
);

/** What `labels.create` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export type LabelParams = v.InferInput<typeof CreateLabelSchema>;
/** What `labels.update` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export type LabelUpdateParams = v.InferInput<typeof UpdateLabelSchema>;
/** What `rulesets.create` and `rulesets.replace` accept. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export type RulesetParams = v.InferInput<typeof RulesetRequestSchema>;
