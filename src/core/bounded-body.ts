// Reading a body with a cap on its size: the one loop the relay (page bodies, service answers), the webhook
// receiver (deliveries) and the transport (error bodies) share.

/** What {@link readBytesUpTo} needs of a stream reader (a caller may wrap `read` to name its failures). */
export type ByteReader = Pick<ReadableStreamDefaultReader<unknown>, "read" | "cancel">;

/**
 * A stream's bytes read to its end, or `undefined` as soon as more than `maxBytes` arrived: the read stops there and
 * the stream is cancelled, so an oversized body is never held whole. `bytesOf` turns each chunk into bytes or throws
 * (the stream is cancelled first); by default chunks are taken as the `Uint8Array`s a body stream yields.
 */
export async function readBytesUpTo(
  reader: ByteReader,
  maxBytes: number,
  bytesOf: (chunk: unknown) => Uint8Array = (chunk) => chunk as Uint8Array,
): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    let bytes: Uint8Array;
    try {
      bytes = bytesOf(next.value);
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      throw error;
    }
    total += bytes.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(bytes);
  }
  const out = new Uint8Array(total);
  total = 0;
  for (const chunk of chunks) {
    out.set(chunk, total);
    total += chunk.byteLength;
  }
  return out;
}

/** A response's body as text (UTF-8, as `Response.text()` reads it), or `undefined` past `maxBytes` (see above). */
export async function readTextUpTo(response: Response, maxBytes: number): Promise<string | undefined> {
  if (response.body === null) return "";
  const bytes = await readBytesUpTo(response.body.getReader(), maxBytes);
  return bytes === undefined ? undefined : new TextDecoder().decode(bytes);
}
