// A run stream read by a page client through the relay, against the same page client reading it through a bare
// pass-through `fetch` proxy (the upstream body piped as it comes), on the same 100,000-event stream in the same
// process: the page's cost per event with the relay in between, the goal of issue 15 (≤ 1.2×). A second comparison
// isolates the server's side: the relay's answer drained as bytes against the bare proxy's, no page client. A third
// measures a floor: the least any relay adds that reads the stream with eventsource-parser (as ours must, to resume
// the upstream leg after the last whole event) and writes it out again — no redaction, no resumption, no checks.
import { createParser } from "eventsource-parser";
import { AgentsClient } from "../src/agents/client.js";
import { createAgentsRelay } from "../src/relay/index.js";
import { type Comparison, compare } from "./harness.js";
import { syntheticStream } from "./stream-decode.bench.js";

/** The synthetic run, ended by `done` so both paths read to the end. */
const chunks = [...syntheticStream(), new TextEncoder().encode("id: end\nevent: done\ndata: {}\n\n")];
const STREAM_URL = "http://app.invalid/v1/agents/bc-1/runs/run-1/stream";

function upstream(): Promise<Response> {
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
  return Promise.resolve(new Response(body, { headers: { "content-type": "text/event-stream" } }));
}

async function bareProxy(_request: Request): Promise<Response> {
  const answer = await upstream();
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/** The floor relay: the upstream body decoded, parsed by eventsource-parser and re-encoded, event by event. */
async function parsingProxy(_request: Request): Promise<Response> {
  const reader = ((await upstream()).body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let out = "";
  const parser = createParser({
    onEvent: (event) => {
      out += `${event.id === undefined ? "" : `id: ${event.id}\n`}event: ${event.event ?? "message"}\ndata: ${event.data}\n\n`;
    },
  });
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          parser.feed(decoder.decode(value, { stream: true }));
          if (out === "") continue;
          controller.enqueue(encoder.encode(out));
          out = "";
          return;
        }
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

const relay = createAgentsRelay({
  client: new AgentsClient({ apiKey: "relay-bench-key", baseUrl: "http://upstream.invalid", fetch: upstream }),
  authorize: () => true,
});

/** A keyless page client (relay mode, as a page has it) reading the whole stream; resolves to the events read. */
async function readAsPage(fetch: (request: Request) => Promise<Response>): Promise<number> {
  const page = new AgentsClient({ baseUrl: "http://app.invalid", fetch });
  let events = 0;
  for await (const batch of page.runs.stream("bc-1", "run-1").batches()) events += batch.length;
  return events;
}

/** The proxy's answer drained as bytes, as the network would take it; resolves to the bytes sent. */
async function drain(fetch: (request: Request) => Promise<Response>): Promise<number> {
  const response = await fetch(new Request(STREAM_URL));
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.byteLength;
  }
}

/** The events a page reads through each proxy: the relay path must deliver every one, or its time means nothing. */
export async function relayStreamEvents(): Promise<number> {
  const [bare, relayed, parsed] = [
    await readAsPage(bareProxy),
    await readAsPage(relay),
    await readAsPage(parsingProxy),
  ];
  if (bare !== relayed || bare !== parsed || bare < 100_000) {
    throw new Error(
      `the relay bench's paths differ: ${relayed} events through the relay, ${parsed} through the floor, ${bare} through the proxy`,
    );
  }
  return bare;
}

/** Per streamed event: page client → relay → upstream against page client → bare proxy → upstream; then server side. */
export async function benchRelayStream(): Promise<{
  events: number;
  pageSide: Comparison;
  floor: Comparison;
  serverSide: Comparison;
}> {
  const events = await relayStreamEvents();
  const pageSide = await compare(
    `run stream to a page through the relay, ${events.toLocaleString("en-US")} events`,
    { name: "bare pass-through fetch proxy", run: () => readAsPage(bareProxy) },
    () => readAsPage(relay),
    { iterations: 1, rounds: 5, goal: "time ratio ≤ 1.2× (issue 15)" },
  );
  const floor = await compare(
    "floor: a page through a relay that only parses (eventsource-parser) and re-encodes",
    { name: "bare pass-through fetch proxy", run: () => readAsPage(bareProxy) },
    () => readAsPage(parsingProxy),
    { iterations: 1, rounds: 5 },
  );
  const serverSide = await compare(
    "the relay's side alone (answer drained as bytes, no page client)",
    { name: "bare pass-through fetch proxy", run: () => drain(bareProxy) },
    () => drain(relay),
    { iterations: 1, rounds: 5 },
  );
  return { events, pageSide, floor, serverSide };
}
