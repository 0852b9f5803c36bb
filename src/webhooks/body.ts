import { badArgument, hasMethods } from "../core/arguments.js";
import { WebhookVerificationError } from "./errors.js";

/**
 * The default cap on a webhook body. The spec gives none; its largest documented payload, a review with 50
 * comments of 65,536 code points each, stays below it. GitHub documents the same 25 MiB for its webhooks.
 */
export const DEFAULT_MAX_BODY_BYTES = 25 * 1024 * 1024;

const tooLarge = (maxBytes: number) =>
  new WebhookVerificationError("body_too_large", `The body exceeds maxBodyBytes (${maxBytes}).`);

/**
 * The raw bytes of a body, read to its end but stopped (and the stream cancelled) as soon as it passes
 * `maxBytes`, so an oversized body is refused without being buffered whole. A declared `Content-Length`
 * over the cap is refused before reading anything.
 */
export async function readCappedBody(
  body: BodyInit | null | undefined,
  maxBytes: number,
  contentLength?: string | null,
): Promise<Uint8Array> {
  if (Number(contentLength) > maxBytes) throw tooLarge(maxBytes);
  // One path for every body kind: a string, bytes or buffer becomes a stream too.
  const stream = hasMethods("getReader")(body) ? (body as ReadableStream<Uint8Array>) : new Response(body).body;
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (stream) {
    const reader = stream.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      // A caller's stream of strings (or anything but bytes) would be read as nothing: refused, not guessed at.
      if (!(read.value instanceof Uint8Array)) {
        await reader.cancel().catch(() => undefined);
        badArgument("input.body", "a ReadableStream of bytes (Uint8Array chunks), as received");
      }
      total += read.value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      chunks.push(read.value);
    }
  }
  const out = new Uint8Array(total);
  total = 0;
  for (const chunk of chunks) {
    out.set(chunk, total);
    total += chunk.byteLength;
  }
  return out;
}

/**
 * Whether a value can be the raw body of a delivery: a string, bytes (any ArrayBuffer view, an ArrayBuffer, a
 * Blob), a stream, or nothing. A parsed JSON object (a framework's `req.body`) is not: its bytes are gone.
 */
export function isRawBody(body: unknown): boolean {
  return (
    body === null ||
    body === undefined ||
    typeof body === "string" ||
    ArrayBuffer.isView(body) ||
    Object.prototype.toString.call(body) === "[object ArrayBuffer]" ||
    (typeof Blob === "function" && body instanceof Blob) ||
    hasMethods("getReader")(body)
  );
}
