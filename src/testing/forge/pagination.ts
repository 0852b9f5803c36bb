import { base64UrlToText, textToBase64Url } from "./encoding.js";
import { invalidArgument } from "./errors.js";

/** Default and maximum `pageSize`. @see ../../../../shared/spec/forge-api.md#other-constants */
export const DEFAULT_PAGE_SIZE = 30;
/** Larger sizes are coerced to this (AIP-158), not refused. */
export const MAX_PAGE_SIZE = 100;

/** One page of a list and the token of the next (empty string on the last page). */
export interface Page<T> {
  items: T[];
  nextPageToken: string;
}

function pageSize(query: URLSearchParams): number {
  const raw = query.get("pageSize");
  if (raw === null || raw.trim() === "") return DEFAULT_PAGE_SIZE;
  if (!/^\d+$/.test(raw.trim())) throw invalidArgument("pageSize", "must be a non-negative integer.");
  const size = Number(raw.trim());
  if (size === 0) return DEFAULT_PAGE_SIZE;
  return Math.min(size, MAX_PAGE_SIZE);
}

/**
 * Pages `items` with opaque tokens bound to the list and its filter: a token from another list or
 * sent with a changed filter is InvalidArgument, so clients restart pagination after a filter change.
 */
export function paginate<T>(items: readonly T[], query: URLSearchParams, list: string, filter = ""): Page<T> {
  const size = pageSize(query);
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
