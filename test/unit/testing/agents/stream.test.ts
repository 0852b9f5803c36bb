import { describe, expect, it } from "vitest";
import { parseSse, readBody, streamSetup } from "./stream-helpers.js";

describe("fake service: run stream wire format", () => {
  it("answers 200 text/event-stream, no-cache, with the retention header", async () => {
    const { api, open } = streamSetup();
    const { agent, run } = await api.createAgent();
    const response = await open(agent.id, run.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-service-stream-retention-seconds")).toBe("3600");
    expect(response.headers.get("x-request-id")).toMatch(/^req-/);
    await response.body?.cancel();

    const custom = streamSetup({ streamRetentionSeconds: 90 });
    const created = await custom.api.createAgent();
    const other = await custom.open(created.agent.id, created.run.id);
    expect(other.headers.get("x-service-stream-retention-seconds")).toBe("90");
    await other.body?.cancel();
  });

  it("sends the current status first without an id, then every event of a default run, and closes after done", async () => {
    const { api, readStream, clock } = streamSetup();
    const start = clock.t;
    const { agent, run } = await api.createAgent();
    const { text, events, error } = await readStream(agent.id, run.id);
    expect(error).toBeUndefined();
    expect(text.startsWith(`event: status\ndata: {"runId":"${run.id}","status":"CREATING"}\n\n`)).toBe(true);
    expect(events.map((e) => e.event)).toEqual([
      "status",
      "status",
      "status",
      "thinking",
      "assistant",
      "interaction_update",
      "tool_call",
      "interaction_update",
      "tool_call",
      "assistant",
      "interaction_update",
      "tool_call",
      "interaction_update",
      "tool_call",
      "assistant",
      "status",
      "result",
      "done",
    ]);
    for (const event of events) {
      if (event.event === "status") {
        expect(event.id).toBeUndefined();
        expect(Object.keys(event.data)).toEqual(["runId", "status"]);
      } else {
        expect(event.id).toMatch(new RegExp(`^${run.id}\\.\\d+$`));
      }
    }
    expect(events.filter((e) => e.event === "status").map((e) => e.data.status)).toEqual([
      "CREATING",
      "CREATING",
      "RUNNING",
      "FINISHED",
    ]);
    expect(events.at(-2)?.data).toEqual({
      runId: run.id,
      status: "FINISHED",
      text: "Done: Fix the login bug",
      durationMs: 3500,
    });
    expect(events.filter((e) => e.event === "assistant").map((e) => e.data.text)).toEqual([
      "Looking at the repository. ",
      "Making the change — carefully. ",
      "All done.",
    ]);
    expect(events.find((e) => e.event === "thinking")?.data).toMatchObject({ text: expect.any(String) });
    // the reader waited on the fake clock for the run to happen, and no longer
    expect(clock.t - start).toBe(3500);
  });

  it("pairs tool_call running/completed by callId, each preceded by an interaction_update sharing its id", async () => {
    const { api, readStream } = streamSetup();
    const { agent, run } = await api.createAgent();
    const { events } = await readStream(agent.id, run.id);
    const calls = events.filter((e) => e.event === "tool_call");
    expect(calls.map((e) => [e.data.callId, e.data.status])).toEqual([
      [calls[0]?.data.callId, "running"],
      [calls[0]?.data.callId, "completed"],
      [calls[2]?.data.callId, "running"],
      [calls[2]?.data.callId, "completed"],
    ]);
    expect(calls[0]?.data.callId).not.toBe(calls[2]?.data.callId);
    for (const call of calls) {
      // tool call stream data has no extra properties
      for (const key of Object.keys(call.data)) expect(["callId", "name", "status", "args", "result"]).toContain(key);
      const index = events.indexOf(call);
      const sibling = events[index - 1];
      expect(sibling?.event).toBe("interaction_update");
      expect(sibling?.id).toBe(call.id);
      expect(sibling?.data).toMatchObject({
        type: "tool_call_update",
        callId: call.data.callId,
        name: call.data.name,
        status: call.data.status,
        args: call.data.args,
      });
    }
    expect(calls[3]?.data).toMatchObject({ name: "run_terminal_cmd", result: { exitCode: 0 } });
    // apart from the siblings, ids are unique
    const ids = events.filter((e) => e.id !== undefined && e.event !== "interaction_update").map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("produces lazily: opening the stream neither waits nor moves the clock", async () => {
    const { api, open, sleeps, clock } = streamSetup();
    const { agent, run } = await api.createAgent();
    const before = clock.t;
    const response = await open(agent.id, run.id);
    const reader = response.body?.getReader();
    expect(sleeps).toEqual([]);
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain("event: status");
    expect(sleeps).toEqual([]);
    expect(clock.t).toBe(before);
    await reader?.cancel();
  });

  it("sends heartbeats (no id, data {}) while a wait outlasts heartbeatIntervalMs", async () => {
    const { api, readStream, sleeps } = streamSetup({ run: { creatingMs: 40_000, runningMs: 100 } });
    const { agent, run } = await api.createAgent();
    const { events, text } = await readStream(agent.id, run.id);
    expect(events.slice(0, 5).map((e) => e.event)).toEqual(["status", "status", "heartbeat", "heartbeat", "status"]);
    expect(text).toContain("event: heartbeat\ndata: {}\n\n");
    expect(events.filter((e) => e.event === "heartbeat").every((e) => e.id === undefined)).toBe(true);
    expect(sleeps.slice(0, 3)).toEqual([15_000, 15_000, 10_000]);

    const fast = streamSetup({ heartbeatIntervalMs: 1000, run: { creatingMs: 2500, runningMs: 0 } });
    const created = await fast.api.createAgent();
    const read = await fast.readStream(created.agent.id, created.run.id);
    expect(read.events.filter((e) => e.event === "heartbeat")).toHaveLength(2);
  });

  it("sends no heartbeat when events come often enough", async () => {
    const { api, readStream } = streamSetup();
    const { agent, run } = await api.createAgent();
    const { events } = await readStream(agent.id, run.id);
    expect(events.some((e) => e.event === "heartbeat")).toBe(false);
  });

  it("connecting to a finished run replays it all at once, starting with the terminal status", async () => {
    const { api, readStream, clock, sleeps } = streamSetup();
    const { agent, run } = await api.createAgent();
    clock.t += 10_000;
    const { events } = await readStream(agent.id, run.id);
    expect(events[0]).toEqual({ id: undefined, event: "status", data: { runId: run.id, status: "FINISHED" } });
    expect(events.at(-1)?.event).toBe("done");
    expect(sleeps).toEqual([]);
  });

  it("scales to hundreds of events with run.toolCalls and run.assistantChunks", async () => {
    const { api, readStream } = streamSetup({ run: { toolCalls: 150, assistantChunks: 60 } });
    const { agent, run } = await api.createAgent();
    const { events } = await readStream(agent.id, run.id);
    expect(events.filter((e) => e.event === "tool_call")).toHaveLength(300);
    expect(events.filter((e) => e.event === "interaction_update")).toHaveLength(300);
    expect(events.filter((e) => e.event === "assistant")).toHaveLength(60);
    expect(events.at(-1)?.event).toBe("done");
  });
});

describe("fake service: run stream resume", () => {
  it("resumes after Last-Event-ID from the middle with exactly the rest, after a fresh status", async () => {
    const { api, readStream } = streamSetup();
    const { agent, run } = await api.createAgent();
    const full = (await readStream(agent.id, run.id)).events;
    const withIds = full.filter((e) => e.id !== undefined);
    const middle = full.findIndex((e) => e.event === "assistant" && e.data.text.startsWith("Making"));
    const resumed = (await readStream(agent.id, run.id, full[middle]?.id)).events;
    expect(resumed[0]).toEqual({ id: undefined, event: "status", data: { runId: run.id, status: "FINISHED" } });
    expect(resumed.slice(1)).toEqual(full.slice(middle + 1));
    expect(withIds.length).toBeGreaterThan(resumed.filter((e) => e.id !== undefined).length);
  });

  it("resuming with the id of an interaction_update/tool_call pair skips both", async () => {
    const { api, readStream } = streamSetup();
    const { agent, run } = await api.createAgent();
    const full = (await readStream(agent.id, run.id)).events;
    const update = full.findIndex((e) => e.event === "interaction_update");
    const id = full[update]?.id;
    expect(full[update + 1]).toMatchObject({ event: "tool_call", id });
    const resumed = (await readStream(agent.id, run.id, id)).events;
    expect(resumed.slice(1)).toEqual(full.slice(update + 2));
    expect(resumed.some((e) => e.id === id)).toBe(false);
  });

  it("resuming after done gives the status and closes", async () => {
    const { api, readStream } = streamSetup();
    const { agent, run } = await api.createAgent();
    const full = (await readStream(agent.id, run.id)).events;
    const resumed = await readStream(agent.id, run.id, full.at(-1)?.id);
    expect(resumed.response.status).toBe(200);
    expect(resumed.events.map((e) => e.event)).toEqual(["status"]);
  });

  it("resumes live: a second connection waits on the clock for what is still to come", async () => {
    const { api, readStream, open, clock } = streamSetup();
    const { agent, run } = await api.createAgent();
    const response = await open(agent.id, run.id);
    const reader = response.body?.getReader();
    let text = "";
    while (!text.includes("event: thinking")) text += new TextDecoder().decode((await reader?.read())?.value);
    await reader?.cancel();
    const seen = parseSse(text);
    const at = clock.t;
    const rest = await readStream(agent.id, run.id, seen.at(-1)?.id);
    expect(rest.events[0]?.data.status).toBe("RUNNING");
    expect(rest.events[1]?.event).toBe("assistant");
    expect(rest.events.at(-1)?.event).toBe("done");
    expect(clock.t).toBeGreaterThan(at);
  });
});

describe("fake service: run stream errors", () => {
  it("404 agent_not_found and run_not_found, with the spec's error body", async () => {
    const { api, open } = streamSetup();
    const { agent, run } = await api.createAgent();
    const other = await api.createAgent();
    const noAgent = await open("bc-00000000-0000-4000-8000-000000000000", run.id);
    expect(noAgent.status).toBe(404);
    expect(await noAgent.json()).toEqual({ error: { code: "agent_not_found", message: expect.any(String) } });
    const noRun = await open(agent.id, "run-nope");
    expect(noRun.status).toBe(404);
    expect((await noRun.json()).error.code).toBe("run_not_found");
    // a run of another agent is not this agent's run
    expect((await open(agent.id, other.run.id)).status).toBe(404);
  });

  it("400 invalid_last_event_id for another run's id, a garbled id, or an id not yet sent", async () => {
    const { api, open, readStream } = streamSetup();
    const a = await api.createAgent();
    const aEvents = (await readStream(a.agent.id, a.run.id)).events;
    const foreignId = aEvents.find((e) => e.id !== undefined)?.id ?? "";
    const b = await api.createAgent();

    const foreign = await open(b.agent.id, b.run.id, { lastEventId: foreignId });
    expect(foreign.status).toBe(400);
    const body = await foreign.json();
    expect(body.error.code).toBe("invalid_last_event_id");
    expect(body.error.message).toContain(a.run.id);

    for (const garbled of ["garbage", `${b.run.id}.999`, "\u00e9t\u00e9"]) {
      const res = await open(b.agent.id, b.run.id, { lastEventId: garbled });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe("invalid_last_event_id");
    }

    // b's own ids exist in the script but have not been sent yet at this instant
    const early = await open(b.agent.id, b.run.id, { lastEventId: `${b.run.id}.1` });
    expect(early.status).toBe(400);
    // an empty header counts as none
    const empty = await open(b.agent.id, b.run.id, { lastEventId: "" });
    expect(empty.status).toBe(200);
    await empty.body?.cancel();
  });

  it("410 stream_expired once the run has been terminal for longer than the retention window", async () => {
    const { api, open, clock } = streamSetup({ streamRetentionSeconds: 60, run: { creatingMs: 0, runningMs: 1000 } });
    const { agent, run } = await api.createAgent();
    const endedAt = clock.t + 1000;
    clock.t = endedAt + 60_000;
    const atEdge = await open(agent.id, run.id);
    expect(atEdge.status).toBe(200);
    await atEdge.body?.cancel();
    clock.t = endedAt + 60_001;
    const expired = await open(agent.id, run.id);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ error: { code: "stream_expired", message: expect.any(String) } });
  });

  it("a run that is still active never expires", async () => {
    const { api, open, clock } = streamSetup({ streamRetentionSeconds: 0, run: { creatingMs: 0, runningMs: 1e9 } });
    const { agent, run } = await api.createAgent();
    clock.t += 1e8;
    const response = await open(agent.id, run.id);
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });

  it("measures retention from the cancel time for a cancelled run", async () => {
    const { api, open, clock } = streamSetup({ streamRetentionSeconds: 10, run: { runningMs: 1e9 } });
    const { agent, run } = await api.createAgent();
    clock.t += 5000;
    await api.post(`/v1/agents/${agent.id}/runs/${run.id}/cancel`);
    clock.t += 10_000;
    const within = await open(agent.id, run.id);
    expect(within.status).toBe(200);
    await within.body?.cancel();
    clock.t += 1;
    expect((await open(agent.id, run.id)).status).toBe(410);
  });
});

describe("fake service: run stream and cancel", () => {
  it("a cancelled run's stream ends with status CANCELLED, result and done", async () => {
    const { api, open, clock } = streamSetup({ run: { creatingMs: 100, runningMs: 10_000 } });
    const createdAt = clock.t;
    const { agent, run } = await api.createAgent();
    const response = await open(agent.id, run.id);
    const reader = response.body?.getReader();
    let text = "";
    while (!text.includes("event: thinking")) text += new TextDecoder().decode((await reader?.read())?.value);
    const cancelledAt = clock.t;
    expect((await api.post(`/v1/agents/${agent.id}/runs/${run.id}/cancel`)).status).toBe(200);
    for (;;) {
      const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    const events = parseSse(text);
    expect(events.slice(-3).map((e) => [e.event, e.data.status])).toEqual([
      ["status", "CANCELLED"],
      ["result", "CANCELLED"],
      ["done", undefined],
    ]);
    expect(events.at(-2)?.data).toMatchObject({ text: "The run was cancelled.", durationMs: cancelledAt - createdAt });
    expect(events.some((e) => e.event === "assistant")).toBe(false);
    expect(clock.t).toBe(cancelledAt);
  });

  it("a stream waiting on the clock wakes up when the run is cancelled, and its sleep is released", async () => {
    const signals: AbortSignal[] = [];
    const { api, open } = streamSetup({
      run: { creatingMs: 100_000 },
      heartbeatIntervalMs: 1e9,
      // a real wait: it only ends when its signal fires
      sleep: (_ms, signal) =>
        new Promise<void>((resolve) => {
          if (signal) signals.push(signal);
          signal?.addEventListener("abort", () => resolve(), { once: true });
        }),
    });
    const { agent, run } = await api.createAgent();
    const response = await open(agent.id, run.id);
    const pending = readBody(response.body);
    await expect.poll(() => signals.length).toBe(1);
    expect(signals[0]?.aborted).toBe(false);
    await api.post(`/v1/agents/${agent.id}/runs/${run.id}/cancel`);
    const { text, error } = await pending;
    expect(error).toBeUndefined();
    expect(signals[0]?.aborted).toBe(true);
    const events = parseSse(text);
    expect(events.map((e) => [e.event, e.data.status])).toEqual([
      ["status", "CREATING"],
      ["status", "CREATING"],
      ["status", "CANCELLED"],
      ["result", "CANCELLED"],
      ["done", undefined],
    ]);
    expect(events.slice(-2).every((e) => e.id?.startsWith(`${run.id}.`))).toBe(true);
  });
});
