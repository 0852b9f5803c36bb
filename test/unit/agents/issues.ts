import type * as v from "valibot";
import { AGENTS_OPERATIONS } from "../../../src/agents/operations.js";
import type { ValidationIssue } from "../../../src/core/errors.js";
import { assertRequest, queryFromWire, requestIssues } from "../../../src/core/schema.js";

type WithBody = "agents.create" | "runs.create" | "subTokens.create";
type WithQuery = "agents.list" | "runs.list" | "agents.usage";

/** Every rule a body breaks under the operation's `body` schema (the public `requestIssues` pair). */
export const bodyIssues = (name: WithBody, body: unknown) => requestIssues(AGENTS_OPERATIONS[name].body, body);

/** The body checked by the operation's schema, or a thrown request `ValidationError` (context: the operation). */
export const assertBody = (name: WithBody, body: unknown) => assertRequest(AGENTS_OPERATIONS[name].body, body, name);

// A query as the client passes it (an object, or nothing) or as a server reads it (URLSearchParams).
function queryInput(schema: v.GenericSchema, query: unknown): unknown {
  return query instanceof URLSearchParams ? queryFromWire(schema, query) : (query ?? {});
}

/** Every rule a query breaks under the operation's `query` schema. */
export const queryIssues = (name: WithQuery, query?: unknown) =>
  requestIssues(AGENTS_OPERATIONS[name].query, queryInput(AGENTS_OPERATIONS[name].query, query));

/** The query checked by the operation's schema, or a thrown request `ValidationError`. */
export const assertQuery = (name: WithQuery, query?: unknown) =>
  assertRequest(AGENTS_OPERATIONS[name].query, queryInput(AGENTS_OPERATIONS[name].query, query), name);

/** Issues as `path: rule` lines, so a test can assert exactly which rules broke and where. */
export function rulesOf(issues: readonly ValidationIssue[]): string[] {
  return issues.map((issue) => `${issue.path}: ${issue.rule}`);
}

/** The smallest valid CreateAgentRequest / CreateRunRequest body. */
export const minimalBody = { prompt: { text: "Fix the failing test" } } as const;

/** A tiny, valid base64 payload (the PNG signature). */
export const PNG_BASE64 = "iVBORw0KGgo=";

/** A body with one extra field on top of the minimal one. */
export function withField(field: string, value: unknown): Record<string, unknown> {
  return { ...minimalBody, [field]: value };
}

/** A body whose prompt carries the given images. */
export function withImages(...images: unknown[]): Record<string, unknown> {
  return { prompt: { text: "Look at this", images } };
}
