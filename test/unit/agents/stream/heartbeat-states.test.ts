import { describe, expect, it } from "vitest";
import { ConnectionError, RunStream } from "../../../../src/agents/index.js";
import { type ConnectionScript, createSseServer, scriptRun, seededRandom } from "./independent-sse-server.js";
import { clientOver, drainWithin } from "./trial-helpers.js";

const HEARTBEAT_MS = 30;
/** Far beyond what any case needs (a few heartbeats); a stream still running then is hung. */
const HUNG_AFTER_MS = 3_000;

const script = scriptRun(seededRandom(42));
/** `after` for a connection from the start that sends the script up to and including `index` (plus its status). */
const through = (index: number) => index + 2;
const firstSibling = script.findIndex((e) => e.type === "interaction_update");
const result = script.findIndex((e) => e.type === "result");

/** Every state in which a connection can fall silent, as the connections that lead to it. */
const STATES: Array<{ state: string; connections: ConnectionScript[]; runReads?: Array<"stall" | "answer"> }> = [
  { state: "first connection, waiting for headers", connections: [{ kind: "stall-headers" }] },
  { state: "a reconnection, waiting for headers", connections: [{ kind: "end", after: 3 }, { kind: "stall-headers" }] },
  { state: "headers received, no byte yet", connections: [{ kind: "stall", after: 0 }] },
  { state: "between two events", connections: [{ kind: "stall", after: 5 }] },
  { state: "in the middle of an event", connections: [{ kind: "stall", after: 5, midEvent: true }] },
  { state: "inside a sibling id group", connections: [{ kind: "stall", after: through(firstSibling) }] },
  { state: "after the terminal result, waiting for done", connections: [{ kind: "stall", after: through(result) }] },
  {
    state: "the connection after the terminal result, waiting for headers",
    connections: [{ kind: "end", after: through(result) }, { kind: "stall-headers" }],
  },
  {
    state: "the connection after the terminal result, no byte yet",
    connections: [
      { kind: "end", after: through(result) },
      { kind: "stall", after: 0 },
    ],
  },
  {
    // The trace: cut inside a sibling group (the server ended the response), a clean end, then a stall.
    state: "after a cut sibling group and a clean end",
    connections: [
      { kind: "cut", after: through(firstSibling) },
      { kind: "end", after: 4 },
      { kind: "stall", after: 2 },
    ],
  },
  {
    state: "polling an expired stream, a read that never answers",
    connections: [{ kind: "status", status: 410, code: "stream_expired" }],
    runReads: ["stall"],
  },
];

async function runCase(connections: ConnectionScript[], honourAbort: boolean, runReads?: Array<"stall" | "answer">) {
  const server = createSseServer(script, { connections, honourAbort, runReads });
  const stream = clientOver(server.fetch).runs.stream("bc-1", "run-1", { heartbeatTimeoutMs: HEARTBEAT_MS });
  return { ...(await drainWithin(stream, HUNG_AFTER_MS)), stream, server };
}

describe("no stream hangs: every connection is watched by heartbeatTimeoutMs, in every state", () => {
  it(`${STATES.length} states × a fetch that does / does not honour abort: 0 hung, 0 failed, 0 lost`, async () => {
    const cases = STATES.flatMap((entry) =>
      (entry.runReads ? [true] : [true, false]).map((honourAbort) => ({ ...entry, honourAbort })),
    );
    const outcomes = await Promise.all(
      cases.map(async (entry) => ({ entry, ...(await runCase(entry.connections, entry.honourAbort, entry.runReads)) })),
    );
    const bad: string[] = [];
    for (const { entry, hung, error, events, stream, server } of outcomes) {
      const label = `${entry.state} (honourAbort: ${entry.honourAbort})`;
      const expired = entry.runReads !== undefined;
      const got = events.filter((e) => e.type !== "status").map((e) => `${e.type}|${e.id}|${e.raw}`);
      const want = script.filter((e) => e.type !== "status").map((e) => `${e.type}|${e.id}|${JSON.stringify(e.data)}`);
      if (hung) bad.push(`${label}: hung`);
      else if (error !== undefined) bad.push(`${label}: ${String(error)}`);
      else if (expired) {
        if (events.at(-1)?.type !== "result") bad.push(`${label}: ended on ${events.at(-1)?.type}`);
      } else if (got.join("\n") !== want.join("\n")) bad.push(`${label}: delivered ${got.length} of ${want.length}`);
      // The silent connection (or read) was given up and another one made.
      const replaced = expired ? server.reads.length >= 2 : stream.reconnects > 0;
      if (!(stream instanceof RunStream) || !replaced) bad.push(`${label}: never replaced`);
    }
    if (process.env.STATES_DEBUG) console.log(bad.join("\n"));
    expect(bad).toEqual([]);
  });

  it("a first connection that never answers fails within maxRetries + 1 attempts, saying so", async () => {
    for (const honourAbort of [true, false]) {
      const stalls: ConnectionScript[] = [
        { kind: "stall-headers" },
        { kind: "stall-headers" },
        { kind: "stall-headers" },
      ];
      const { hung, error, server } = await runCase(stalls, honourAbort);
      expect(hung).toBe(false);
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as Error).message).toContain(`no response headers within ${HEARTBEAT_MS} ms`);
      expect(server.requests).toHaveLength(3); // the default maxRetries (2) + 1
    }
  });
});
