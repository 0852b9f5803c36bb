import { describe, expect, it } from "vitest";
import { AgentsClient, foldRunEvents, type RunEvent } from "../../../src/agents/index.js";
import { createAgentsRelay } from "../../../src/relay/index.js";
import {
  type ConnectionScript,
  createSseServer,
  scriptRun,
  seededRandom,
} from "../agents/stream/independent-sse-server.js";
import { STREAM_ROUTE, signature } from "../agents/stream/stream-helpers.js";
import { instantSleep } from "../agents/stream/trial-helpers.js";
import { relaySetup } from "./relay-helpers.js";

const RUNS = 1_000;

/**
 * The page leg dropping: the relay's answer is cut after `bytes` bytes (erroring as a lost connection does, or ending
 * cleanly), and the relay's body is cancelled as a closed connection would cancel it.
 */
function cutAfter(response: Response, bytes: number, mode: "error" | "close"): Response {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      if (sent + value.byteLength < bytes) {
        sent += value.byteLength;
        return controller.enqueue(value);
      }
      controller.enqueue(value.subarray(0, bytes - sent));
      await reader.cancel();
      if (mode === "error") controller.error(new TypeError("network error"));
      else controller.close();
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

describe("relay end to end: drops on both legs", () => {
  it(`${RUNS} seeded runs, page client → relay → fake, drops upstream and on the page leg: nothing lost or repeated`, async () => {
    const fakeOptions = { run: { toolCalls: 3, assistantChunks: 6 } };
    // The uninterrupted reference, through the same relay path.
    const reference = relaySetup({}, fakeOptions);
    const first = await reference.upstream.agents.create({ prompt: { text: "chaos" } });
    const clean: RunEvent[] = [];
    for await (const event of reference.page.runs.stream(first.agent.id, first.run.id)) clean.push(event);
    const normalize = (keys: string[], runId: string) => keys.map((key) => key.replaceAll(runId, "RUN"));
    const cleanSignature = normalize(signature(clean), first.run.id);
    const comparable = (events: RunEvent[], runId: string) =>
      JSON.stringify(foldRunEvents(events)).replaceAll(runId, "RUN");
    const cleanState = comparable(clean, first.run.id);

    let pageCuts: Array<{ bytes: number; mode: "error" | "close" }> = [];
    const setup = relaySetup({}, fakeOptions, {
      fetch: async (request) => {
        const response = await setup.relay(request);
        const cut = new URL(request.url).pathname.endsWith("/stream") ? pageCuts.shift() : undefined;
        return cut && response.ok ? cutAfter(response, cut.bytes, cut.mode) : response;
      },
    });
    const totals = { runs: 0, upstreamDrops: 0, pageDrops: 0, pageReconnects: 0, lost: 0, duplicated: 0, states: 0 };
    for (let i = 0; i < RUNS; i++) {
      const random = seededRandom(i + 1);
      const created = await setup.upstream.agents.create({ prompt: { text: "chaos" } });
      const upstreamDrops = Math.floor(random() * 3);
      for (let d = 0; d < upstreamDrops; d++) {
        setup.fake.faults.add({
          kind: "stream_drop",
          route: STREAM_ROUTE,
          afterEvents: 1 + Math.floor(random() * 14),
          midEvent: random() < 0.3,
          mode: random() < 0.5 ? "error" : "close",
        });
      }
      pageCuts = Array.from({ length: Math.floor(random() * 3) }, () => ({
        bytes: 1 + Math.floor(random() * 1_500),
        mode: random() < 0.5 ? ("error" as const) : ("close" as const),
      }));
      totals.upstreamDrops += upstreamDrops;
      totals.pageDrops += pageCuts.length;
      const stream = setup.page.runs.stream(created.agent.id, created.run.id, { maxReconnects: 20 });
      const events: RunEvent[] = [];
      for await (const event of stream) events.push(event);
      setup.fake.faults.clear();
      totals.runs++;
      totals.pageReconnects += stream.reconnects;
      const got = normalize(signature(events), created.run.id);
      const idKeys = got.filter((key) => !key.startsWith("status:"));
      totals.duplicated += idKeys.length - new Set(idKeys).size;
      totals.lost += cleanSignature.filter((key) => !key.startsWith("status:") && !got.includes(key)).length;
      if (comparable(events, created.run.id) !== cleanState) totals.states++;
    }
    console.log(`relay chaos: ${JSON.stringify(totals)}`);
    expect(totals.runs).toBe(RUNS);
    expect(totals.upstreamDrops).toBeGreaterThan(RUNS / 2);
    expect(totals.pageDrops).toBeGreaterThan(RUNS / 2);
    expect(totals.pageReconnects).toBeGreaterThan(RUNS / 3);
    expect(totals.lost).toBe(0);
    expect(totals.duplicated).toBe(0);
    expect(totals.states).toBe(0);
  }, 120_000);

  it("300 seeded runs from the independent SSE server (id-less text, shared ids), drops on both legs: same sequence", async () => {
    const totals = { runs: 0, upstreamDrops: 0, pageDrops: 0, mismatches: 0, withoutDone: 0 };
    for (let seed = 1; seed <= 300; seed++) {
      const random = seededRandom(seed);
      const script = scriptRun(random);
      const whole: RunEvent[] = [];
      const direct = createSseServer(script, { connections: [], random });
      const client = (fetch: (request: Request) => Promise<Response>) =>
        new AgentsClient({ apiKey: "relay-key", baseUrl: "http://upstream.test", fetch, sleep: instantSleep });
      for await (const event of client(direct.fetch).runs.stream("bc-1", "run-1")) whole.push(event);
      const connections: ConnectionScript[] = Array.from({ length: Math.floor(random() * 3) }, () => ({
        kind: random() < 0.5 ? ("error" as const) : ("cut" as const),
        after: 1 + Math.floor(random() * script.length),
      }));
      const server = createSseServer(script, { connections, random, heartbeatChance: 0.1 });
      const relay = createAgentsRelay({ client: client(server.fetch), authorize: () => true });
      const cuts = Array.from({ length: Math.floor(random() * 3) }, () => 1 + Math.floor(random() * 1_200));
      const page = new AgentsClient({
        baseUrl: "http://app.test",
        sleep: instantSleep,
        fetch: async (request) => {
          const response = await relay(request);
          const cut = new URL(request.url).pathname.endsWith("/stream") ? cuts.shift() : undefined;
          return cut !== undefined && response.ok ? cutAfter(response, cut, "error") : response;
        },
      });
      totals.upstreamDrops += connections.length;
      totals.pageDrops += cuts.length;
      const events: RunEvent[] = [];
      for await (const event of page.runs.stream("bc-1", "run-1", { maxReconnects: 20 })) events.push(event);
      // Statuses are snapshots (a reconnection may skip one the run has left); heartbeats are liveness only; `done`
      // may be missing where the client stops chasing it: after the result, a connection that closes without it
      // earns one more, and if that one also ends without it the client ends the stream (as it does directly: the
      // relay keeps no stream state, so each page connection is one upstream connection).
      const comparable = (list: RunEvent[]) =>
        list
          .filter((e) => e.type !== "heartbeat" && e.type !== "status" && e.type !== "done")
          .map((e) => [e.id, e.type, e.raw]);
      if (events.filter((e) => e.type === "done").length > 1) totals.mismatches++;
      if (events.at(-1)?.type !== "done") totals.withoutDone++;
      if (JSON.stringify(comparable(events)) !== JSON.stringify(comparable(whole))) totals.mismatches++;
      totals.runs++;
    }
    console.log(`relay chaos (independent server): ${JSON.stringify(totals)}`);
    expect(totals.upstreamDrops).toBeGreaterThan(150);
    expect(totals.pageDrops).toBeGreaterThan(150);
    expect(totals.mismatches).toBe(0);
    expect(totals.withoutDone).toBeLessThan(totals.runs / 20);
  }, 60_000);
});
