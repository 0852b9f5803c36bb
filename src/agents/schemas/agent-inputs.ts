import * as v from "valibot";
import { arrayOf, notAnArray, oneOf, requestObject as openObject, requiredText } from "../../core/request-fields.js";
import { utf8ByteLength } from "../../core/validation.js";
import { AGENT_ENV_TYPES, AGENT_LIMITS, AGENT_MODES, RESERVED_ENV_VAR_PREFIX } from "./constants.js";
import { uriField } from "./request-fields.js";

/** A model choice: an id from the model list plus optional parameters. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § ModelRef) */
export const ModelRefInputSchema = openObject(
  {
    id: requiredText("`id`"),
    params: v.optional(
      arrayOf(
        openObject({ id: requiredText("`id`"), value: requiredText("`value`") }, "each model parameter"),
        "`params`",
      ),
    ),
  },
  "`model`",
);

/** A repository to work on. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § RepoConfig) */
export const RepoConfigInputSchema = openObject(
  {
    url: requiredText("`url`"),
    startingRef: v.optional(requiredText("`startingRef`")),
    prUrl: v.optional(uriField("`prUrl`")),
  },
  "each repository",
);

/** Where the agent runs. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § AgentEnv) */
export const AgentEnvInputSchema = openObject(
  {
    type: oneOf(AGENT_ENV_TYPES, "`env.type`"),
    name: v.optional(requiredText("`env.name`")),
  },
  "`env`",
);

/** `agent` or `plan`. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § AgentMode) */
export const AgentModeSchema = oneOf(AGENT_MODES, "`mode`");

// Messages here name the variable (the issue path does too) but never quote its value: values are secrets.
const EnvVarNameSchema = v.pipe(
  v.string(),
  v.minLength(1, "[min_length] an environment variable name must not be empty"),
  v.check(
    (name) => utf8ByteLength(name) <= AGENT_LIMITS.maxEnvVarNameBytes,
    (issue) =>
      `[max_bytes] an environment variable name may be at most ${AGENT_LIMITS.maxEnvVarNameBytes} bytes of UTF-8; this one is ${utf8ByteLength(issue.input)}`,
  ),
  v.check(
    (name) => !name.startsWith(RESERVED_ENV_VAR_PREFIX),
    `[reserved_prefix] environment variable names must not start with ${RESERVED_ENV_VAR_PREFIX}, which the service reserves; rename the variable`,
  ),
);

const EnvVarValueSchema = v.pipe(
  v.string("[type] an environment variable value must be a string"),
  v.minLength(1, "[min_length] an environment variable value must not be empty; leave the variable out instead"),
  v.check(
    (value) => utf8ByteLength(value) <= AGENT_LIMITS.maxEnvVarValueBytes,
    (issue) =>
      `[max_bytes] an environment variable value may be at most ${AGENT_LIMITS.maxEnvVarValueBytes} bytes of UTF-8; this one is ${utf8ByteLength(issue.input)}`,
  ),
);

const ENV_VARS_TYPE_MESSAGE = "[type] `envVars` must be an object mapping names to string values";

/** Session-scoped variables for the agent's shell: up to 50, values never echoed back in messages. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export const EnvVarsSchema = v.pipe(
  notAnArray(v.record(EnvVarNameSchema, EnvVarValueSchema, ENV_VARS_TYPE_MESSAGE), ENV_VARS_TYPE_MESSAGE),
  v.rawCheck(({ dataset, addIssue }) => {
    // Counted on the input as given, also when an entry is broken.
    const value: unknown = dataset.value;
    if (typeof value !== "object" || value === null) return;
    const count = Object.keys(value).length;
    if (count > AGENT_LIMITS.maxEnvVars) {
      addIssue({
        message: `[max_entries] \`envVars\` has ${count} entries; send at most ${AGENT_LIMITS.maxEnvVars}`,
      });
    }
  }),
);

/** A repository entry as the SDK accepts it. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § RepoConfig) */
export type RepoConfigParams = v.InferInput<typeof RepoConfigInputSchema>;
