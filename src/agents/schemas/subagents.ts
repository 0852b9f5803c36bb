import * as v from "valibot";
import { arrayOf, closedObject, requiredText } from "../../core/request-fields.js";
import { maxItems } from "../../core/request-rules.js";
import { isPlainObject } from "../../core/validation.js";
import { ModelRefInputSchema } from "./agent-inputs.js";
import { AGENT_LIMITS, BUILT_IN_SUBAGENT_NAMES } from "./constants.js";
import { boundedText, uniqueNames } from "./request-fields.js";

const BUILT_IN: ReadonlySet<string> = /* @__PURE__ */ new Set(BUILT_IN_SUBAGENT_NAMES);

const SubagentNameSchema = v.pipe(
  boundedText("`name`", AGENT_LIMITS.maxSubagentNameLength),
  v.check(
    (name) => !BUILT_IN.has(name),
    `[reserved_name] \`name\` must not be a built-in subagent name (${BUILT_IN_SUBAGENT_NAMES.join(", ")}); pick another`,
  ),
);

const SubagentModelIdSchema = requiredText("`model`");
const SubagentModelTypeSchema = v.never(
  '[type] `model` must be "inherit", a model id string, or a model object `{ id, params? }`',
);

/**
 * A subagent's model: the string `inherit` (the parent's choice), a model id, or a full model choice.
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § CustomSubagent (no extra properties))
 */
export const SubagentModelSchema = v.lazy((input) => {
  if (typeof input === "string") return SubagentModelIdSchema;
  if (isPlainObject(input)) return ModelRefInputSchema;
  return SubagentModelTypeSchema;
});

/** A named helper the main agent can delegate to (no extra properties). @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § CustomSubagent (no extra properties)) */
export const CustomSubagentInputSchema = closedObject(
  {
    name: SubagentNameSchema,
    description: boundedText("`description`", AGENT_LIMITS.maxSubagentDescriptionLength),
    prompt: boundedText("`prompt`", AGENT_LIMITS.maxSubagentPromptLength),
    model: v.optional(SubagentModelSchema),
  },
  "a custom subagent",
);

/** Up to 20 custom subagents with unique names. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export const CustomSubagentListSchema = v.pipe(
  arrayOf(CustomSubagentInputSchema, "`customSubagents`"),
  maxItems(AGENT_LIMITS.maxCustomSubagents, "`customSubagents`"),
  uniqueNames("`customSubagents`"),
);
