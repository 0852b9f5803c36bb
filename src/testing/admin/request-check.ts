import type { AdminOperation } from "../../admin/operation-types.js";
import { PAGE_SIZE_LIMITS } from "../../admin/schemas/requests-pagination.js";
import { requestIssues } from "../../core/schema.js";
import type { RequestBody } from "../router.js";
import { badRequest } from "./failures.js";

// The fake's 400 answers come from the operation's own request schemas (the ones the client checks before
// sending), so the two cannot disagree about a documented rule. The wire is read first: a query string into an
// object whose well-formed numeric parameters are numbers, a JSON body as it came.

/** The wire parameters that are numbers when they are well-formed (`pageSize=abc` still reports a type error). */
const NUMERIC_QUERY_KEYS: ReadonlySet<string> = new Set(["page", "pageSize", "limit"]);

/** A query string as the object a query schema reads. */
export function queryObject(query: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(query.keys())) {
    const raw = query.get(key) ?? "";
    out[key] = NUMERIC_QUERY_KEYS.has(key) && /^[+-]?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  }
  return out;
}

/**
 * Answers 400 (the Admin envelope) when the path, query or JSON body breaks the operation's schema; the message
 * names the first broken rule's field, the way the service's messages do.
 */
export function checkAdminRequest(
  operation: AdminOperation,
  params: Record<string, string>,
  query: URLSearchParams,
  body: RequestBody,
): void {
  const parts: Array<[unknown, unknown]> = [
    [operation.query, queryObject(query)],
    [operation.body, body.kind === "json" ? body.value : undefined],
  ];
  void params;
  for (const [schema, value] of parts) {
    if (schema === undefined || (value === undefined && schema === operation.body)) continue;
    const [first] = requestIssues(schema as AdminOperation["body"] & object, value);
    if (first) throw badRequest(first.path ? `\`${first.path}\` ${first.message}` : first.message);
  }
}

/** A page size as the service applies it: larger than the maximum is clamped on the operations whose server clamps. */
export function clampPageSize(name: string, pageSize: number): number {
  const limit = PAGE_SIZE_LIMITS[name];
  if (limit?.overflow !== "clamp" || limit.max === undefined) return pageSize;
  return Math.min(pageSize, limit.max);
}
