// The relay's shared cases (agentline/relay): the same handler, unchanged, in Node, Chromium, Deno, Bun and workerd,
// between a page client and the in-process fake (no network anywhere).
import type { AgentsClient } from "../../src/agents/index.js";
import type { FakeService } from "../../src/testing/index.js";
import { equal, instanceOf, ok, rejects } from "./assert.js";
import type { SharedCase, SharedSdk } from "./suite.js";

/** What the suite's `setup` gives: a fake and a keyed client on one virtual clock. */
type Setup = (sdk: SharedSdk) => { fake: FakeService; client: AgentsClient; advance(ms: number): void };

/** The relay's cases; `setup` is the suite's own (fake + upstream client on the virtual clock). */
export function createRelayCases(sdk: SharedSdk, setup: Setup): SharedCase[] {
  /** A relay in front of the fake, and a page client in relay mode (no key) whose `fetch` is the relay. */
  function relayed(authorize: () => boolean | Response = () => true) {
    const { fake, client, advance } = setup(sdk);
    const relay = sdk.createAgentsRelay({ client, basePath: "/api/agents", authorize });
    const page = new sdk.AgentsClient({
      baseUrl: "https://app.example/api/agents",
      fetch: (request) => relay(request),
      sleep: async () => {},
    });
    return { fake, upstream: client, relay, page, advance };
  }

  return [
    {
      name: "relay: a page client reads an agent, streams its run to done and gets the service's errors, holding no key",
      async run() {
        const { upstream, page, fake } = relayed();
        const { agent, run } = await upstream.agents.create({ prompt: { text: "through the relay" } });
        equal((await page.agents.get(agent.id)).id, agent.id, "the agent read through the relay");
        const types: string[] = [];
        const ids = new Set<string>();
        for await (const event of page.runs.stream(agent.id, run.id)) {
          types.push(event.type);
          if (event.id !== undefined) ids.add(`${event.id}/${event.type}`);
        }
        equal(types.at(-1), "done", "the last streamed event");
        ok(types.includes("result"), `the stream should carry the result: ${types.join(",")}`);
        ok(ids.size > 3, `events keep their ids through the relay (${ids.size})`);
        await page.runs.create(agent.id, { prompt: { text: "follow up" } }); // the first run has finished
        const busy = await rejects(
          () => page.runs.create(agent.id, { prompt: { text: "another" } }),
          "a second follow-up while the first is active",
        );
        instanceOf(busy, sdk.ConflictError, "the service's 409 through the relay");
        ok(
          fake.requests.every((logged) => logged.headers.authorization !== undefined),
          "every upstream request carries the relay's credentials",
        );
      },
    },
    {
      name: "relay: refused and unknown operations send nothing upstream (403, the app's Response, 404, 405, 413)",
      async run() {
        const { relay, fake } = relayed(() => false);
        const url = (path: string) => `https://app.example/api/agents${path}`;
        const agentPath = "/v1/agents/bc-00000000-0000-4000-8000-000000000001";
        equal((await relay(new Request(url(agentPath)))).status, 403, "authorize false");
        equal((await relay(new Request(url(`${agentPath}/artifacts`)))).status, 404, "an operation not exposed");
        const wrong = await relay(new Request(url(agentPath), { method: "PUT", body: "{}" }));
        equal(wrong.status, 405, "a method the path does not serve");
        equal(wrong.headers.get("allow"), "GET", "its Allow header");
        const big = JSON.stringify({ prompt: { text: "x".repeat(2_000_000) } });
        equal(
          (await relay(new Request(url(`${agentPath}/runs`), { method: "POST", body: big }))).status,
          413,
          "1 MiB+",
        );
        const { relay: answering } = relayed(() => new Response("sign in", { status: 401 }));
        equal((await answering(new Request(url(agentPath)))).status, 401, "authorize's own Response");
        equal(fake.requests.length, 0, "requests that reached the fake");
      },
    },
  ];
}
