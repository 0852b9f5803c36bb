import { relayError } from "./relay-answers.js";

// CORS for the pages `allowedOrigins` lists (Fetch standard, § CORS protocol): a page on another origin than the
// relay may read an answer only when it names that origin in `Access-Control-Allow-Origin`, and may send a JSON body
// or the client's own headers only after a preflight answered 2xx. Exact origins only, never `*`: the relay acts with
// the user's session (cookies included, so credentials are allowed), and any other origin — `null`, a look-alike
// suffix such as `https://app.example.com.evil.test` — gets no CORS header at all, so the browser keeps every answer
// from it. With a list, every answer says `Vary: Origin`, since whether it may be read depends on the Origin (without
// one no answer carries a CORS header; all are `no-store` anyway).

/** The request headers a page's client sends besides CORS-safelisted ones (`Authorization`: an app's own session). */
const REQUEST_HEADERS = "content-type, idempotency-key, last-event-id, authorization, x-agentline-client";

/** The answer headers the relay passes on that a cross-origin page's client reads (waits, request id, rate limits). */
const EXPOSED_HEADERS = [
  "retry-after",
  "x-request-id",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "x-service-stream-retention-seconds",
].join(", ");

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = "600";

/** Whether a request is a browser's CORS preflight (OPTIONS with `Origin` and `Access-Control-Request-Method`). */
export function isPreflight(request: Request): boolean {
  return (
    request.method.toUpperCase() === "OPTIONS" &&
    request.headers.has("origin") &&
    request.headers.has("access-control-request-method")
  );
}

/**
 * The answer to a preflight at a path served under the methods `allow`: 204 allowing them for a listed origin when it
 * asks for one of them; 403 for any other origin; 405 for a method the path does not serve.
 */
export function preflightAnswer(request: Request, allowedOrigins: ReadonlySet<string>, allow: string[]): Response {
  if (!allowedOrigins.has(request.headers.get("origin") ?? "")) {
    return relayError(403, "cross_origin", "Requests from this origin are not accepted here.");
  }
  const wanted = request.headers.get("access-control-request-method") ?? "";
  if (!allow.includes(wanted)) {
    const response = relayError(405, "method_not_allowed", `Use ${allow.join(" or ")} here.`);
    response.headers.set("allow", allow.join(", "));
    return response;
  }
  const response = new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
  response.headers.set("access-control-allow-methods", allow.join(", "));
  response.headers.set("access-control-allow-headers", REQUEST_HEADERS);
  response.headers.set("access-control-max-age", PREFLIGHT_MAX_AGE);
  response.headers.append("vary", "Access-Control-Request-Method, Access-Control-Request-Headers");
  return response;
}

/** With `allowedOrigins`, the answer with `Vary: Origin`, and for a listed origin the headers that let it be read. */
export function withCors(response: Response, request: Request, allowedOrigins: ReadonlySet<string>): Response {
  if (allowedOrigins.size === 0) return response;
  const origin = request.headers.get("origin");
  const listed = origin !== null && allowedOrigins.has(origin);
  const decorate = (headers: Headers) => {
    headers.append("vary", "Origin");
    if (!listed) return;
    headers.set("access-control-allow-origin", origin);
    headers.set("access-control-allow-credentials", "true");
    headers.set("access-control-expose-headers", EXPOSED_HEADERS);
  };
  try {
    decorate(response.headers);
    return response;
  } catch {
    // Immutable headers (a `Response.redirect()` or a fetched answer `authorize` returned): the same answer, copied.
    const copy = new Response(response.body, response);
    decorate(copy.headers);
    return copy;
  }
}
