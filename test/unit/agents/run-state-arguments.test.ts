// The run-state reducer's arguments. Before, a state that is not a RunState (one saved as JSON and passed back, `{}`)
// and events without their data (`{ type: "status" }`, a `result` whose data is null) threw the engine's TypeError
// ("calls.append is not a function") from deep inside; and a `result` event took a terminal run back to RUNNING.
import { describe, expect, it } from "vitest";
import {
  foldRunEvents,
  initialRunState,
  type RunEvent,
  type RunState,
  reduceRunState,
} from "../../../src/agents/index.js";
import { AgentlineError } from "../../../src/core/errors.js";

const RUN = "run-1";
const event = (value: Record<string, unknown>) => ({ raw: "", ...value }) as unknown as RunEvent;
const toolCall = (status: string, id?: string) =>
  event({ type: "tool_call", id, data: { callId: "c1", name: "read_file", status } });
const status = (value: string) => event({ type: "status", data: { runId: RUN, status: value } });
const result = (value: string, id: string, text?: string) =>
  event({ type: "result", id, data: { runId: RUN, status: value, text } });

function refusal(call: () => unknown): AgentlineError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(AgentlineError);
    return error as AgentlineError;
  }
  throw new Error("expected the call to throw");
}

describe("reduceRunState / foldRunEvents: arguments", () => {
  it("a state that is not a RunState (a JSON copy, {}, null) → invalid_argument naming it", () => {
    const saved = JSON.parse(JSON.stringify(reduceRunState(initialRunState, toolCall("running", "e1"))));
    const notStates: unknown[] = [saved, {}, { ...initialRunState, toolCalls: [] }, null, "state"];
    for (const state of notStates) {
      const reduced = refusal(() => reduceRunState(state as RunState, toolCall("completed", "e2")));
      expect(reduced.code).toBe("invalid_argument");
      expect(reduced.message).toContain("`state`");
      const folded = refusal(() => foldRunEvents([toolCall("completed", "e2")], state as RunState));
      expect(folded.code).toBe("invalid_argument");
      expect(folded.message).toContain("`from`");
    }
  });

  it("what is not an event (not an object with a string `type`) → invalid_argument naming it", () => {
    for (const wrong of [null, 5, "status", {}, { type: 3 }] as unknown[]) {
      const reduced = refusal(() => reduceRunState(initialRunState, wrong as RunEvent));
      expect([reduced.code, reduced.message.includes("`event`")]).toEqual(["invalid_argument", true]);
      const folded = refusal(() => foldRunEvents([wrong as RunEvent]));
      expect([folded.code, folded.message.includes("`events`")]).toEqual(["invalid_argument", true]);
    }
  });

  it("events whose data is missing, null or of a shape it does not know are folded leniently, never thrown on", () => {
    const odd = [
      event({ type: "status" }),
      event({ type: "status", data: null }),
      event({ type: "status", data: { status: 5 } }),
      event({ type: "result", data: null, id: "r0" }),
      event({ type: "result" }),
      event({ type: "tool_call" }),
      event({ type: "tool_call", data: null, id: "t0" }),
      event({ type: "tool_call", data: { name: "no call id" } }),
      event({ type: "assistant" }),
      event({ type: "error" }),
      event({ type: "done", data: null }),
    ];
    const running = foldRunEvents([status("RUNNING"), toolCall("running", "e1")]);
    for (const one of odd) {
      const reduced = reduceRunState(running, one);
      expect(reduced.status).toBe("RUNNING");
      expect(reduced.runId).toBe(RUN);
      expect(reduced.toolCalls.toArray()).toEqual(running.toolCalls.toArray());
    }
    const folded = foldRunEvents([...odd, status("RUNNING"), toolCall("running", "e1")]);
    expect([folded.runId, folded.status, folded.toolCalls.length]).toEqual([RUN, "RUNNING", 1]);
    // The ids still count: a result without data is an id-bearing event like any other.
    expect(folded.eventCount).toBe(3);
  });
});

describe("reduceRunState / foldRunEvents: a terminal status is never left", () => {
  it("a `result` saying RUNNING (or another terminal status) after FINISHED leaves FINISHED", () => {
    const finished = foldRunEvents([status("RUNNING"), status("FINISHED"), result("FINISHED", "r1", "ok")]);
    expect(finished.status).toBe("FINISHED");
    for (const later of ["RUNNING", "CREATING", "ERROR"]) {
      expect(reduceRunState(finished, result(later, "r2")).status, later).toBe("FINISHED");
      expect(foldRunEvents([result(later, "r2")], finished).status, later).toBe("FINISHED");
      expect(foldRunEvents([status("FINISHED"), result(later, "r2")]).status, later).toBe("FINISHED");
    }
    // Forward still moves it: a result is how a run often learns its end.
    expect(reduceRunState(foldRunEvents([status("RUNNING")]), result("ERROR", "r3")).status).toBe("ERROR");
    expect(foldRunEvents([result("FINISHED", "r4", "done")]).result).toBe("done");
  });
});
