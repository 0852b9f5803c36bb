// An error answer's body is read up to a cap: a broken or hostile server that answers 500 with an endless body (or a
// huge page of HTML) must not make a client hold it, nor hang the call until its timeout. The status alone still
// makes the ApiError. Over fetch, for each of the three clients.
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../src/core/errors.js";
import { MAX_ERROR_BODY_BYTES } from "../../../src/core/safe-errors.js";
import { clients, failureOf, rawGet } from "./client-fixtures.js";

const CHUNK = new Uint8Array(64 * 1024).fill(0x61);

/** A fetch answering `status` with a body that never ends, counting the bytes the client pulled from it. */
function endlessErrorFetch(status: number) {
  const pulled = { bytes: 0, cancelled: false };
  const fetch = async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled.bytes += CHUNK.byteLength;
          controller.enqueue(CHUNK);
        },
        cancel() {
          pulled.cancelled = true;
        },
      }),
      { status, headers: { "content-type": "text/html" } },
    );
  return { fetch, pulled };
}

describe.each(Object.keys(clients) as (keyof typeof clients)[])("%s: an error answer with an endless body", (name) => {
  it("fails with the status's ApiError after at most the cap, and closes the body", async () => {
    const { fetch, pulled } = endlessErrorFetch(500);
    const client = clients[name]({ timeoutMs: 20_000 }, fetch);
    const error = await failureOf(() => rawGet(client));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
    expect(pulled.bytes).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES + 2 * CHUNK.byteLength);
    expect(pulled.cancelled).toBe(true);
  });
});
