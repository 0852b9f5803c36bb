import { type ByteReader, readBytesUpTo } from "../core/bounded-body.js";

/** A page request's body as the relay read it. */
export type RelayBody =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "invalid_json" }
  | { kind: "too_large" }
  | { kind: "timeout" }
  | { kind: "broken" };

/**
 * Reads the body, counting bytes as they arrive: past `maxBytes` the read stops and the rest is never taken in (a
 * `Content-Length` already above it is refused unread). The whole body must arrive within `timeoutMs`: a page that
 * trickles it (a byte a second stays under any size cap for days) or never ends it is cut off there, its stream
 * cancelled. A body that breaks off (the page's connection dropped) is `broken`. An empty body is none; anything else
 * must be JSON.
 */
export async function readRelayBody(request: Request, maxBytes: number, timeoutMs: number): Promise<RelayBody> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return { kind: "too_large" };
  }
  if (request.body === null) return { kind: "none" };
  const reader = request.body.getReader();
  let timedOut = false;
  let expire: () => void = () => {};
  const deadline = new Promise<ReadableStreamReadResult<Uint8Array>>((resolve) => {
    expire = () => {
      timedOut = true;
      resolve({ done: true, value: undefined });
      void reader.cancel().catch(() => {});
    };
  });
  const timer = setTimeout(expire, timeoutMs);
  // Each read races the deadline: a runtime whose pending read does not settle on `cancel()` cannot hold the relay.
  const bounded: ByteReader = {
    read: () => Promise.race([reader.read(), deadline]),
    cancel: (reason?: unknown) => reader.cancel(reason),
  };
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readBytesUpTo(bounded, maxBytes);
  } catch {
    if (timedOut) return { kind: "timeout" };
    await reader.cancel().catch(() => {});
    return { kind: "broken" };
  } finally {
    clearTimeout(timer);
  }
  if (timedOut) return { kind: "timeout" };
  if (bytes === undefined) return { kind: "too_large" };
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") return { kind: "none" };
  try {
    return { kind: "json", value: JSON.parse(text) };
  } catch {
    return { kind: "invalid_json" };
  }
}
