import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { PAGE_KEY, RELAY_KEY, relaySetup } from "./relay-helpers.js";

describe("relay: REST calls from a page client", () => {
  it("reads, follows up and cancels through the relay with the relay's key, never the page's", async () => {
    const seen: Request[] = [];
    const setup = relaySetup({}, {}, {});
    const { upstream, fake, relay } = setup;
    const { agent } = await upstream.agents.create({ prompt: { text: "start" } });
    const page = new AgentsClient({
      apiKey: PAGE_KEY,
      baseUrl: "http://app.test/api/agents",
      headers: { cookie: "session=abc" },
      fetch: (request) => {
        seen.push(request);
        return relay(request);
      },
    });
    const before = fake.requests.length;
    expect((await page.agents.get(agent.id)).id).toBe(agent.id);
    const created = await page.runs.create(agent.id, { prompt: { text: "follow up" } }).catch((e: unknown) => e);
    // The agent's first run is still active: the service's 409 reaches the page as the same typed error.
    expect((created as Error).constructor.name).toBe("ConflictError");
    const runs = await page.runs.list(agent.id, { limit: 1 });
    expect(runs.items).toHaveLength(1);
    const run = await page.runs.get(agent.id, runs.items[0]?.id as string);
    await page.runs.cancel(agent.id, run.id);
    expect((await page.runs.get(agent.id, run.id)).status).toBe("CANCELLED");
    const followUp = await page.runs.create(agent.id, { prompt: { text: "again" } });
    expect(followUp.run.status).toBe("CREATING");

    // Upstream saw the relay's key only (the fake accepts nothing else), no cookie, and the page's Idempotency-Key.
    const relayed = fake.requests.slice(before);
    expect(relayed.length).toBe(seen.length);
    for (const logged of relayed) expect(logged.headers.cookie).toBeUndefined();
    const posts = seen.filter((request) => request.method === "POST");
    const upstreamPosts = relayed.filter((logged) => logged.method === "POST");
    expect(upstreamPosts.map((logged) => logged.headers["idempotency-key"])).toEqual(
      posts.map((request) => request.headers.get("idempotency-key")),
    );
    expect(JSON.stringify(relayed)).not.toContain(PAGE_KEY);
    expect(RELAY_KEY).not.toBe(PAGE_KEY);
  });

  it("hands on only allowlisted headers (no Set-Cookie, no auth), and marks answers no-store", async () => {
    const { relay } = relaySetup({
      client: {
        apiKey: RELAY_KEY,
        baseUrl: "http://upstream.test",
        fetch: async () =>
          Response.json(
            { id: "bc-1" },
            {
              headers: {
                "set-cookie": "upstream=1",
                "www-authenticate": "Bearer",
                "x-internal-host": "10.0.0.7",
                "x-request-id": "req-1",
                "x-ratelimit-remaining": "9",
                "retry-after": "3",
              },
            },
          ),
      },
    });
    const response = await relay(new Request("http://app.test/api/agents/v1/agents/bc-1"));
    expect(response.status).toBe(200);
    const names = [...response.headers.keys()].sort();
    // The relay's own: cache-control, and the two that keep a body from running script on the relay's origin.
    expect(names).toEqual([
      "cache-control",
      "content-security-policy",
      "content-type",
      "retry-after",
      "x-content-type-options",
      "x-ratelimit-remaining",
      "x-request-id",
    ]);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ id: "bc-1" });
  });

  it("a basePath of '' serves the service paths at the root; the page's query is checked and passed on", async () => {
    const queries: string[] = [];
    const { relay } = relaySetup({
      basePath: "",
      client: {
        apiKey: RELAY_KEY,
        baseUrl: "http://upstream.test",
        fetch: async (request) => {
          queries.push(new URL(request.url).search);
          return Response.json({ items: [], nextCursor: "" });
        },
      },
    });
    const response = await relay(new Request("http://app.test/v1/agents/bc-1/runs?limit=5&cursor=c2&unknown=x"));
    expect(response.status).toBe(200);
    expect(queries).toHaveLength(1);
    const sent = new URLSearchParams(queries[0]);
    expect(sent.get("limit")).toBe("5");
    expect(sent.get("cursor")).toBe("c2");
  });
});
