import type * as v from "valibot";
import { requestObject } from "./arguments.js";
import { isRuntimeHeader } from "./header-values.js";
import type { CallOptions } from "./options.js";
import { decodeOnce } from "./paths.js";
import { parseResponse } from "./schema.js";
import type { QueryValue, RequestSpec } from "./transport.js";
import { IssueList, isPlainObject, joinPath } from "./validation.js";

/** The methods `request()` sends (fetch forbids CONNECT and TRACE). */
export type RawMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";

const METHODS: ReadonlySet<string> = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);
const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/**
 * One call of an operation the SDK has no method for yet, through the client's auth, retries, budgets, errors and
 * logs: `client.request({ method: "GET", path: "/v1/agents", query: { limit: 5 } })`.
 */
export interface RawRequest<T = unknown> extends CallOptions {
  method: RawMethod | Lowercase<RawMethod>;
  /** Below the API's base URL, as the spec writes it (`/v1/agents/{id}`, `/teams/members`, `/repos/o/r/labels`). */
  path: string;
  query?: Record<string, QueryValue> | undefined;
  /** A JSON body. */
  body?: unknown;
  /**
   * Whether a repeat after an ambiguous failure (a lost connection, a 5xx) is safe. Default: the known operation's
   * class when the path is one, else by method (GET, HEAD, OPTIONS, PUT, DELETE); `true` when `idempotencyKey` is set.
   */
  idempotent?: boolean | undefined;
  /** Sent as `Idempotency-Key` on every attempt; setting it also marks the call safe to repeat. */
  idempotencyKey?: string | undefined;
  /** Validates (and types) the response body; without one the parsed JSON is returned as it came. */
  schema?: v.GenericSchema<unknown, T> | undefined;
}

/** A checked {@link RawRequest}: method upper-cased, rules enforced. */
export interface CheckedRawRequest<T> {
  method: RawMethod;
  path: string;
  request: RawRequest<T>;
}

/** Why `path` may not be sent below the base URL, or `undefined`. */
function pathProblem(path: string): [rule: string, message: string] | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith("//"))
    return ["relative_path", "must be a path below the API's base URL, not an absolute URL or another origin"];
  if (!path.startsWith("/")) return ["relative_path", "must start with `/` (a path below the API's base URL)"];
  if (/[?#]/.test(path)) return ["no_query_in_path", "must not hold `?` or `#`: pass query parameters in `query`"];
  // Controls, spaces, `\` (read as `/` by URL parsers) and braces (routes-table placeholders) are sent encoded.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses.
  if (/[\u0000-\u0020\u007f\\{}]/.test(path) || /\p{Cs}/u.test(path))
    return ["path_characters", "must not hold spaces, control characters, `\\`, `{` or `}` (percent-encode them)"];
  // Read the way a server that decodes once would: no `//`, `.` or `..` segment (`%2e%2e` included).
  const pieces = decodeOnce(path).split(/[/\\]/).slice(1);
  if (pieces.some((piece, index) => piece === "." || piece === ".." || (piece === "" && index < pieces.length - 1)))
    return [
      "no_dot_segments",
      "must not hold `//`, `.` or `..` segments (also percent-encoded): it would leave the API",
    ];
  return undefined;
}

/** Objects `JSON.stringify` writes as `{}` (or as index keys): their content would be lost, silently. */
const LOSSY_TAGS: ReadonlySet<string> = new Set(
  [
    "Blob",
    "File",
    "FormData",
    "ArrayBuffer",
    "SharedArrayBuffer",
    "URLSearchParams",
    "ReadableStream",
    "Map",
    "Set",
    "WeakMap",
    "WeakSet",
    "WeakRef",
    "Promise",
    "RegExp",
    "Error",
    "Headers",
    "Request",
    "Response",
  ].map((name) => `[object ${name}]`),
);

/** An object literal (or `Object.create(null)`): no Map, URLSearchParams, Headers or class instance. */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The first value in a JSON body that `JSON.stringify` would lose or change silently: its path and why. */
function bodyProblem(
  value: unknown,
  path: string,
  ancestors: Set<object>,
): [path: string, rule: string, why: string] | undefined {
  if (typeof value === "function" || typeof value === "symbol")
    return [path, "json_value", `is a ${typeof value}, which JSON leaves out`];
  if (typeof value === "number" && !Number.isFinite(value))
    return [path, "finite", `is ${value}, which JSON sends as \`null\``];
  // Circular, or deeper than this: JSON.stringify itself refuses, and the sender names it.
  if (typeof value !== "object" || value === null || ancestors.has(value) || ancestors.size > 256) return undefined;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return undefined;
  const tag = Object.prototype.toString.call(value);
  if (ArrayBuffer.isView(value) || LOSSY_TAGS.has(tag))
    return [path, "json_value", `is a ${tag.slice(8, -1)}, which JSON writes without its content: send plain JSON`];
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [joinPath(path, index), item])
    : Object.entries(value).map(([key, item]) => [joinPath(path, key), item]);
  ancestors.add(value);
  try {
    for (const [at, item] of entries) {
      if (item === undefined) continue;
      const found = bodyProblem(item, at, ancestors);
      if (found) return found;
    }
  } finally {
    ancestors.delete(value);
  }
  return undefined;
}

/** Query values the service would read otherwise than the caller: NaN, Infinity, objects, a Map's lost entries. */
function checkQuery(query: unknown, issues: IssueList): void {
  if (!isRecord(query)) {
    const message = "must be a plain object of query values (a Map's or URLSearchParams' entries would be lost)";
    issues.add("query", "type", message);
    return;
  }
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const items: unknown[] = Array.isArray(value) ? value : [value];
    // Named by the key alone, as every list method names its query fields (`cursor`, `limit`).
    for (const item of items) {
      if (typeof item === "number" && !Number.isFinite(item))
        issues.add(key, "finite", `\`${key}\` is ${item}: a query number must be finite`);
      else if (typeof item !== "number" && typeof item !== "string" && typeof item !== "boolean")
        issues.add(key, "type", `\`${key}\` must be a string, a finite number or a boolean (or an array of them)`);
    }
  }
}

/** Headers `fetch` would drop or fail on, and an `Idempotency-Key` header read as `idempotencyKey`. */
function checkHeaders(request: RawRequest<unknown>, issues: IssueList): void {
  const { headers } = request;
  if (headers === undefined) return;
  if (!isRecord(headers)) {
    const message = "must be a plain object of header names to strings (from a `Headers`: `Object.fromEntries(h)`)";
    issues.add("headers", "type", message);
    return;
  }
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (isRuntimeHeader(lower))
      issues.add(`headers.${name}`, "forbidden_header", "is written by the runtime from the request: leave it out");
    if (lower !== "idempotency-key" || typeof value !== "string" || value === "") continue;
    // A key given as a header marks the call safe to repeat, exactly as `idempotencyKey` does.
    if (request.idempotencyKey === undefined) request.idempotencyKey = value;
    else if (typeof request.idempotencyKey === "string" && request.idempotencyKey !== value)
      issues.add(`headers.${name}`, "conflict", "differs from `idempotencyKey`: give the key once");
  }
}

/** Checks a {@link RawRequest} before the network; every broken rule in one `ValidationError` naming the field. */
export function checkRawRequest<T>(given: RawRequest<T>, operation = "request"): CheckedRawRequest<T> {
  const issues = new IssueList();
  if (!isPlainObject(given)) {
    issues.add("(request)", "type", "must be an object `{ method, path, query?, body?, … }`");
    issues.throwIfAny(operation);
  }
  const request = requestObject(given, "request", operation, true);
  const method = typeof request.method === "string" ? request.method.toUpperCase() : "";
  if (!METHODS.has(method)) issues.add("method", "method", `must be one of ${[...METHODS].join(", ")}`);
  if (typeof request.path !== "string" || request.path === "") issues.add("path", "required", "must be a string");
  else {
    const problem = pathProblem(request.path);
    if (problem) issues.add("path", problem[0], `\`${request.path.slice(0, 80)}\` ${problem[1]}`);
  }
  try {
    if (request.query !== undefined) checkQuery(request.query, issues);
  } catch {
    issues.add("query", "readable", "could not be read (a getter or proxy threw)");
  }
  if (request.body !== undefined) {
    if (method === "GET" || method === "HEAD")
      issues.add("body", "no_body", `must be omitted for ${method}: fetch sends no body with it`);
    else {
      let problem: ReturnType<typeof bodyProblem>;
      try {
        // Named as the body's own fields are everywhere (`metadata.tags[1]`), `body` for the body itself.
        problem = bodyProblem(request.body, "", new Set());
      } catch {
        // A getter or proxy that throws: the JSON writer meets it too, and names it.
      }
      if (problem) issues.add(problem[0] || "body", problem[1], `\`${problem[0] || "body"}\` ${problem[2]}`);
    }
  }
  if (request.idempotent !== undefined && typeof request.idempotent !== "boolean")
    issues.add("idempotent", "type", "must be a boolean");
  if (request.idempotencyKey !== undefined && (typeof request.idempotencyKey !== "string" || !request.idempotencyKey))
    issues.add("idempotencyKey", "type", "must be a non-empty string");
  try {
    checkHeaders(request, issues);
  } catch {
    issues.add("headers", "readable", "could not be read (a getter or proxy threw)");
  }
  const schema = request.schema as { kind?: unknown } | undefined;
  if (schema !== undefined && (typeof schema !== "object" || schema === null || schema.kind !== "schema"))
    issues.add("schema", "type", "must be a valibot schema");
  issues.throwIfAny(operation);
  return { method: method as RawMethod, path: request.path, request };
}

/** The per-call options of a raw call (the rest of it is the request itself). */
export function callOptionsOf(request: CallOptions): CallOptions {
  const { signal, timeoutMs, maxRetries, headers } = request;
  return { signal, timeoutMs, maxRetries, headers };
}

/** Whether a repeat is safe: the caller's say, an idempotency key, the known operation's class, else the method. */
export function rawIdempotent(checked: CheckedRawRequest<unknown>, knownIdempotent?: boolean): boolean {
  const { request, method } = checked;
  return request.idempotent ?? (request.idempotencyKey !== undefined || (knownIdempotent ?? SAFE_METHODS.has(method)));
}

/**
 * The transport request of a checked call. `knownIdempotent` is the class of the operation the path names, when
 * the client knows it; `raw` leaves the body unread (a call started by `asResponse()`).
 */
// @__NO_SIDE_EFFECTS__
export function rawRequestSpec<T>(
  checked: CheckedRawRequest<T>,
  raw: boolean,
  knownIdempotent?: boolean,
): RequestSpec<T> {
  const { method, path, request } = checked;
  const { schema } = request;
  return {
    operation: "request",
    method,
    path,
    query: request.query,
    body: request.body,
    idempotent: rawIdempotent(checked, knownIdempotent),
    idempotencyKey: request.idempotencyKey,
    stream: raw,
    options: callOptionsOf(request),
    parse: (json) => (schema ? parseResponse(schema, json, "request") : json) as T,
  };
}
