import { AbortError, ApiError, ConnectionError, TimeoutError, ValidationError } from "../core/errors.js";
import { isHeaderValue } from "../core/header-values.js";

// What the page receives. The relay answers in the Cloud Agents API's own error format (`{ error: { code, message } }`),
// so the page's client throws the same typed errors whether the relay or the service refused; and it hands on no
// upstream header but an allowlist (never Set-Cookie, auth or anything else the service's edge adds), every value
// passed through the client's redaction like the bodies.

/** Redacts the client's key (in every encoding), and for headers anything credential-shaped, from a text. */
export type RedactText = (text: string) => string;

/**
 * How the relay cleans what it hands on: header values lose anything credential-shaped; content (bodies, stream
 * lines) loses the client's own secrets in every encoding, and keeps a token an agent or user wrote, as a direct read
 * would show it.
 */
export interface RelayRedaction {
  headers: RedactText;
  content: RedactText;
}

/** Upstream headers the page may see: the body's type, waits, request ids, rate limits and stream retention. */
const RELAYED_HEADER =
  /^(content-type|retry-after|x-request-id|x-ratelimit-[a-z]+|ratelimit(-[a-z]+)?|x-service-stream-retention-seconds)$/;

/**
 * What every relay answer carries. Answers are per user: no shared cache may keep one. And they are served from the
 * app's own origin while their bytes are the service's (or anyone's it redirected to): a body a browser would render
 * (`text/html`, SVG, a type it sniffs) must not run script there with the user's session, so the browser is told
 * not to sniff and to open any such document sandboxed, loading nothing.
 */
const ANSWER_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
});

/** A relay answer's headers before anything is added. */
function answerHeaders(): Headers {
  return new Headers(ANSWER_HEADERS);
}

/** An answer of the relay's own, in the API's error format. */
export function relayError(status: number, code: string, message: string, extra?: Record<string, unknown>): Response {
  return Response.json({ error: { code, message, ...extra } }, { status, headers: answerHeaders() });
}

/** The allowlisted upstream headers, redacted. */
export function relayedHeaders(upstream: Headers, redact: RedactText): Headers {
  const headers = answerHeaders();
  upstream.forEach((value, name) => {
    if (RELAYED_HEADER.test(name)) headers.set(name, redact(value));
  });
  return headers;
}

/** A 2xx answer from upstream, its body (read by the caller) redacted: a JSON body stays valid JSON (the replacement has no quote). */
export function relaySuccess(upstream: Response, text: string, redact: RelayRedaction): Response {
  const headers = relayedHeaders(upstream.headers, redact.headers);
  const nullBody = upstream.status === 204 || upstream.status === 205 || upstream.status === 304;
  return new Response(nullBody ? null : redact.content(text), { status: upstream.status, headers });
}

/**
 * The service's error answer as the page gets it: the same status and error body (redacted by the client when it
 * read it), and the headers the error carried (request id, `Retry-After`, rate limits), rebuilt from what it parsed.
 */
function apiErrorAnswer(error: ApiError): Response {
  const headers = answerHeaders();
  // A request id read from the error body may hold what no header value can (a line break, a character beyond
  // Latin-1): `Headers.set` would throw, so such an id stays in the body only.
  if (error.requestId !== undefined && isHeaderValue(error.requestId)) headers.set("x-request-id", error.requestId);
  if (error.retryAfterMs !== undefined) headers.set("retry-after", String(Math.ceil(error.retryAfterMs / 1000)));
  for (const [field, value] of Object.entries(error.rateLimit ?? {})) {
    if (value !== undefined) headers.set(`x-ratelimit-${field}`, String(value));
  }
  const { body } = error;
  if (body === undefined || body === "") return new Response(null, { status: error.status, headers });
  if (typeof body === "string") {
    headers.set("content-type", "text/plain; charset=utf-8");
    return new Response(body, { status: error.status, headers });
  }
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status: error.status, headers });
}

/**
 * The answer for what a relayed call threw: the service's error as it came; a request that breaks the operation's
 * rules, 400 (nothing was sent); the service out of reach, 502, or too slow, 504; the page gone, 499. Anything else
 * is the relay's own bug and is thrown on.
 */
export function relayFailure(error: unknown): Response {
  if (error instanceof ApiError) return apiErrorAnswer(error);
  if (error instanceof ValidationError && error.direction === "request") {
    return relayError(400, "validation_error", error.message, { issues: error.issues });
  }
  if (error instanceof TimeoutError) {
    return relayError(504, "gateway_timeout", "The Cloud Agents service did not answer the relay in time.");
  }
  if (error instanceof ConnectionError) {
    return relayError(502, "bad_gateway", "The relay could not reach the Cloud Agents service.");
  }
  if (error instanceof AbortError) return relayError(499, "client_closed_request", "The request was aborted.");
  throw error;
}
