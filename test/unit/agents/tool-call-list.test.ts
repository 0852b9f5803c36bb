import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  foldRunEvents,
  initialRunState,
  type RunEvent,
  type RunState,
  reduceRunState,
} from "../../../src/agents/index.js";

// A batch's tool calls are folded into the list at once (`_withUpdates`), copying the tail and each touched chunk
// once. These runs reach what short runs do not: more than one 32-call chunk, updates to calls in full chunks, and
// forked histories (two folds from one state share the list's position index, so its hints can be wrong).

let seq = 0;
const call = (callId: number, completed: boolean, truncated: boolean): RunEvent => ({
  type: "tool_call",
  id: `e${++seq}`,
  raw: "",
  data: {
    callId: `c${callId}`,
    name: completed ? "" : "run_terminal_cmd",
    status: completed ? "completed" : "running",
    args: completed ? undefined : { n: callId },
    result: completed ? { ok: callId } : undefined,
    ...(truncated ? { truncated: { result: true } } : {}),
  },
});

const updates = fc.array(
  fc.record({ callId: fc.integer({ min: 0, max: 150 }), completed: fc.boolean(), truncated: fc.boolean() }),
  { maxLength: 160, size: "max" },
);

const toEvents = (steps: { callId: number; completed: boolean; truncated: boolean }[]) =>
  steps.map((step) => call(step.callId, step.completed, step.truncated));

function oneByOne(from: RunState, events: RunEvent[]): RunState {
  let state = from;
  for (const event of events) state = reduceRunState(state, event);
  return state;
}

function inBatches(from: RunState, events: RunEvent[], cuts: number[]): RunState {
  const ends = [...new Set(cuts.map((cut) => cut % (events.length + 1))), events.length].sort((a, b) => a - b);
  let state = from;
  let start = 0;
  for (const end of ends) {
    state = foldRunEvents(events.slice(start, end), state);
    start = end;
  }
  return state;
}

function expectSameCalls(actual: RunState, expected: RunState): void {
  expect(actual.toolCalls.toArray()).toEqual(expected.toolCalls.toArray());
  expect(actual.toolCalls.length).toBe(expected.toolCalls.length);
  for (const state of expected.toolCalls) expect(actual.toolCalls.get(state.callId)).toEqual(state);
  expect(actual.toolCalls.get("c-never")).toBeUndefined();
}

describe("a batch of tool calls folds as its events do one by one", () => {
  it("over many chunks, from any state, and on forked histories", () => {
    let chunked = 0;
    let forked = 0;
    fc.assert(
      fc.property(updates, updates, updates, fc.array(fc.nat(), { maxLength: 6 }), (shared, left, right, cuts) => {
        const base = oneByOne(initialRunState, toEvents(shared));
        // Two histories from one state: the left one places calls at positions the right one will use for others.
        const leftState = inBatches(base, toEvents(left), cuts);
        const rightEvents = toEvents(right);
        const expected = oneByOne(base, rightEvents);
        const actual = inBatches(base, rightEvents, cuts);
        expectSameCalls(actual, expected);
        expectSameCalls(leftState, oneByOne(base, toEvents(left)));
        // The base is untouched by either history.
        expectSameCalls(base, oneByOne(initialRunState, toEvents(shared)));
        if (expected.toolCalls.length > 64) chunked++;
        if (left.length > 0 && right.length > 0) forked++;
      }),
      { numRuns: 300 },
    );
    expect(chunked).toBeGreaterThan(20);
    expect(forked).toBeGreaterThan(200);
  });

  it("a batch reading a call from a full chunk copies that chunk, never the list it came from", () => {
    const first = foldRunEvents(Array.from({ length: 70 }, (_, i) => call(i, false, false)));
    const frozen = first.toolCalls.toArray();
    const next = foldRunEvents([call(3, true, false), call(40, true, true), call(70, false, false)], first);
    expect(first.toolCalls.toArray()).toBe(frozen);
    expect(first.toolCalls.get("c3")?.status).toBe("running");
    expect(next.toolCalls.get("c3")).toMatchObject({ status: "completed", args: { n: 3 }, result: { ok: 3 } });
    expect(next.toolCalls.get("c40")?.truncated).toEqual({ args: false, result: true });
    expect(next.toolCalls.length).toBe(71);
  });
});
