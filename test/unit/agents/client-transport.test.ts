import { describe, expect, it } from "vitest";
import {
  AbortError,
  type AgentlineError,
  AgentsClient,
  ConnectionError,
  InternalServerError,
  type LogRecord,
  TimeoutError,
} from "../../../src/agents/index.js";
import { createFakeService } from "../../../src/testing/index.js";
import { BASE_URL, setup } from "./client-helpers.js";

const AGENT = "GET /v1/agents/:id";

describe("retries", () => {
  it("retries a 429 after the Retry-After seconds, on the injected clock", async () => {
    const { client, fake, sleeps } = setup();
    const { agent } = await client.agents.create({ prompt: { text: "x" } });
    fake.faults.add({ kind: "rate_limit", route: AGENT, retryAfterSeconds: 7 });
    expect((await client.agents.get(agent.id)).id).toBe(agent.id);
    expect(sleeps).toEqual([7_000]);
  });

  it("reads Retry-After as an HTTP date, and fails at once when it asks for more than maxRetryAfterMs", async () => {
    const { client, fake, sleeps } = setup();
    const { agent } = await client.agents.create({ prompt: { text: "x" } });
    fake.faults.add({ kind: "rate_limit", route: AGENT, retryAfterSeconds: 7, retryAfterDate: true });
    await client.agents.get(agent.id);
    fake.faults.add({ kind: "rate_limit", route: AGENT, retryAfterSeconds: 3_600 });
    await expect(client.agents.get(agent.id)).rejects.toMatchObject({ status: 429, retryAfter: 3_600 });
    expect(sleeps).toEqual([7_000]);
  });

  it("retries a 429 even for a follow-up POST, which was not processed", async () => {
    const { client, fake, advance } = setup();
    const { agent } = await client.agents.create({ prompt: { text: "x" } });
    advance(60_000);
    fake.faults.add({ kind: "rate_limit", route: "POST /v1/agents/:id/runs" });
    const { run } = await client.runs.create(agent.id, { prompt: { text: "follow-up" } });
    expect(run.id).toMatch(/^run-/);
  });

  it("retries 5xx on reads with jittered exponential backoff, up to maxRetries", async () => {
    const { client, fake, sleeps } = setup();
    const { agent } = await client.agents.create({ prompt: { text: "x" } });
    fake.faults.add({ kind: "server_error", route: AGENT, status: 503 });
    await client.agents.get(agent.id);
    expect(sleeps).toEqual([250]);
    fake.faults.add({ kind: "server_error", route: AGENT, times: 10 });
    const error = await client.agents.get(agent.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).attempt).toBe(3);
    expect(sleeps).toEqual([250, 250, 500]);
  });

  it("does not retry a follow-up POST on 500 or after a lost connection", async () => {
    const { client, fake, advance } = setup();
    const { agent } = await client.agents.create({ prompt: { text: "x" } });
    advance(60_000);
    const route = "POST /v1/agents/:id/runs";
    fake.faults.add({ kind: "server_error", route });
    const before = fake.requests.length;
    await expect(client.runs.create(agent.id, { prompt: { text: "y" } })).rejects.toBeInstanceOf(InternalServerError);
    expect(fake.requests.length - before).toBe(1);
    fake.faults.add({ kind: "disconnect_after", route });
    await expect(client.runs.create(agent.id, { prompt: { text: "z" } })).rejects.toBeInstanceOf(ConnectionError);
    expect(fake.requests.length - before).toBe(2);
  });

  it("retries reads after a lost connection, and lets shouldRetry veto", async () => {
    const { client, fake } = setup();
    const { agent } = await client.agents.create({ prompt: { text: "x" } });
    fake.faults.add({ kind: "disconnect_before", route: AGENT });
    expect((await client.agents.get(agent.id)).id).toBe(agent.id);
    const strict = setup({ shouldRetry: () => false });
    const created = await strict.client.agents.create({ prompt: { text: "x" } });
    strict.fake.faults.add({ kind: "disconnect_before", route: AGENT });
    await expect(strict.client.agents.get(created.agent.id)).rejects.toBeInstanceOf(ConnectionError);
  });
});

describe("exactly-once agent creation", () => {
  it("recovers the agent when the response to the first attempt was lost after creating it", async () => {
    const { client, fake } = setup();
    fake.faults.add({ kind: "disconnect_after", route: "POST /v1/agents" });
    const { agent, run } = await client.agents.create({ prompt: { text: "only once" } });
    expect(agent.latestRunId).toBe(run.id);
    const all = await client.agents.list().toArray();
    expect(all).toHaveLength(1);
    expect(all[0]?.id).toBe(agent.id);
    const posts = fake.requests.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts.map((post) => (post.body as { agentId: string }).agentId)).toEqual([agent.id, agent.id]);
    expect(posts[0]?.headers["idempotency-key"]).toBeTruthy();
    expect(posts[0]?.headers["idempotency-key"]).toBe(posts[1]?.headers["idempotency-key"]);
  });

  it("retries a create that failed with 5xx before applying, creating one agent", async () => {
    const { client, fake } = setup();
    fake.faults.add({ kind: "server_error", route: "POST /v1/agents", status: 502 });
    await client.agents.create({ prompt: { text: "x" } });
    expect(await client.agents.list().toArray()).toHaveLength(1);
  });

  it("does not retry an ambiguous create with envVars (no client id allowed), so nothing is duplicated", async () => {
    const { client, fake } = setup();
    fake.faults.add({ kind: "disconnect_after", route: "POST /v1/agents" });
    await expect(
      client.agents.create({ prompt: { text: "x" }, envVars: { TOKEN: "s3cret-value" } }),
    ).rejects.toBeInstanceOf(ConnectionError);
    expect(await client.agents.list().toArray()).toHaveLength(1);
    expect(fake.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });
});

describe("timeouts, aborts, hooks, logs and secrets", () => {
  it("times out an attempt that takes longer than timeoutMs", async () => {
    const fake = createFakeService();
    const client = new AgentsClient({
      apiKey: "test-key",
      baseUrl: BASE_URL,
      fetch: fake.fetch,
      timeoutMs: 20,
      maxRetries: 0,
    });
    fake.faults.add({ kind: "latency", route: "GET /v1/agents", ms: 60_000 });
    const error = await client.agents.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(20);
  });

  it("stops at once when the caller's signal aborts, without retrying", async () => {
    const fake = createFakeService();
    const client = new AgentsClient({ apiKey: "test-key", baseUrl: BASE_URL, fetch: fake.fetch });
    fake.faults.add({ kind: "latency", route: "GET /v1/agents", ms: 60_000 });
    const controller = new AbortController();
    const pending = client.agents.list({}, { signal: controller.signal }).then(
      () => undefined,
      (e: unknown) => e,
    );
    // Abort once the request is in flight at the (slow) fake.
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    controller.abort();
    expect(await pending).toBeInstanceOf(AbortError);
    expect(fake.requests).toHaveLength(1);
    const already = await client.agents.list({}, { signal: AbortSignal.abort() }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(already).toBeInstanceOf(AbortError);
  });

  it("runs hooks with one state object each, in order", async () => {
    const events: string[] = [];
    const { client, fake } = setup({
      hooks: {
        beforeRequest: [
          ({ request, attempt, operation }) => {
            events.push(`before ${operation} #${attempt}`);
            const headers = new Headers(request.headers);
            headers.set("x-trace", "t-1");
            return new Request(request, { headers });
          },
        ],
        afterResponse: [({ response, attempt }) => void events.push(`after ${response.status} #${attempt}`)],
        beforeRetry: [({ delayMs, attempt, status }) => void events.push(`retry ${status} #${attempt} in ${delayMs}`)],
      },
    });
    fake.faults.add({ kind: "rate_limit", route: "GET /v1/agents", retryAfterSeconds: 2 });
    await client.agents.list();
    expect(events).toEqual([
      "before agents.list #1",
      "after 429 #1",
      "retry 429 #1 in 2000",
      "before agents.list #2",
      "after 200 #2",
    ]);
    expect(fake.requests.at(-1)?.headers["x-trace"]).toBe("t-1");
  });

  it("logs structured records without the key", async () => {
    const lines: Array<[string, LogRecord]> = [];
    const sink = (message: string, record: LogRecord) => void lines.push([message, record]);
    const { client, fake } = setup({ logger: { debug: sink, info: sink, warn: sink } });
    fake.faults.add({ kind: "server_error", route: "GET /v1/agents" });
    await client.agents.list();
    expect(lines.map(([, r]) => [r.event, r.status, r.attempt])).toEqual([
      ["retry", 500, 1],
      ["response", 200, 2],
    ]);
    expect(lines[1]?.[1]).toMatchObject({ method: "GET", path: "/v1/agents", operation: "agents.list" });
    expect(lines[1]?.[1].ms).toBeTypeOf("number");
    expect(JSON.stringify(lines)).not.toContain("test-key");
  });

  it("keeps the key out of messages, toJSON and stacks even when the server echoes it", async () => {
    const apiKey = "sk_live_0123456789abcdef";
    const client = new AgentsClient({
      apiKey,
      baseUrl: BASE_URL,
      fetch: async (request) =>
        Response.json(
          { error: { code: "unauthorized", message: `bad key ${apiKey} (${request.headers.get("authorization")})` } },
          { status: 401 },
        ),
    });
    const error = (await client.agents.list().catch((e: unknown) => e)) as AgentlineError;
    expect(error.code).toBe("unauthorized");
    for (const text of [error.message, JSON.stringify(error), error.stack ?? "", JSON.stringify(client)]) {
      expect(text).not.toContain(apiKey);
    }
  });

  it("returns the raw response beside the data with withResponse()", async () => {
    const { client } = setup();
    const { data, response, requestId } = await client.agents.list().withResponse();
    expect(data.items).toEqual([]);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-ratelimit-limit")).toBeTruthy();
    expect(requestId).toBeTruthy();
  });

  it("explains how to fix a missing fetch and a bad baseUrl", () => {
    const saved = globalThis.fetch;
    try {
      (globalThis as { fetch?: unknown }).fetch = undefined;
      expect(() => new AgentsClient({ apiKey: "k", baseUrl: BASE_URL })).toThrow(/pass `fetch` in the client options/);
    } finally {
      globalThis.fetch = saved;
    }
    expect(() => new AgentsClient({ apiKey: "k", baseUrl: "api.example.com" })).toThrow(/baseUrl/);
    expect(() => new AgentsClient({ apiKey: "", baseUrl: BASE_URL })).toThrow(/apiKey/);
  });
});
