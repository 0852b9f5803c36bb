import { queryObject } from "../../../src/testing/admin/request-check.js";

/** A query as a query schema reads it: `undefined` is `{}`, a query string becomes an object (numbers parsed). */
export function wireQuery(query: unknown): unknown {
  if (query === undefined) return {};
  return query instanceof URLSearchParams ? queryObject(query) : query;
}

/** `{ [key]: value }`, or `{}` when `value` is `undefined` (so a missing id reports `required` at `key`). */
export function fieldOf(key: string, value: unknown): Record<string, unknown> {
  return value === undefined ? {} : { [key]: value };
}
