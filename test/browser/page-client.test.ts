// The page side of issue 15 in a real Chromium: a keyless AgentsClient on a path baseUrl talks to a relay on the
// page's own origin without any key, and every client that holds a key refuses to start here unless told
// `dangerouslyAllowBrowser: true`.
import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../src/agents/index.js";
import { createFakeService } from "../../src/testing/index.js";
import { constructorError, constructorOutcome, keyedClients } from "../unit/core/keyed-clients.js";

const KEY = "ak_live_page_test_key";

/** A relay on the page's origin, in front of the fake service in this page: records each Request, adds the key. */
function pageRelay() {
  const fake = createFakeService({
    apiKeys: [KEY],
    run: { creatingMs: 30, runningMs: 150, assistantChunks: 3, toolCalls: 1 },
  });
  const requests: Request[] = [];
  const mount = `${location.origin}/api/agents`;
  const fetch = async (request: Request) => {
    requests.push(request);
    if (!request.url.startsWith(`${mount}/`)) return new Response("not mounted here", { status: 404 });
    const headers = new Headers(request.headers);
    headers.set("authorization", `Bearer ${KEY}`);
    const body = request.method === "GET" ? undefined : await request.text();
    const upstream = `https://api.example${request.url.slice(mount.length)}`;
    return fake.fetch(new Request(upstream, { method: request.method, headers, body, signal: request.signal }));
  };
  return { fake, requests, fetch, mount };
}

describe("a keyless client in the page (relay mode)", () => {
  it("resolves baseUrl /api/agents against the page and runs a run to its end with 0 Authorization headers", async () => {
    const relay = pageRelay();
    const client = new AgentsClient({ baseUrl: "/api/agents", fetch: relay.fetch });
    expect(client.baseUrl).toBe(relay.mount);

    const { agent, run } = await client.agents.create({ prompt: { text: "from the page" } });
    const final = await client.runs.wait(agent.id, run.id);
    expect(final.status).toBe("FINISHED");
    expect((await client.runs.list(agent.id)).items.map((item) => item.id)).toContain(run.id);

    expect(relay.requests.length).toBeGreaterThanOrEqual(3);
    expect(relay.requests.filter((request) => !request.url.startsWith(`${relay.mount}/v1/`))).toEqual([]);
    expect(relay.requests.filter((request) => request.headers.has("authorization")).length).toBe(0);
    expect(relay.requests.filter((request) => [...request.headers.values()].some((v) => v.includes(KEY))).length).toBe(
      0,
    );
  });

  it("puts `credentials` on each Request", async () => {
    const relay = pageRelay();
    const client = new AgentsClient({ baseUrl: "/api/agents", fetch: relay.fetch, credentials: "include" });
    await client.agents.list();
    await client.agents.list({ limit: 1 });
    expect(relay.requests.map((request) => request.credentials)).toEqual(["include", "include"]);
  });
});

const KEYED = keyedClients({
  agents: KEY,
  team: KEY,
  organization: KEY,
  forge: `-----BEGIN PRIVATE KEY-----\n${KEY}\n-----END PRIVATE KEY-----`,
});

/** The constructor's outcome; a browser_key error must say why and where to go instead, and never show the key. */
function outcome(build: () => unknown): string {
  const result = constructorOutcome(build);
  if (result === "browser_key") {
    const { message } = constructorError(build);
    expect(message).toContain("createAgentsRelay");
    expect(message).not.toContain(KEY);
  }
  return result;
}

describe("keyed clients in a browser page", () => {
  it("throw browser_key × { no flag, false } and build × true (4 constructors): 0 built with a key and no flag", () => {
    const outcomes = KEYED.flatMap(([name, build]) =>
      ([undefined, false, true] as const).map((flag) => ({ name, flag, result: outcome(() => build(flag)) })),
    );
    expect(outcomes.length).toBe(12);
    const builtWithoutFlag = outcomes.filter((entry) => entry.flag !== true && entry.result === "built");
    expect(builtWithoutFlag).toEqual([]);
    expect(outcomes.filter((entry) => entry.flag !== true).map((entry) => entry.result)).toEqual(
      Array(8).fill("browser_key"),
    );
    expect(outcomes.filter((entry) => entry.flag === true).map((entry) => entry.result)).toEqual(
      Array(4).fill("built"),
    );
  });

  it("builds a keyless AgentsClient without the flag", () => {
    expect(outcome(() => new AgentsClient({ baseUrl: "/api/agents" }))).toBe("built");
  });
});
