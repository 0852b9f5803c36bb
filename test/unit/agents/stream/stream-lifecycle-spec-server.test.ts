// How run streams and `runs.wait` end, over real fetch against spec-sse-server.ts: on the terminal result, on break,
// on the caller's signal or a timeout, when `onEvent` throws, after 410, on malformed data. Each asserts what is left
// behind: listeners on the caller's signal, connections the server still has open, SDK timers still pending.
import { afterEach, describe, expect, it } from "vitest";
import { AgentsClient, type RunEvent } from "../../../../src/agents/index.js";
import { countedSignal } from "../../counted-signal.js";
import { type ConnPlan, type SpecEvent, specRun, startSpecServer, trackSdkTimers } from "./spec-sse-server.js";

type Server = Awaited<ReturnType<typeof startSpecServer>>;
const servers: Server[] = [];
const restores: Array<() => void> = [];
const track = () => {
  const tracked = trackSdkTimers();
  restores.push(tracked.restore);
  return tracked;
};
afterEach(async () => {
  for (const restore of restores.splice(0)) restore();
  for (const s of servers.splice(0)) await s.close();
});

const RUN_ID = "run-11111111-1111-4111-8111-111111111111";
const terminalRun = { status: "FINISHED", result: "Done.", durationMs: 12 };

async function serve(plan: (n: number) => ConnPlan, extra: Partial<Parameters<typeof startSpecServer>[0]> = {}) {
  const server = await startSpecServer({ runId: RUN_ID, events: specRun(RUN_ID), plan, ...extra });
  servers.push(server);
  const client = new AgentsClient({ apiKey: "key-123", baseUrl: server.baseUrl, maxRetries: 0 });
  return { server, client };
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: hung`)), ms))]);

describe("a stream ends when the run does (real fetch)", () => {
  it("a terminal result followed by heartbeats and no `done` ends the iteration in bounded time", async () => {
    const events = specRun(RUN_ID).slice(0, -1); // everything but `done`
    const { server, client } = await serve(() => ({ ending: "open", heartbeatMs: 25 }), { events });
    const got: RunEvent[] = [];
    const stream = client.runs.stream(server.agentId, server.runId, { heartbeatTimeoutMs: 1000 });
    const outcome = await within(
      (async () => {
        for await (const event of stream) got.push(event);
        return "ended";
      })(),
      4000,
      "stream after its terminal result",
    ).catch((error: Error) => error.message);
    stream.abort();
    expect(outcome).toBe("ended");
    expect(got.filter((e) => e.type === "result")).toHaveLength(1);
    expect(await server.settled()).toBe(0);
  });

  it("`break` after the first event closes the connection: the server sees it close", async () => {
    const { server, client } = await serve(() => ({ after: 3, ending: "open", heartbeatMs: 25 }));
    for await (const event of client.runs.stream(server.agentId, server.runId)) {
      expect(event.type).toBe("status");
      break;
    }
    expect(await server.settled()).toBe(0);
    expect(server.connections.length).toBe(1);
  });

  it("410 stream_expired on resumption: polls the run, ends on one synthesized result, nothing repeated", async () => {
    const { server, client } = await serve(
      (n) => (n === 0 ? { after: 4, retry: 5 } : { status: 410, code: "stream_expired" }),
      {
        runs: [{ status: "RUNNING" }, terminalRun],
      },
    );
    const got: RunEvent[] = [];
    const stream = client.runs.stream(server.agentId, server.runId, { pollIntervalMs: 10 });
    await within(
      (async () => {
        for await (const e of stream) got.push(e);
      })(),
      5000,
      "after 410",
    );
    // The run's move to FINISHED is a status transition, then the result.
    const types = ["status", "assistant", "assistant", "interaction_update", "tool_call", "status", "result"];
    expect(got.map((e) => e.type)).toEqual(types);
    const result = got.at(-1);
    expect(result?.type === "result" && result.synthesized && result.data.status).toBe("FINISHED");
    expect(server.connections.length).toBe(2);
    expect(await server.settled()).toBe(0);
  });
});

describe("runs.wait leaves nothing behind (real fetch)", () => {
  const leftovers = async (server: Server, attached: () => number, timers: () => number) => {
    await server.settled();
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { listeners: attached(), open: server.openStreams(), timers: timers() };
  };
  const none = { listeners: 0, open: 0, timers: 0 };

  it("resolves on the terminal result though the server keeps the stream open", async () => {
    const timers = track();
    const events = specRun(RUN_ID).slice(0, -1);
    const { server, client } = await serve(() => ({ ending: "open", heartbeatMs: 25 }), {
      events,
      runs: [terminalRun],
    });
    const { signal, attached } = countedSignal();
    const seen: string[] = [];
    let watched = 0;
    const onEvent = (e: RunEvent) => {
      seen.push(e.type);
      watched = Math.max(watched, timers.pending());
    };
    const run = await within(client.runs.wait(server.agentId, server.runId, { signal, onEvent }), 4000, "wait");
    expect(run.status).toBe("FINISHED");
    expect(watched).toBeGreaterThan(0); // the tracker sees the SDK's timers (the stream's watchdogs) while it runs
    expect(seen.at(-1)).toBe("result");
    expect(await leftovers(server, attached, timers.pending)).toEqual(none);
  });

  it("the caller's signal, mid-stream and mid-backoff: AbortError, nothing left", async () => {
    const failures: string[] = [];
    for (const where of ["stream", "backoff"] as const) {
      const timers = track();
      const plan =
        where === "stream" ? { after: 2, ending: "open" as const, heartbeatMs: 25 } : { after: 1, retry: 5000 };
      const { server, client } = await serve(() => plan);
      const { controller, signal, attached } = countedSignal();
      const waiting = client.runs.wait(server.agentId, server.runId, { signal });
      setTimeout(() => controller.abort(), 150);
      const error = await within(waiting, 3000, `wait (${where})`).catch((e: unknown) => e);
      if ((error as Error).name !== "AbortError") failures.push(`${where}: ${(error as Error).name}`);
      const left = await leftovers(server, attached, timers.pending);
      if (JSON.stringify(left) !== JSON.stringify(none)) failures.push(`${where}: ${JSON.stringify(left)}`);
      restores.pop()?.();
    }
    expect(failures).toEqual([]);
  });

  it("a timeout signal: an AbortError or TimeoutError carrying the reason, nothing left", async () => {
    const timers = track();
    const { server, client } = await serve(() => ({ after: 2, ending: "open", heartbeatMs: 25 }));
    const error = await within(
      client.runs.wait(server.agentId, server.runId, { signal: AbortSignal.timeout(120) }),
      3000,
      "wait",
    ).catch((e: unknown) => e);
    expect(["AbortError", "TimeoutError"]).toContain((error as Error).name);
    expect((error as { code?: string }).code).toMatch(/aborted|timeout/);
    expect(await leftovers(server, () => 0, timers.pending)).toEqual(none);
  });

  it("`onEvent` throwing rejects wait with that error and closes the stream", async () => {
    const timers = track();
    const { server, client } = await serve(() => ({ after: 3, ending: "open", heartbeatMs: 25 }));
    const { signal, attached } = countedSignal();
    const boom = new Error("consumer failed");
    let calls = 0;
    const error = await within(
      client.runs.wait(server.agentId, server.runId, {
        signal,
        onEvent: (e) => {
          calls++;
          if (e.type === "assistant") throw boom;
        },
      }),
      3000,
      "wait",
    ).catch((e: unknown) => e);
    expect(error).toBe(boom);
    expect(calls).toBe(2);
    expect(await leftovers(server, attached, timers.pending)).toEqual(none);
  });
});

describe("event data (real fetch)", () => {
  it("unknown types and enum values pass through; malformed JSON in a documented type fails loudly, not silently", async () => {
    const events: SpecEvent[] = [
      { type: "status", data: JSON.stringify({ runId: RUN_ID, status: "PAUSED_FOR_REVIEW" }) },
      { type: "brand_new", id: "n1", data: "not json at all" },
      { type: "assistant", id: "a1", data: "{broken" },
      { type: "tool_call", id: "t1", data: '{"callId":"c1","name":"x","status":"running"' },
      { type: "done", id: "d1", data: "{}" },
    ];
    const { server, client } = await serve(() => ({}), { events });
    const got: RunEvent[] = [];
    const error = await within(
      (async () => {
        for await (const e of client.runs.stream(server.agentId, server.runId)) got.push(e);
      })(),
      4000,
      "malformed",
    ).catch((e: unknown) => e);
    expect(got.map((e) => (e.type === "unknown" ? e.event : e.type))).toEqual([
      "status",
      "status",
      "brand_new",
      "assistant",
    ]);
    expect(got[1]?.type === "status" && got[1].data.status).toBe("PAUSED_FOR_REVIEW");
    expect((error as Error).name).toBe("ValidationError");
    expect((error as { direction?: string }).direction).toBe("response");
    expect(server.connections.length).toBe(1);
    expect(await server.settled()).toBe(0);
  });
});
