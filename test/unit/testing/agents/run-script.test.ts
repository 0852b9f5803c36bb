import { describe, expect, it } from "vitest";
import {
  buildRunTimeline,
  cancelTimeline,
  eventsUntil,
  nextEventAt,
  progressAt,
  type RunTimeline,
} from "../../../../src/testing/agents/run-script.js";

const script = {
  creatingMs: 100,
  runningMs: 1000,
  finalStatus: "FINISHED" as const,
  result: (p: string) => `ok: ${p}`,
  toolCalls: 2,
  assistantChunks: 3,
};

function timeline(git?: { branches: Array<{ repoUrl: string; branch: string }> }): RunTimeline {
  return buildRunTimeline({
    runId: "run-abc",
    agentId: "bc-1",
    createdAt: 1000,
    promptText: "hello",
    script,
    ...(git ? { git } : {}),
  });
}

describe("run timeline", () => {
  it("is sorted, starts with CREATING and ends with status, result and done", () => {
    const t = timeline();
    const ats = t.events.map((e) => e.at);
    expect(ats).toEqual([...ats].sort((a, b) => a - b));
    expect(t.events[0]).toMatchObject({
      type: "status",
      at: 1000,
      id: undefined,
      data: { runId: "run-abc", status: "CREATING" },
    });
    expect(t.events.slice(-3).map((e) => e.type)).toEqual(["status", "result", "done"]);
    expect(t.events.at(-2)?.data).toEqual({
      runId: "run-abc",
      status: "FINISHED",
      text: "ok: hello",
      durationMs: 1100,
    });
    const types = new Set(t.events.map((e) => e.type));
    for (const type of ["thinking", "assistant", "tool_call"]) expect(types.has(type as never)).toBe(true);
  });

  it("gives every event but status a unique id, and pairs tool_call running/completed by callId", () => {
    const t = timeline();
    for (const event of t.events) {
      if (event.type === "status") expect(event.id).toBeUndefined();
      else expect(event.id).toMatch(/^run-abc\./);
    }
    const ids = t.events.flatMap((e) => (e.id ? [e.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
    const calls = t.events.flatMap((e) => (e.type === "tool_call" ? [e.data] : []));
    expect(calls.map((c) => c.status)).toEqual(["running", "completed", "running", "completed"]);
    expect(calls[0]?.callId).toBe(calls[1]?.callId);
    expect(calls[2]?.callId).toBe(calls[3]?.callId);
    expect(calls[0]?.callId).not.toBe(calls[2]?.callId);
    expect(calls[1]).toMatchObject({ name: "read_file", args: { path: "README.md" }, result: { lines: 42 } });
  });

  it("scales with toolCalls and assistantChunks, every body event strictly inside RUNNING", () => {
    const t = buildRunTimeline({
      runId: "run-big",
      agentId: "bc-1",
      createdAt: 0,
      promptText: "x",
      script: { ...script, toolCalls: 100, assistantChunks: 50 },
    });
    const count = (type: string) => t.events.filter((e) => e.type === type).length;
    expect(count("tool_call")).toBe(200);
    expect(count("assistant")).toBe(50);
    expect(count("thinking")).toBe(1);
    const body = t.events.filter((e) => e.type !== "status" && e.type !== "result" && e.type !== "done");
    for (const event of body) {
      expect(event.at).toBeGreaterThan(100);
      expect(event.at).toBeLessThan(1100);
    }
    const last = t.events.filter((e) => e.type === "assistant").at(-1);
    expect(last?.data).toEqual({ text: "All done." });
    const ats = t.events.map((e) => e.at);
    expect(ats).toEqual([...ats].sort((a, b) => a - b));
  });

  it("derives progress from the events that have happened", () => {
    const t = timeline({ branches: [{ repoUrl: "github.com/o/r", branch: "service/x" }] });
    expect(progressAt(t, 1099)).toEqual({ status: "CREATING", updatedAt: 1000 });
    expect(progressAt(t, 1100).status).toBe("RUNNING");
    expect(progressAt(t, 2100)).toEqual({
      status: "FINISHED",
      updatedAt: 2100,
      durationMs: 1100,
      result: "ok: hello",
      git: { branches: [{ repoUrl: "github.com/o/r", branch: "service/x" }] },
    });
    expect(eventsUntil(t, 999)).toEqual([]);
    expect(eventsUntil(t, 1100).map((e) => e.type)).toEqual(["status", "status"]);
    expect(eventsUntil(t, 10_000)).toHaveLength(t.events.length);
    expect(nextEventAt(t, 1000)).toBe(1100);
    expect(nextEventAt(t, 2100)).toBeUndefined();
  });

  it("cancel keeps the past, drops the future and appends CANCELLED, result and done", () => {
    const t = timeline();
    const before = eventsUntil(t, 1500);
    cancelTimeline(t, 1500);
    expect(eventsUntil(t, 1500).slice(0, before.length)).toEqual(before);
    expect(t.events.slice(before.length).map((e) => [e.type, e.at])).toEqual([
      ["status", 1500],
      ["result", 1500],
      ["done", 1500],
    ]);
    expect(progressAt(t, 99_999)).toMatchObject({ status: "CANCELLED", durationMs: 500, updatedAt: 1500 });
    const ids = t.events.flatMap((e) => (e.id ? [e.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("scripts an error event before an ERROR ending", () => {
    const t = buildRunTimeline({
      runId: "run-e",
      agentId: "bc-1",
      createdAt: 0,
      promptText: "x",
      script: { ...script, finalStatus: "ERROR" },
    });
    expect(t.events.slice(-4).map((e) => e.type)).toEqual(["error", "status", "result", "done"]);
  });
});
