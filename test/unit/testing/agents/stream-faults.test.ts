import { describe, expect, it, vi } from "vitest";
import type { Fault } from "../../../../src/testing/index.js";
import { parseSse, readBody, type SseEvent, streamSetup } from "./stream-helpers.js";

const ROUTE = "GET /v1/agents/:id/runs/:runId/stream";
const encoder = new TextEncoder();

/** A finished default run and its full, undisturbed stream text. */
async function finishedRun(options: Parameters<typeof streamSetup>[0] = {}) {
  const harness = streamSetup(options);
  const { agent, run } = await harness.api.createAgent();
  harness.clock.t += 10_000;
  const full = await harness.readStream(agent.id, run.id);
  return { ...harness, agent, run, full };
}

/** The byte length of the first `n` events of an SSE text. */
function bytesOfEvents(text: string, n: number): number {
  const frames = text.split("\n\n").slice(0, n);
  return encoder.encode(frames.map((f) => `${f}\n\n`).join("")).byteLength;
}

describe("fake service: stream_drop", () => {
  it("errors the body with TypeError('network error') after N complete events (the status counts)", async () => {
    const { fake, agent, run, full, readStream } = await finishedRun();
    fake.faults.add({ route: ROUTE, kind: "stream_drop", afterEvents: 3 });
    const dropped = await readStream(agent.id, run.id);
    expect(dropped.response.status).toBe(200);
    expect(dropped.error).toBeInstanceOf(TypeError);
    expect((dropped.error as TypeError).message).toBe("network error");
    expect(dropped.events).toEqual(full.events.slice(0, 3));
    expect(dropped.text).toBe(full.text.slice(0, dropped.text.length));
    expect(dropped.text.endsWith("\n\n")).toBe(true);
    expect(fake.requests.at(-1)?.fault).toBe("stream_drop");
    // used up: the next connection is whole
    expect((await readStream(agent.id, run.id)).error).toBeUndefined();
  });

  it("mode 'close' ends the body cleanly instead", async () => {
    const { fake, agent, run, full, readStream } = await finishedRun();
    fake.faults.add({ route: ROUTE, kind: "stream_drop", afterEvents: 5, mode: "close" });
    const dropped = await readStream(agent.id, run.id);
    expect(dropped.error).toBeUndefined();
    expect(dropped.events).toEqual(full.events.slice(0, 5));
  });

  it("defaults to dropping right after the initial status", async () => {
    const { fake, agent, run, readStream } = await finishedRun();
    fake.faults.add({ kind: "stream_drop" });
    const dropped = await readStream(agent.id, run.id);
    expect(dropped.events.map((e) => e.event)).toEqual(["status"]);
    expect(dropped.error).toBeInstanceOf(TypeError);
  });

  it("afterEvents: 0 drops before anything is sent", async () => {
    const { fake, agent, run, readStream } = await finishedRun();
    fake.faults.add({ kind: "stream_drop", afterEvents: 0 });
    const dropped = await readStream(agent.id, run.id);
    expect(dropped.text).toBe("");
    expect(dropped.error).toBeInstanceOf(TypeError);
  });

  it("midEvent sends half of the event after N, then drops", async () => {
    const { fake, agent, run, full, readStream } = await finishedRun();
    fake.faults.add({ kind: "stream_drop", afterEvents: 4, midEvent: true });
    const dropped = await readStream(agent.id, run.id);
    const whole = bytesOfEvents(full.text, 4);
    const next = bytesOfEvents(full.text, 5) - whole;
    expect(encoder.encode(dropped.text).byteLength).toBe(whole + Math.floor(next / 2));
    expect(dropped.text).toBe(full.text.slice(0, dropped.text.length));
    expect(dropped.events).toEqual(full.events.slice(0, 4)); // the half event never completes
    expect(dropped.error).toBeInstanceOf(TypeError);
  });

  it("afterBytes cuts at exactly that many bytes, mid-event or mid-character", async () => {
    const { fake, agent, run, full, readStream } = await finishedRun();
    const bytes = encoder.encode(full.text);
    for (const afterBytes of [1, 100, 777, bytesOfEvents(full.text, 2)]) {
      fake.faults.add({ kind: "stream_drop", afterBytes });
      const response = await readStream(agent.id, run.id);
      const got = response.chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
      expect(got).toBe(afterBytes);
      const joined = new Uint8Array(got);
      let offset = 0;
      for (const chunk of response.chunks) {
        joined.set(chunk, offset);
        offset += chunk.byteLength;
      }
      expect(joined).toEqual(bytes.subarray(0, afterBytes));
      expect(response.error).toBeInstanceOf(TypeError);
    }
  });

  it("hits only stream requests and each connection once per `times`", async () => {
    const { fake, agent, run, api, readStream } = await finishedRun();
    const handle = fake.faults.add({ kind: "stream_drop", afterEvents: 2, times: 2 });
    expect((await api.get(`/v1/agents/${agent.id}`)).status).toBe(200);
    expect(handle.remaining).toBe(2);
    expect((await readStream(agent.id, run.id)).error).toBeInstanceOf(TypeError);
    expect((await readStream(agent.id, run.id)).error).toBeInstanceOf(TypeError);
    expect((await readStream(agent.id, run.id)).error).toBeUndefined();
  });

  it("a client resuming with Last-Event-ID after every drop sees each event exactly once (chaos)", async () => {
    const { fake, api, clock, readStream } = streamSetup({ run: { toolCalls: 120, assistantChunks: 40 } });
    const { agent, run } = await api.createAgent();
    const drops = [2, 7, 3, 11, 5, 1, 13];
    let attempt = 0;
    const seen: SseEvent[] = [];
    let lastEventId: string | undefined;
    for (;;) {
      const afterEvents = drops[attempt++ % drops.length] as number;
      fake.faults.add({ kind: "stream_drop", afterEvents, midEvent: attempt % 2 === 0 });
      const result = await readStream(agent.id, run.id, lastEventId);
      expect(result.response.status).toBe(200);
      for (const event of result.events) {
        if (event.id !== undefined) lastEventId = event.id;
        if (event.event !== "status") seen.push(event);
      }
      if (result.events.some((e) => e.event === "done")) break;
      expect(attempt).toBeLessThan(2000);
    }
    fake.faults.clear();
    clock.t += 1;
    const whole = (await readStream(agent.id, run.id)).events.filter((e) => e.event !== "status");
    // a drop can fall between an interaction_update and its tool_call: resuming after that id skips the tool_call
    const key = (e: SseEvent) => `${e.id}|${e.event}`;
    const seenKeys = new Set(seen.map(key));
    expect(seen.length).toBe(seenKeys.size); // nothing twice
    for (const event of whole) if (event.event !== "tool_call") expect(seenKeys.has(key(event))).toBe(true);
    expect(seen.at(-1)?.event).toBe("done");
    expect(attempt).toBeGreaterThan(50);
  });
});

describe("fake service: stream_stall", () => {
  it("sends N events, then nothing (not even heartbeats, no timers) until the client cancels", async () => {
    const { fake, api, open, sleeps, clock } = streamSetup({ run: { creatingMs: 60_000 } });
    const { agent, run } = await api.createAgent();
    fake.faults.add({ kind: "stream_stall", afterEvents: 2 });
    const response = await open(agent.id, run.id);
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    let text = "";
    text += decoder.decode((await reader?.read())?.value);
    text += decoder.decode((await reader?.read())?.value);
    expect(parseSse(text).map((e) => e.event)).toEqual(["status", "status"]);
    let settled = false;
    const third = reader?.read().then((r) => {
      settled = true;
      return r;
    });
    clock.t += 120_000;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(sleeps).toEqual([]);
    await reader?.cancel();
    expect(await third).toEqual({ done: true, value: undefined });
  });

  it("ends with an AbortError when the request's signal fires", async () => {
    const { fake, api, open } = streamSetup();
    const { agent, run } = await api.createAgent();
    fake.faults.add({ kind: "stream_stall" });
    const controller = new AbortController();
    const response = await open(agent.id, run.id, { signal: controller.signal });
    const pending = readBody(response.body);
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    const { text, error } = await pending;
    expect(parseSse(text).map((e) => e.event)).toEqual(["status"]);
    expect(error).toMatchObject({ name: "AbortError" });
  });
});

describe("fake service: stream_drip", () => {
  it("sends the whole stream in 3-byte chunks by default, splitting lines and UTF-8 sequences", async () => {
    const { fake, agent, run, full, readStream } = await finishedRun();
    fake.faults.add({ kind: "stream_drip" });
    const dripped = await readStream(agent.id, run.id);
    expect(dripped.error).toBeUndefined();
    expect(dripped.chunks.every((c) => c.byteLength <= 3)).toBe(true);
    expect(dripped.chunks.length).toBeGreaterThan(encoder.encode(full.text).byteLength / 3 - 1);
    expect(dripped.text).toBe(full.text);
    expect(dripped.events).toEqual(full.events);
  });

  it("waits delayMs (through sleep) between chunks", async () => {
    const { fake, agent, run, full, readStream, sleeps } = await finishedRun();
    fake.faults.add({ kind: "stream_drip", chunkBytes: 64, delayMs: 7 });
    const dripped = await readStream(agent.id, run.id);
    expect(dripped.text).toBe(full.text);
    expect(dripped.chunks.every((c) => c.byteLength <= 64)).toBe(true);
    expect(sleeps).toEqual(Array(dripped.chunks.length - 1).fill(7));
  });
});

describe("fake service: stream lifetime", () => {
  it("cancelling the body releases the producer's pending sleep", async () => {
    const signals: AbortSignal[] = [];
    const { api, open } = streamSetup({
      run: { creatingMs: 100_000 },
      sleep: (_ms, signal) =>
        new Promise<void>((resolve) => {
          if (signal) signals.push(signal);
          signal?.addEventListener("abort", () => resolve(), { once: true });
        }),
    });
    const { agent, run } = await api.createAgent();
    const response = await open(agent.id, run.id);
    const reader = response.body?.getReader();
    await reader?.read(); // status
    await reader?.read(); // the timeline's CREATING
    const waiting = reader?.read();
    await expect.poll(() => signals.length).toBe(1);
    await reader?.cancel();
    expect(signals[0]?.aborted).toBe(true);
    expect(await waiting).toEqual({ done: true, value: undefined });
    expect(signals).toHaveLength(1);
  });

  it("aborting the request errors the body with an AbortError and releases the sleep", async () => {
    const signals: AbortSignal[] = [];
    const { api, open } = streamSetup({
      run: { creatingMs: 100_000 },
      sleep: (_ms, signal) =>
        new Promise<void>((resolve) => {
          if (signal) signals.push(signal);
          signal?.addEventListener("abort", () => resolve(), { once: true });
        }),
    });
    const { agent, run } = await api.createAgent();
    const controller = new AbortController();
    const response = await open(agent.id, run.id, { signal: controller.signal });
    const pending = readBody(response.body);
    await expect.poll(() => signals.length).toBe(1);
    controller.abort();
    const { error } = await pending;
    expect(error).toMatchObject({ name: "AbortError" });
    expect(signals[0]?.aborted).toBe(true);
  });

  it("works with the default setTimeout sleep and leaves no timer behind when cancelled", async () => {
    vi.useFakeTimers();
    try {
      const { createFakeService } = await import("../../../../src/testing/index.js");
      const fake = createFakeService({ run: { creatingMs: 0, runningMs: 60_000 } });
      const headers = { authorization: "Bearer test-key" };
      const body = JSON.stringify({ prompt: { text: "x" } });
      const created = await (await fake.fetch("/v1/agents", { method: "POST", headers, body })).json();
      const response = await fake.fetch(`/v1/agents/${created.agent.id}/runs/${created.run.id}/stream`, { headers });
      const reader = response.body?.getReader();
      await reader?.read(); // status
      await reader?.read(); // CREATING
      await reader?.read(); // RUNNING
      const pending = reader?.read();
      for (let i = 0; i < 50 && vi.getTimerCount() === 0; i++) await Promise.resolve();
      expect(vi.getTimerCount()).toBe(1);
      await reader?.cancel();
      expect(vi.getTimerCount()).toBe(0);
      expect(await pending).toMatchObject({ done: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it("disconnect_after on the stream route rejects the fetch", async () => {
    const { fake, api, open } = streamSetup();
    const { agent, run } = await api.createAgent();
    fake.faults.add({ route: ROUTE, kind: "disconnect_after" });
    await expect(open(agent.id, run.id)).rejects.toThrow("fetch failed");
  });
});

describe("fake service: stream fault validation", () => {
  it.each([
    [{ kind: "stream_drop", afterEvents: -1 }, /afterEvents/],
    [{ kind: "stream_drop", afterEvents: 1.5 }, /afterEvents/],
    [{ kind: "stream_drop", afterBytes: -3 }, /afterBytes/],
    [{ kind: "stream_drop", mode: "explode" }, /mode/],
    [{ kind: "stream_drop", midEvent: "yes" }, /midEvent/],
    [{ kind: "stream_drop", afterBytes: 10, midEvent: true }, /midEvent/],
    [{ kind: "stream_stall", afterEvents: "2" }, /afterEvents/],
    [{ kind: "stream_drip", chunkBytes: 0 }, /chunkBytes/],
    [{ kind: "stream_drip", delayMs: Number.NaN }, /delayMs/],
    [{ kind: "stream_drip", times: 0 }, /times/],
  ])("rejects %o with an invalid_argument AgentlineError", (fault, message) => {
    const { fake } = streamSetup();
    expect(() => fake.faults.add(fault as unknown as Fault)).toThrow(
      expect.objectContaining({ name: "AgentlineError", code: "invalid_argument" }),
    );
    expect(() => fake.faults.add(fault as unknown as Fault)).toThrow(message);
  });

  it("rejects a heartbeat interval or retention that makes no sense", async () => {
    const { createFakeService } = await import("../../../../src/testing/index.js");
    expect(() => createFakeService({ heartbeatIntervalMs: 0 })).toThrow(/heartbeatIntervalMs/);
    expect(() => createFakeService({ streamRetentionSeconds: -1 })).toThrow(/streamRetentionSeconds/);
    expect(() => createFakeService({ run: { toolCalls: 1.5 } })).toThrow(/toolCalls/);
  });
});
