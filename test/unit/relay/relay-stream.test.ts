import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { AgentsClient, type RunEvent } from "../../../src/agents/index.js";
import { createAgentsRelay } from "../../../src/relay/index.js";
import { createSseServer, scriptRun, seededRandom } from "../agents/stream/independent-sse-server.js";
import { signature } from "../agents/stream/stream-helpers.js";
import { instantSleep } from "../agents/stream/trial-helpers.js";
import { RELAY_KEY, relaySetup } from "./relay-helpers.js";

/** What a consumer keeps of an event: id, type and the data text. */
const wire = (events: RunEvent[]) => events.map((e) => [e.id, e.type, e.raw]);

async function collect(stream: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe("relay: run streams", () => {
  it("the page gets the run's events as the service sends them: ids, types and data unchanged", async () => {
    const a = relaySetup({}, { heartbeatIntervalMs: 200, run: { toolCalls: 3, assistantChunks: 4 } });
    const b = relaySetup({}, { heartbeatIntervalMs: 200, run: { toolCalls: 3, assistantChunks: 4 } });
    const runA = await a.upstream.agents.create({ prompt: { text: "same" } });
    const runB = await b.upstream.agents.create({ prompt: { text: "same" } });
    const direct = await collect(a.upstream.runs.stream(runA.agent.id, runA.run.id));
    const relayed = await collect(b.page.runs.stream(runB.agent.id, runB.run.id));
    expect(direct.length).toBeGreaterThan(10);
    expect(relayed.filter((e) => e.type === "heartbeat").length).toBeGreaterThan(0);
    expect(wire(relayed)).toEqual(wire(direct));
  });

  it("a page resuming with Last-Event-ID (and skipEvents) gets exactly the rest, id-less events included", async () => {
    let compared = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const script = scriptRun(seededRandom(seed));
      const whole = await collect(
        clientOf(createSseServer(script, { connections: [] }).fetch).runs.stream("bc-1", "run-1"),
      );
      for (let stopAt = 1; stopAt < whole.length; stopAt += 3) {
        const server = createSseServer(script, { connections: [] });
        const relay = createAgentsRelay({ client: clientOf(server.fetch), authorize: () => true });
        const page = pageOf(relay);
        const first = page.runs.stream("bc-1", "run-1");
        const head: RunEvent[] = [];
        for await (const event of first) {
          head.push(event);
          if (head.length === stopAt) break;
        }
        const tail = await collect(page.runs.stream("bc-1", "run-1", { ...first.resumePoint }));
        const got = signature([...head, ...tail]).filter((k) => !k.startsWith("status:"));
        expect(got, `seed ${seed} stop ${stopAt}`).toEqual(signature(whole).filter((k) => !k.startsWith("status:")));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("an expired stream (410) reaches the page as 410; the page polls through the relay and ends on the result", async () => {
    const { upstream, page, advance, fake } = relaySetup();
    const { agent, run } = await upstream.agents.create({ prompt: { text: "old" } });
    await upstream.runs.wait(agent.id, run.id);
    advance(2 * 3_600_000);
    const stream = page.runs.stream(agent.id, run.id);
    const events = await collect(stream);
    // The relay answered the service's 410 (no connection opened on the page's leg), and did not poll itself.
    expect(stream.opened).toBe(0);
    const last = events.at(-1);
    expect(last?.type).toBe("result");
    expect(last?.type === "result" && last.synthesized).toBe(true);
    const streams = fake.requests.filter((logged) => logged.path.endsWith("/stream"));
    expect(streams.length).toBeGreaterThan(0);
  });

  it("while the service is silent, even in the middle of an event, the page's leg gets comment lines that split nothing", async () => {
    const script = scriptRun(seededRandom(7));
    const server = createSseServer(script, { connections: [{ kind: "stall", after: 3, midEvent: true }] });
    const relay = createAgentsRelay({ client: clientOf(server.fetch), authorize: () => true, keepAliveMs: 5 });
    const controller = new AbortController();
    const response = await relay(
      new Request("http://app.test/v1/agents/bc-1/runs/run-1/stream", { signal: controller.signal }),
    );
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    while ((text.match(/^:\n/gm) ?? []).length < 3) text += decoder.decode((await reader.read()).value);
    await reader.cancel();
    // Comment lines only (never the blank line that would end the torn event early), each after a whole line.
    expect(text).not.toContain(":\n\n");
    expect(text).toMatch(/\n:\n/);
    // What the page parses is the service's three whole events: the torn fourth is not dispatched.
    const { createParser } = await import("eventsource-parser");
    const parsed: string[] = [];
    const parser = createParser({ onEvent: (event) => void parsed.push(event.data) });
    parser.feed(text);
    expect(parsed.length).toBe(3);
    for (const data of parsed) expect(() => JSON.parse(data)).not.toThrow();
    // The stalled upstream connection was given up with the page's.
    expect(server.requests.at(-1)?.signal.aborted).toBe(true);
  });

  it("an upstream that breaks mid-stream ends the page's leg; the page resumes through the relay as it would directly", async () => {
    const script = scriptRun(seededRandom(11));
    const connections = [{ kind: "error", after: 4 }, { kind: "cut", after: 2 }, { kind: "complete" }] as const;
    const server = createSseServer(script, { connections: [...connections] });
    const relay = createAgentsRelay({ client: clientOf(server.fetch), authorize: () => true });
    const page = new AgentsClient({ baseUrl: "http://app.test", fetch: relay, sleep: instantSleep });
    const through = await collect(page.runs.stream("bc-1", "run-1"));
    const alone = createSseServer(script, { connections: [...connections] });
    const direct = new AgentsClient({
      apiKey: RELAY_KEY,
      baseUrl: "http://upstream.test",
      fetch: alone.fetch,
      sleep: instantSleep,
    });
    expect(wire(through)).toEqual(wire(await collect(direct.runs.stream("bc-1", "run-1"))));
    expect(through.at(-1)?.type).toBe("done");
    // Each page connection was one upstream connection, with the page's last id.
    expect(server.requests.map((request) => request.headers.get("last-event-id"))).toEqual(
      alone.requests.map((request) => request.headers.get("last-event-id")),
    );
  });

  it("an upstream body that breaks mid-event ends the page's body cleanly, before the unfinished event", async () => {
    const whole = `id: 1\nevent: status\ndata: {"runId":"run-1","status":"RUNNING"}\n\n`;
    let pulls = 0;
    const upstream = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            if (pulls++ === 0)
              controller.enqueue(new TextEncoder().encode(`${whole}id: 2\nevent: assistant\ndata: {"te`));
            else controller.error(new TypeError("terminated"));
          },
        }),
        { headers: { "content-type": "text/event-stream" } },
      );
    const relay = createAgentsRelay({ client: clientOf(upstream), authorize: () => true });
    const response = await relay(new Request("http://app.test/v1/agents/bc-1/runs/run-1/stream"));
    // Whole lines only: the page's parser never sees half a line, and its stream ends as an early close would.
    expect(await response.text()).toBe(`${whole}id: 2\nevent: assistant\n`);
  });

  it("a stream request that fails before it is sent (a dead pooled connection) gets one fresh attempt, not a 502", async () => {
    const sse = `id: 1\nevent: status\ndata: {"runId":"run-1","status":"RUNNING"}\n\n`;
    let failures = 0;
    let attempts = 0;
    const upstream = async () => {
      attempts++;
      if (failures > 0) {
        failures--;
        throw new TypeError("fetch failed");
      }
      return new Response(sse, { headers: { "content-type": "text/event-stream" } });
    };
    const relay = createAgentsRelay({ client: clientOf(upstream), authorize: () => true });
    const url = "http://app.test/v1/agents/bc-1/runs/run-1/stream";
    failures = 1;
    const once = await relay(new Request(url));
    expect([once.status, attempts]).toEqual([200, 2]);
    expect(await once.text()).toBe(sse);
    // Only one: a service out of reach is the page's to retry (502), not the relay's to hide.
    failures = 2;
    attempts = 0;
    const twice = await relay(new Request(url));
    expect([twice.status, attempts]).toEqual([502, 2]);
  });

  it("event data is handed on as it arrived, unparsed: what the page's client makes of it equals a direct read", async () => {
    const sse = [
      `event: status\ndata: {"runId":"run-1","status":"RUNNING"}\n\n`,
      `id: 1\nevent: assistant\ndata: not JSON at all, {"text": 1}\n\n`,
      `id: 2\nevent: thinking\ndata: {"text":"big 12345678901234567890123","n":12345678901234567890123}\n\n`,
      `id: 3\nevent: interaction_update\ndata: { "spaced" :  [1,2 ,3] }\n\n`,
      `id: 4\nevent: tool_call\ndata: {"callId":"","name":"read_file"}\n\n`,
      `id: 5\nevent: done\ndata: {}\n\n`,
    ].join("");
    const upstream = async () => new Response(sse, { headers: { "content-type": "text/event-stream" } });
    const outcome = async (client: AgentsClient) => {
      const events: RunEvent[] = [];
      try {
        for await (const event of client.runs.stream("bc-1", "run-1", { maxReconnects: 1 })) events.push(event);
        return { events: wire(events), error: undefined };
      } catch (error) {
        const { name, code, message } = error as { name: string; code: string; message: string };
        return { events: wire(events), error: { name, code, message } };
      }
    };
    const direct = await outcome(clientOf(upstream));
    const relayed = await outcome(pageOf(createAgentsRelay({ client: clientOf(upstream), authorize: () => true })));
    expect(direct.error?.name).toBe("ValidationError");
    expect(direct.events).toHaveLength(4);
    expect(relayed).toEqual(direct);
  });

  it("a token the agent wrote (not the relay's) reaches the page as written, in events and in REST answers", async () => {
    const written = [
      "Bearer ghp_abc123DEF456ghi789",
      "eyJhbGciOiJFZERTQSJ9.eyJpc3MiOiJhcHBfMSJ9.c2lnbmF0dXJlc2lnbmF0dXJl",
      "oit_0001Other/Token+0f1e2d3c",
    ];
    const text = JSON.stringify(`curl -H 'Authorization: ${written[0]}' # ${written[1]} ${written[2]} ${RELAY_KEY}`);
    const sse = `event: status\ndata: {"runId":"run-1","status":"RUNNING"}\n\nid: 1\nevent: assistant\ndata: {"text":${text}}\n\nid: 2\nevent: done\ndata: {}\n\n`;
    const upstream = async (request: Request) =>
      request.url.endsWith("/stream")
        ? new Response(sse, { headers: { "content-type": "text/event-stream" } })
        : Response.json({ id: "run-1", agentId: "bc-1", status: "FINISHED", result: JSON.parse(text) });
    const relay = createAgentsRelay({ client: clientOf(upstream), authorize: () => true });
    const streamed = await (await relay(new Request("http://app.test/v1/agents/bc-1/runs/run-1/stream"))).text();
    const answered = await (await relay(new Request("http://app.test/v1/agents/bc-1/runs/run-1"))).text();
    for (const body of [streamed, answered]) {
      for (const token of written) expect(body).toContain(token);
      expect(body).not.toContain(RELAY_KEY);
      expect(body).toContain("[redacted]");
    }
  });

  it("100 pages going away (abort, cancelled body): every upstream connection closed, 0 listeners left", async () => {
    let opened = 0;
    let closed = 0;
    const received: Request[] = [];
    const pageSignals: AbortSignal[] = [];
    for (let i = 0; i < 100; i++) {
      const script = scriptRun(seededRandom(i + 1));
      const server = createSseServer(script, { connections: [{ kind: "stall", after: 5 }] });
      const upstreamFetch = async (request: Request) => {
        opened++;
        request.signal.addEventListener("abort", () => closed++, { once: true });
        return server.fetch(request);
      };
      const relay = createAgentsRelay({ client: clientOf(upstreamFetch), authorize: () => true });
      const page = pageOf(async (request) => {
        received.push(request);
        return relay(request);
      });
      const controller = new AbortController();
      pageSignals.push(controller.signal);
      const stream = page.runs.stream("bc-1", "run-1", { signal: controller.signal });
      let seen = 0;
      try {
        for await (const _ of stream) {
          if (++seen === 2) {
            if (i % 2 === 0) controller.abort();
            else break;
          }
        }
      } catch {
        // The aborted half ends with an AbortError.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(opened).toBe(100);
    expect(closed).toBe(opened);
    const listeners = [...received.map((r) => r.signal), ...pageSignals].map(
      (s) => getEventListeners(s, "abort").length,
    );
    expect(listeners.reduce((a, b) => a + b, 0)).toBe(0);
  });
});

function clientOf(fetch: (request: Request) => Promise<Response>) {
  return new AgentsClient({ apiKey: RELAY_KEY, baseUrl: "http://upstream.test", fetch, sleep: instantSleep });
}

function pageOf(relay: (request: Request) => Promise<Response>) {
  return new AgentsClient({ baseUrl: "http://app.test", fetch: relay, sleep: instantSleep });
}
