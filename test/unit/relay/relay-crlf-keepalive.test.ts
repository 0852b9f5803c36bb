// A keep-alive comment must never land between the CR and the LF of a CRLF line end. Before, when a chunk from the
// service ended with the CR of a CRLF and its LF came later, a keep-alive went out in between: the page read
// `\r` + `:\n` + `\n…`, the late LF as a blank line, and got the event early, without its `id:` or under the wrong type.
import { describe, expect, it } from "vitest";
import { AgentsClient, type RunEvent } from "../../../src/agents/index.js";
import { createAgentsRelay } from "../../../src/relay/index.js";

const RUN = "run-1";
/** A run stream as the spec writes it (every line end CRLF): id-less status and text, ids on the rest, `done`. */
const CRLF_STREAM = [
  `event: status\r\ndata: {"runId":"${RUN}","status":"RUNNING"}\r\n\r\n`,
  `event: assistant\r\ndata: {"text":"hi"}\r\n\r\n`,
  `id: T1\r\nevent: tool_call\r\ndata: {"callId":"c1","name":"read_file","status":"running"}\r\n\r\n`,
  `: a comment of the service\r\n\r\n`,
  `id: T2\r\nevent: result\r\ndata: {"runId":"${RUN}","status":"FINISHED","text":"ok"}\r\n\r\n`,
  `id: T3\r\nevent: done\r\ndata: {}\r\n\r\n`,
].join("");

const encoder = new TextEncoder();
const wire = (events: RunEvent[]) => events.map((event) => [event.id, event.type, event.raw]);

/**
 * The service, from the spec: the stream's bytes in the given chunks. Each chunk after the first goes out only once the
 * relay has sent the page a keep-alive (`keepAliveSeen`), so one always sits between two chunks.
 */
function upstreamFetch(chunks: Uint8Array[], keepAliveSeen: () => Promise<void>) {
  return async (request: Request): Promise<Response> => {
    if (!new URL(request.url).pathname.endsWith("/stream")) {
      return Response.json({ error: { code: "unexpected", message: "only the stream is read" } }, { status: 500 });
    }
    let index = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (index > 0) await keepAliveSeen();
        const chunk = chunks[index++];
        if (chunk === undefined) controller.close();
        else controller.enqueue(chunk);
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
}

/** The events a page gets through a relay (keep-alive every ms) when the service sends `chunks`. */
async function throughRelay(chunks: Uint8Array[]): Promise<{ events: RunEvent[]; keepAlives: number }> {
  let keepAlives = 0;
  let wake: (() => void) | undefined;
  const keepAliveSeen = () => new Promise<void>((resolve) => (wake = resolve));
  const upstream = new AgentsClient({
    apiKey: "relay-key-1234567890",
    baseUrl: "http://upstream.test",
    fetch: upstreamFetch(chunks, keepAliveSeen),
    maxRetries: 0,
  });
  const relay = createAgentsRelay({ client: upstream, authorize: () => true, keepAliveMs: 1 });
  const page = new AgentsClient({
    baseUrl: "http://app.test",
    maxRetries: 0,
    // The page's own fetch: the relay's answer as the browser would read it, noting each keep-alive it carries.
    fetch: async (request) => {
      const response = await relay(request);
      const watch = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          if (new TextDecoder().decode(chunk).endsWith(":\n")) {
            keepAlives++;
            wake?.();
          }
          controller.enqueue(chunk);
        },
      });
      return new Response(response.body?.pipeThrough(watch), response);
    },
  });
  const events: RunEvent[] = [];
  for await (const event of page.runs.stream("bc-1", RUN, { maxReconnects: 0 })) events.push(event);
  return { events, keepAlives };
}

describe("relay: keep-alives and CRLF line ends", () => {
  it("a stream split at every byte, a keep-alive between the two parts, reaches the page as it was sent", async () => {
    const bytes = encoder.encode(CRLF_STREAM);
    const { events: whole } = await throughRelay([bytes]);
    expect(whole.map((event) => event.id)).toEqual([undefined, undefined, "T1", "T2", "T3"]);
    for (let split = 1; split < bytes.byteLength; split++) {
      const { events, keepAlives } = await throughRelay([bytes.subarray(0, split), bytes.subarray(split)]);
      // Split before the very last byte (the LF of the final CRLF), the page has its `done` at the CR and stops
      // reading before a keep-alive can come: the events still must be whole.
      if (split < bytes.byteLength - 1) expect(keepAlives, `split at ${split}`).toBeGreaterThan(0);
      expect(wire(events), `split at ${split}`).toEqual(wire(whole));
    }
  });

  it("every byte its own chunk, a keep-alive after each, reaches the page as it was sent", async () => {
    const bytes = encoder.encode(CRLF_STREAM);
    const { events: whole } = await throughRelay([bytes]);
    const { events, keepAlives } = await throughRelay(Array.from(bytes, (byte) => Uint8Array.of(byte)));
    // A keep-alive after each byte but the last two: the page ends at the final CR (see above).
    expect(keepAlives).toBeGreaterThanOrEqual(bytes.byteLength - 2);
    expect(wire(events)).toEqual(wire(whole));
  });
});
