import { FORGE_LIMITS } from "../../forge/schemas/limits.js";
import { base64UrlToText, textToBase64Url } from "./encoding.js";
import { invalidArgument } from "./errors.js";

/** Default `pageSize`. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Other constants) */
export const DEFAULT_PAGE_SIZE = 30;
/** The largest `pageSize`: the spec says at most 100, so a larger one is InvalidArgument, not coerced. */
export const MAX_PAGE_SIZE = FORGE_LIMITS.maxPageSize;

/** One page of a list and the token of the next (empty string on the last page). */
export interface Page<T> {
  items: T[];
  nextPageToken: string;
}

/**
 * `pageSize` of every fake forge list: absent or empty is the default (30); otherwise a whole number from 1 to 100,
 * else InvalidArgument (400) naming `pageSize`, as the SDK checks before sending. The spec gives a maximum, not a
 * coercion, and shows no meaning for 0, so 0 is refused with the rest.
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Other constants)
 */
export function readPageSize(query: URLSearchParams): number {
  const raw = (query.get("pageSize") ?? "").trim();
  if (raw === "") return DEFAULT_PAGE_SIZE;
  const bounds = `a whole number from ${FORGE_LIMITS.minPageSize} to ${MAX_PAGE_SIZE}`;
  if (!/^\d+$/.test(raw)) throw invalidArgument("pageSize", `must be ${bounds}.`);
  const size = Number(raw);
  if (size < FORGE_LIMITS.minPageSize || size > MAX_PAGE_SIZE)
    throw invalidArgument("pageSize", `must be ${bounds}; got ${raw.slice(0, 20)}.`);
  return size;
}

/**
 * Pages `items` with opaque tokens bound to the list and its filter: a token from another list or
 * sent with a changed filter is InvalidArgument, so clients restart pagination after a filter change.
 */
export function paginate<T>(items: readonly T[], query: URLSearchParams, list: string, filter = ""): Page<T> {
  const size = readPageSize(query);
  const token = query.get("pageToken") ?? "";
  let offset = 0;
  if (token !== "") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(base64UrlToText(token) ?? "");
    } catch {
      parsed = undefined;
    }
    const position = parsed as { l?: unknown; f?: unknown; o?: unknown } | undefined;
    if (typeof position !== "object" || position === null || position.l !== list || !Number.isInteger(position.o))
      throw invalidArgument("pageToken", "is not a token from a previous page of this list; omit it to start over.");
    if (position.f !== filter)
      throw invalidArgument(
        "pageToken",
        "was issued for a different filter; omit it to restart after a filter change.",
      );
    offset = position.o as number;
  }
  const end = offset + size;
  return {
    items: items.slice(offset, end),
    nextPageToken: end < items.length ? textToBase64Url(JSON.stringify({ l: list, f: filter, o: end })) : "",
  };
}
