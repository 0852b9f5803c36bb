import * as v from "valibot";
import { openEnum } from "../../core/schema.js";
import { AGENT_ENV_TYPES, AGENT_STATUSES, RUN_STATUSES, TOOL_CALL_STATUSES } from "./constants.js";
import { responseObject } from "./response-object.js";

// One import site for every response schema: the lookups live in their own file, re-exported here.
export * from "./lookups.js";

// Responses are parsed leniently: every object is loose (unknown fields kept), every enum open (unknown
// values kept), required fields required. Strings are only checked to be strings; a server that sends an
// address we would not call a URI is still answered.

/** A list cursor: omitted on the last page. A `null` is read as omitted rather than refused. */
const NextCursorSchema = v.pipe(
  v.nullish(v.string()),
  v.transform((cursor) => cursor ?? undefined),
);

/** Where an agent runs. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § AgentEnv) */
export const AgentEnvSchema = responseObject({
  type: openEnum(AGENT_ENV_TYPES),
  name: v.optional(v.string()),
});

/** A repository an agent works on. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § RepoConfig) */
export const RepoConfigSchema = responseObject({
  url: v.string(),
  startingRef: v.optional(v.string()),
  prUrl: v.optional(v.string()),
});

/** A model choice: id plus parameters. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § ModelRef) */
export const ModelRefSchema = responseObject({
  id: v.string(),
  params: v.optional(v.array(responseObject({ id: v.string(), value: v.string() }))),
});

/** A custom subagent as the agent reports it. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § CustomSubagent (no extra properties)) */
export const CustomSubagentSchema = responseObject({
  name: v.string(),
  description: v.string(),
  prompt: v.string(),
  // Dispatched on the value's type rather than a union, so a broken model object names its own field (`model.id`).
  model: v.optional(v.lazy((input) => (typeof input === "string" ? v.string() : ModelRefSchema))),
});

/** An agent as lists show it. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § AgentSummary) */
export const AgentSummarySchema = responseObject({
  id: v.string(),
  name: v.optional(v.string()),
  status: openEnum(AGENT_STATUSES),
  env: AgentEnvSchema,
  url: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
  latestRunId: v.optional(v.string()),
});

/** A full agent: the summary plus its repositories and options. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Agent = AgentSummary plus) */
export const AgentSchema = responseObject({
  ...AgentSummarySchema.entries,
  repos: v.optional(v.array(RepoConfigSchema)),
  workOnCurrentBranch: v.optional(v.boolean()),
  autoCreatePR: v.optional(v.boolean()),
  skipReviewerRequest: v.optional(v.boolean()),
  customSubagents: v.optional(v.array(CustomSubagentSchema)),
});

/** One branch an agent pushed; `repoUrl` comes without the scheme. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Run) */
export const RunGitBranchSchema = responseObject({
  repoUrl: v.string(),
  branch: v.optional(v.string()),
  prUrl: v.optional(v.string()),
});

/** The agent's pushed branches (the same snapshot on every run of the agent). @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Run) */
export const RunGitSchema = responseObject({
  branches: v.array(RunGitBranchSchema),
});

/** One prompt submission and its execution status. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Run) */
export const RunSchema = responseObject({
  id: v.string(),
  agentId: v.string(),
  status: openEnum(RUN_STATUSES),
  createdAt: v.string(),
  updatedAt: v.string(),
  durationMs: v.optional(v.number()),
  result: v.optional(v.string()),
  git: v.optional(RunGitSchema),
});

/** The data of a `tool_call` stream event. @see {@link https://github.com/agentline/agentline#run-streams | README: Run streams} (spec: Cloud Agents API § Tool call stream data (no extra properties)) */
export const ToolCallDataSchema = responseObject({
  callId: v.string(),
  name: v.string(),
  status: openEnum(TOOL_CALL_STATUSES),
  args: v.optional(v.unknown()),
  result: v.optional(v.unknown()),
  truncated: v.optional(responseObject({ args: v.optional(v.boolean()), result: v.optional(v.boolean()) })),
});

/** 201 of POST /v1/agents. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const CreateAgentResponseSchema = responseObject({ agent: AgentSchema, run: RunSchema });

/** 201 of POST /v1/agents/{id}/runs. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const CreateRunResponseSchema = responseObject({ run: RunSchema });

/** A page of agents, newest first. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const ListAgentsResponseSchema = responseObject({
  items: v.array(AgentSummarySchema),
  nextCursor: NextCursorSchema,
});

/** A page of runs, newest first. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const ListRunsResponseSchema = responseObject({
  items: v.array(RunSchema),
  nextCursor: NextCursorSchema,
});

/** `{ id }`, the answer to delete and cancel. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const IdResponseSchema = responseObject({ id: v.string() });

/** The error body every failure carries. @see {@link https://github.com/agentline/agentline#errors | README: Errors} (spec: Cloud Agents API § Errors) */
export const ErrorBodySchema = responseObject({
  error: responseObject({
    code: v.string(),
    message: v.string(),
    helpUrl: v.optional(v.string()),
    provider: v.optional(v.string()),
  }),
});

/** A repository entry, as received. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § RepoConfig) */
export type RepoConfig = v.InferOutput<typeof RepoConfigSchema>;
/** An agent as lists show it. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § AgentSummary) */
export type AgentSummary = v.InferOutput<typeof AgentSummarySchema>;
/** A full agent. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Agent = AgentSummary plus) */
export type Agent = v.InferOutput<typeof AgentSchema>;
/** One pushed branch. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Run) */
export type RunGitBranch = v.InferOutput<typeof RunGitBranchSchema>;
/** The agent's pushed branches. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Run) */
export type RunGit = v.InferOutput<typeof RunGitSchema>;
/** A run. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Run) */
export type Run = v.InferOutput<typeof RunSchema>;
/** The data of a `tool_call` event. @see {@link https://github.com/agentline/agentline#run-streams | README: Run streams} (spec: Cloud Agents API § Tool call stream data (no extra properties)) */
export type ToolCallData = v.InferOutput<typeof ToolCallDataSchema>;
/** 201 of POST /v1/agents. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export type CreateAgentResponse = v.InferOutput<typeof CreateAgentResponseSchema>;
/** The error body. @see {@link https://github.com/agentline/agentline#errors | README: Errors} (spec: Cloud Agents API § Errors) */
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;
