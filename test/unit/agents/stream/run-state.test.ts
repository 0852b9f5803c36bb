import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldRunEvents, initialRunState, type RunEvent, reduceRunState } from "../../../../src/agents/index.js";
import { ResumeCursor } from "../../../../src/agents/stream/resume-cursor.js";

const status = (s: string): RunEvent => ({ type: "status", raw: "", data: { runId: "run-1", status: s } });
const text = (type: "assistant" | "thinking", id: string | undefined, t: string): RunEvent => ({
  type,
  id,
  raw: "",
  data: { text: t },
  text: t,
});
const tool = (
  id: string,
  callId: string,
  st: "running" | "completed",
  extra: Record<string, unknown> = {},
): RunEvent => ({
  type: "tool_call",
  id,
  raw: "",
  data: { callId, name: "read_file", status: st, ...extra },
});
const sibling = (id: string): RunEvent => ({ type: "interaction_update", id, raw: "", data: { kind: "richer" } });
const result = (id: string): RunEvent => ({
  type: "result",
  id,
  raw: "",
  data: {
    runId: "run-1",
    status: "FINISHED",
    text: "done!",
    durationMs: 12,
    git: { branches: [{ repoUrl: "github.com/a/b", branch: "service/x" }] },
  },
});

describe("reduceRunState", () => {
  it("folds text, tool calls (running → completed merged, truncation kept), result and errors", () => {
    const state = foldRunEvents([
      status("CREATING"),
      status("RUNNING"),
      text("thinking", "1", "hmm "),
      text("assistant", "2", "Hello "),
      sibling("3"),
      tool("3", "c1", "running", { args: { path: "a" }, truncated: { args: true } }),
      text("assistant", "4", "world"),
      tool("5", "c1", "completed", { result: "contents" }),
      tool("6", "c2", "running"),
      { type: "error", id: "7", raw: "", data: {}, code: "x", message: "y" },
      status("FINISHED"),
      result("8"),
      { type: "done", id: "9", raw: "", data: {} },
    ]);
    expect(state).toMatchObject({
      runId: "run-1",
      status: "FINISHED",
      assistantText: "Hello world",
      thinkingText: "hmm ",
      result: "done!",
      durationMs: 12,
      git: { branches: [{ branch: "service/x" }] },
      error: { code: "x", message: "y" },
      lastEventId: "9",
      synthesized: false,
    });
    expect(state.toolCalls.toArray()).toEqual([
      {
        callId: "c1",
        name: "read_file",
        status: "completed",
        args: { path: "a" },
        result: "contents",
        truncated: { args: true, result: false },
      },
      {
        callId: "c2",
        name: "read_file",
        status: "running",
        args: undefined,
        result: undefined,
        truncated: { args: false, result: false },
      },
    ]);
  });

  it("ignores replays: the same id and type again, an equal status, a status going backwards", () => {
    const once = foldRunEvents([
      status("RUNNING"),
      sibling("3"),
      tool("3", "c1", "running"),
      text("assistant", "4", "hi"),
    ]);
    expect(reduceRunState(once, text("assistant", "4", "hi"))).toBe(once);
    expect(reduceRunState(once, status("RUNNING"))).toBe(once);
    expect(reduceRunState(once, status("CREATING"))).toBe(once);
    const finished = reduceRunState(once, status("FINISHED"));
    expect(reduceRunState(finished, status("RUNNING"))).toBe(finished);
    expect(reduceRunState(initialRunState, { type: "heartbeat", raw: "", data: {} })).toBe(initialRunState);
  });

  it("never mutates its input", () => {
    const before = foldRunEvents([status("RUNNING"), tool("1", "c1", "running")]);
    const snapshot = structuredClone(before);
    reduceRunState(before, tool("2", "c1", "completed", { result: 1 }));
    expect(before).toEqual(snapshot);
  });
});

// ---- The property: folding what the stream delivers equals folding the original -----------------

/** A random but well-formed run: statuses forward, ids unique per group, siblings sharing an id. */
const runArbitrary = fc
  .array(
    fc.oneof(
      fc.record({ kind: fc.constant("assistant" as const), t: fc.string({ maxLength: 5 }), idless: fc.boolean() }),
      fc.record({ kind: fc.constant("thinking" as const), t: fc.string({ maxLength: 5 }) }),
      fc.record({ kind: fc.constant("tool" as const), call: fc.integer({ min: 0, max: 3 }), sibling: fc.boolean() }),
      fc.record({ kind: fc.constant("heartbeat" as const) }),
      fc.record({ kind: fc.constant("unknown" as const) }),
    ),
    { maxLength: 40 },
  )
  .map((steps) => {
    const events: RunEvent[] = [status("CREATING"), status("RUNNING")];
    const started = new Set<number>();
    let n = 0;
    for (const step of steps) {
      const id = `e${++n}`;
      // Assistant text may come without an id (the spec does not say it has one): a replay repeats it.
      if (step.kind === "assistant") events.push(text(step.kind, step.idless ? undefined : id, `${n}${step.t}`));
      else if (step.kind === "thinking") events.push(text(step.kind, id, step.t));
      else if (step.kind === "tool") {
        if (step.sibling) events.push(sibling(id));
        events.push(tool(id, `c${step.call}`, started.has(step.call) ? "completed" : "running"));
        started.add(step.call);
      } else if (step.kind === "heartbeat") events.push({ type: "heartbeat", raw: "", data: {} });
      else events.push({ type: "unknown", event: "sparkle", id, raw: "", data: {} });
    }
    events.push(status("FINISHED"), result(`e${++n}`), { type: "done", id: `e${++n}`, raw: "", data: {} });
    return events;
  });

/**
 * Simulates the spec's server: each connection first sends the CURRENT status (the run may have moved
 * on: `lag` events past the resume point), then every event after the last one carrying Last-Event-ID;
 * the connection drops after `cut` events. The client side is the SDK's own ResumeCursor.
 */
function deliver(events: RunEvent[], connections: Array<{ cut: number; lag: number }>): RunEvent[] {
  const cursor = new ResumeCursor();
  const delivered: RunEvent[] = [];
  const accept = (event: RunEvent) => cursor.accept(event);
  let now = 0; // how far the run has really progressed; time only moves forward
  for (const connection of [...connections, { cut: Number.POSITIVE_INFINITY, lag: 0 }]) {
    const resumeId = cursor.reconnect();
    let start = 0;
    if (resumeId !== undefined) start = events.findLastIndex((e) => e.id === resumeId) + 1;
    now = Math.min(events.length, Math.max(now, start + connection.lag));
    const current = events.slice(0, now).findLast((e) => e.type === "status") ?? events[0];
    const sent = [current as RunEvent, ...events.slice(start)];
    for (const event of sent.slice(0, connection.cut)) if (accept(event)) delivered.push(event);
    if (connection.cut >= sent.length) break;
  }
  return delivered;
}

describe("run-state property", () => {
  it("for any run and any reconnections the spec allows, the delivered events fold to the original state", () => {
    fc.assert(
      fc.property(
        runArbitrary,
        fc.array(fc.record({ cut: fc.integer({ min: 0, max: 12 }), lag: fc.integer({ min: 0, max: 10 }) }), {
          maxLength: 8,
        }),
        (events, connections) => {
          const delivered = deliver(events, connections);
          expect(foldRunEvents(delivered)).toEqual(foldRunEvents(events));
          // Nothing id-bearing is delivered twice (siblings are distinct events sharing an id).
          const keys = delivered.filter((e) => e.id !== undefined).map((e) => `${e.id}/${e.type}`);
          expect(new Set(keys).size).toBe(keys.length);
          // Nor anything without an id, however often a resumption replays it (heartbeats aside: liveness only).
          const idless = (list: RunEvent[]) =>
            list.filter((e) => e.id === undefined && e.type !== "status" && e.type !== "heartbeat");
          expect(idless(delivered)).toEqual(idless(events));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("folding a replay of any suffix of the last group changes nothing", () => {
    fc.assert(
      fc.property(runArbitrary, (events) => {
        const state = foldRunEvents(events);
        const lastId = state.lastEventId;
        const group = events.filter((e) => e.id === lastId);
        expect(foldRunEvents(group, state)).toEqual(state);
      }),
      { numRuns: 200 },
    );
  });
});

describe("foldRunEvents folds a batch as reduceRunState folds its events one by one", () => {
  it("any run, with replays mixed in, cut into any batches: the same state, the same identity, no input mutated", () => {
    let batches = 0;
    let unchanged = 0;
    fc.assert(
      fc.property(
        runArbitrary,
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (events, replays, cuts) => {
          // Replays: events repeated later in the sequence (what a resumption may send again).
          const sequence = [...events];
          for (const pick of replays)
            sequence.splice(pick % (sequence.length + 1), 0, events[pick % events.length] as RunEvent);
          const ends = [...new Set(cuts.map((cut) => cut % (sequence.length + 1))), sequence.length].sort(
            (a, b) => a - b,
          );
          let byEvent = initialRunState;
          let byBatch = initialRunState;
          let start = 0;
          for (const end of ends) {
            const batch = sequence.slice(start, end);
            start = end;
            const before = byEvent;
            for (const event of batch) byEvent = reduceRunState(byEvent, event);
            const snapshot = structuredClone(byBatch);
            const from = byBatch;
            byBatch = foldRunEvents(batch, from);
            batches++;
            expect(from).toEqual(snapshot); // the state it started from is untouched
            expect(byBatch).toEqual(byEvent);
            // Unchanged exactly when no event changed anything: the same object comes back.
            expect(byBatch === from).toBe(byEvent === before);
            if (byBatch === from) unchanged++;
          }
        },
      ),
      { numRuns: 500 },
    );
    // The sweep reached both outcomes many times.
    expect(batches).toBeGreaterThan(1_000);
    expect(unchanged).toBeGreaterThan(50);
  });
});
