import type { RequestBody } from "../router.js";
import { badRequest, type Envelope } from "./failures.js";

// Reading query strings and JSON bodies the way the service does: strict where the spec states a rule
// (required fields, maxima, enums), lenient about fields it does not know.

/** A JSON object body. */
export type JsonObject = Record<string, unknown>;

/** Whether a value is a plain JSON object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The body as a JSON object, or 400 (missing, not JSON, or not an object). */
export function requireObject(body: RequestBody, envelope: Envelope = "code"): JsonObject {
  if (body.kind === "none") throw badRequest("This route needs a JSON request body.", envelope);
  if (body.kind === "invalid") throw badRequest("The request body is not valid JSON.", envelope);
  if (!isObject(body.value)) throw badRequest("The request body must be a JSON object.", envelope);
  return body.value;
}

/** The body as a JSON object; an absent body reads as `{}` (routes whose fields are all optional). */
export function optionalObject(body: RequestBody, envelope: Envelope = "code"): JsonObject {
  return body.kind === "none" ? {} : requireObject(body, envelope);
}

/** Whether a value is a safe integer. */
export function isInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value);
}

/** Whether a value is an array of strings. */
export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** A required boolean field, or 400 naming it. */
export function requireBoolean(body: JsonObject, field: string, envelope: Envelope = "code"): boolean {
  const value = body[field];
  if (typeof value !== "boolean") throw badRequest(`\`${field}\` is required and must be a boolean.`, envelope);
  return value;
}

/** An optional string field, or 400 when present with another type. */
export function optionalString(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw badRequest(`\`${field}\` must be a string.`);
  return value;
}

/** A positive integer from a query value or JSON number, or 400 naming the field. */
function positiveInteger(value: unknown, field: string): number {
  const number = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (!isInteger(number) || number < 1) throw badRequest(`\`${field}\` must be an integer >= 1.`);
  return number;
}

/** How a list route pages: its default size and maximum, and whether a larger size is clamped or refused. */
export interface PageRule {
  defaultPageSize: number;
  maxPageSize?: number;
  /** The spec says "larger clamped" (groups, organization members); otherwise a larger size is a 400. */
  clamp?: boolean;
}

/** `page` and `pageSize` from a query string or body, with the route's default, maximum and clamping. */
export function readPage(source: URLSearchParams | JsonObject, rule: PageRule): { page: number; pageSize: number } {
  const get = (name: string): unknown =>
    source instanceof URLSearchParams ? (source.get(name) ?? undefined) : (source[name] ?? undefined);
  const rawPage = get("page");
  const rawSize = get("pageSize");
  const page = rawPage === undefined || rawPage === "" ? 1 : positiveInteger(rawPage, "page");
  let pageSize = rawSize === undefined || rawSize === "" ? rule.defaultPageSize : positiveInteger(rawSize, "pageSize");
  if (rule.maxPageSize !== undefined && pageSize > rule.maxPageSize) {
    if (!rule.clamp) throw badRequest(`\`pageSize\` must be at most ${rule.maxPageSize}.`);
    pageSize = rule.maxPageSize;
  }
  return { page, pageSize };
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

/**
 * An instant given as epoch ms (number or digit string) or a date(-time) string; `undefined` when
 * absent, 400 when unreadable.
 */
export function readInstant(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string") {
    const text = value.trim();
    if (/^-?\d+$/.test(text)) return Number(text);
    const parsed = Date.parse(text);
    if (!Number.isNaN(parsed)) return parsed;
  }
  throw badRequest(`\`${field}\` must be epoch milliseconds or an ISO 8601 date.`);
}

/** `limit` and `cursor` of the cursor-paged assistant-bot lists: limit default 50, at most 100. */
export function readCursorPage(query: URLSearchParams): { limit: number; cursor: string | undefined } {
  const raw = query.get("limit");
  const limit = raw === null || raw === "" ? 50 : positiveInteger(raw, "limit");
  if (limit > 100) throw badRequest("`limit` must be at most 100.");
  const cursor = query.get("cursor");
  return { limit, cursor: cursor === null || cursor === "" ? undefined : cursor };
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

/** The position inside a cursor this list handed out, or 400. */
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

/** `user_` ids from a body field: a required array of at most `max` well-formed ids, duplicates once. */
export function readUserIds(body: JsonObject, field: string, max: number, envelope: Envelope = "code"): string[] {
  const value = body[field];
  if (!isStringArray(value)) throw badRequest(`\`${field}\` is required and must be an array of user ids.`, envelope);
  if (value.length === 0) throw badRequest(`\`${field}\` must not be empty.`, envelope);
  if (value.length > max)
    throw badRequest(`\`${field}\` holds ${value.length} ids; at most ${max} per request.`, envelope);
  for (const id of value) {
    if (!/^user_[A-Za-z0-9]+$/.test(id))
      throw badRequest(`\`${field}\`: ${JSON.stringify(id)} is not a user id (user_…).`, envelope);
  }
  return [...new Set(value)];
}

/** A comma-separated query value as trimmed, non-empty items. */
export function commaList(value: string | null): string[] {
  if (value === null) return [];
  return value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}
