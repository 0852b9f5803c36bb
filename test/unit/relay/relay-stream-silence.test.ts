import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { createAgentsRelay } from "../../../src/relay/index.js";

// A run stream whose service falls silent for good (a stalled or half-open connection). Read directly, the page's
// client gives the connection up after `heartbeatTimeoutMs` (45 s by default) and resumes. Through the relay, the
// keep-alive comments it sends every 15 s while the service is silent reset that watchdog forever: the page waited
// with a dead connection and never resumed. The relay must watch the service's leg itself: after 45 s without a byte
// from it, it closes that connection and ends the page's body (as a stream the service closed), so the page resumes.

const AGENT = "bc-00000000-0000-4000-8000-000000000001";
const encoder = new TextEncoder();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** An upstream `fetch` (no SDK fake): one event, then silence; counts connections and the ones cancelled. */
function silentUpstream() {
  let opened = 0;
  let cancelled = 0;
  const fetch = async () => {
    opened++;
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return new Promise<void>(() => {}); // silent from here on
        sent = true;
        controller.enqueue(encoder.encode(`id: ${opened}\nevent: assistant\ndata: {"text":"hi"}\n\n`));
      },
      cancel() {
        cancelled++;
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
  return { fetch, opened: () => opened, cancelled: () => cancelled };
}

async function readUntilDone(reader: ReadableStreamDefaultReader<Uint8Array>, out: string[]): Promise<void> {
  const decoder = new TextDecoder();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) out.push(decoder.decode(chunk.value));
}

describe("relay: a run stream whose service falls silent", () => {
  it("default settings: after 45 s without a byte from the service, its connection is closed and the page's body ends", async () => {
    const upstream = silentUpstream();
    const client = new AgentsClient({
      apiKey: "sk-relay-key-0123456789abcdef",
      baseUrl: "http://up.test",
      fetch: upstream.fetch,
    });
    const relay = createAgentsRelay({ client, authorize: () => true });
    const response = await relay(new Request(`http://app.test/v1/agents/${AGENT}/runs/run-1/stream`));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const received: string[] = [];
    let ended = false;
    const reading = readUntilDone(reader, received).then(() => {
      ended = true;
    });
    await vi.advanceTimersByTimeAsync(40_000);
    expect(ended).toBe(false);
    // Keep-alives went out meanwhile (the page's proxies stay open)...
    expect(received.join("")).toContain(":\n");
    await vi.advanceTimersByTimeAsync(10_000);
    // ...but past 45 s of silence from the service, the page's body ended cleanly and the upstream leg was closed.
    expect(ended).toBe(true);
    await reading;
    expect(upstream.cancelled()).toBe(1);
    expect(received.join("")).toContain("id: 1\nevent: assistant");
  });

  it("a page client through the relay resumes from a silent service as it would directly", async () => {
    const upstream = silentUpstream();
    const client = new AgentsClient({
      apiKey: "sk-relay-key-0123456789abcdef",
      baseUrl: "http://up.test",
      fetch: upstream.fetch,
    });
    const relay = createAgentsRelay({ client, authorize: () => true });
    const page = new AgentsClient({
      baseUrl: "http://app.test",
      fetch: (request) => relay(request),
      sleep: async () => {},
    });
    const ids: Array<string | undefined> = [];
    const controller = new AbortController();
    const reading = (async () => {
      for await (const event of page.runs.stream(AGENT, "run-1", { signal: controller.signal })) ids.push(event.id);
    })().catch(() => {});
    // The page's parser is a module loaded on first use (real I/O, which fake timers do not advance): wait for the
    // first event in real time, then move the clock in steps, each followed by real turns of the event loop.
    const settle = async (until: () => boolean) => {
      const started = performance.now();
      while (!until() && performance.now() - started < 5_000) await new Promise((resolve) => setImmediate(resolve));
    };
    await settle(() => ids.length === 1);
    for (let step = 0; step < 40; step++) {
      const opened = upstream.opened();
      await vi.advanceTimersByTimeAsync(5_000);
      await settle(() => upstream.opened() === opened || ids.length === upstream.opened());
    }
    controller.abort();
    await reading;
    // Directly the page would have opened about 200 / 45 connections; through a relay that masks the silence, one.
    expect(upstream.opened()).toBeGreaterThanOrEqual(3);
    expect(ids.length).toBe(upstream.opened());
  });
});

describe("relay: heartbeatTimeoutMs", () => {
  it("0 never gives the service's leg up; anything but an integer >= 0 is refused with invalid_option", async () => {
    const upstream = silentUpstream();
    const client = new AgentsClient({
      apiKey: "sk-relay-key-0123456789abcdef",
      baseUrl: "http://up.test",
      fetch: upstream.fetch,
    });
    const relay = createAgentsRelay({ client, authorize: () => true, heartbeatTimeoutMs: 0, keepAliveMs: 0 });
    const response = await relay(new Request(`http://app.test/v1/agents/${AGENT}/runs/run-1/stream`));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    let ended = false;
    void reader.read().then(() => {
      ended = true;
    });
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(ended).toBe(false);
    expect(upstream.cancelled()).toBe(0);
    await reader.cancel();
    expect(upstream.cancelled()).toBe(1);
    for (const bad of [-1, 1.5, "45000", Number.NaN]) {
      expect(() =>
        createAgentsRelay({ client, authorize: () => true, heartbeatTimeoutMs: bad as number }),
      ).toThrowError(expect.objectContaining({ code: "invalid_option" }));
    }
  });
});
