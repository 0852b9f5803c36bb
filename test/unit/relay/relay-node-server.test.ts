import { afterEach, describe, expect, it } from "vitest";
import { type ServedHandler, serveFetch } from "../../../scripts/lib/serve-fetch.js";
import { AgentsClient, type RunEvent } from "../../../src/agents/index.js";
import { createAgentsRelay } from "../../../src/relay/index.js";
import { virtualSetup } from "../agents/stream/stream-helpers.js";
import { instantSleep } from "../agents/stream/trial-helpers.js";
import { RELAY_KEY } from "./relay-helpers.js";

// Over real sockets: the fake served by Node's http server as the upstream, the relay served the same way, the page
// client on Node's own fetch. (Closing is counted in relay-stream.test.ts, in process: over Node's fetch a run stream
// aborted right after its first event leaves its socket open about once in 150 streams, relay or not, so a socket
// count here would be flaky; reported to the lead.)

const served: ServedHandler[] = [];
afterEach(async () => {
  for (const server of served.splice(0)) await server.close();
});

async function stack() {
  const { fake, client: seed } = virtualSetup({ run: { toolCalls: 3, assistantChunks: 4 } });
  const upstream = await serveFetch(fake.fetch);
  served.push(upstream);
  const client = new AgentsClient({ apiKey: RELAY_KEY, baseUrl: upstream.url, sleep: instantSleep });
  const relay = createAgentsRelay({ client, basePath: "/api/agents", authorize: () => true });
  const relayServer = await serveFetch(relay);
  served.push(relayServer);
  const page = new AgentsClient({ baseUrl: `${relayServer.url}/api/agents`, sleep: instantSleep });
  return { seed, page };
}

describe("relay over real sockets (Node http)", () => {
  it("reads an agent and streams its run to done, ids intact, page → relay → fake", async () => {
    const { seed, page } = await stack();
    const { agent, run } = await seed.agents.create({ prompt: { text: "sockets" } });
    expect((await page.agents.get(agent.id)).id).toBe(agent.id);
    expect((await page.runs.list(agent.id)).items.map((item) => item.id)).toEqual([run.id]);
    const events: RunEvent[] = [];
    for await (const event of page.runs.stream(agent.id, run.id)) events.push(event);
    expect(events.at(-1)?.type).toBe("done");
    expect(events.filter((e) => e.id !== undefined).length).toBeGreaterThan(5);
  });
});
