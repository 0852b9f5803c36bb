import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { isAgentlineError } from "../../../src/core/errors.js";
import { createAgentsRelay, type RelayAuthorizeContext } from "../../../src/relay/index.js";
import { BASE_PATH, pageRequest, RELAY_KEY, relaySetup } from "./relay-helpers.js";

const client = new AgentsClient({
  apiKey: RELAY_KEY,
  baseUrl: "http://upstream.test",
  fetch: async () => new Response(),
});
const authorize = () => true;

describe("relay options and arguments", () => {
  it("every wrong option is refused up front with invalid_option naming the field", () => {
    const cases: Array<[string, unknown]> = [
      ["options", undefined],
      ["options", "client"],
      ["client", { authorize }],
      ["client", { client: {}, authorize }],
      ["client", { client: { apiKey: RELAY_KEY }, authorize }],
      ["client", { client: new (class Other {})(), authorize }],
      ["client", { apiKey: RELAY_KEY, baseUrl: "http://upstream.test", authorize }],
      // A page's keyless client would forward every call with no key.
      ["client", { client: new AgentsClient({ baseUrl: "http://upstream.test" }), authorize }],
      ["authorize", { client }],
      ["authorize", { client, authorize: true }],
      ["basePath", { client, authorize, basePath: "api" }],
      ["basePath", { client, authorize, basePath: "/api?x=1" }],
      ["basePath", { client, authorize, basePath: 5 }],
      ["operations", { client, authorize, operations: "runs.get" }],
      ["operations[1]", { client, authorize, operations: ["runs.get", "runs.delete"] }],
      ["maxBodyBytes", { client, authorize, maxBodyBytes: 0 }],
      ["maxBodyBytes", { client, authorize, maxBodyBytes: 1.5 }],
      ["keepAliveMs", { client, authorize, keepAliveMs: -1 }],
      ["allowedOrigins", { client, authorize, allowedOrigins: "https://app.example.com" }],
      ["allowedOrigins", { client, authorize, allowedOrigins: ["https://app.example.com/path"] }],
      ["allowedOrigins", { client, authorize, allowedOrigins: ["app.example.com"] }],
      ["baseUrl", { client: { apiKey: RELAY_KEY, baseUrl: "upstream.test" }, authorize }],
    ];
    for (const [field, options] of cases) {
      let thrown: unknown;
      try {
        createAgentsRelay(options as never);
      } catch (error) {
        thrown = error;
      }
      expect(isAgentlineError(thrown), field).toBe(true);
      expect((thrown as { code: string }).code, field).toBe("invalid_option");
      expect((thrown as Error).message, field).toContain(field === "options" ? "options" : `\`${field}`);
    }
  });

  it("the handler refuses a non-Request with an AgentlineError; valid options build a handler", async () => {
    const relay = createAgentsRelay({ client, authorize, basePath: "/api/agents/", operations: [] });
    for (const wrong of [undefined, null, "http://app.test/", {}, 42]) {
      await expect(relay(wrong as never)).rejects.toSatisfy(isAgentlineError);
    }
    // Nothing exposed: every path is unknown.
    expect((await relay(new Request("http://app.test/api/agents/v1/agents/bc-1"))).status).toBe(404);
  });

  it("authorize is told the operation, decoded ids and the parsed body, with env and ctx passed through", async () => {
    const seen: Array<[RelayAuthorizeContext, unknown, unknown]> = [];
    const { relay } = relaySetup({
      authorize: (_request, context, env, ctx) => {
        seen.push([context, env, ctx]);
        return false;
      },
    });
    const env = { SESSION_SECRET: "s" };
    const ctx = { waitUntil: () => {} };
    await relay(
      pageRequest("POST", "/v1/agents/bc-a%20b/runs", { body: '{"prompt":{"text":"hi"}}' }),
      env as never,
      ctx as never,
    );
    await relay(pageRequest("GET", "/v1/agents/bc-1/runs/run-%C3%A9/stream"));
    expect(seen[0]).toEqual([
      { operation: "runs.create", agentId: "bc-a b", runId: undefined, body: { prompt: { text: "hi" } } },
      env,
      ctx,
    ]);
    expect(seen[1]?.[0]).toEqual({ operation: "runs.stream", agentId: "bc-1", runId: "run-é", body: undefined });
  });

  it("an authorize that returns something other than true or a Response refuses (403); one that throws propagates", async () => {
    for (const verdict of [undefined, "yes", 1, {}, null]) {
      const { relay, upstreamRequests } = relaySetup({ authorize: () => verdict as never });
      expect((await relay(pageRequest("GET", "/v1/agents/bc-1"))).status).toBe(403);
      expect(upstreamRequests()).toBe(0);
    }
    const { relay } = relaySetup({
      authorize: async () => {
        throw new Error("session store down");
      },
    });
    await expect(relay(pageRequest("GET", "/v1/agents/bc-1"))).rejects.toThrow("session store down");
  });

  it("mounted behind hono (app.all on the base path) it serves the page's client unchanged", async () => {
    // What a Worker hands hono as its third argument.
    const workerContext = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} };
    const { upstream, relay } = relaySetup();
    const app = new Hono();
    app.get("/", (c) => c.text("home"));
    app.all(`${BASE_PATH}/*`, (c) => relay(c.req.raw, c.env, c.executionCtx));
    const page = new AgentsClient({
      baseUrl: `http://app.test${BASE_PATH}`,
      fetch: async (r) => app.fetch(r, {}, workerContext),
    });
    const { agent, run } = await upstream.agents.create({ prompt: { text: "hono" } });
    expect((await page.agents.get(agent.id)).id).toBe(agent.id);
    const types: string[] = [];
    for await (const event of page.runs.stream(agent.id, run.id)) types.push(event.type);
    expect(types.at(-1)).toBe("done");
    expect(types).toContain("result");
  });
});
