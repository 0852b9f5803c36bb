// A wire query (`URLSearchParams`, all strings) as the object a query schema reads, for servers (the fakes, a relay).
// A value is converted only where it is well-formed, so `limit=abc` still reports that `limit` must be a number.

/** How one wire key is read: a number, a boolean, every repeated value as an array, or (undefined) the text. */
export type WireValueKind = "number" | "boolean" | "array" | undefined;

const NUMBER_TEXT = /^[+-]?\d+(\.\d+)?$/;

/** `query` as an object, each key read as `kindOf(key)` says. */
export function coerceWireQuery(
  query: URLSearchParams,
  kindOf: (key: string) => WireValueKind,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(query.keys())) {
    const kind = kindOf(key);
    const raw = query.get(key) ?? "";
    if (kind === "array") out[key] = query.getAll(key);
    else if (kind === "number" && NUMBER_TEXT.test(raw)) out[key] = Number(raw);
    else if (kind === "boolean" && (raw === "true" || raw === "false")) out[key] = raw === "true";
    else out[key] = raw;
  }
  return out;
}
