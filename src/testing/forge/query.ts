import { coerceWireQuery } from "../../core/wire-query.js";

// A fake forge route's query as its operation's query schema reads it: the wire form (`URLSearchParams`, all
// strings) turned into numbers, booleans and repeated-key arrays where the schema expects them.

/** Which wire (URLSearchParams) keys turn into numbers, booleans or repeated-key arrays. */
export interface QueryShape {
  readonly numbers?: readonly string[];
  readonly booleans?: readonly string[];
  readonly arrays?: readonly string[];
}

/**
 * A query as an object: the SDK's own object passes through, nothing is `{}`, and the wire form
 * (`URLSearchParams`, all strings) is converted only where a value is well-formed, so `pageSize=abc` still
 * reports that `pageSize` must be a number.
 */
export function queryObject(query: unknown, shape: QueryShape = {}): unknown {
  if (query === undefined) return {};
  if (!(query instanceof URLSearchParams)) return query;
  return coerceWireQuery(query, (key) => {
    if (shape.arrays?.includes(key)) return "array";
    if (shape.numbers?.includes(key)) return "number";
    return shape.booleans?.includes(key) ? "boolean" : undefined;
  });
}

/** The page-size key every paginated list takes. */
export const PAGE_NUMBERS = ["pageSize"] as const;
