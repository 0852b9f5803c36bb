import { argumentError } from "../core/arguments.js";
import type { Operation, OperationContext, OperationOutput } from "../core/operation.js";
import { requestObject as openObject, requiredText } from "../core/request-fields.js";
import { matchRoute } from "../core/route-match.js";
import { isPlainObject } from "../core/validation.js";
import {
  AgentUsageResponseSchema,
  ApiKeyInfoSchema,
  CreateSubTokenResponseSchema,
  DownloadArtifactResponseSchema,
  ListArtifactsResponseSchema,
  ListModelsResponseSchema,
  ListRepositoriesResponseSchema,
} from "./schemas/lookups.js";
import { ArchiveResponseSchema } from "./schemas/operation-results.js";
import {
  AgentUsageQuerySchema,
  CreateAgentRequestSchema,
  CreateRunRequestSchema,
  CreateSubTokenRequestSchema,
  ListAgentsQuerySchema,
  ListRunsQuerySchema,
} from "./schemas/requests.js";
import {
  AgentSchema,
  CreateAgentResponseSchema,
  CreateRunResponseSchema,
  IdResponseSchema,
  ListAgentsResponseSchema,
  ListRunsResponseSchema,
  RunSchema,
} from "./schemas/resources.js";

const CURSOR_LIST = { items: "items", next: "nextCursor", cursor: "cursor" } as const;

/**
 * Every Cloud Agents operation, declared once: method, path, request and response schemas, retry class and list
 * shape. The client's methods, the fake service and the relay all read it. Entries marked `assumed` are not shown in
 * the spec; their defaults come from a public Node SDK for this API (see README "Assumptions") and each can be
 * overridden with the client's `routes` option, keyed by operation name.
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints)
 */
export const AGENTS_OPERATIONS = {
  "agents.create": {
    method: "POST",
    path: "/v1/agents",
    body: CreateAgentRequestSchema,
    response: CreateAgentResponseSchema,
    // A body that carries its own agent id cannot create a second agent when repeated (409 agent_id_conflict).
    idempotent: (body: unknown) => isPlainObject(body) && body.agentId !== undefined,
  },
  "agents.list": {
    method: "GET",
    path: "/v1/agents",
    query: ListAgentsQuerySchema,
    response: ListAgentsResponseSchema,
    list: CURSOR_LIST,
  },
  "agents.get": { method: "GET", path: "/v1/agents/{agentId}", response: AgentSchema },
  // A retry that finds the agent gone (404) reports the deletion an earlier attempt made: `{ id }`.
  "agents.delete": {
    method: "DELETE",
    path: "/v1/agents/{agentId}",
    response: IdResponseSchema,
    goneOnRetry: (params) => ({ id: params.agentId }),
  },
  "agents.archive": {
    method: "POST",
    path: "/v1/agents/{agentId}/archive",
    response: ArchiveResponseSchema,
    idempotent: true,
  },
  "agents.unarchive": {
    method: "POST",
    path: "/v1/agents/{agentId}/unarchive",
    response: ArchiveResponseSchema,
    idempotent: true,
    assumed: true,
  },
  "agents.usage": {
    method: "GET",
    path: "/v1/agents/{agentId}/usage",
    query: AgentUsageQuerySchema,
    response: AgentUsageResponseSchema,
  },
  "agents.listArtifacts": {
    method: "GET",
    path: "/v1/agents/{agentId}/artifacts",
    response: ListArtifactsResponseSchema,
    assumed: true,
  },
  "agents.downloadArtifact": {
    method: "GET",
    path: "/v1/agents/{agentId}/artifacts/download",
    query: openObject({ path: requiredText("`path`") }, "the download query"),
    response: DownloadArtifactResponseSchema,
    assumed: true,
  },
  "runs.create": {
    method: "POST",
    path: "/v1/agents/{agentId}/runs",
    body: CreateRunRequestSchema,
    response: CreateRunResponseSchema,
  },
  "runs.list": {
    method: "GET",
    path: "/v1/agents/{agentId}/runs",
    query: ListRunsQuerySchema,
    response: ListRunsResponseSchema,
    list: CURSOR_LIST,
  },
  "runs.get": { method: "GET", path: "/v1/agents/{agentId}/runs/{runId}", response: RunSchema },
  "runs.cancel": { method: "POST", path: "/v1/agents/{agentId}/runs/{runId}/cancel", response: IdResponseSchema },
  /** An event stream (`text/event-stream`): sent raw, read by `RunStream`. */
  "runs.stream": { method: "GET", path: "/v1/agents/{agentId}/runs/{runId}/stream" },
  "models.list": { method: "GET", path: "/v1/models", response: ListModelsResponseSchema, assumed: true },
  "repositories.list": {
    method: "GET",
    path: "/v1/repositories",
    response: ListRepositoriesResponseSchema,
    assumed: true,
  },
  me: { method: "GET", path: "/v1/me", response: ApiKeyInfoSchema, assumed: true },
  // No public source shows sub-token minting; this path is our pick.
  "subTokens.create": {
    method: "POST",
    path: "/v1/sub-tokens",
    body: CreateSubTokenRequestSchema,
    response: CreateSubTokenResponseSchema,
    assumed: true,
  },
} as const satisfies Record<string, Operation>;

/** The name of a Cloud Agents operation (`"agents.get"`): a key of {@link AGENTS_OPERATIONS}. */
export type AgentsOperationName = keyof typeof AGENTS_OPERATIONS;

/**
 * The operation a concrete method and path call (`GET /v1/agents/bc-1` → `"agents.get"`), in the default table or
 * one with `routes` overrides applied; `undefined` for none.
 */
export function matchAgentsOperation(
  method: string,
  path: string,
  table: Readonly<Record<string, Operation>> = AGENTS_OPERATIONS,
): AgentsOperationName | undefined {
  if (typeof method !== "string") throw argumentError(method, "method", "matchAgentsOperation", "an HTTP method");
  if (typeof path !== "string") throw argumentError(path, "path", "matchAgentsOperation", "a path such as /v1/agents");
  if (typeof table !== "object" || table === null) {
    throw argumentError(table, "table", "matchAgentsOperation", "an operation table, or omitted");
  }
  const named = Object.entries(table).map(([name, { method, path }]) => ({ name, method, path }));
  return matchRoute(Object.fromEntries(named.map((e) => [e.name, e])), method.toUpperCase(), path)?.name as
    | AgentsOperationName
    | undefined;
}

/** The parsed answer of a Cloud Agents operation: `AgentsOutput<"agents.get">` is `Agent`. */
export type AgentsOutput<N extends AgentsOperationName> = OperationOutput<(typeof AGENTS_OPERATIONS)[N]>;

/** What each Cloud Agents resource shares: the transport, the resolved table, and no policy beyond auth. */
export type AgentsContext = OperationContext<typeof AGENTS_OPERATIONS>;
