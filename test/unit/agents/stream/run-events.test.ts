import { describe, expect, it } from "vitest";
import { extractText, toRunEvent, ValidationError } from "../../../../src/agents/index.js";

describe("toRunEvent", () => {
  it("types the documented events and keeps the raw data", () => {
    const status = toRunEvent("status", '{"runId":"run-1","status":"RUNNING"}', undefined);
    expect(status).toEqual({
      type: "status",
      raw: '{"runId":"run-1","status":"RUNNING"}',
      data: { runId: "run-1", status: "RUNNING" },
    });
    const tool = toRunEvent(
      "tool_call",
      '{"callId":"c1","name":"read_file","status":"running","args":{"path":"a"},"truncated":{"result":true}}',
      "e7",
    );
    expect(tool).toMatchObject({ type: "tool_call", id: "e7", data: { callId: "c1", truncated: { result: true } } });
    const result = toRunEvent(
      "result",
      '{"runId":"run-1","status":"FINISHED","text":"ok","durationMs":5,"extra":1}',
      "e9",
    );
    expect(result).toMatchObject({ type: "result", data: { status: "FINISHED", text: "ok", durationMs: 5, extra: 1 } });
  });

  it("extracts text best-effort from undocumented shapes: text, delta, content, bare string", () => {
    expect(toRunEvent("assistant", '{"text":"a"}', "1")).toMatchObject({ text: "a" });
    expect(toRunEvent("assistant", '{"delta":"b"}', "1")).toMatchObject({ text: "b" });
    expect(toRunEvent("thinking", '{"content":"c","thinking_duration_ms":4}', "1")).toMatchObject({ text: "c" });
    expect(toRunEvent("assistant", '"d"', "1")).toMatchObject({ text: "d" });
    expect(toRunEvent("assistant", "not json", "1")).toMatchObject({ text: "not json", data: "not json" });
    expect(toRunEvent("assistant", '{"parts":[1]}', "1")).toMatchObject({ text: undefined });
    expect(extractText(42)).toBeUndefined();
  });

  it("reads error events leniently and passes unknown types through with their name", () => {
    expect(toRunEvent("error", '{"code":"upstream_error","message":"boom"}', "3")).toMatchObject({
      type: "error",
      code: "upstream_error",
      message: "boom",
    });
    expect(toRunEvent("error", "plain text", undefined)).toMatchObject({
      type: "error",
      code: undefined,
      message: "plain text",
    });
    expect(toRunEvent("heartbeat", "", undefined)).toMatchObject({ type: "heartbeat", data: "" });
    expect(toRunEvent("done", "{}", "9")).toMatchObject({ type: "done", id: "9" });
    expect(toRunEvent("sparkle", '{"x":1}', "4")).toEqual({
      type: "unknown",
      event: "sparkle",
      id: "4",
      raw: '{"x":1}',
      data: { x: 1 },
    });
    expect(toRunEvent(undefined, "hi", undefined)).toMatchObject({ type: "unknown", event: "message" });
  });

  it("keeps unknown status values and rejects a documented event that breaks its shape", () => {
    expect(toRunEvent("status", '{"runId":"r","status":"PAUSED"}', undefined)).toMatchObject({
      data: { status: "PAUSED" },
    });
    expect(() => toRunEvent("tool_call", '{"name":"x"}', "1")).toThrow(ValidationError);
  });
});
