import * as v from "valibot";
import type { AdminOperation } from "../../admin/operation-types.js";
import { PAGE_SIZE_LIMITS } from "../../admin/schemas/requests-pagination.js";
import { requestIssues, toValidationIssues } from "../../core/schema.js";
import { coerceWireQuery } from "../../core/wire-query.js";
import type { RequestBody } from "../router.js";
import { AdminFailure, badRequest, type Envelope } from "./failures.js";

// The fake's 400 answers come from the operation's own request schemas (the ones the client checks before
// sending), so the two cannot disagree about a documented rule. The wire is read first: a query string into an
// object whose well-formed numeric parameters are numbers, a JSON body as it came.

/** The wire parameters that are numbers when they are well-formed (`pageSize=abc` still reports a type error). */
const NUMERIC_QUERY_KEYS: ReadonlySet<string> = new Set(["page", "pageSize", "limit"]);

/** A query string as the object a query schema reads. */
export function queryObject(query: URLSearchParams): Record<string, unknown> {
  return coerceWireQuery(query, (key) => (NUMERIC_QUERY_KEYS.has(key) ? "number" : undefined));
}

// The error body each operation answers in (see failures.ts); the rest use `{code: 'error', message}`. The single
// spend-limit route reports its failures, an invalid email included, as 200 `{outcome: 'error', message}`.
const ENVELOPES: Readonly<Record<string, Envelope>> = {
  "members.remove": "error",
  "org.teamMemberships.sync": "error",
  "spendLimits.set": "outcome",
};

// Where the service reports a broken item as an error row of a 200 instead of refusing the request: sync entries.
const ROW_CHECKED: Readonly<Record<string, string>> = { "org.teamMemberships.sync": "users[" };

/** A path parameter as its schema reads it: a team id is a number on the wire's path too. */
function pathValues(params: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  if (typeof params.teamId === "string" && /^\d+$/.test(params.teamId)) out.teamId = Number(params.teamId);
  return out;
}

/** A request as its operation's schemas parsed it: what a handler reads instead of the wire. */
export interface CheckedRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

/**
 * Answers 400 (in the operation's envelope) when the path, query or JSON body breaks the operation's schema: the
 * same schemas the client checks before sending. A missing body reads as `{}` where every field is optional.
 * Returns the parsed parts.
 */
export function checkAdminRequest(
  name: string,
  operation: AdminOperation,
  params: Record<string, string>,
  query: URLSearchParams,
  body: RequestBody,
): CheckedRequest {
  const envelope = ENVELOPES[name] ?? "code";
  if (body.kind === "invalid") throw badRequest("The request body is not valid JSON.", envelope);
  const parts: Array<[v.GenericSchema | undefined, unknown]> = [
    [operation.params, pathValues(params)],
    [operation.query, queryObject(query)],
  ];
  const value = body.kind === "json" ? body.value : {};
  if (operation.body) {
    if (body.kind === "none" && requestIssues(operation.body, value).length > 0) {
      throw badRequest("This route needs a JSON request body.", envelope);
    }
    parts.push([operation.body, value]);
  }
  const rows = ROW_CHECKED[name];
  const parsed: unknown[] = [];
  for (const [schema, input] of parts) {
    const result = schema ? v.safeParse(schema, input) : undefined;
    parsed.push(result?.success ? result.output : input);
    const issues = (result?.success === false ? toValidationIssues(result.issues) : []).filter(
      (issue) => !rows || !issue.path.startsWith(rows),
    );
    if (issues.length === 0) continue;
    const message = issues.map((issue) => issue.message).join("; ");
    throw envelope === "outcome" ? new AdminFailure(200, message, envelope) : badRequest(message, envelope);
  }
  const [path, search, json] = parsed as Array<Record<string, unknown>>;
  return { params: path ?? {}, query: search ?? {}, body: json ?? (value as Record<string, unknown>) };
}

/** A page size as the service applies it: larger than the maximum is clamped on the operations whose server clamps. */
export function clampPageSize(name: string, pageSize: number): number {
  const limit = PAGE_SIZE_LIMITS[name];
  if (limit?.overflow !== "clamp" || limit.max === undefined) return pageSize;
  return Math.min(pageSize, limit.max);
}
