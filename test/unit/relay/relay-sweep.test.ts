import { describe, expect, it } from "vitest";
import { AGENTS_OPERATIONS, type AgentsOperationName, matchAgentsOperation } from "../../../src/agents/index.js";
import { DEFAULT_RELAY_OPERATIONS } from "../../../src/relay/index.js";
import { fillTemplate, pageRequest, relaySetup } from "./relay-helpers.js";

// Every way a page request can be refused, counted at the upstream (the fake's request log): nothing may reach it.

const ALL = Object.keys(AGENTS_OPERATIONS) as AgentsOperationName[];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const withBody = (method: string) => method === "POST" || method === "PUT" || method === "PATCH";

function requestFor(method: string, path: string, body: string = JSON.stringify({ prompt: { text: "hi" } })) {
  return pageRequest(method, path, withBody(method) ? { body, headers: { "content-type": "application/json" } } : {});
}

describe("relay: refusals send nothing upstream", () => {
  for (const [label, verdict] of [
    ["false", () => false],
    ["a Response", () => new Response("sign in first", { status: 401 })],
  ] as const) {
    it(`every operation × every method with authorize → ${label}: 0 requests upstream`, async () => {
      let asked = 0;
      const { relay, upstreamRequests } = relaySetup({
        operations: ALL,
        authorize: () => {
          asked++;
          return verdict();
        },
      });
      let matched = 0;
      let refusedByMethod = 0;
      for (const name of ALL) {
        const path = fillTemplate(AGENTS_OPERATIONS[name].path);
        for (const method of METHODS) {
          const response = await relay(requestFor(method, path));
          if (matchAgentsOperation(method, path) !== undefined) {
            matched++;
            expect(response.status, `${method} ${path}`).toBe(label === "false" ? 403 : 401);
            if (label !== "false") expect(await response.text()).toBe("sign in first");
          } else {
            refusedByMethod++;
            expect(response.status, `${method} ${path}`).toBe(405);
            const allow = (response.headers.get("allow") ?? "").split(", ");
            expect(allow.length).toBeGreaterThan(0);
            for (const other of allow) expect(matchAgentsOperation(other, path)).toBeDefined();
          }
        }
      }
      expect(matched).toBeGreaterThanOrEqual(ALL.length);
      expect(asked).toBe(matched);
      expect(refusedByMethod).toBeGreaterThan(0);
      expect(upstreamRequests()).toBe(0);
    });
  }

  it("operations not exposed: 404 (or 405 naming only exposed methods), authorize never asked, 0 sent", async () => {
    let asked = 0;
    const { relay, upstreamRequests } = relaySetup({
      authorize: () => {
        asked++;
        return true;
      },
    });
    const hidden = ALL.filter((name) => !DEFAULT_RELAY_OPERATIONS.includes(name));
    expect(hidden.length).toBeGreaterThan(8);
    let notFound = 0;
    for (const name of hidden) {
      const { method, path: template } = AGENTS_OPERATIONS[name];
      const path = fillTemplate(template);
      const response = await relay(requestFor(method, path));
      expect([404, 405], `${method} ${path}`).toContain(response.status);
      if (response.status === 404) notFound++;
      else {
        for (const other of (response.headers.get("allow") ?? "").split(", ")) {
          expect(DEFAULT_RELAY_OPERATIONS).toContain(matchAgentsOperation(other, path));
        }
      }
      expect((await response.json()).error.code).toMatch(/^(not_found|method_not_allowed)$/);
    }
    expect(notFound).toBeGreaterThan(0);
    for (const path of ["/v2/agents", "/v1/nothing", "/", "/v1/agents/a/b/c/d/e"]) {
      expect((await relay(requestFor("GET", path))).status).toBe(404);
    }
    // Outside the base path altogether.
    expect((await relay(new Request("http://app.test/elsewhere/v1/agents/x"))).status).toBe(404);
    expect(asked).toBe(0);
    expect(upstreamRequests()).toBe(0);
  });

  it("bad bodies and bad path params: 400 in the API's format, 0 sent", async () => {
    const { relay, upstreamRequests } = relaySetup({ operations: ALL });
    const agent = "bc-00000000-0000-4000-8000-000000000001";
    const badBodies = ["{", "[]", '"text"', "{}", '{"prompt":{}}', '{"prompt":{"text":""}}', '{"prompt":{"text":5}}'];
    let refused = 0;
    for (const name of ALL) {
      const entry = AGENTS_OPERATIONS[name];
      if (!("body" in entry)) continue;
      const path = fillTemplate(entry.path);
      for (const body of badBodies) {
        const response = await relay(requestFor(entry.method, path, body));
        expect(response.status, `${name} ${body}`).toBe(400);
        expect((await response.json()).error.code).toBe("validation_error");
        refused++;
      }
    }
    const badIds = ["..%2F", "a%2Fb", "%252e%252e", "%2e%2e%2fx", "%20"];
    for (const id of badIds) {
      for (const path of [`/v1/agents/${id}`, `/v1/agents/${agent}/runs/${id}`, `/v1/agents/${id}/runs/run-1/stream`]) {
        const response = await relay(requestFor("GET", path));
        expect(response.status, path).toBe(400);
        refused++;
      }
    }
    const badQueries = ["limit=abc", "limit=0", "limit=100000"];
    for (const query of badQueries) {
      const response = await relay(requestFor("GET", `/v1/agents/${agent}/runs?${query}`));
      expect(response.status, query).toBe(400);
      refused++;
    }
    expect(refused).toBe(badBodies.length * 3 + badIds.length * 3 + badQueries.length);
    expect(upstreamRequests()).toBe(0);
  });

  it("oversized bodies: 413 while reading (declared or streamed), 0 sent", async () => {
    const { relay, upstreamRequests } = relaySetup({ operations: ALL, maxBodyBytes: 1_024 });
    const big = JSON.stringify({ prompt: { text: "x".repeat(4_096) } });
    let refused = 0;
    for (const name of ALL) {
      const entry = AGENTS_OPERATIONS[name];
      if (entry.method !== "POST") continue;
      const path = fillTemplate(entry.path);
      const declared = await relay(requestFor("POST", path, big));
      expect(declared.status, name).toBe(413);
      // No Content-Length: the cap is counted as the chunks arrive.
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          if (pulled > 100) controller.close();
          else controller.enqueue(new TextEncoder().encode(" ".repeat(256)));
        },
      });
      const streamed = await relay(pageRequest("POST", path, { body, duplex: "half" } as RequestInit));
      expect(streamed.status, name).toBe(413);
      expect(pulled).toBeLessThan(10);
      refused += 2;
    }
    expect(refused).toBeGreaterThanOrEqual(10);
    expect(upstreamRequests()).toBe(0);
  });
});
