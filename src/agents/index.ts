/**
 * The Cloud Agents client, its operation table, run streams and types. Request and response schemas are reached
 * through the table (`AGENTS_OPERATIONS["agents.create"].body`) and checked with `requestIssues` / `assertRequest`.
 * @module agentline/agents
 */
export type { AuthScheme } from "../core/auth.js";
export type { ApiKeyClientOptions } from "../core/options.js";
export * from "../core/public.js";
export { AgentsResource } from "./agents-resource.js";
export { AgentsClient, type AgentsClientOptions } from "./client.js";
export { AGENT_ID_PATTERN, generateAgentId } from "./ids.js";
export { ModelsResource, RepositoriesResource, SubTokensResource } from "./lookups-resource.js";
export { AGENTS_OPERATIONS, type AgentsOperationName, type AgentsOutput, matchAgentsOperation } from "./operations.js";
export { foldRunEvents, initialRunState, type RunState, reduceRunState } from "./run-state.js";
export { RunsResource, type WaitOptions } from "./runs-resource.js";
export type { RepoConfigParams } from "./schemas/agent-inputs.js";
export {
  AGENT_LIMITS,
  isTerminalRunStatus,
  RUN_STATUSES,
  type RunStatus,
  TERMINAL_RUN_STATUSES,
  type TerminalRunStatus,
} from "./schemas/constants.js";
export type { PromptParams } from "./schemas/images.js";
export type { ApiKeyInfo, Artifact, ModelListItem } from "./schemas/lookups.js";
export type { McpServerParams } from "./schemas/mcp.js";
export type {
  AgentUsageParams,
  CreateAgentParams,
  CreateRunParams,
  CreateSubTokenParams,
  ListAgentsParams,
  ListRunsParams,
} from "./schemas/requests.js";
export {
  type Agent,
  AgentSchema,
  type AgentSummary,
  type CreateAgentResponse,
  type Run,
  type RunGit,
  type ToolCallData,
} from "./schemas/resources.js";
export {
  type ErrorEvent,
  extractText,
  type OpaqueEvent,
  type ResultEvent,
  type RunEvent,
  type StatusEvent,
  type TextEvent,
  type ToolCallEvent,
  toRunEvent,
  type UnknownRunEvent,
} from "./stream/run-events.js";
export { RunStream, type RunStreamConnectionState, type RunStreamOptions } from "./stream/run-stream.js";
export type { RunStreamEncodeOptions, RunStreamResponseInit } from "./stream/run-stream-encode.js";
export { ToolCallList, type ToolCallState } from "./tool-call-list.js";
