// A cross-site page can send a "simple" request (no CORS preflight): POST with content-type text/plain. With a
// cookie session (SameSite=None) authorize says yes, and the relay starts a follow-up run for the attacker.
import { describe, expect, it } from "vitest";
import { PAGE_ORIGIN, pageRequest, relaySetup } from "./relay-helpers.js";

describe("relay: cross-site simple requests", () => {
  it("a POST whose body is not declared JSON (text/plain, form) is refused before authorize, 0 sent upstream", async () => {
    let asked = 0;
    const { relay, upstream, upstreamRequests } = relaySetup({ authorize: () => ++asked > 0 });
    const { agent, run } = await upstream.agents.create({ prompt: { text: "x" } });
    await upstream.runs.wait(agent.id, run.id);
    const before = upstreamRequests();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", null]) {
      const headers: Record<string, string> = type ? { "content-type": type } : {};
      const response = await relay(
        pageRequest("POST", `/v1/agents/${agent.id}/runs`, {
          body: '{"prompt":{"text":"from evil.example"}}',
          headers,
        }),
      );
      expect(response.status, String(type)).toBe(415);
    }
    expect(upstreamRequests() - before).toBe(0);
    expect(asked).toBe(0);
  });

  it("a state-changing request from another origin is refused before authorize, unless allowedOrigins lists it", async () => {
    let asked = 0;
    const { relay, upstream, upstreamRequests } = relaySetup({ authorize: () => ++asked > 0 });
    const { agent, run } = await upstream.agents.create({ prompt: { text: "x" } });
    const before = upstreamRequests();
    const json = { "content-type": "application/json" };
    const crossSite: Array<[string, string, RequestInit]> = [
      ["POST", `/v1/agents/${agent.id}/runs/${run.id}/cancel`, { headers: { origin: "https://evil.example" } }],
      ["POST", `/v1/agents/${agent.id}/runs/${run.id}/cancel`, { headers: { "sec-fetch-site": "cross-site" } }],
      ["POST", `/v1/agents/${agent.id}/runs/${run.id}/cancel`, { headers: { origin: "null" } }],
      ["POST", `/v1/agents/${agent.id}/runs`, { headers: { ...json, origin: "https://evil.example" }, body: "{}" }],
      [
        "POST",
        `/v1/agents/${agent.id}/runs`,
        { headers: { ...json, origin: `${PAGE_ORIGIN}.evil.example` }, body: "{}" },
      ],
    ];
    for (const [method, path, init] of crossSite) {
      const response = await relay(pageRequest(method, path, init));
      expect(response.status, JSON.stringify(init.headers)).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("cross_origin");
    }
    expect(upstreamRequests() - before).toBe(0);
    expect(asked).toBe(0);
    // Reads from another origin are left to CORS (the relay sends no CORS headers); the page's own origin may act.
    const read = await relay(
      pageRequest("GET", `/v1/agents/${agent.id}`, { headers: { origin: "https://evil.example" } }),
    );
    expect(read.status).toBe(200);
    const own = await relay(
      pageRequest("POST", `/v1/agents/${agent.id}/runs/${run.id}/cancel`, { headers: { origin: PAGE_ORIGIN } }),
    );
    expect(own.status).toBe(200);
    const listed = relaySetup({ authorize: () => true, allowedOrigins: ["https://app.example.com"] });
    const other = await listed.upstream.agents.create({ prompt: { text: "y" } });
    const allowed = await listed.relay(
      pageRequest("POST", `/v1/agents/${other.agent.id}/runs/${other.run.id}/cancel`, {
        headers: { origin: "https://app.example.com" },
      }),
    );
    expect(allowed.status).toBe(200);
  });
});
