import { AGENTS_OPERATIONS, type AgentsOperationName } from "../../agents/operations.js";
import type { Operation } from "../../core/operation.js";
import { queryFromWire, requestIssues } from "../../core/schema.js";
import type { Caller } from "../auth.js";
import type { StreamFault } from "../faults.js";
import type { IdSource } from "../ids.js";
import type { ResolvedOptions } from "../options.js";
import { matchPath } from "../path-match.js";
import { HttpFailure, type Reply } from "../responses.js";
import type { RequestBody } from "../router.js";
import type { FakeStore } from "./store.js";

// The Cloud Agents fake routes by the SDK's own operation table (AGENTS_OPERATIONS) and answers 400 with the
// entries' request schemas, so the client and the fake can never disagree about a path or a rule.

/** Everything a handler gets: the request, its checked parts, the caller, the state and one `now`. */
export interface AgentsRouteContext {
  request: Request;
  /** The path's placeholders, by the table's names (`agentId`, `runId`). */
  params: Record<string, string>;
  /** The query, checked by the entry's `query` schema (numbers and booleans as such). */
  query: Record<string, unknown>;
  /** The JSON body, checked by the entry's `body` schema (`undefined` for operations without one). */
  body: unknown;
  caller: Caller;
  /** Read once per request, so one answer never mixes two instants. */
  now: number;
  store: FakeStore;
  options: ResolvedOptions;
  ids: IdSource;
  /** A stream fault picked for this request; only the run stream handler uses it. */
  streamFault?: StreamFault;
}

/** One operation's handler in the fake. */
export type AgentsHandler = (context: AgentsRouteContext) => Reply | Promise<Reply>;

/** A handler for every operation of the table (the compiler says which one is missing). */
export type AgentsHandlers = Readonly<Record<AgentsOperationName, AgentsHandler>>;

/** What routing found: an operation with its params, or the methods the path allows (for 405). */
export type AgentsMatch = { name: AgentsOperationName; params: Record<string, string> } | { allowed: string[] };

const ENTRIES = Object.entries(AGENTS_OPERATIONS) as Array<
  [AgentsOperationName, (typeof AGENTS_OPERATIONS)[AgentsOperationName]]
>;

/** The operation a method and path call, matched against the table's paths. */
export function findOperation(method: string, path: string): AgentsMatch {
  const allowed: string[] = [];
  for (const [name, entry] of ENTRIES) {
    const params = matchPath(entry.path, path);
    if (params === undefined) continue;
    if (entry.method === method) return { name, params };
    allowed.push(entry.method);
  }
  return { allowed };
}

function failOn(issues: ReturnType<typeof requestIssues>): void {
  if (issues.length === 0) return;
  const message = issues.map((issue) => `${issue.path || "(body)"}: ${issue.message}`).join("; ");
  throw new HttpFailure(400, "validation_error", message);
}

/** The body and query an operation's schemas accept, or 400 (missing_body, validation_error). */
export function checkedInput(
  name: AgentsOperationName,
  body: RequestBody,
  query: URLSearchParams,
): { body: unknown; query: Record<string, unknown> } {
  const entry: Operation = AGENTS_OPERATIONS[name];
  const wire = queryFromWire(entry.query, query);
  if (entry.query) failOn(requestIssues(entry.query, wire));
  if (!entry.body) return { body: undefined, query: wire };
  if (body.kind === "none") throw new HttpFailure(400, "missing_body", "This operation needs a JSON request body.");
  if (body.kind === "invalid") throw new HttpFailure(400, "validation_error", "The request body is not valid JSON.");
  failOn(requestIssues(entry.body, body.value));
  return { body: body.value, query: wire };
}
