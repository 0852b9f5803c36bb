import type * as v from "valibot";
import { requestObject } from "./arguments.js";
import type { CallOptions } from "./options.js";
import { decodeOnce } from "./paths.js";
import { parseResponse } from "./schema.js";
import type { QueryValue, RequestSpec } from "./transport.js";
import { IssueList, isPlainObject } from "./validation.js";

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
  if (request.query !== undefined && !isPlainObject(request.query))
    issues.add("query", "type", "must be an object of query values");
  if (request.idempotent !== undefined && typeof request.idempotent !== "boolean")
    issues.add("idempotent", "type", "must be a boolean");
  if (request.idempotencyKey !== undefined && (typeof request.idempotencyKey !== "string" || !request.idempotencyKey))
    issues.add("idempotencyKey", "type", "must be a non-empty string");
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
