import { AGENT_LIMITS } from "../agents/schemas/constants.js";
import {
  checkAgentUsageQuery,
  checkCreateAgentRequest,
  checkCreateRunRequest,
  checkCreateSubTokenRequest,
  checkListAgentsQuery,
  checkListRunsQuery,
} from "../agents/validate.js";
import type { ValidationIssue } from "../core/errors.js";
import { HttpFailure } from "./responses.js";

// The fake answers 400 validation_error with the same request rules the client checks before sending
// (src/agents/validate.ts), so the two can never disagree about what the spec allows.

function failOn(issues: readonly ValidationIssue[]): void {
  if (issues.length === 0) return;
  const message = issues.map((issue) => `${issue.path || "(body)"}: ${issue.message}`).join("; ");
  throw new HttpFailure(400, "validation_error", message);
}

/** 400 validation_error unless the body is a valid CreateAgentRequest. */
export function checkCreateAgentBody(body: unknown): void {
  failOn(checkCreateAgentRequest(body));
}

/** 400 validation_error unless the body is a valid CreateRunRequest. */
export function checkCreateRunBody(body: unknown): void {
  failOn(checkCreateRunRequest(body));
}

/** 400 validation_error unless the body is a valid CreateSubTokenRequest. */
export function checkCreateSubTokenBody(body: unknown): void {
  failOn(checkCreateSubTokenRequest(body));
}

function optional(query: URLSearchParams, name: string): string | undefined {
  return query.get(name) ?? undefined;
}

function pageSize(query: URLSearchParams): number {
  const limit = query.get("limit");
  return limit === null ? AGENT_LIMITS.defaultPageSize : Number(limit);
}

/** The GET /v1/agents query with defaults (limit 20, includeArchived true), or 400 validation_error. */
export function parseListAgentsQuery(query: URLSearchParams): {
  limit: number;
  cursor?: string;
  prUrl?: string;
  includeArchived: boolean;
} {
  failOn(checkListAgentsQuery(query));
  return {
    limit: pageSize(query),
    cursor: optional(query, "cursor"),
    prUrl: optional(query, "prUrl"),
    includeArchived: query.get("includeArchived") !== "false",
  };
}

/** The GET /v1/agents/{id}/runs query with defaults, or 400 validation_error. */
export function parseListRunsQuery(query: URLSearchParams): { limit: number; cursor?: string } {
  failOn(checkListRunsQuery(query));
  return { limit: pageSize(query), cursor: optional(query, "cursor") };
}

/** The GET /v1/agents/{id}/usage query, or 400 validation_error. */
export function parseUsageQuery(query: URLSearchParams): { runId?: string } {
  failOn(checkAgentUsageQuery(query));
  return { runId: optional(query, "runId") };
}
