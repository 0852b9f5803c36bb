import type { Operation } from "../core/operation.js";
import { queryFromWire } from "../core/schema.js";

/** The page's query as the relay may pass it on, or the key that makes it ambiguous. */
export type RelayQuery = { kind: "query"; query: URLSearchParams } | { kind: "repeated"; key: string };

/**
 * The page's query cut down to the keys the operation declares (its query schema's entries; none without one), each
 * at most once unless the schema takes a list. The operation's schemas keep unknown keys (a field a newer service
 * accepts passes through a keyed client), but a page must only be able to send what the operation declares: an
 * `apiKey`, `access_token` or any other key the relay does not know is dropped, not passed on with the relay's
 * credentials. Dropped rather than refused, as the relay ignores the query of operations that take none (a cache-busting
 * `?_=…` keeps working). A declared key given twice is refused instead: `authorize` and the service could read different
 * values of it (`?limit=5&limit=100`).
 */
export function declaredQuery(operation: Operation, page: URLSearchParams): RelayQuery {
  const entries = (operation.query as { entries?: Record<string, unknown> } | undefined)?.entries ?? {};
  const query = new URLSearchParams();
  for (const [key, value] of page) {
    if (Object.hasOwn(entries, key)) query.append(key, value);
  }
  if (operation.query === undefined) return { kind: "query", query };
  const read = queryFromWire(operation.query, query);
  for (const key of new Set(query.keys())) {
    if (query.getAll(key).length > 1 && !Array.isArray(read[key])) return { kind: "repeated", key };
  }
  return { kind: "query", query };
}
