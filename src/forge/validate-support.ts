import * as v from "valibot";
import type { ValidationIssue } from "../core/errors.js";
import { toValidationIssues } from "../core/schema.js";

// Shared by the forge's check*/assert* pairs: `check*` lists every broken rule (empty = valid) for the fake
// forge's 400 answers; `assert*` throws a request `ValidationError` before anything is sent.

/** Every rule `value` breaks under `schema`; empty when valid. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Errors) */
export function issuesOf(schema: v.GenericSchema, value: unknown): ValidationIssue[] {
  const result = v.safeParse(schema, value);
  return result.success ? [] : toValidationIssues(result.issues);
}

/** Which wire (URLSearchParams) keys turn into numbers, booleans or repeated-key arrays. */
export interface QueryShape {
  readonly numbers?: readonly string[];
  readonly booleans?: readonly string[];
  readonly arrays?: readonly string[];
}

/**
 * A query as an object: the SDK's own object passes through, nothing is `{}`, and the wire form
 * (`URLSearchParams`, all strings) is converted only where a value is well-formed, so `pageSize=abc` still
 * reports that `pageSize` must be a number. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants)
 */
export function queryObject(query: unknown, shape: QueryShape = {}): unknown {
  if (query === undefined) return {};
  if (!(query instanceof URLSearchParams)) return query;
  const out: Record<string, unknown> = {};
  for (const key of new Set(query.keys())) {
    const raw = query.get(key) ?? "";
    if (shape.arrays?.includes(key)) out[key] = query.getAll(key);
    else if (shape.numbers?.includes(key) && /^[+-]?\d+(\.\d+)?$/.test(raw)) out[key] = Number(raw);
    else if (shape.booleans?.includes(key) && (raw === "true" || raw === "false")) out[key] = raw === "true";
    else out[key] = raw;
  }
  return out;
}

/** The page-size key every paginated list takes. */
export const PAGE_NUMBERS = ["pageSize"] as const;
