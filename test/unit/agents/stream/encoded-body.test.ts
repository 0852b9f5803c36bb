// `toResponse()` / `toReadableStream()` bodies. Cancelling a body (the page went away) must close the stream the
// whole way: its connection upstream and its listener on the caller's signal (before, the paused generator was never
// returned, so a long-lived signal shared by many streams kept one listener per cancelled body). A refused option must
// not use the stream up (before, `keepAliveMs` was checked after the stream had started: the retry got stream_reused).
import { describe, expect, it } from "vitest";
import { AgentlineError, type RunStream } from "../../../../src/agents/index.js";
import { countedSignal } from "../../counted-signal.js";
import { createSseServer, scriptRun, seededRandom } from "./independent-sse-server.js";
import { clientOver } from "./trial-helpers.js";

/** A server whose connections send a few events and then stay open (the run goes on); counts bodies cancelled. */
function openEndedServer() {
  let cancelled = 0;
  const server = createSseServer(scriptRun(seededRandom(3)), { connections: [] });
  const fetch = async (request: Request) => {
    const response = await server.fetch(request);
    const text = await response.text();
    const cut = text.indexOf("\n\n", text.indexOf("\n\n") + 2) + 2; // the status and one event
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode(text.slice(0, cut))),
      cancel: () => void cancelled++,
    });
    return new Response(body, { headers: response.headers });
  };
  return { fetch, requests: server.requests, cancelled: () => cancelled };
}

describe("cancelling an encoded body", () => {
  for (const [name, encode] of [
    ["toResponse()", (stream: RunStream) => stream.toResponse({ keepAliveMs: 0 }).body as ReadableStream<Uint8Array>],
    ["toReadableStream()", (stream: RunStream) => stream.toReadableStream({ keepAliveMs: 0 })],
  ] as const) {
    it(`50 ${name} bodies cancelled after their first read leave 0 listeners on a shared signal, upstream closed`, async () => {
      const server = openEndedServer();
      const client = clientOver(server.fetch);
      const shared = countedSignal();
      for (let i = 0; i < 50; i++) {
        const reader = encode(client.runs.stream("bc-1", "run-1", { signal: shared.signal })).getReader();
        const first = await reader.read();
        expect(new TextDecoder().decode(first.value)).toContain("event: status\n");
        await reader.cancel();
      }
      expect(shared.attached()).toBe(0);
      expect(server.requests).toHaveLength(50);
      expect(server.requests.every((request) => request.signal.aborted)).toBe(true);
      expect(server.cancelled()).toBe(50);
    });
  }

  it("a body cancelled before its first read sends no request and leaves no listener", async () => {
    const server = openEndedServer();
    const client = clientOver(server.fetch);
    const shared = countedSignal();
    await client.runs.stream("bc-1", "run-1", { signal: shared.signal }).toResponse().body?.cancel();
    expect(shared.attached()).toBe(0);
    expect(server.requests).toHaveLength(0);
  });
});

describe("a refused option does not use the stream up", () => {
  const wrong: Array<[string, (stream: RunStream) => unknown]> = [
    ["toResponse({ keepAliveMs: -1 })", (stream) => stream.toResponse({ keepAliveMs: -1 })],
    ["toResponse({ keepAliveMs: 1.5 })", (stream) => stream.toResponse({ keepAliveMs: 1.5 })],
    ["toResponse({ keepAliveMs: '5' })", (stream) => stream.toResponse({ keepAliveMs: "5" as never })],
    ["toResponse({ status: 99 })", (stream) => stream.toResponse({ status: 99 })],
    ["toResponse(42)", (stream) => stream.toResponse(42 as never)],
    ["toReadableStream({ keepAliveMs: -1 })", (stream) => stream.toReadableStream({ keepAliveMs: -1 })],
    ["toReadableStream({ keepAliveMs: NaN })", (stream) => stream.toReadableStream({ keepAliveMs: Number.NaN })],
    ["toReadableStream(42)", (stream) => stream.toReadableStream(42 as never)],
  ];
  for (const [name, call] of wrong) {
    it(`${name} throws an AgentlineError naming the field; the same stream then streams the whole run`, async () => {
      const server = createSseServer(scriptRun(seededRandom(5)), { connections: [] });
      const stream = clientOver(server.fetch).runs.stream("bc-1", "run-1");
      let error: unknown;
      try {
        call(stream);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(AgentlineError);
      expect((error as AgentlineError).code).toMatch(/^invalid_(argument|option)$/);
      expect(server.requests).toHaveLength(0);
      const text = await stream.toResponse({ keepAliveMs: 0 }).text();
      expect(text.startsWith("event: status\n")).toBe(true);
      expect(text).toContain("event: done\n");
    });
  }
});
