import { badArgument, hasMethods } from "../core/arguments.js";
import { readBytesUpTo } from "../core/bounded-body.js";
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
  // Bytes (any view, an ArrayBuffer, a SharedArrayBuffer or resizable one, which `new Response` refuses) are copied
  // once, here: the copy is the body's own, whatever later happens to the caller's buffer.
  if (ArrayBuffer.isView(body) || isBuffer(body)) {
    let bytes: Uint8Array;
    try {
      bytes = ArrayBuffer.isView(body)
        ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
        : new Uint8Array(body as ArrayBuffer);
    } catch {
      badArgument("input.body", "bytes still readable (not a transferred, detached buffer)");
    }
    if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
    return bytes.slice();
  }
  // Every other kind (a string, a Blob, a stream) is read as a stream, with the cap.
  const stream = hasMethods("getReader")(body) ? (body as ReadableStream<Uint8Array>) : new Response(body).body;
  if (!stream) return new Uint8Array(0);
  let reader!: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = stream.getReader();
  } catch {
    badArgument("input.body", "a stream nobody else is reading (this one is locked)");
  }
  const read = () =>
    reader.read().catch((error: unknown) => {
      throw new WebhookVerificationError("body_unreadable", "The body stream failed before its end.", error);
    });
  // A caller's stream of strings (or anything but bytes) would be read as nothing: refused, not guessed at.
  const bytesOf = (chunk: unknown) =>
    isBytes(chunk) ? chunk : badArgument("input.body", "a ReadableStream of bytes (Uint8Array chunks), as received");
  const bytes = await readBytesUpTo({ read, cancel: (reason) => reader.cancel(reason) }, maxBytes, bytesOf);
  if (bytes === undefined) throw tooLarge(maxBytes);
  return bytes;
}

/** Whether a value is a Uint8Array (or a subclass of one), from any realm. */
export const isBytes = (value: unknown): value is Uint8Array =>
  ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === "[object Uint8Array]";

/** Whether a value is an ArrayBuffer or a SharedArrayBuffer, from any realm. */
const isBuffer = (value: unknown): boolean =>
  /^\[object (Shared)?ArrayBuffer]$/.test(Object.prototype.toString.call(value));

/**
 * Whether a value can be the raw body of a delivery: a string, bytes (any ArrayBuffer view, an ArrayBuffer or
 * SharedArrayBuffer, a Blob), a stream, or nothing. A parsed JSON object (a framework's `req.body`) is not: its
 * bytes are gone.
 */
export function isRawBody(body: unknown): boolean {
  return (
    body === null ||
    body === undefined ||
    typeof body === "string" ||
    ArrayBuffer.isView(body) ||
    isBuffer(body) ||
    (typeof Blob === "function" && body instanceof Blob) ||
    hasMethods("getReader")(body)
  );
}
