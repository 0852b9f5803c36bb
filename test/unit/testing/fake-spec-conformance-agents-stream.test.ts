// The fake's run stream against spec/cloud-agents-api.md § Events with raw requests: ids, status replay,
// Last-Event-ID resume, 400 for another run's id, 404s and 410 after retention.
import { describe, expect, it } from "vitest";
import { parseSse, prompt, world } from "./spec-conformance-agents-helpers.js";

describe("fake Cloud Agents run stream against the spec (raw requests)", () => {
  it("streams SSE with ids, Last-Event-ID resume, 400 for another run's id, and 410 after retention", async () => {
    const { failures, expectCall, call, clock } = world();
    const a = (await call("POST", "/v1/agents", { body: { prompt } })).json;
    const b = (await call("POST", "/v1/agents", { body: { prompt } })).json;
    clock.t += 5_000; // both runs finished
    const path = `/v1/agents/${a.agent.id}/runs/${a.run.id}/stream`;
    const r = await call("GET", path, { headers: { accept: "text/event-stream" } });
    if (r.status !== 200) failures.push(`stream ${r.status}`);
    if (!/^text\/event-stream/.test(r.headers.get("content-type") ?? "")) failures.push("stream content-type");
    if (!/^\d+$/.test(r.headers.get("x-service-stream-retention-seconds") ?? "")) failures.push("retention header");
    const events = parseSse(r.text);
    if (events[0]?.event !== "status" || events[0]?.id !== undefined)
      failures.push("first event is not id-less status");
    for (const e of events) {
      if (e.event === "status" && e.id !== undefined) failures.push("status event with id");
      if (e.event === "tool_call" && e.id === undefined) failures.push("tool_call without id");
      if (e.event === "status" && (e.data.runId !== a.run.id || typeof e.data.status !== "string"))
        failures.push(`status data ${JSON.stringify(e.data)}`);
      if (e.event === "result" && (e.data.runId !== a.run.id || e.data.status !== "FINISHED"))
        failures.push(`result data ${JSON.stringify(e.data)}`);
    }
    const toolCalls = events.filter((e) => e.event === "tool_call");
    const byCall = new Map<string, string[]>();
    for (const e of toolCalls) byCall.set(e.data.callId, [...(byCall.get(e.data.callId) ?? []), e.data.status]);
    for (const [callId, statuses] of byCall)
      if (statuses.join() !== "running,completed") failures.push(`tool call ${callId}: ${statuses}`);
    for (const e of toolCalls) {
      const extra = Object.keys(e.data).filter(
        (k) => !["callId", "name", "status", "args", "result", "truncated"].includes(k),
      );
      if (extra.length) failures.push(`tool_call extra ${extra}`);
    }
    if (!events.some((e) => e.event === "result")) failures.push("no result event");
    const withIds = events.filter((e) => e.id !== undefined);
    const middle = withIds[Math.floor(withIds.length / 2)];
    if (middle?.id) {
      const resumed = parseSse((await call("GET", path, { headers: { "last-event-id": middle.id } })).text);
      if (resumed[0]?.event !== "status") failures.push("resume does not replay status first");
      const ids = resumed.filter((e) => e.id !== undefined).map((e) => e.id);
      const expected = withIds.slice(withIds.indexOf(middle) + 1).map((e) => e.id);
      // interaction_update events share ids with their simplified events: compare distinct ids.
      const distinct = (xs: Array<string | undefined>) => [...new Set(xs)];
      if (distinct(ids).includes(middle.id) && distinct(expected).includes(middle.id) === false)
        failures.push("resume replays the Last-Event-ID event");
      if (
        distinct(ids)
          .filter((x) => x !== middle.id)
          .join() !==
        distinct(expected)
          .filter((x) => x !== middle.id)
          .join()
      )
        failures.push("resume did not continue after Last-Event-ID");
    } else failures.push("no SSE ids at all");
    const bEvents = parseSse((await call("GET", `/v1/agents/${b.agent.id}/runs/${b.run.id}/stream`)).text);
    const foreign = bEvents.find((e) => e.id !== undefined)?.id ?? "x";
    await expectCall("other run's id", "GET", path, 400, "invalid_last_event_id", {
      headers: { "last-event-id": foreign },
    });
    await expectCall(
      "stream unknown run",
      "GET",
      `/v1/agents/${a.agent.id}/runs/run-nope/stream`,
      404,
      "run_not_found",
    );
    await expectCall(
      "stream unknown agent",
      "GET",
      `/v1/agents/bc-nope/runs/${a.run.id}/stream`,
      404,
      "agent_not_found",
    );
    clock.t += 61_000;
    await expectCall("after retention", "GET", path, 410, "stream_expired");
    expect(failures).toEqual([]);
  });
});
