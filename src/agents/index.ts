/**
 * The Cloud Agents client, its types, schemas and request checks.
 * @module agentline/agents
 */
export * from "../core/public.js";
export { AgentsResource } from "./agents-resource.js";
export { AgentsClient, type AgentsClientOptions } from "./client.js";
export { AGENT_ID_PATTERN, generateAgentId } from "./ids.js";
export { ModelsResource, RepositoriesResource, SubTokensResource } from "./lookups-resource.js";
export { AGENTS_ROUTES, type AgentsRouteName, type AgentsRoutesOverride, type Route } from "./routes.js";
export {
  foldRunEvents,
  initialRunState,
  type RunState,
  reduceRunState,
} from "./run-state.js";
export { RunsResource, type WaitOptions } from "./runs-resource.js";
export * from "./schemas/agent-inputs.js";
export * from "./schemas/constants.js";
export * from "./schemas/images.js";
export * from "./schemas/mcp.js";
export * from "./schemas/operation-results.js";
export * from "./schemas/requests.js";
export * from "./schemas/resources.js";
export * from "./schemas/subagents.js";
export {
  type ErrorEvent,
  extractText,
  type OpaqueEvent,
  type ResultEvent,
  ResultEventDataSchema,
  type RunEvent,
  type StatusEvent,
  StatusEventDataSchema,
  type TextEvent,
  type ToolCallEvent,
  toRunEvent,
  type UnknownRunEvent,
} from "./stream/run-events.js";
export { RunStream, type RunStreamConnectionState, type RunStreamOptions } from "./stream/run-stream.js";
export { ToolCallList, type ToolCallState } from "./tool-call-list.js";
export * from "./validate.js";
