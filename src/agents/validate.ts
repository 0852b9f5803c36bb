import * as v from "valibot";
import type { ValidationIssue } from "../core/errors.js";
import { checkRequest, toValidationIssues } from "../core/schema.js";
import {
  type AgentUsageParams,
  AgentUsageQuerySchema,
  type CreateAgentParams,
  CreateAgentRequestSchema,
  type CreateRunParams,
  CreateRunRequestSchema,
  type CreateSubTokenParams,
  CreateSubTokenRequestSchema,
  type ListAgentsParams,
  ListAgentsQuerySchema,
  type ListRunsParams,
  ListRunsQuerySchema,
} from "./schemas/requests.js";

/** The request parameter types, next to the functions that check them. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export type {
  AgentUsageParams,
  CreateAgentParams,
  CreateRunParams,
  CreateSubTokenParams,
  ListAgentsParams,
  ListRunsParams,
} from "./schemas/requests.js";

// Two faces per request: `check*` lists every broken rule (empty = valid) for the fake service's 400
// validation_error answers; `assert*` throws a request `ValidationError` before the client sends anything.
// Query checks take the SDK's object, nothing (= no parameters), or the wire form, `URLSearchParams`,
// whose values are all strings.

function issuesOf(schema: v.GenericSchema, value: unknown): ValidationIssue[] {
  const result = v.safeParse(schema, value);
  return result.success ? [] : toValidationIssues(result.issues);
}

// Wire values become numbers and booleans only when they are well-formed, so `limit=abc` still reports
// that `limit` must be a number instead of silently turning into NaN.
function queryObject(query: unknown, numbers: readonly string[], booleans: readonly string[]): unknown {
  if (query === undefined) return {};
  if (!(query instanceof URLSearchParams)) return query;
  const out: Record<string, unknown> = {};
  for (const key of new Set(query.keys())) {
    const raw = query.get(key) ?? "";
    if (numbers.includes(key) && /^[+-]?\d+(\.\d+)?$/.test(raw)) out[key] = Number(raw);
    else if (booleans.includes(key) && (raw === "true" || raw === "false")) out[key] = raw === "true";
    else out[key] = raw;
  }
  return out;
}

const LIST_NUMBERS = ["limit"] as const;
const LIST_BOOLEANS = ["includeArchived"] as const;

/** Every rule a CreateAgentRequest body breaks; empty when it is valid. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export function checkCreateAgentRequest(body: unknown): ValidationIssue[] {
  return issuesOf(CreateAgentRequestSchema, body);
}

/** The body as CreateAgentParams, or a thrown request `ValidationError` naming each broken field. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export function assertCreateAgentRequest(body: unknown, context = "agents.create"): CreateAgentParams {
  return checkRequest(CreateAgentRequestSchema, body, context);
}

/** Every rule a CreateRunRequest body breaks; empty when it is valid. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export function checkCreateRunRequest(body: unknown): ValidationIssue[] {
  return issuesOf(CreateRunRequestSchema, body);
}

/** The body as CreateRunParams, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export function assertCreateRunRequest(body: unknown, context = "runs.create"): CreateRunParams {
  return checkRequest(CreateRunRequestSchema, body, context);
}

/** Every rule a GET /v1/agents query breaks; empty when it is valid. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints) */
export function checkListAgentsQuery(query?: unknown): ValidationIssue[] {
  return issuesOf(ListAgentsQuerySchema, queryObject(query, LIST_NUMBERS, LIST_BOOLEANS));
}

/** The query as ListAgentsParams, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints) */
export function assertListAgentsQuery(query?: unknown, context = "agents.list"): ListAgentsParams {
  return checkRequest(ListAgentsQuerySchema, queryObject(query, LIST_NUMBERS, LIST_BOOLEANS), context);
}

/** Every rule a GET /v1/agents/{id}/runs query breaks; empty when it is valid. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints) */
export function checkListRunsQuery(query?: unknown): ValidationIssue[] {
  return issuesOf(ListRunsQuerySchema, queryObject(query, LIST_NUMBERS, []));
}

/** The query as ListRunsParams, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints) */
export function assertListRunsQuery(query?: unknown, context = "runs.list"): ListRunsParams {
  return checkRequest(ListRunsQuerySchema, queryObject(query, LIST_NUMBERS, []), context);
}

/** Every rule a GET /v1/agents/{id}/usage query breaks; empty when it is valid. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints) */
export function checkAgentUsageQuery(query?: unknown): ValidationIssue[] {
  return issuesOf(AgentUsageQuerySchema, queryObject(query, [], []));
}

/** The query as AgentUsageParams, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints) */
export function assertAgentUsageQuery(query?: unknown, context = "agents.usage"): AgentUsageParams {
  return checkRequest(AgentUsageQuerySchema, queryObject(query, [], []), context);
}

/** Every rule a CreateSubTokenRequest body breaks; empty when it is valid. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export function checkCreateSubTokenRequest(body: unknown): ValidationIssue[] {
  return issuesOf(CreateSubTokenRequestSchema, body);
}

/** The body as CreateSubTokenParams, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export function assertCreateSubTokenRequest(body: unknown, context = "subTokens.create"): CreateSubTokenParams {
  return checkRequest(CreateSubTokenRequestSchema, body, context);
}
