// The demo's sign-in: a session cookie the Worker sets on the page's first load, signed (HMAC-SHA256) so that any
// isolate holding the same secret can check it without a session store. Your app has its own sign-in; what matters
// is that the relay's `authorize` can tell who is asking before anything goes upstream.

/** The cookie's name. */
export const SESSION_COOKIE = "agentline_demo_session";

const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The signing key: from `secret` (the same in every isolate), or a random one for this isolate only (local runs). */
export async function sessionKey(secret: string | undefined): Promise<CryptoKey> {
  const usages: KeyUsage[] = ["sign", "verify"];
  if (secret) {
    return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, usages);
  }
  return crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-256" }, false, usages) as Promise<CryptoKey>;
}

async function sign(key: CryptoKey, id: string): Promise<string> {
  return base64url(await crypto.subtle.sign("HMAC", key, encoder.encode(id)));
}

/** The value of cookie `name` in the request's Cookie header, if any. */
function cookieOf(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** The session id the request's cookie carries, when its signature holds; else `undefined`. */
export async function readSession(request: Request, key: CryptoKey): Promise<string | undefined> {
  const [id, signature] = (cookieOf(request, SESSION_COOKIE) ?? "").split(".");
  if (!id || !signature) return undefined;
  try {
    // Checked by the platform (constant time), not by comparing strings.
    const bytes = Uint8Array.from(atob(signature.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
    return (await crypto.subtle.verify("HMAC", key, bytes, encoder.encode(id))) ? id : undefined;
  } catch {
    return undefined; // not base64: a forged or damaged cookie
  }
}

/** A `Set-Cookie` value opening a new session: HttpOnly (page scripts never see it), SameSite=Strict (no CSRF). */
export async function newSessionCookie(request: Request, key: CryptoKey): Promise<string> {
  const id = crypto.randomUUID();
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${SESSION_COOKIE}=${id}.${await sign(key, id)}; Path=/; HttpOnly; SameSite=Strict${secure}`;
}
