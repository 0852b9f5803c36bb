import { readBytesUpTo } from "../core/bounded-body.js";

/** A page request's body as the relay read it. */
export type RelayBody =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "invalid_json" }
  | { kind: "too_large" };

/**
 * Reads the body, counting bytes as they arrive: past `maxBytes` the read stops and the rest is never taken in (a
 * `Content-Length` already above it is refused unread). An empty body is none; anything else must be JSON.
 */
export async function readRelayBody(request: Request, maxBytes: number): Promise<RelayBody> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return { kind: "too_large" };
  }
  if (request.body === null) return { kind: "none" };
  const bytes = await readBytesUpTo(request.body.getReader(), maxBytes);
  if (bytes === undefined) return { kind: "too_large" };
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") return { kind: "none" };
  try {
    return { kind: "json", value: JSON.parse(text) };
  } catch {
    return { kind: "invalid_json" };
  }
}
