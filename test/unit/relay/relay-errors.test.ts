import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { createAgentsRelay } from "../../../src/relay/index.js";
import { RELAY_KEY, relaySetup } from "./relay-helpers.js";

const AGENT = "bc-00000000-0000-4000-8000-000000000001";
const STATUSES = [400, 401, 402, 403, 404, 409, 410, 422, 429, 500, 502, 503, 504] as const;

/** An upstream written from the spec's error format alone: every call answers `status` with `{ error: { code, message } }`. */
function erroringUpstream(status: number) {
  return async () =>
    Response.json(
      { error: { code: `code_${status}`, message: `message ${status}`, helpUrl: "https://help.test" } },
      {
        status,
        headers: {
          "x-request-id": `req-${status}`,
          ...(status === 429 ? { "retry-after": "7", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "99" } : {}),
        },
      },
    );
}

function pageOver(relay: (request: Request) => Promise<Response>) {
  return new AgentsClient({ baseUrl: "http://app.test/api/agents", fetch: relay, maxRetries: 0 });
}

/** What a page can observe of an error. */
function describeError(error: unknown) {
  const e = error as Record<string, unknown>;
  return {
    class: (error as Error).constructor.name,
    status: e.status,
    code: e.code,
    serverMessage: e.serverMessage,
    helpUrl: e.helpUrl,
    requestId: e.requestId,
    retryAfterMs: e.retryAfterMs,
    remaining: (e.rateLimit as { remaining?: number } | undefined)?.remaining,
  };
}

describe("relay: upstream errors reach the page as the same typed errors", () => {
  it(`${STATUSES.length} statuses × REST and stream: same class, status, code, message, request id, Retry-After`, async () => {
    let compared = 0;
    for (const status of STATUSES) {
      const fetch = erroringUpstream(status);
      const direct = new AgentsClient({ apiKey: RELAY_KEY, baseUrl: "http://upstream.test", fetch, maxRetries: 0 });
      const relay = createAgentsRelay({ client: direct, basePath: "/api/agents", authorize: () => true });
      const page = pageOver(relay);
      const calls: Array<(client: AgentsClient) => Promise<unknown>> = [
        (client) => client.agents.get(AGENT),
        (client) => client.runs.create(AGENT, { prompt: { text: "x" } }),
        (client) => client.runs.cancel(AGENT, "run-1"),
        async (client) => {
          for await (const _ of client.runs.stream(AGENT, "run-1", { maxReconnects: 0 })) break;
        },
      ];
      for (const call of calls) {
        const expected = await call(direct).catch((error: unknown) => error);
        const got = await call(page).catch((error: unknown) => error);
        // A 410 on a stream makes both sides poll `runs.get`, which fails with the same status again.
        expect(describeError(got), `${status}`).toEqual(describeError(expected));
        compared++;
      }
    }
    expect(compared).toBe(STATUSES.length * 4);
  });

  it("the fake's own errors (404, 409, 429, 500) come through the relay unchanged", async () => {
    const { page, upstream, fake } = relaySetup({}, {}, { maxRetries: 0 });
    const missing = await page.agents.get(AGENT).catch((e: unknown) => e);
    expect(describeError(missing)).toMatchObject({ class: "NotFoundError", status: 404 });
    const { agent, run } = await upstream.agents.create({ prompt: { text: "busy" } });
    const busy = await page.runs.create(agent.id, { prompt: { text: "again" } }).catch((e: unknown) => e);
    expect(describeError(busy)).toMatchObject({ class: "ConflictError", status: 409 });
    fake.faults.add({ kind: "rate_limit", retryAfterSeconds: 3 });
    const limited = await page.runs.get(agent.id, run.id).catch((e: unknown) => e);
    expect(describeError(limited)).toMatchObject({ class: "RateLimitError", status: 429, retryAfterMs: 3_000 });
    fake.faults.add({ kind: "server_error", status: 503 });
    const failed = await page.runs.get(agent.id, run.id).catch((e: unknown) => e);
    expect(describeError(failed)).toMatchObject({ class: "InternalServerError", status: 503, code: "upstream_error" });
  });

  it("upstream unreachable → 502, too slow → 504, in the API's error format", async () => {
    const down = createAgentsRelay({
      client: {
        apiKey: RELAY_KEY,
        baseUrl: "http://upstream.test",
        fetch: async () => {
          throw new TypeError("fetch failed", { cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) });
        },
      },
      authorize: () => true,
    });
    const refused = await down(new Request(`http://app.test/v1/agents/${AGENT}`));
    expect(refused.status).toBe(502);
    expect((await refused.json()).error.code).toBe("bad_gateway");
    const slowClient = new AgentsClient({
      apiKey: RELAY_KEY,
      baseUrl: "http://upstream.test",
      timeoutMs: 5,
      fetch: (request) =>
        new Promise((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason))),
    });
    const slow = createAgentsRelay({ client: slowClient, basePath: "/api/agents", authorize: () => true });
    const timedOut = await slow(new Request(`http://app.test/api/agents/v1/agents/${AGENT}`));
    expect(timedOut.status).toBe(504);
    expect((await timedOut.json()).error.code).toBe("gateway_timeout");
    const error = await pageOver(slow)
      .agents.get(AGENT)
      .catch((e: unknown) => e);
    expect(describeError(error)).toMatchObject({ class: "InternalServerError", status: 504 });
  });

  it("a request id no header can carry (a line break, a character beyond Latin-1) is left out; the error still comes through", async () => {
    const ids = ["req-1\r\nset-cookie: session=stolen", "req-\u2713", "req-\u0000-nul", "req\nfolded"];
    for (const id of ids) {
      for (const body of [
        // The forge's RPC format carries its request id in the body; the spec's error format beside it.
        {
          code: 5,
          message: "not found",
          details: [{ "@type": "type.googleapis.com/google.rpc.RequestInfo", requestId: id }],
        },
        { error: { code: "not_found", message: "not found" } },
      ]) {
        const relay = createAgentsRelay({
          client: {
            apiKey: RELAY_KEY,
            baseUrl: "http://upstream.test",
            fetch: async () => Response.json(body, { status: 404 }),
          },
          authorize: () => true,
        });
        const answer = await relay(new Request(`http://app.test/v1/agents/${AGENT}`));
        expect(answer.status).toBe(404);
        expect(answer.headers.get("x-request-id")).toBeNull();
        expect(answer.headers.get("set-cookie")).toBeNull();
        expect(await answer.json()).toEqual(body);
      }
    }
  });
});
