import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { createAgentsRelay } from "../../../src/relay/index.js";

// The relay's timer options (`keepAliveMs`, `heartbeatTimeoutMs`, `bodyTimeoutMs`) took any integer, but a runtime's
// timers hold at most 2³¹−1 ms: Node fires a longer one after 1 ms (TimeoutOverflowWarning). A user who sets a huge
// value to mean "practically never" got the opposite: a keep-alive comment every millisecond, and the service's leg
// given up as silent after 1 ms. README: "No timer is ever given more than 2³¹−1 ms". A value above it now means
// 2³¹−1 ms (about 24.8 days), as `maxRetryAfterMs` does. The same held for the client's `timeoutMs`, which the relay
// uses as its deadline for a REST call: the client itself honours 2³² ms, the relay answered 504 after 1 ms.

const AGENT = "bc-00000000-0000-4000-8000-000000000001";
const HUGE = [2 ** 31, 2 ** 32, Number.MAX_SAFE_INTEGER];

/** An upstream run stream (a plain `fetch`, no SDK fake): one event, then silence. */
async function silentFetch(): Promise<Response> {
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) return new Promise<void>(() => {});
      sent = true;
      controller.enqueue(new TextEncoder().encode('id: 1\nevent: assistant\ndata: {"text":"hi"}\n\n'));
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

/** What the page's body carries within `ms` of real time, and whether it ended. */
async function pageFor(ms: number, options: { keepAliveMs?: number; heartbeatTimeoutMs?: number }) {
  const client = new AgentsClient({
    apiKey: "sk-relay-timer-0123456789abcdef",
    baseUrl: "http://up.test",
    fetch: silentFetch,
  });
  const relay = createAgentsRelay({ client, authorize: () => true, ...options });
  const response = await relay(new Request(`http://app.test/v1/agents/${AGENT}/runs/run-1/stream`));
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  let ended = false;
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), Math.max(1, deadline - Date.now()));
    });
    const next = await Promise.race([reader.read(), late]);
    clearTimeout(timer);
    if (next === "late") break;
    if (next.done) {
      ended = true;
      break;
    }
    text += decoder.decode(next.value);
  }
  await reader.cancel().catch(() => {});
  return { keepAlives: text.split("\n").filter((line) => line.startsWith(":")).length, ended };
}

describe("relay: timer options above what a timer holds", () => {
  it("keepAliveMs and heartbeatTimeoutMs of 2³¹ ms and more: no keep-alive flood, the stream is not cut at once", async () => {
    const failures: string[] = [];
    for (const value of HUGE) {
      const flood = await pageFor(150, { keepAliveMs: value, heartbeatTimeoutMs: 0 });
      if (flood.keepAlives > 0) failures.push(`keepAliveMs ${value}: ${flood.keepAlives} keep-alives in 150 ms`);
      const cut = await pageFor(150, { keepAliveMs: 0, heartbeatTimeoutMs: value });
      if (cut.ended) failures.push(`heartbeatTimeoutMs ${value}: the page's body ended within 150 ms`);
    }
    expect(failures).toEqual([]);
  });

  it("bodyTimeoutMs of 2³¹ ms and more: a body arriving in 50 ms is not refused as late", async () => {
    let sent = 0;
    const client = new AgentsClient({
      apiKey: "sk-relay-timer-0123456789abcdef",
      baseUrl: "http://up.test",
      fetch: async () => {
        sent++;
        return Response.json({ agentId: AGENT, runId: "run-2" });
      },
    });
    const statuses: number[] = [];
    for (const value of HUGE) {
      const relay = createAgentsRelay({ client, authorize: () => true, bodyTimeoutMs: value });
      const parts = ['{"prompt":', '{"text":"hi"}}'];
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          const next = parts.shift();
          if (next === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(next));
        },
      });
      const request = new Request(`http://app.test/v1/agents/${AGENT}/runs`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
        duplex: "half",
      } as RequestInit);
      statuses.push((await relay(request)).status);
    }
    expect(statuses).toEqual(HUGE.map(() => 200));
    expect(sent).toBe(HUGE.length);
  });

  it("a client timeoutMs of 2³¹ ms and more: a REST call answered in 30 ms is relayed, not a 504", async () => {
    const statuses: number[] = [];
    for (const timeoutMs of HUGE) {
      const client = new AgentsClient({
        apiKey: "sk-relay-timer-0123456789abcdef",
        baseUrl: "http://up.test",
        timeoutMs,
        fetch: (request: Request) =>
          new Promise<Response>((resolve, reject) => {
            const timer = setTimeout(() => resolve(Response.json({ id: AGENT })), 30);
            request.signal.addEventListener("abort", () => {
              clearTimeout(timer);
              reject(new DOMException("The operation was aborted.", "AbortError"));
            });
          }),
      });
      const relay = createAgentsRelay({ client, authorize: () => true });
      statuses.push((await relay(new Request(`http://app.test/v1/agents/${AGENT}`))).status);
    }
    expect(statuses).toEqual(HUGE.map(() => 200));
  });
});
