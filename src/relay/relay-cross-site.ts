import { relayError } from "./relay-answers.js";

// A page on another site can make a browser send a "simple" request — a POST whose body is text/plain or a form, or
// without a body — with the user's cookies and no CORS preflight. With a cookie session, `authorize` would say yes
// and the relay would start or cancel a run for that site. Two checks stop it before anything else runs: a body
// must be declared JSON (which a simple request cannot do), and a state-changing request a browser marks as coming
// from another origin (`Origin`, `Sec-Fetch-Site`) is refused unless that origin is listed.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a content type declares JSON: `application/json` or any `+json` type, parameters allowed. */
function isJsonType(contentType: string | null): boolean {
  const essence = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return essence === "application/json" || essence.endsWith("+json");
}

/** 415 for a non-empty body not declared JSON (checked once the body is read, before `authorize`), else `undefined`. */
export function bodyTypeRefusal(request: Request, hasBody: boolean): Response | undefined {
  if (!hasBody || isJsonType(request.headers.get("content-type"))) return undefined;
  return relayError(415, "unsupported_media_type", "Send the request body as application/json.");
}

/** 403 for a state-changing request from an origin other than the relay's own or `allowedOrigins`, else `undefined`. */
export function crossSiteRefusal(
  request: Request,
  url: URL,
  allowedOrigins: ReadonlySet<string>,
): Response | undefined {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return undefined;
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== "null") {
    if (origin === url.origin || allowedOrigins.has(origin)) return undefined;
    return relayError(403, "cross_origin", "Requests from this origin are not accepted here.");
  }
  // No Origin (a same-origin GET-turned-POST in an old browser, or a server): trust Sec-Fetch-Site when present.
  const site = request.headers.get("sec-fetch-site");
  if (origin === "null" || (site !== null && site !== "same-origin" && site !== "none")) {
    return relayError(403, "cross_origin", "Requests from another site are not accepted here.");
  }
  return undefined;
}
