import * as v from "valibot";
import {
  arrayOf,
  booleanField,
  integerAtLeast,
  integerBetween,
  requestObject as openObject,
  pathItem,
  requiredText,
} from "../../core/request-fields.js";
import { maxItems } from "../../core/request-rules.js";
import { isPlainObject } from "../../core/validation.js";
import { AGENT_ID_PATTERN } from "../ids.js";
import {
  AgentEnvInputSchema,
  AgentModeSchema,
  EnvVarsSchema,
  ModelRefInputSchema,
  RepoConfigInputSchema,
} from "./agent-inputs.js";
import { AGENT_LIMITS } from "./constants.js";
import { PromptSchema } from "./images.js";
import { McpServerListSchema } from "./mcp.js";
import { boundedText, uriField } from "./request-fields.js";
import { CustomSubagentListSchema } from "./subagents.js";

const AgentIdSchema = v.pipe(
  v.string("[type] `agentId` must be a string"),
  v.regex(
    AGENT_ID_PATTERN,
    "[pattern] `agentId` must look like bc-<uuid> (bc-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx, hex digits); use generateAgentId()",
  ),
);

/** The body of POST /v1/agents; unknown top-level fields pass through. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export const CreateAgentRequestSchema = v.pipe(
  openObject(
    {
      prompt: PromptSchema,
      model: v.optional(ModelRefInputSchema),
      name: v.optional(boundedText("`name`", AGENT_LIMITS.maxNameLength)),
      agentId: v.optional(AgentIdSchema),
      env: v.optional(AgentEnvInputSchema),
      repos: v.optional(v.pipe(arrayOf(RepoConfigInputSchema, "`repos`"), maxItems(AGENT_LIMITS.maxRepos, "`repos`"))),
      workOnCurrentBranch: v.optional(booleanField("`workOnCurrentBranch`")),
      autoCreatePR: v.optional(booleanField("`autoCreatePR`")),
      skipReviewerRequest: v.optional(booleanField("`skipReviewerRequest`")),
      envVars: v.optional(EnvVarsSchema),
      mcpServers: v.optional(McpServerListSchema),
      customSubagents: v.optional(CustomSubagentListSchema),
      mode: v.optional(AgentModeSchema),
    },
    "the request body",
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    const body: unknown = dataset.value;
    if (!isPlainObject(body)) return;
    if (body.agentId !== undefined && body.envVars !== undefined) {
      addIssue({
        message: "[exclusive] `envVars` cannot be combined with `agentId`; drop one of them",
        path: [pathItem(body, "envVars", body.envVars)],
      });
    }
    const env = body.env;
    const namedCloud = isPlainObject(env) && env.type === "cloud" && env.name !== undefined;
    if (namedCloud && Array.isArray(body.repos) && body.repos.length > 0) {
      addIssue({
        message:
          '[exclusive] `repos` cannot be combined with a named cloud environment (`env.type` "cloud" with `env.name`); the environment brings its own repositories, so drop `repos` or `env.name`',
        path: [pathItem(body, "repos", body.repos)],
      });
    }
  }),
);

/** The body of POST /v1/agents/{id}/runs; unknown top-level fields pass through. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export const CreateRunRequestSchema = openObject(
  {
    prompt: PromptSchema,
    mcpServers: v.optional(McpServerListSchema),
    mode: v.optional(AgentModeSchema),
  },
  "the request body",
);

const LimitSchema = integerBetween("`limit`", AGENT_LIMITS.minPageSize, AGENT_LIMITS.maxPageSize);
const CursorSchema = requiredText("`cursor`");

/** The query of GET /v1/agents. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints) */
export const ListAgentsQuerySchema = openObject(
  {
    limit: v.optional(LimitSchema),
    cursor: v.optional(CursorSchema),
    prUrl: v.optional(uriField("`prUrl`")),
    includeArchived: v.optional(booleanField("`includeArchived`")),
  },
  "the list query",
);

/** The query of GET /v1/agents/{id}/runs. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints) */
export const ListRunsQuerySchema = openObject(
  { limit: v.optional(LimitSchema), cursor: v.optional(CursorSchema) },
  "the list query",
);

/** The query of GET /v1/agents/{id}/usage. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints) */
export const AgentUsageQuerySchema = openObject({ runId: v.optional(requiredText("`runId`")) }, "the usage query");

/** The body of the sub-token mint call: exactly one of `forUserEmail` or `forUserId`. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const CreateSubTokenRequestSchema = v.pipe(
  openObject(
    {
      forUserEmail: v.optional(
        v.pipe(
          requiredText("`forUserEmail`"),
          v.rfcEmail("[email] `forUserEmail` must be an email address, such as dev@example.com"),
        ),
      ),
      forUserId: v.optional(integerAtLeast("`forUserId`", 1)),
    },
    "the request body",
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    const body: unknown = dataset.value;
    if (!isPlainObject(body)) return;
    const given = (body.forUserEmail !== undefined ? 1 : 0) + (body.forUserId !== undefined ? 1 : 0);
    if (given !== 1) {
      addIssue({
        message: `[exactly_one_of] name the team member by exactly one of \`forUserEmail\` or \`forUserId\`; this body has ${given === 0 ? "neither" : "both"}`,
      });
    }
  }),
);

/** What `agents.create` accepts. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export type CreateAgentParams = v.InferInput<typeof CreateAgentRequestSchema>;

/** What `runs.create` accepts. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export type CreateRunParams = v.InferInput<typeof CreateRunRequestSchema>;

/** What `agents.list` accepts. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints) */
export type ListAgentsParams = v.InferInput<typeof ListAgentsQuerySchema>;

/** What `runs.list` accepts. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints) */
export type ListRunsParams = v.InferInput<typeof ListRunsQuerySchema>;

/** What `agents.usage` accepts. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints) */
export type AgentUsageParams = v.InferInput<typeof AgentUsageQuerySchema>;

/** Whom a sub-token is minted for. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export type CreateSubTokenParams = v.InferInput<typeof CreateSubTokenRequestSchema>;
