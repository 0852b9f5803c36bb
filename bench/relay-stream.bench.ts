// A run stream read by a page client through the relay, against the same client reading it through a bare
// pass-through `fetch` proxy (bytes piped as they come), on the same 100,000-event stream in the same process.
import { AgentsClient } from "../src/agents/client.js";
import { createAgentsRelay } from "../src/relay/index.js";
import { type Comparison, compare } from "./harness.js";
import { syntheticStream } from "./stream-decode.bench.js";

/** The synthetic run, ended by `done` so both paths read to the end. */
const chunks = [...syntheticStream(), new TextEncoder().encode("id: end\nevent: done\ndata: {}\n\n")];

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

async function readAsPage(fetch: (request: Request) => Promise<Response>): Promise<number> {
  const page = new AgentsClient({ apiKey: "page-bench-key", baseUrl: "http://app.invalid", fetch });
  let events = 0;
  for await (const batch of page.runs.stream("bc-1", "run-1").batches()) events += batch.length;
  return events;
}

/** Per streamed event: page client → relay → upstream, against page client → bare proxy → upstream. */
export async function benchRelayStream(): Promise<Comparison> {
  return compare(
    "run stream to a page through the relay, 100,000 events",
    { name: "bare pass-through fetch proxy", run: () => readAsPage(bareProxy) },
    () => readAsPage(relay),
    { iterations: 1, rounds: 5, goal: "time ratio ≤ 1.2× (issue 15)" },
  );
}
