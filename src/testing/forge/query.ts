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
