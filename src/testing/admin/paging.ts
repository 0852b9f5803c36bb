import { PAGE_SIZE_LIMITS } from "../../admin/schemas/requests-pagination.js";
import { badRequest } from "./failures.js";
import { clampPageSize } from "./request-check.js";

// Paging as the service applies it to input its schema already accepted: defaults, clamping, the spec's
// `pagination` object and the assistant-bot lists' opaque cursors.

/** A JSON object body, as the schemas parsed it. */
export type JsonObject = Record<string, unknown>;

/** `page` and `pageSize` of a parsed query or body, with the operation's default size and clamping. */
export function pageOf(
  name: string,
  source: { page?: unknown; pageSize?: unknown },
  fallbackSize = 100,
): { page: number; pageSize: number } {
  const size = (source.pageSize as number | undefined) ?? PAGE_SIZE_LIMITS[name]?.defaultSize ?? fallbackSize;
  return { page: (source.page as number | undefined) ?? 1, pageSize: clampPageSize(name, size) };
}

/** The spec's page-based `pagination` object (audit logs, groups, members). */
export function pagination(total: number, page: number, pageSize: number): Record<string, unknown> {
  const totalPages = Math.ceil(total / pageSize);
  return {
    page,
    pageSize,
    totalCount: total,
    totalPages,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}

/** The items of one page. */
export function slicePage<T>(items: readonly T[], page: number, pageSize: number): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** An opaque cursor naming a list and the position after the last item served. */
export function encodeCursor(list: string, position: string): string {
  return toBase64Url(`${list}|${position}`);
}

/** The position inside a cursor this list handed out, or 400 (a cursor's content is the service's, not a schema's). */
export function decodeCursor(list: string, cursor: string): string {
  let text = "";
  try {
    if (/^[A-Za-z0-9_-]+$/.test(cursor)) {
      const binary = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
      text = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    }
  } catch {
    text = "";
  }
  const prefix = `${list}|`;
  if (!text.startsWith(prefix)) throw badRequest("`cursor` is not a `nextCursor` from this list.");
  return text.slice(prefix.length);
}

/** A comma-separated string or an array (as the schemas accept lists) as trimmed, non-empty items. */
export function listItems(value: unknown): string[] {
  const items: unknown[] = typeof value === "string" ? value.split(",") : Array.isArray(value) ? value : [];
  return items.map((item) => String(item).trim()).filter((item) => item !== "");
}
