import type { RateLimitInfo } from "./rate-limit.js";
import { redactCredentials } from "./redact.js";

/** Every string `code` an {@link AgentlineError} can carry besides an API's own error codes. */
export type AgentlineErrorCode =
  | "api_error"
  | "connection_error"
  | "timeout"
  | "aborted"
  | "validation_error"
  | "missing_fetch"
  | "webhook_verification_failed"
  | (string & {});

// A realm-independent brand: `instanceof` fails across iframes, workers and duplicated bundles; a
// registered symbol does not.
const BRAND = Symbol.for("agentline.error");
// What Node's util.inspect (console.log) and Bun call for a custom view; a registered symbol, so no Node import.
const INSPECT: unique symbol = Symbol.for("nodejs.util.inspect.custom");

/**
 * `value` when it is a string, else `fallback`. Error constructors never throw: one built from a wrong init (a
 * missing message, a symbol) still comes out as an error with text, not as a TypeError from a template string.
 */
export function textOr<T extends string | undefined>(value: unknown, fallback: T): string | T {
  return typeof value === "string" ? value : fallback;
}

/** An init argument as an object to read fields from (`{}` for anything else). */
function initObject<T extends object>(value: T | undefined): Partial<T> {
  return typeof value === "object" && value !== null ? value : {};
}

/** The `inspect` function and options Node hands a custom inspection. */
type Inspect = (value: unknown, options?: Record<string, unknown>) => string;

/** The base class of every error agentline throws. @see {@link https://github.com/agentline/agentline#errors | README: Errors} */
export class AgentlineError extends Error {
  /** A stable string to branch on; for API errors, the server's own code. */
  readonly code: AgentlineErrorCode;

  constructor(message: string, options: { code: AgentlineErrorCode; cause?: unknown }) {
    const { code, cause } = initObject(options);
    super(textOr(message, ""), cause === undefined ? undefined : { cause });
    this.code = textOr(code, "agentline_error");
    Object.defineProperty(this, BRAND, { value: true });
    // The class's name as an own data property (not a prototype getter): Bun (JavaScriptCore) writes the `stack`
    // header, and so `console.log(error)`, from a data property only, and would print `Error:` for every class.
    Object.defineProperty(this, "name", {
      value: new.target.name,
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }

  /** A plain, secret-free record for structured logs. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, code: this.code, message: this.message };
  }

  /** The fields `console.log(error)` shows after the stack (the `toJSON()` record by default). */
  protected inspectFields(): Record<string, unknown> {
    const { name: _name, message: _message, ...fields } = this.toJSON();
    return fields;
  }

  /**
   * What `console.log(error)` prints in Node and Bun: the stack, the `toJSON()` fields and the cause, passed
   * through {@link safeView} last.
   */
  [INSPECT](depth: number, options?: Record<string, unknown>, inspect?: Inspect): string {
    if (depth < 0) return `[${this.name}]`;
    const head = this.stack ?? `${this.name}: ${this.message}`;
    if (typeof inspect !== "function") return this.safeView(head);
    const nested = { ...options, depth: typeof options?.depth === "number" ? options.depth - 1 : options?.depth };
    const fields = this.cause === undefined ? this.inspectFields() : { ...this.inspectFields(), cause: this.cause };
    return this.safeView(`${head} ${inspect(fields, nested)}`);
  }

  /**
   * The last pass over the inspect view. The errors that carry what a server or a runtime said (API, connection,
   * timeout and abort errors) remove anything credential-shaped once more, in case one was built outside the
   * transport; errors whose text is the SDK's own keep it as is, so that code which never meets a response (a
   * webhook receiver) does not ship the redaction.
   */
  protected safeView(text: string): string {
    return text;
  }
}

/** {@link AgentlineError.safeView} for the errors that carry a server's or a runtime's words. */
const credentialSafeView = (text: string): string => redactCredentials(text);

/** True for any agentline error, even one thrown by another copy of the SDK or in another realm. */
export function isAgentlineError(value: unknown): value is AgentlineError {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}

/** What an {@link ApiError} was built from: the parsed error body plus the response's metadata. */
export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  requestId?: string | undefined;
  helpUrl?: string | undefined;
  provider?: string | undefined;
  rateLimit?: RateLimitInfo | undefined;
  /** Milliseconds the server asked us to wait (`Retry-After`), when it did. */
  retryAfterMs?: number | undefined;
  /** Field violations the server reported (forge `details`), as `{ field, description }`. */
  fieldViolations?: ReadonlyArray<{ field: string; description: string }> | undefined;
  /** The error body as the server sent it (parsed JSON, or text cut to 200 characters). */
  body?: unknown;
  method?: string | undefined;
  path?: string | undefined;
  /** Which attempt (from 1) got this answer. */
  attempt?: number | undefined;
  /** What the SDK knows that the server did not say (e.g. which key kind or scope a route needs). */
  hint?: string | undefined;
}

/** A non-2xx answer from one of the APIs. One subclass per status family (400, 401, 403, 404, 409, 410, 429, 5xx). */
export class ApiError extends AgentlineError {
  readonly status: number;
  readonly requestId: string | undefined;
  readonly helpUrl: string | undefined;
  readonly provider: string | undefined;
  readonly rateLimit: RateLimitInfo | undefined;
  readonly retryAfterMs: number | undefined;
  readonly fieldViolations: ReadonlyArray<{ field: string; description: string }>;
  readonly body: unknown;
  readonly method: string | undefined;
  readonly path: string | undefined;
  /** Which attempt (from 1) got this answer; above 1 means earlier attempts failed and were retried. */
  readonly attempt: number;
  /** The server's own message, as sent (secrets scrubbed). */
  readonly serverMessage: string;
  /** What the SDK adds to the server's message (e.g. the key kind or scope a route needs). */
  readonly hint: string | undefined;
  readonly #init: ApiErrorInit;

  constructor(init: ApiErrorInit) {
    const given = initObject(init);
    init = {
      ...given,
      status: typeof given.status === "number" ? given.status : 0,
      code: textOr(given.code, "api_error"),
      message: textOr(given.message, ""),
      method: textOr(given.method, undefined),
      path: textOr(given.path, undefined),
      hint: textOr(given.hint, undefined),
      fieldViolations: Array.isArray(given.fieldViolations) ? given.fieldViolations : undefined,
      attempt: typeof given.attempt === "number" ? given.attempt : undefined,
    };
    const where = init.method && init.path ? ` (${init.method} ${init.path})` : "";
    const hint = init.hint ? ` — ${init.hint}` : "";
    super(`${init.status} ${init.code}: ${init.message}${where}${hint}`, { code: init.code });
    this.#init = init;
    this.serverMessage = init.message;
    this.hint = init.hint;
    this.status = init.status;
    this.requestId = init.requestId;
    this.helpUrl = init.helpUrl;
    this.provider = init.provider;
    this.rateLimit = init.rateLimit;
    this.retryAfterMs = init.retryAfterMs;
    this.fieldViolations = init.fieldViolations ?? [];
    this.body = init.body;
    this.method = init.method;
    this.path = init.path;
    this.attempt = init.attempt ?? 1;
  }

  /** The same error (same class) with a hint appended to its message. */
  withHint(hint: string): ApiError {
    const ErrorClass = this.constructor as typeof ApiError;
    return new ErrorClass({ ...this.#init, hint });
  }

  /** Seconds to wait before retrying, as the server asked (`Retry-After`), when it did. */
  get retryAfter(): number | undefined {
    return this.retryAfterMs === undefined ? undefined : this.retryAfterMs / 1000;
  }

  protected override inspectFields(): Record<string, unknown> {
    return { ...super.inspectFields(), body: this.body };
  }

  protected override safeView(text: string): string {
    return credentialSafeView(text);
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      status: this.status,
      requestId: this.requestId,
      helpUrl: this.helpUrl,
      provider: this.provider,
      rateLimit: this.rateLimit,
      retryAfterMs: this.retryAfterMs,
      fieldViolations: this.fieldViolations.length ? this.fieldViolations : undefined,
      method: this.method,
      path: this.path,
      attempt: this.attempt,
      hint: this.hint,
    };
  }
}

/** 400: a validation error, malformed body, or (streams) an invalid `Last-Event-ID`. */
export class BadRequestError extends ApiError {}
/** 401: the key, JWT or token is missing or invalid. */
export class AuthenticationError extends ApiError {}
/** 403: authenticated, but a plan, role, scope or feature is missing. */
export class PermissionDeniedError extends ApiError {}
/** 404: the agent, run or resource does not exist (or is not visible). */
export class NotFoundError extends ApiError {}
/** 409: a state conflict (agent busy or archived, id conflict, run not cancellable, …). */
export class ConflictError extends ApiError {}
/** 410: gone, e.g. a run stream past its retention window (`stream_expired`). */
export class GoneError extends ApiError {}
/** 429: rate limited; `retryAfter` and `rateLimit` say when to come back. */
export class RateLimitError extends ApiError {}
/** 5xx: the service failed. */
export class InternalServerError extends ApiError {}

/** The one place a status maps to an error class; a status of no family (or not a number at all) gives `ApiError`. */
export function apiErrorClassFor(status: number): typeof ApiError {
  if (typeof status !== "number") return ApiError;
  if (status === 400) return BadRequestError;
  if (status === 401) return AuthenticationError;
  if (status === 403) return PermissionDeniedError;
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status === 410) return GoneError;
  if (status === 429) return RateLimitError;
  if (status >= 500) return InternalServerError;
  return ApiError;
}

/** What a {@link ConnectionError} knows about the request that failed. */
export interface ConnectionErrorDetails {
  /** The request's method. */
  method?: string | undefined;
  /** The request's origin and path: never its query or credentials. */
  url?: string | undefined;
  /** The network error's code (`ECONNREFUSED`, `ENOTFOUND`, …) read from the cause chain, when it had one. */
  causeCode?: string | undefined;
}

/** The request never got a response: DNS, refused or reset connection, or a body cut short. */
export class ConnectionError extends AgentlineError {
  /** The request's method, when the error came from a request. */
  readonly method: string | undefined;
  /** The request's origin and path (no query, no credentials), when the error came from a request. */
  readonly url: string | undefined;
  /** `ECONNREFUSED`, `ENOTFOUND`, `EAI_AGAIN`, `ECONNRESET`, `UND_ERR_SOCKET`, …; undefined when the cause had none. */
  readonly causeCode: string | undefined;

  constructor(message?: string, cause?: unknown, details?: ConnectionErrorDetails) {
    super(textOr(message, "The connection failed before a response arrived."), { code: "connection_error", cause });
    const { method, url, causeCode } = initObject(details);
    this.method = method;
    this.url = url;
    this.causeCode = causeCode;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), method: this.method, url: this.url, causeCode: this.causeCode };
  }

  protected override safeView(text: string): string {
    return credentialSafeView(text);
  }
}

/** One attempt took longer than `timeoutMs`. */
export class TimeoutError extends AgentlineError {
  readonly timeoutMs: number;
  constructor(timeoutMs: number, cause?: unknown) {
    const after = typeof timeoutMs === "number" ? ` after ${timeoutMs} ms` : "";
    super(`The request timed out${after}; raise \`timeoutMs\` in the options if it needs longer.`, {
      code: "timeout",
      cause,
    });
    this.timeoutMs = typeof timeoutMs === "number" ? timeoutMs : Number.NaN;
  }

  protected override safeView(text: string): string {
    return credentialSafeView(text);
  }
}

/** The caller's `AbortSignal` fired. */
export class AbortError extends AgentlineError {
  constructor(message?: string, cause?: unknown) {
    super(textOr(message, "The request was aborted by the caller's signal."), { code: "aborted", cause });
  }

  protected override safeView(text: string): string {
    return credentialSafeView(text);
  }
}

/** One broken rule: where (`path`, like `prompt.images[2].mimeType`), which rule, and a sentence. */
export interface ValidationIssue {
  /** Dotted path to the field, with `[i]` for array items; `""` for the whole value. */
  path: string;
  /** A short stable rule name, e.g. `required`, `max_length`, `one_of`, `exclusive`. */
  rule: string;
  /** A sentence a person can act on. Never contains the offending value when it could be secret. */
  message: string;
}

/** A request that breaks the spec (never sent), or a response that does (`direction: "response"`). */
export class ValidationError extends AgentlineError {
  readonly issues: readonly ValidationIssue[];
  readonly direction: "request" | "response";

  constructor(issues: readonly ValidationIssue[], options?: { direction?: "request" | "response"; context?: string }) {
    const list = Array.isArray(issues) ? issues : [];
    const { direction, context } = initObject(options);
    const first = initObject(list[0]);
    const more = list.length > 1 ? ` (and ${list.length - 1} more)` : "";
    const where = textOr(context, "") && `${context}: `;
    const text = list[0]
      ? `${textOr(first.path, "") || "(value)"}: ${textOr(first.message, "")} [${textOr(first.rule, "")}]`
      : "invalid value";
    super(`${where}${text}${more}`, { code: "validation_error" });
    this.issues = list;
    this.direction = direction === "response" ? "response" : "request";
  }

  /** The path of the first broken field. */
  get path(): string {
    return this.issues[0]?.path ?? "";
  }

  /** The rule of the first broken field. */
  get rule(): string {
    return this.issues[0]?.rule ?? "";
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), direction: this.direction, issues: this.issues };
  }
}
