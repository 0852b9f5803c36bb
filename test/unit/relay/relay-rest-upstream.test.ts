import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { createAgentsRelay } from "../../../src/relay/index.js";
import { eventually, type ScriptedUpstream, scriptedUpstream, type UpstreamHandler } from "./relay-upstream-server.js";

// A hostile or broken upstream behind the relay's REST calls, over real sockets. Whatever it does after its headers
// (break the body, trickle it forever, send gigabytes, redirect elsewhere), the relay answers the page in the API's
// error format within the client's timeout, holds a bounded amount, closes the connection, and leaves no listener on
// the page's request signal. Before: a broken body rejected the handler with undici's TypeError, a page gone
// mid-body with a DOMException, a silent body waited forever, 200 MB were buffered whole, and every REST call left a
// listener on the page's signal.

const KEY = "sk-relay-adv-0123456789abcdefghij";
const AGENT = "bc-00000000-0000-4000-8000-000000000001";
const servers: ScriptedUpstream[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function setup(handler: UpstreamHandler, timeoutMs = 60_000) {
  const upstream = await scriptedUpstream(handler);
  servers.push(upstream);
  const client = new AgentsClient({ apiKey: KEY, baseUrl: upstream.url, timeoutMs });
  const relay = createAgentsRelay({ client, authorize: () => true });
  return { upstream, relay };
}

async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe("relay: REST answers from a broken or hostile upstream", () => {
  it("a body that breaks mid-answer: 502 bad_gateway, nothing thrown", async () => {
    const { relay } = await setup((_, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
      response.write('{"id":"');
      setTimeout(() => response.destroy(), 20);
    });
    const answer = await relay(new Request(`http://app.test/v1/agents/${AGENT}`));
    expect(answer.status).toBe(502);
    expect(await errorCode(answer)).toBe("bad_gateway");
  });

  it("a body that never ends: 504 within the client's timeout, the connection closed", async () => {
    const { relay, upstream } = await setup((_, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"id":"');
    }, 300);
    const started = Date.now();
    const answer = await relay(new Request(`http://app.test/v1/agents/${AGENT}`));
    expect(answer.status).toBe(504);
    expect(await errorCode(answer)).toBe("gateway_timeout");
    expect(Date.now() - started).toBeLessThan(5_000);
    await eventually(() => upstream.open() === 0);
    expect(upstream.open()).toBe(0);
  });

  it("the page gone while the body is read: 499, nothing thrown, the connection closed", async () => {
    const { relay, upstream } = await setup((_, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"id":"');
    });
    const page = new AbortController();
    setTimeout(() => page.abort(), 100);
    const answer = await relay(new Request(`http://app.test/v1/agents/${AGENT}`, { signal: page.signal }));
    expect(answer.status).toBe(499);
    await eventually(() => upstream.open() === 0);
    expect(upstream.open()).toBe(0);
  });

  it("a 256 MiB answer: 502, read no further than the cap, the connection closed", async () => {
    const chunk = "x".repeat(1024 * 1024);
    const { relay, upstream } = await setup((_, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      let sent = 0;
      const pump = () => {
        while (sent < 256 && !response.destroyed) {
          sent++;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
        response.end();
      };
      pump();
    });
    const answer = await relay(new Request(`http://app.test/v1/agents/${AGENT}`));
    expect(answer.status).toBe(502);
    expect(await errorCode(answer)).toBe("bad_gateway");
    await eventually(() => upstream.open() === 0);
    expect(upstream.open()).toBe(0);
    // The cap is 16 MiB; what the sockets' buffers took beyond it is bounded too.
    expect(upstream.written()).toBeLessThan(64 * 1024 * 1024);
  });

  it("a redirect elsewhere: 502, the other site's answer never handed on, and the key never sent there", async () => {
    const elsewhere = await scriptedUpstream((_, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<script>steal(document.cookie)</script>");
    });
    servers.push(elsewhere);
    const { relay } = await setup((_, response) => {
      response.writeHead(302, { location: `${elsewhere.url}/metadata` });
      response.end();
    });
    const answer = await relay(new Request(`http://app.test/v1/agents/${AGENT}`));
    const text = await answer.text();
    expect(answer.status).toBe(502);
    expect(text).not.toContain("steal");
    expect(elsewhere.seen.filter((request) => JSON.stringify(request.headers).includes(KEY))).toHaveLength(0);
  });

  it("every REST outcome leaves 0 listeners on the page's request signal", async () => {
    const outcomes: Record<string, UpstreamHandler> = {
      ok: (_, response) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ id: AGENT }));
      },
      apiError: (_, response) => {
        response.writeHead(404, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { code: "not_found", message: "no" } }));
      },
      broken: (_, response) => {
        response.writeHead(200, { "content-type": "application/json", "content-length": "100" });
        response.write("{");
        setTimeout(() => response.destroy(), 10);
      },
    };
    let listeners = 0;
    let calls = 0;
    for (const handler of Object.values(outcomes)) {
      const { relay } = await setup(handler);
      for (const path of [`/v1/agents/${AGENT}`, `/v1/agents/${AGENT}/runs`, `/v1/agents/${AGENT}/runs/r-1/cancel`]) {
        const method = path.endsWith("/cancel") ? "POST" : "GET";
        const request = new Request(`http://app.test${path}`, { method, signal: new AbortController().signal });
        await (await relay(request)).arrayBuffer();
        listeners += getEventListeners(request.signal, "abort").length;
        calls++;
      }
    }
    expect(calls).toBe(9);
    expect(listeners).toBe(0);
  });
});
