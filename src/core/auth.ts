/** How a key travels: `Authorization: Bearer <key>` or HTTP Basic with the key as username. */
export type AuthScheme = "bearer" | "basic";

const encoder = new TextEncoder();

/** Standard base64 (with padding) of some bytes. */
export function base64FromBytes(bytes: Uint8Array): string {
  let binary = "";
  // Chunked so a long input never overflows the argument list of String.fromCharCode.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Base64 of a string's UTF-8 bytes (btoa alone throws on non-Latin-1 text, so the bytes go through TextEncoder). */
export function base64FromUtf8(text: string): string {
  return base64FromBytes(encoder.encode(text));
}

/**
 * The `Authorization` header value for an API key.
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Authentication) — Basic uses the key as username and an empty password.
 */
export function authorizationHeader(apiKey: string, scheme: AuthScheme): string {
  return scheme === "basic" ? `Basic ${base64FromUtf8(`${apiKey}:`)}` : `Bearer ${apiKey}`;
}
