import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { createAgentsRelay } from "../../../src/relay/index.js";

// A run stream whose one long line (a big tool result, a long message) arrives in many small chunks, as TCP hands a
// slow or hostile upstream's bytes on. The relay holds an unfinished line until its end: it must not copy everything
// it holds again for each new chunk (2 MiB in 256-byte pieces took 28 s of CPU that way; linear takes milliseconds).

const AGENT = "bc-00000000-0000-4000-8000-000000000001";
const encoder = new TextEncoder();

/** An upstream `fetch` (no SDK fake): one event whose data line is `lineBytes` long, sent `chunkBytes` at a time. */
function longLineUpstream(lineBytes: number, chunkBytes: number) {
  const piece = encoder.encode("a".repeat(chunkBytes));
  let pulls = 0;
  const fetch = async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        if (sent === 0) controller.enqueue(encoder.encode("id: 7\ndata: "));
        if (sent >= lineBytes) {
          controller.enqueue(encoder.encode("\r"));
          controller.enqueue(encoder.encode("\n\nid: 8\nevent: done\ndata: {}\n\n"));
          controller.close();
          return;
        }
        sent += chunkBytes;
        controller.enqueue(piece);
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
  return { fetch, pulls: () => pulls };
}

describe("relay: a long line in small chunks", () => {
  it("2 MiB of one line in 256-byte chunks is relayed whole, in linear time", async () => {
    const lineBytes = 2 * 1024 * 1024;
    const upstream = longLineUpstream(lineBytes, 256);
    const client = new AgentsClient({
      apiKey: "sk-relay-key-0123456789abcdef",
      baseUrl: "http://up.test",
      fetch: upstream.fetch,
    });
    const relay = createAgentsRelay({ client, authorize: () => true, keepAliveMs: 0 });
    const started = performance.now();
    const response = await relay(new Request(`http://app.test/v1/agents/${AGENT}/runs/run-1/stream`));
    const text = await response.text();
    const elapsed = performance.now() - started;
    expect(upstream.pulls()).toBeGreaterThan(lineBytes / 256);
    expect(text).toBe(`id: 7\ndata: ${"a".repeat(lineBytes)}\r\n\nid: 8\nevent: done\ndata: {}\n\n`);
    // Linear: well under a second here; copying what is held per chunk took about 28 s.
    expect(elapsed).toBeLessThan(4_000);
  });

  it("a line past the 8 MiB cap still ends the page's body with an error, without holding more", async () => {
    const upstream = longLineUpstream(64 * 1024 * 1024, 64 * 1024);
    const client = new AgentsClient({
      apiKey: "sk-relay-key-0123456789abcdef",
      baseUrl: "http://up.test",
      fetch: upstream.fetch,
    });
    const relay = createAgentsRelay({ client, authorize: () => true, keepAliveMs: 0 });
    const response = await relay(new Request(`http://app.test/v1/agents/${AGENT}/runs/run-1/stream`));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let failed = false;
    let received = 0;
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        received += chunk.value.byteLength;
    } catch {
      failed = true;
    }
    expect(failed).toBe(true);
    expect(received).toBe("id: 7\n".length);
    // The cap is 8 MiB: the relay stopped pulling soon after it.
    expect(upstream.pulls() * 64 * 1024).toBeLessThan(9 * 1024 * 1024);
  });
});
