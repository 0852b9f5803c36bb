// watchRun over real fetch against the node:http spec server (test/unit/agents/stream/spec-sse-server.ts): a view
// disposed while its stream reconnects (backing off, or waiting for the reconnection's headers) leaves nothing
// running: no further connection, no open request, no SDK timer, and the view reads `closed`.
import { effect } from "@preact/signals-core";
import { afterEach, describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { watchRun } from "../../../src/reactive/index.js";
import { type ConnPlan, specRun, startSpecServer, trackSdkTimers } from "../agents/stream/spec-sse-server.js";

type Server = Awaited<ReturnType<typeof startSpecServer>>;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const RUN_ID = "run-11111111-1111-4111-8111-111111111111";
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, ms: number, what: string) {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await pause(5);
  }
}

async function setup(plan: (n: number) => ConnPlan) {
  const timers = trackSdkTimers();
  cleanups.push(timers.restore);
  const server: Server = await startSpecServer({ runId: RUN_ID, events: specRun(RUN_ID), plan });
  cleanups.push(() => server.close());
  const client = new AgentsClient({ apiKey: "key-123", baseUrl: server.baseUrl, maxRetries: 0 });
  return { server, client, timers };
}

describe("watchRun disposed mid-reconnect (real fetch)", () => {
  const cases: Array<{ name: string; plan: (n: number) => ConnPlan; reached: (s: Server) => boolean }> = [
    {
      name: "during the back-off pause",
      // Held open a while first: what a connection received before it broke is never lost to the view (a body that
      // errors before it is read discards what it buffered; the stream resumes it, but after this test disposes).
      plan: (n) => (n === 0 ? { after: 3, ending: "destroy", retry: 400, holdMs: 150 } : {}),
      reached: (s) => s.connections[0]?.closedAt !== undefined,
    },
    {
      name: "while the reconnection waits for its headers",
      plan: (n) => (n === 0 ? { after: 3, ending: "destroy", retry: 1, holdMs: 150 } : { delayMs: 5000 }),
      reached: (s) => s.connections.length === 2,
    },
  ];
  for (const { name, plan, reached } of cases) {
    it(`${name}: no further connection, nothing open, no timer, view closed`, async () => {
      const { server, client, timers } = await setup(plan);
      const view = watchRun(client, server.agentId, server.runId, { heartbeatTimeoutMs: 3000 });
      const texts: string[] = [];
      const stop = effect(() => void texts.push(view.assistantText.value));
      await until(() => reached(server), 3000, name);
      await until(() => view.connection.value === "resuming", 1000, "resuming");
      const connections = server.connections.length;
      stop();
      view.dispose();
      await pause(700); // past the back-off pause
      expect(server.connections.length).toBe(connections);
      expect(await server.settled()).toBe(0);
      expect(timers.pending()).toBe(0);
      expect(view.connection.value).toBe("closed");
      expect(texts.at(-1)).toBe("Héllo wörld ✓ ");
    });
  }

  it("a view kept to the end sees the whole run once, over drops at every third event", async () => {
    const { server, client, timers } = await setup((n) => ({ upTo: 3 * (n + 1), ending: "half", retry: 1 }));
    const view = watchRun(client, server.agentId, server.runId, { heartbeatTimeoutMs: 3000 });
    const stop = effect(() => void view.snapshot.value);
    await until(() => view.connection.value === "closed", 5000, "the view to close");
    stop();
    expect(view.status.value).toBe("FINISHED");
    expect(view.assistantText.value).toBe("Héllo wörld ✓ line one\nline two\n\u{1F600} threeDone.");
    expect(view.toolCalls.value.map((c) => `${c.callId}:${c.status}`)).toEqual(["c1:completed", "c2:brand_new_state"]);
    expect(view.events.value.filter((e) => e.type !== "heartbeat")).toHaveLength(specRun(RUN_ID).length + 1);
    expect(await server.settled()).toBe(0);
    await pause(20);
    expect(timers.pending()).toBe(0);
  });
});
