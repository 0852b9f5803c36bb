// Run streams over real fetch against spec-sse-server.ts (node:http, written from the spec alone): framing at every
// byte offset, a drop after every event in every way a connection can end, `retry:` honoured, bounded reconnections.
import { afterEach, describe, expect, it } from "vitest";
import { AgentsClient, type RunEvent } from "../../../../src/agents/index.js";
import { type ConnPlan, encodeEvent, type SpecEvent, specRun, startSpecServer } from "./spec-sse-server.js";

type Server = Awaited<ReturnType<typeof startSpecServer>>;
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function serve(plan: (n: number) => ConnPlan, extra: Partial<Parameters<typeof startSpecServer>[0]> = {}) {
  const runId = "run-11111111-1111-4111-8111-111111111111";
  const server = await startSpecServer({ runId, events: specRun(runId), plan, ...extra });
  servers.push(server);
  const client = new AgentsClient({ apiKey: "key-123", baseUrl: server.baseUrl, maxRetries: 0 });
  return { server, client };
}

/** What a consumer should see: the leading status once, then every run event once, in order (heartbeats aside). */
function expected(events: SpecEvent[]): string[] {
  return ["status::RUNNING", ...events.map((e) => `${e.type}:${e.id ?? ""}:${e.data}`)];
}
function seen(events: RunEvent[]): string[] {
  return events
    .filter((e) => e.type !== "heartbeat")
    .map((e) =>
      e.type === "status"
        ? `status::${e.data.status}`
        : `${e.type === "unknown" ? e.event : e.type}:${e.id ?? ""}:${e.raw}`,
    );
}

async function collect(
  client: AgentsClient,
  server: Server,
  options: Parameters<AgentsClient["runs"]["stream"]>[2] = {},
) {
  const events: RunEvent[] = [];
  const stream = client.runs.stream(server.agentId, server.runId, { heartbeatTimeoutMs: 2000, ...options });
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("stream hung")), 8000));
  await Promise.race([
    (async () => {
      for await (const event of stream) events.push(event);
    })(),
    timeout,
  ]);
  return { events, stream };
}

describe("run stream framing against a spec server (real fetch)", () => {
  it("every line ending and field spelling, one byte per write: every event exactly once", async () => {
    const failures: string[] = [];
    for (const eol of ["\n", "\r\n", "\r"] as const) {
      for (const tight of [false, true]) {
        const { server, client } = await serve(() => ({ eol, tight, comments: true, retry: 5, split: "byte" }));
        const { events } = await collect(client, server);
        const got = seen(events);
        const want = expected(specRun(server.runId));
        if (JSON.stringify(got) !== JSON.stringify(want))
          failures.push(`${JSON.stringify(eol)} tight=${tight}: ${got.length} events`);
        const text = events.find((e) => e.type === "assistant" && e.raw.startsWith("line one"));
        if (text?.type !== "assistant" || text.text !== "line one\nline two\n\u{1F600} three")
          failures.push(`multi-line ${JSON.stringify(eol)}`);
        if (server.connections.length !== 1)
          failures.push(`${JSON.stringify(eol)}: ${server.connections.length} connections`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it("a body split in two at every byte offset (CRLF, comments): every event exactly once, one connection each", async () => {
    const runId = "run-11111111-1111-4111-8111-111111111111";
    const plan: ConnPlan = { eol: "\r\n", comments: true, tight: true };
    const events = specRun(runId).slice(2, 9).concat(specRun(runId).slice(12));
    let body = encodeEvent({ type: "status", data: JSON.stringify({ runId, status: "RUNNING" }) }, plan);
    for (const e of events) body += encodeEvent(e, plan);
    const length = Buffer.byteLength(body);
    let offset = 0;
    const server = await startSpecServer({ runId, events, plan: () => ({ ...plan, split: [offset] }) });
    servers.push(server);
    const client = new AgentsClient({ apiKey: "key-123", baseUrl: server.baseUrl, maxRetries: 0 });
    const failures: string[] = [];
    for (offset = 1; offset < length; offset++) {
      const before = server.connections.length;
      const { events: got } = await collect(client, server);
      if (JSON.stringify(seen(got)) !== JSON.stringify(expected(events))) failures.push(`offset ${offset}`);
      if (server.connections.length - before !== 1) failures.push(`offset ${offset}: reconnected`);
    }
    expect(length).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("lone CR line ends (real fetch)", () => {
  it("an event ended by a lone CR at the end of what arrived is delivered at once, not when the next byte comes", async () => {
    // The server sends the whole run, `done` included, then keeps the connection open and quiet (no heartbeat).
    const { server, client } = await serve(() => ({ eol: "\r", ending: "open", heartbeatMs: 60_000 }));
    const start = performance.now();
    const { events } = await collect(client, server, { heartbeatTimeoutMs: 3000 });
    expect(seen(events)).toEqual(expected(specRun(server.runId)));
    expect(performance.now() - start).toBeLessThan(1500);
    expect(server.connections.length).toBe(1);
    expect(await server.settled()).toBe(0);
  });
});

describe("resumption after a drop at every event index (real fetch)", () => {
  it("each ending × each index: exactly once, in order, 2 connections, a Last-Event-ID the server sent", async () => {
    const runId = "run-11111111-1111-4111-8111-111111111111";
    const all = specRun(runId);
    const failures: string[] = [];
    for (const ending of ["destroy", "half", "unterminated", "end"] as const) {
      for (let after = 0; after < all.length; after++) {
        const { server, client } = await serve((n) => (n === 0 ? { after, ending, retry: 1 } : { retry: 1 }));
        let got: RunEvent[] = [];
        try {
          got = (await collect(client, server)).events;
        } catch (error) {
          failures.push(`${ending}@${after}: ${(error as Error).message}`);
          continue;
        }
        const label = `${ending}@${after}`;
        if (JSON.stringify(seen(got)) !== JSON.stringify(expected(all))) {
          failures.push(`${label}: ${JSON.stringify(seen(got).map((s) => s.slice(0, 24)))}`);
        }
        if (server.connections.length !== 2) failures.push(`${label}: ${server.connections.length} connections`);
        const sent = server.connections[1]?.lastEventId;
        const deliveredIds = all.slice(0, after).map((e) => e.id);
        if (sent !== undefined && !deliveredIds.includes(sent)) failures.push(`${label}: Last-Event-ID ${sent}`);
        if ((await server.settled()) !== 0) failures.push(`${label}: connection left open`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("a drop on every connection after one new event: exactly once, one connection per event", async () => {
    // Connection n sends the run's events up to index n + 1 (whatever it resumes from), then half of the next.
    const { server, client } = await serve((n) => ({ upTo: n + 1, ending: "half", retry: 1 }));
    const { events } = await collect(client, server);
    expect(seen(events)).toEqual(expected(specRun(server.runId)));
    expect(server.connections.length).toBe(specRun(server.runId).length);
    expect(server.connections.every((c) => c.status === 200)).toBe(true);
  }, 30_000);
});

describe("a later stream from an earlier one's resumePoint (real fetch)", () => {
  it("break after every k events, continue from resumePoint: every event exactly once across the two streams", async () => {
    const all = specRun("run-11111111-1111-4111-8111-111111111111");
    const failures: string[] = [];
    for (let k = 1; k <= all.length; k++) {
      const { server, client } = await serve(() => ({}));
      const first: RunEvent[] = [];
      const stream = client.runs.stream(server.agentId, server.runId);
      for await (const event of stream) {
        first.push(event);
        if (first.length === k) break;
      }
      const rest = await collect(client, server, { ...stream.resumePoint });
      // A new stream starts by telling the run's current status (its first connection's `status`): not a repeat.
      const [leading, ...after] = rest.events;
      if (leading?.type !== "status") failures.push(`k=${k}: began with ${leading?.type}`);
      const got = seen([...first, ...after]);
      if (JSON.stringify(got) !== JSON.stringify(expected(all))) failures.push(`k=${k}: ${got.length} events`);
      if (first.length < all.length + 1 && stream.lastEventId !== first.findLast((e) => e.id !== undefined)?.id) {
        failures.push(`k=${k}: lastEventId ${stream.lastEventId}`);
      }
      if ((await server.settled()) !== 0) failures.push(`k=${k}: left open`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it("a Last-Event-ID from another run: 400 invalid_last_event_id at once, one request, no retry", async () => {
    const { server, client } = await serve(() => ({}));
    const error = await collect(client, server, { lastEventId: "id-of-another-run" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: "invalid_last_event_id" });
    expect(server.connections.map((c) => c.lastEventId)).toEqual(["id-of-another-run"]);
  });
});

describe("reconnection pacing (real fetch)", () => {
  it("honours `retry:`: a short one is not replaced by the 1 s default, and the pause is never zero", async () => {
    const { server, client } = await serve((n) => (n === 0 ? { after: 3, ending: "destroy", retry: 60 } : {}));
    await collect(client, server);
    const [first, second] = server.connections;
    const gap = (second?.openedAt ?? 0) - (first?.closedAt ?? 0);
    expect(gap).toBeGreaterThanOrEqual(20);
    expect(gap).toBeLessThan(400);
  });

  it("a server that drops every connection before anything new: bounded connections, growing pauses, then ConnectionError", async () => {
    const { server, client } = await serve((n) =>
      n === 0 ? { after: 1, retry: 20 } : { after: 0, ending: "destroy" },
    );
    const start = performance.now();
    const error = await collect(client, server, { maxReconnects: 4 }).catch((e: unknown) => e);
    expect(String(error)).toMatch(/^ConnectionError: The run stream kept failing/);
    // The first connection, then at most maxReconnects + 1 that delivered nothing new.
    expect(server.connections.length).toBeLessThanOrEqual(1 + 5);
    expect(server.connections.length).toBeGreaterThanOrEqual(1 + 4);
    const gaps = server.connections.slice(1).map((c, i) => c.openedAt - (server.connections[i]?.closedAt ?? 0));
    // retry: 20 doubling per failure in a row, jitter over the upper half: ≥ 10 (after progress), 10, 20, 40, 80 ms.
    const short = gaps.filter((gap, i) => gap < 10 * 2 ** Math.max(0, i - 1) - 3);
    expect(short).toEqual([]);
    expect(performance.now() - start).toBeLessThan(5000);
    expect(await server.settled()).toBe(0);
  });

  it("a server answering 503 to every reconnection after the first: bounded, ends with the 503, nothing left open", async () => {
    const { server, client } = await serve((n) =>
      n === 0 ? { after: 2, retry: 10 } : { status: 503, code: "upstream_error" },
    );
    const error = await collect(client, server, { maxReconnects: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(server.connections.length).toBeLessThanOrEqual(1 + 4);
    expect(await server.settled()).toBe(0);
  });
});
