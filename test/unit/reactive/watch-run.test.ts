import { effect } from "@preact/signals-core";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/errors.js";
import { watchRun } from "../../../src/reactive/index.js";
import { clockSetup, record, referenceState, STREAM_ROUTE, settle, until } from "./helpers.js";

async function newRun(setup: ReturnType<typeof clockSetup>, text = "watch me") {
  const { agent, run } = await setup.client.agents.create({ prompt: { text } });
  return { agentId: agent.id, runId: run.id };
}

describe("watchRun against the fake service", () => {
  it("requests nothing until a signal is subscribed, then streams the whole run into its signals", async () => {
    const setup = clockSetup({}, { instant: true });
    const { agentId, runId } = await newRun(setup);
    const before = setup.fake.requests.length;
    const view = watchRun(setup.client, agentId, runId);
    expect(view.status.value).toBeUndefined(); // a read is not a subscription
    await settle();
    expect(setup.fake.requests.length).toBe(before);
    expect(view.connection.value).toBe("idle");

    const final = await until(view.snapshot, (snapshot) => snapshot.connection === "closed");
    expect(setup.streamRequests()).toHaveLength(1);
    expect(final.status).toBe("FINISHED");
    expect(final.isTerminal).toBe(true);
    expect(final.result).toBe("Done: watch me");
    expect(final.toolCalls.map((call) => call.status)).toEqual(["completed", "completed"]);
    expect(final.error).toBeUndefined();
    const reference = await referenceState(setup.client, agentId, runId);
    expect(view.state.value).toEqual(reference);
    expect(final.assistantText).toBe(reference.assistantText);
    expect(final.lastEventId).toBe(reference.lastEventId);
    expect(view.events.value.at(-1)?.type).toBe("done");
  });

  it("applies a network chunk in one batch: a whole run arriving at once notifies a subscriber once", async () => {
    const setup = clockSetup({ run: { assistantChunks: 50, toolCalls: 20 } }, { instant: true, oneChunk: true });
    const { agentId, runId } = await newRun(setup);
    await setup.advance(60_000); // the run is over: its stream replays everything, here as one chunk
    const view = watchRun(setup.client, agentId, runId);
    let runs = 0;
    const stop = effect(() => {
      view.assistantText.value;
      view.toolCalls.value;
      view.status.value;
      view.result.value;
      runs++;
    });
    await until(view.connection, (state) => state === "closed");
    stop();
    expect(view.toolCalls.value).toHaveLength(20);
    expect(view.state.value.eventCount).toBeGreaterThan(90);
    expect(runs).toBe(2); // the initial run, then one for the whole chunk
  });

  it("shares one stream between views of the same run on one client, and not across clients", async () => {
    const setup = clockSetup({}, { instant: true });
    const { agentId, runId } = await newRun(setup);
    const first = watchRun(setup.client, agentId, runId);
    const second = watchRun(setup.client, agentId, runId);
    const a = record(first.assistantText);
    const b = record(second.status);
    await until(second.connection, (state) => state === "closed");
    expect(setup.streamRequests()).toHaveLength(1);
    expect(first.state.value).toBe(second.state.value);
    a.stop();
    b.stop();

    const other = clockSetup({}, { instant: true });
    const sharedFake = { ...other.client, runs: other.client.runs }; // a different client object, same service
    const run = await newRun(other);
    const one = watchRun(other.client, run.agentId, run.runId);
    const two = watchRun(sharedFake, run.agentId, run.runId);
    await Promise.all([until(one.isTerminal, Boolean), until(two.isTerminal, Boolean)]);
    expect(other.streamRequests()).toHaveLength(2);
  });

  it("stops the stream when the last subscriber leaves and resumes after the last complete event group", async () => {
    const setup = clockSetup({ run: { creatingMs: 100, runningMs: 1_000, assistantChunks: 6, toolCalls: 3 } });
    const { agentId, runId } = await newRun(setup);
    const view = watchRun(setup.client, agentId, runId);
    const text = record(view.assistantText);
    await setup.advance(600);
    expect(view.connection.value).toBe("live");
    const partial = view.assistantText.value;
    expect(partial.length).toBeGreaterThan(0);
    expect(view.isTerminal.value).toBe(false);

    text.stop();
    await settle();
    expect(view.connection.value).toBe("idle");
    expect(setup.open()).toBe(0); // the stream's fetch is closed
    const requests = setup.fake.requests.length;
    await setup.advance(300);
    expect(setup.fake.requests.length).toBe(requests);

    const again = record(view.assistantText);
    await setup.advance(2_000);
    expect(view.isTerminal.value).toBe(true);
    const streams = setup.streamRequests();
    expect(streams).toHaveLength(2);
    expect(streams[1]?.headers["last-event-id"]).toBeDefined();
    // Text only ever grew, and nothing was folded twice.
    expect(again.values.every((value) => value.startsWith(partial))).toBe(true);
    again.stop();
    expect(view.state.value).toEqual(await referenceState(setup.client, agentId, runId));
  });

  it("keeps one connection when a subscriber leaves and comes back at once (StrictMode, re-renders)", async () => {
    const setup = clockSetup({}, { instant: true });
    const { agentId, runId } = await newRun(setup);
    const view = watchRun(setup.client, agentId, runId);
    record(view.status).stop();
    const kept = record(view.status);
    await until(view.connection, (state) => state === "closed");
    kept.stop();
    expect(setup.streamRequests()).toHaveLength(1);
  });

  it("shows `resuming` while a dropped stream reconnects, then the same state as an uncut run", async () => {
    const setup = clockSetup({}, { instant: true });
    setup.fake.faults.add({ kind: "stream_drop", route: STREAM_ROUTE, afterEvents: 5 });
    const { agentId, runId } = await newRun(setup);
    const view = watchRun(setup.client, agentId, runId);
    const states = record(view.connection);
    await until(view.connection, (state) => state === "closed");
    states.stop();
    expect(setup.streamRequests()).toHaveLength(2);
    const seen = states.values.filter((state, index) => state !== states.values[index - 1]);
    expect(seen).toEqual(["idle", "connecting", "live", "resuming", "live", "closed"]);
    expect(view.state.value).toEqual(await referenceState(setup.client, agentId, runId));
  });

  it("reads the run once its stream expired (`polling`), ending on a synthesized result", async () => {
    const setup = clockSetup({ streamRetentionSeconds: 1 }, { instant: true });
    const { agentId, runId } = await newRun(setup);
    await setup.advance(60_000);
    const view = watchRun(setup.client, agentId, runId);
    const states = record(view.connection);
    const final = await until(view.snapshot, (snapshot) => snapshot.connection === "closed");
    states.stop();
    expect(states.values).toContain("polling");
    expect(final.status).toBe("FINISHED");
    expect(final.result).toBe("Done: watch me");
    expect(view.state.value.synthesized).toBe(true);
  });

  it("reports a run's own error event and a failing stream apart", async () => {
    const failing = clockSetup({ run: { finalStatus: "ERROR" } }, { instant: true });
    const run = await newRun(failing);
    const view = watchRun(failing.client, run.agentId, run.runId);
    const final = await until(view.snapshot, (snapshot) => snapshot.connection === "closed");
    expect(final.status).toBe("ERROR");
    expect(final.error).toMatchObject({ source: "run", code: "internal_error" });

    const missing = watchRun(failing.client, run.agentId, "run-does-not-exist");
    const closed = await until(missing.snapshot, (snapshot) => snapshot.connection === "closed");
    expect(closed.error).toMatchObject({ source: "stream", code: "run_not_found" });
    expect(closed.error?.message).not.toContain("test-key");
  });

  it("dispose() detaches one view; the stream stops only when no view is watched", async () => {
    const setup = clockSetup({ run: { creatingMs: 100, runningMs: 1_000 } });
    const { agentId, runId } = await newRun(setup);
    const first = watchRun(setup.client, agentId, runId);
    const second = watchRun(setup.client, agentId, runId);
    const a = record(first.snapshot);
    const b = record(second.assistantText);
    await setup.advance(500);
    first.dispose();
    await settle();
    expect(first.connection.value).toBe("closed");
    const frozen = first.assistantText.value;
    expect(setup.open()).toBe(1);
    await setup.advance(2_000);
    expect(second.isTerminal.value).toBe(true);
    expect(first.assistantText.value).toBe(frozen);
    expect(first.isTerminal.value).toBe(false);
    a.stop();
    b.stop();
    second.dispose();
    expect(second.status.value).toBe("FINISHED");
  });

  it("keeps the newest events only, without replays", async () => {
    const setup = clockSetup({}, { instant: true });
    setup.fake.faults.add({ kind: "stream_drop", route: STREAM_ROUTE, afterEvents: 7 });
    const { agentId, runId } = await newRun(setup);
    const view = watchRun(setup.client, agentId, runId, { eventBufferSize: 4 });
    await until(view.connection, (state) => state === "closed");
    const events = view.events.value;
    expect(events).toHaveLength(4);
    expect(events.at(-1)?.type).toBe("done");
    const keys = events.map((event) => `${event.id}:${event.type}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("checks its arguments before any request, naming the field and the rule", async () => {
    const setup = clockSetup({}, { instant: true });
    const { agentId, runId } = await newRun(setup);
    const before = setup.fake.requests.length;
    expect(() => watchRun(setup.client, "", runId)).toThrow(ValidationError);
    expect(() => watchRun(setup.client, agentId, " ")).toThrow(
      expect.objectContaining({ path: "runId", rule: "required" }),
    );
    expect(() => watchRun(setup.client, agentId, runId, { eventBufferSize: -1 })).toThrow(
      expect.objectContaining({ path: "eventBufferSize", rule: "integer" }),
    );
    expect(() => watchRun(setup.client, agentId, runId, { heartbeatTimeoutMs: 0 })).toThrow(
      expect.objectContaining({ path: "heartbeatTimeoutMs", rule: "positive" }),
    );
    await settle();
    expect(setup.fake.requests.length).toBe(before);
  });
});
