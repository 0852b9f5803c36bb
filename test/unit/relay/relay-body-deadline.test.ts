import { afterEach, describe, expect, it, vi } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { AgentlineError } from "../../../src/core/errors.js";
import { createAgentsRelay } from "../../../src/relay/index.js";
import { type ScriptedUpstream, scriptedUpstream } from "./relay-upstream-server.js";

// A page that sends its request body slowly, a byte at a time and never finishing (or not at all), must not hold the
// relay for ever: the body is read within `bodyTimeoutMs` (default 30 s), else 408 request_timeout, and nothing goes
// upstream. Before: no limit — the relay's handler never answered (the 1 MiB cap alone lets a byte a second run for
// 12 days), and a body that broke off made the handler reject with the runtime's TypeError instead of answering.

const KEY = "sk-relay-body-0123456789abcdefghij";
const RUNS = "http://app.test/api/agents/v1/agents/bc-00000000-0000-4000-8000-000000000001/runs";
const servers: ScriptedUpstream[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const server of servers.splice(0)) await server.close();
});

async function setup(options: { bodyTimeoutMs?: number } = {}) {
  const upstream = await scriptedUpstream((_, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ agentId: "bc-1", runId: "run-2" }));
  });
  servers.push(upstream);
  let asked = 0;
  const relay = createAgentsRelay({
    client: new AgentsClient({ apiKey: KEY, baseUrl: upstream.url, maxRetries: 0 }),
    basePath: "/api/agents",
    authorize: () => {
      asked++;
      return true;
    },
    ...options,
  });
  return { upstream, relay, asked: () => asked };
}

/** A POST whose body sends `{"prompt":` and then one space every `everyMs`, never ending; `cancelled()` tells. */
function tricklingPost(everyMs: number) {
  let cancelled = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"prompt":'));
      timer = setInterval(() => controller.enqueue(new TextEncoder().encode(" ")), everyMs);
    },
    cancel() {
      cancelled = true;
      clearInterval(timer);
    },
  });
  const request = new Request(RUNS, {
    method: "POST",
    body,
    headers: { "content-type": "application/json" },
    duplex: "half",
  } as RequestInit);
  return { request, cancelled: () => cancelled, stop: () => clearInterval(timer) };
}

/** The relay's answer, or "no answer" after `ms`. */
async function answerWithin(promise: Promise<Response>, ms: number): Promise<Response | "no answer"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"no answer">((resolve) => {
    timer = setTimeout(() => resolve("no answer"), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe("relay: a page's request body is read within a time limit", () => {
  it("a body trickling a byte every 20 ms for ever: 408 after bodyTimeoutMs, stream cancelled, nothing upstream", async () => {
    const { upstream, relay, asked } = await setup({ bodyTimeoutMs: 300 });
    const page = tricklingPost(20);
    const started = Date.now();
    const answer = await answerWithin(relay(page.request), 3_000);
    page.stop();
    expect(answer).not.toBe("no answer");
    const response = answer as Response;
    expect(response.status).toBe(408);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("request_timeout");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(page.cancelled()).toBe(true);
    expect(upstream.seen).toEqual([]);
    expect(asked()).toBe(0);
  });

  it("by default (no option) a body that never comes is given up after 30 s", async () => {
    vi.useFakeTimers();
    const { upstream, relay, asked } = await setup();
    const body = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
    const request = new Request(RUNS, {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    let settled: Response | undefined;
    void relay(request).then((response) => {
      settled = response;
    });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1_100);
    expect(settled?.status).toBe(408);
    expect(upstream.seen).toEqual([]);
    expect(asked()).toBe(0);
  });

  it("a body read well within the limit still goes through", async () => {
    const { upstream, relay } = await setup({ bodyTimeoutMs: 5_000 });
    const parts = ['{"prompt":', '{"text":"hi"}', "}"];
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const next = parts.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const response = await relay(
      new Request(RUNS, {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(200);
    expect(upstream.seen).toHaveLength(1);
  });

  it("a body that breaks off: the relay answers 400 (it does not throw), nothing upstream", async () => {
    const { upstream, relay } = await setup();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"prompt":'));
        setTimeout(() => controller.error(new TypeError("terminated")), 10);
      },
    });
    const request = new Request(RUNS, {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    const response = await relay(request);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("incomplete_body");
    expect(upstream.seen).toEqual([]);
  });

  it("bodyTimeoutMs is checked: each bad value is an invalid_option naming it", async () => {
    const client = new AgentsClient({ apiKey: KEY, baseUrl: "http://upstream.test" });
    const failures: string[] = [];
    for (const value of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "30000", null, true]) {
      try {
        createAgentsRelay({ client, authorize: () => true, bodyTimeoutMs: value as number });
        failures.push(`${String(value)}: accepted`);
      } catch (error) {
        const ok =
          error instanceof AgentlineError && error.code === "invalid_option" && error.message.includes("bodyTimeoutMs");
        if (!ok) failures.push(`${String(value)}: ${String(error)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(() => createAgentsRelay({ client, authorize: () => true, bodyTimeoutMs: 1 })).not.toThrow();
  });
});
