import * as v from "valibot";
import type { ValidationIssue } from "../core/errors.js";
import { toValidationIssues } from "../core/schema.js";

// Shared plumbing of the Admin request checks. Two faces per request: `check*` lists every broken rule (empty =
// valid) for the fake service's 400 answers; `assert*` throws a request `ValidationError` before the client sends
// anything. Query checks take the SDK's object, nothing (= no parameters), or the wire form, `URLSearchParams`.

/** Every rule `value` breaks under `schema`; empty when it is valid. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
export function issuesOf(schema: v.GenericSchema, value: unknown): ValidationIssue[] {
  const result = v.safeParse(schema, value);
  return result.success ? [] : toValidationIssues(result.issues);
}

/** The wire parameters a query check turns into numbers when they are well-formed. */
const NUMERIC_QUERY_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set(["page", "pageSize", "limit"]);

/**
 * A query as an object: `undefined` is `{}`, `URLSearchParams` becomes an object whose well-formed numeric
 * parameters are numbers (so `pageSize=abc` still reports that it must be a number instead of turning into NaN).
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints)
 */
export function queryObject(query: unknown): unknown {
  if (query === undefined) return {};
  if (!(query instanceof URLSearchParams)) return query;
  const out: Record<string, unknown> = {};
  for (const key of new Set(query.keys())) {
    const raw = query.get(key) ?? "";
    out[key] = NUMERIC_QUERY_KEYS.has(key) && /^[+-]?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  }
  return out;
}

/**
 * `{ [key]: value }`, or `{}` when `value` is `undefined`, so a missing path id or list reports `required` at
 * `key` rather than a type error.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints)
 */
export function fieldOf(key: string, value: unknown): Record<string, unknown> {
  return value === undefined ? {} : { [key]: value };
}
