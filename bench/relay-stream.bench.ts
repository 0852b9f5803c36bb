// A run stream read by a page client through the relay, against the same page client reading it through a bare
// pass-through `fetch` proxy (the upstream body piped as it comes), on the same 100,000-event stream in the same
// process: the page's cost per event with the relay in between, the goal of issue 15 (≤ 1.2×). A second comparison
// isolates the server's side: the relay's answer drained as bytes against the bare proxy's, no page client. The
// relay hands the service's lines on as they came (redacted of its key), so its side is a decode and a scan per byte.
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
  const [bare, relayed] = [await readAsPage(bareProxy), await readAsPage(relay)];
  if (bare !== relayed || bare < 100_000) {
    throw new Error(`the relay bench's paths differ: ${relayed} events through the relay, ${bare} through the proxy`);
  }
  return bare;
}

/** Per streamed event: page client → relay → upstream against page client → bare proxy → upstream; then server side. */
export async function benchRelayStream(): Promise<{
  events: number;
  pageSide: Comparison;
  serverSide: Comparison;
}> {
  const events = await relayStreamEvents();
  const pageSide = await compare(
    `run stream to a page through the relay, ${events.toLocaleString("en-US")} events`,
    { name: "bare pass-through fetch proxy", run: () => readAsPage(bareProxy) },
    () => readAsPage(relay),
    { iterations: 1, rounds: 9, goal: "time ratio ≤ 1.2× (issue 15)" },
  );
  const serverSide = await compare(
    "the relay's side alone (answer drained as bytes, no page client)",
    { name: "bare pass-through fetch proxy", run: () => drain(bareProxy) },
    () => drain(relay),
    { iterations: 1, rounds: 5 },
  );
  return { events, pageSide, serverSide };
}
