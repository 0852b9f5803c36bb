import { readTextUpTo } from "./bounded-body.js";
import { parseErrorBody } from "./error-bodies.js";
import {
  AbortError,
  AgentlineError,
  type ApiError,
  type ApiErrorInit,
  apiErrorClassFor,
  ConnectionError,
  TimeoutError,
} from "./errors.js";
import { parseRateLimit, parseRetryAfter } from "./rate-limit.js";
import type { Redactor } from "./redact.js";

// Every error the transport builds from a response or from what `fetch` threw is made here, and every string in
// it passes the client's redactor: by construction, no field can be forgotten.

/** How deep a cause chain is copied; deeper links are dropped. */
const MAX_CAUSE_DEPTH = 6;
/** How much of each cause's message a ConnectionError's message repeats. */
const MAX_CAUSE_MESSAGE = 200;

/** What the transport knows about the request whose failure is being turned into an error. */
export interface RequestFacts {
  method: string;
  /** The absolute URL, query included (it is cut to origin and path before it is shown). */
  url: string;
  redactor: Redactor;
}

const isErrorLike = (value: unknown): value is Error =>
  value instanceof Error || Object.prototype.toString.call(value) === "[object Error]";

function defineHidden(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: false });
}

/**
 * An agentline error made safe in place (identity kept, so `instanceof` and `error.cause === x` still hold):
 * message, stack and every own field redacted, the cause chain replaced by safe copies.
 */
export function scrubError<E extends Error>(error: E, redactor: Redactor, depth = 0): E {
  try {
    const record = error as unknown as Record<string, unknown>;
    for (const key of Object.keys(error)) {
      if (key !== "cause") record[key] = redactor.value(record[key]);
    }
    error.message = redactor.text(error.message);
    if (typeof error.stack === "string") error.stack = redactor.text(error.stack);
    if (error.cause !== undefined) defineHidden(error, "cause", safeCause(error.cause, redactor, depth + 1));
  } catch {
    // A frozen error cannot be scrubbed in place; it was built by the caller's own code, not from a response.
  }
  return error;
}

/**
 * What a cause becomes before an error shows it: a foreign error turns into a plain `Error` copy keeping its
 * name, message, code and other simple fields, stack and cause (recursively), all redacted; an agentline error is
 * scrubbed in place; plain data is redacted; any other object is named, not kept.
 */
export function safeCause(value: unknown, redactor: Redactor, depth = 0): unknown {
  if (depth > MAX_CAUSE_DEPTH) return undefined;
  if (value instanceof AgentlineError) return scrubError(value, redactor, depth);
  if (isErrorLike(value)) return copyError(value, redactor, depth);
  if (typeof value === "string" || Array.isArray(value)) return redactor.value(value);
  if (typeof value !== "object" || value === null) return value;
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return redactor.value(value);
  return redactor.text(Object.prototype.toString.call(value));
}

function copyError(source: Error, redactor: Redactor, depth: number): Error {
  const copy = new Error(redactor.text(String(source.message ?? "")));
  defineHidden(copy, "name", redactor.text(String(source.name ?? "Error")));
  const fields = source as unknown as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    if (key === "message" || key === "stack" || key === "cause" || key === "name") continue;
    const item = fields[key];
    const safe = typeof item === "object" && item !== null ? safeCause(item, redactor, depth + 1) : item;
    if (typeof safe !== "function")
      (copy as unknown as Record<string, unknown>)[redactor.text(key)] = redactor.value(safe);
  }
  // DOMException and friends keep `code` on the prototype.
  if (!("code" in copy) && (typeof fields.code === "string" || typeof fields.code === "number")) {
    (copy as unknown as Record<string, unknown>).code = redactor.value(fields.code);
  }
  if (Array.isArray(fields.errors)) {
    defineHidden(
      copy,
      "errors",
      fields.errors.map((item) => safeCause(item, redactor, depth + 1)),
    );
  }
  defineHidden(copy, "stack", typeof source.stack === "string" ? redactor.text(source.stack) : undefined);
  if (source.cause !== undefined) defineHidden(copy, "cause", safeCause(source.cause, redactor, depth + 1));
  return copy;
}

/** The origin and path of a URL: what an error may show of it (never the query, nor user:password@). */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.origin + parsed.pathname;
  } catch {
    return url.replace(/[?#].*$/s, "");
  }
}

const CODE_SHAPE = /^[A-Z][A-Z0-9_]{1,63}$/;

/** The first code-shaped `code` in a cause chain: undici puts the socket's one level down (`cause.cause.code`). */
export function causeCodeOf(cause: unknown): string | undefined {
  let current = cause;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && CODE_SHAPE.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const ADVICE: ReadonlyArray<[RegExp, string]> = [
  [/^ECONNREFUSED$/, "nothing accepted the connection: check `baseUrl` and that the service is running"],
  [/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)$/, "the host name did not resolve: check `baseUrl` and DNS"],
  [/^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/, "the connection closed mid-request"],
  [
    /^(ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|UND_ERR_CONNECT_TIMEOUT)$/,
    "the host could not be reached: check the network",
  ],
  [/CERT|TLS|SSL/, "the TLS handshake failed: check the certificate `baseUrl` serves"],
];

/** The messages down a cause chain, joined: `fetch failed: connect ECONNREFUSED 127.0.0.1:4000`. */
function chainMessage(cause: unknown): string {
  const parts: string[] = [];
  let current = cause;
  for (let depth = 0; depth < 3 && current !== undefined && current !== null; depth++) {
    const message = typeof current === "object" ? (current as { message?: unknown }).message : current;
    if (typeof message === "string" && message !== "" && !parts.includes(message)) {
      parts.push(message.length > MAX_CAUSE_MESSAGE ? `${message.slice(0, MAX_CAUSE_MESSAGE)}…` : message);
    }
    current = typeof current === "object" ? (current as { cause?: unknown }).cause : undefined;
  }
  return parts.join(": ");
}

/**
 * What the transport throws for something that went wrong before a complete answer: the caller's abort, the
 * attempt's timeout, or a connection failure naming the method, URL and network code. Agentline errors raised
 * along the way (a response that breaks the schema) are scrubbed and kept.
 */
export function errorFromThrown(
  caught: unknown,
  facts: RequestFacts & { timedOut: boolean; timeoutMs: number; aborted: boolean },
): AgentlineError {
  const { redactor } = facts;
  if (caught instanceof AgentlineError) return scrubError(caught, redactor);
  const cause = safeCause(caught, redactor);
  if (facts.aborted) return new AbortError(undefined, cause);
  if (facts.timedOut) return new TimeoutError(facts.timeoutMs, cause);
  const method = facts.method;
  const url = redactor.text(displayUrl(facts.url));
  const causeCode = causeCodeOf(cause);
  const advice = causeCode ? ADVICE.find(([pattern]) => pattern.test(causeCode))?.[1] : undefined;
  // Its own closing period and spaces go: the message ends with one period (`…closed.` not `…closed..`).
  const detail = chainMessage(cause).replace(/[.\s]+$/, "");
  const message =
    `${method} ${url} failed before a complete response arrived${causeCode ? ` (${causeCode})` : ""}` +
    `${detail ? `: ${detail}` : ""}${advice ? ` — ${advice}` : ""}.`;
  return new ConnectionError(message, cause, { method, url, causeCode });
}

/** A 2xx whose body is not the JSON the API promises (cut short, or not the API at all). */
export function brokenBodyError(response: Response, facts: RequestFacts): ConnectionError {
  const url = facts.redactor.text(displayUrl(facts.url));
  const type = facts.redactor.text(response.headers.get("content-type") ?? "no content-type");
  return new ConnectionError(
    `${facts.method} ${url} answered ${response.status} with a body that is not valid JSON (${type}): cut short, or not the API.`,
    undefined,
    { method: facts.method, url },
  );
}

/** The most bytes of an error body read (the API's error bodies are a few hundred). */
export const MAX_ERROR_BODY_BYTES = 1024 * 1024;

/** Reads an error response into the right `ApiError` subclass; every string in it (body included) redacted. */
export async function apiErrorFromResponse(
  response: Response,
  facts: RequestFacts & { path: string; attempt: number; now: number },
): Promise<ApiError> {
  let text = "";
  try {
    // An error body past the cap (a broken or hostile server: a page of HTML, an endless stream) is not held: the
    // status alone still makes a useful error.
    text = (await readTextUpTo(response, MAX_ERROR_BODY_BYTES)) ?? "";
  } catch {
    // The error body was cut short; the status alone still makes a useful error.
  }
  const { redactor } = facts;
  const parsed = parseErrorBody(response.status, text, redactor.value);
  const init: ApiErrorInit = redactor.value({
    status: response.status,
    code: parsed.code,
    message: parsed.message,
    requestId: response.headers.get("x-request-id") ?? parsed.requestId,
    helpUrl: parsed.helpUrl,
    provider: parsed.provider,
    rateLimit: parseRateLimit(response.headers),
    retryAfterMs: parseRetryAfter(response.headers.get("retry-after"), facts.now),
    fieldViolations: parsed.fieldViolations,
    body: parsed.body,
    method: facts.method,
    path: facts.path,
    attempt: facts.attempt,
  });
  const ErrorClass = apiErrorClassFor(response.status);
  return new ErrorClass(init);
}
