// Relay mode: an AgentsClient without `apiKey` (the page side of `createAgentsRelay`) sends no Authorization header
// and no key in any form, over every operation of the table, and drives a run end to end through a relay that adds
// the key (here a few lines written from the contract, in front of the fake service).
import { afterEach, describe, expect, it, vi } from "vitest";
import { AGENTS_OPERATIONS, AgentsClient, type AgentsOperationName } from "../../../src/agents/index.js";
import { NotFoundError } from "../../../src/core/errors.js";
import { createFakeService } from "../../../src/testing/index.js";
import { AGENTS_INVOKERS, type Clients, invoke } from "../core/route-invokers.js";

const RELAY = "https://app.example/api/agents";
/** Every header a relay-mode request may carry: none of them can hold a key. */
const ALLOWED_HEADERS = new Set(["accept", "content-type", "idempotency-key", "last-event-id", "user-agent"]);

afterEach(() => vi.unstubAllGlobals());

/** A relay as the spec's error contract sees it: records each request and answers 404 agent_not_found. */
function recordingRelay() {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    const body = { error: { code: "agent_not_found", message: "Agent not found" } };
    return Response.json(body, { status: 404, headers: { "x-request-id": "req-1" } });
  };
  return { requests, fetch };
}

describe("relay mode sends no key", () => {
  it("sends 0 Authorization headers and 0 headers outside the allowlist over every operation of the table", async () => {
    const relay = recordingRelay();
    const client = new AgentsClient({ baseUrl: RELAY, fetch: relay.fetch, maxRetries: 0, sleep: async () => {} });
    const clients = { agents: client } as unknown as Clients;
    const values = { agentId: "bc-1", runId: "run-1" };
    const names = Object.keys(AGENTS_OPERATIONS) as AgentsOperationName[];
    const unreached: string[] = [];
    const untyped: string[] = [];
    for (const name of names) {
      const before = relay.requests.length;
      const error = await invoke(clients, AGENTS_INVOKERS[name], values).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      if (relay.requests.length === before) unreached.push(name);
      // The relay's 404 comes back as the same typed error a keyed client meets.
      if (!(error instanceof NotFoundError)) untyped.push(name);
    }
    await client.request({ method: "GET", path: "/v1/agents/bc-1" }).catch(() => {});

    expect(names.length).toBeGreaterThanOrEqual(18);
    expect(unreached).toEqual([]);
    expect(untyped).toEqual([]);
    expect(relay.requests.length).toBe(names.length + 1);
    const withAuthorization = relay.requests.filter((request) => request.headers.has("authorization"));
    const otherHeaders = relay.requests.flatMap((request) =>
      [...request.headers.keys()].filter((header) => !ALLOWED_HEADERS.has(header)),
    );
    const elsewhere = relay.requests.filter((request) => !request.url.startsWith(`${RELAY}/v1/`));
    expect(withAuthorization.length).toBe(0);
    expect(otherHeaders).toEqual([]);
    expect(elsewhere.map((request) => request.url)).toEqual([]);
  });

  it("drives a run to its end through a relay that adds the key, stream resumption included", async () => {
    vi.stubGlobal("location", { href: "https://app.example/runs/42?tab=live" });
    let now = Date.parse("2026-11-21T12:00:00Z");
    const sleep = async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw signal.reason;
      now += ms;
      await Promise.resolve();
    };
    const fake = createFakeService({ apiKeys: ["server-key"], now: () => now, sleep });
    fake.faults.add({ kind: "stream_drop", route: "GET /v1/agents/:id/runs/:runId/stream", afterEvents: 3 });
    const keysFromPage: string[] = [];
    // The relay: strips its mount path, adds the key it holds, passes everything else through.
    const relay = async (request: Request) => {
      const url = new URL(request.url);
      if (url.origin !== "https://app.example" || !url.pathname.startsWith("/api/agents/")) {
        return new Response("not mounted here", { status: 404 });
      }
      const authorization = request.headers.get("authorization");
      if (authorization !== null) keysFromPage.push(authorization);
      const headers = new Headers(request.headers);
      headers.set("authorization", "Bearer server-key");
      const upstream = `https://api.example${url.pathname.slice("/api/agents".length)}${url.search}`;
      const body = request.method === "GET" ? undefined : await request.text();
      return fake.fetch(new Request(upstream, { method: request.method, headers, body, signal: request.signal }));
    };
    const client = new AgentsClient({ baseUrl: "/api/agents", fetch: relay, now: () => now, sleep });
    expect(client.baseUrl).toBe(RELAY);

    const { agent, run } = await client.agents.create({ prompt: { text: "through the relay" } });
    const statuses: string[] = [];
    const final = await client.runs.wait(agent.id, run.id, { onStatus: (status) => statuses.push(status) });
    expect(final.status).toBe("FINISHED");
    expect(statuses).toEqual(["CREATING", "RUNNING", "FINISHED"]);
    const streams = fake.requests.filter((request) => request.path.endsWith("/stream"));
    expect(streams.length).toBeGreaterThanOrEqual(2); // dropped once, resumed
    expect(keysFromPage).toEqual([]);
  });
});
