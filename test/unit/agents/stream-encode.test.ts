import { createParser, type EventSourceMessage } from "eventsource-parser";
import { describe, expect, it } from "vitest";
import { type RunEvent, toRunEvent } from "../../../src/agents/index.js";
import { AgentlineError } from "../../../src/core/errors.js";
import { seededRandom } from "./stream/independent-sse-server.js";
import { virtualSetup } from "./stream/stream-helpers.js";

/** Reads SSE bytes back with the standard parser (not ours): every message, and how many comment lines came. */
async function parseAll(
  body: ReadableStream<Uint8Array>,
): Promise<{ messages: EventSourceMessage[]; comments: number }> {
  const messages: EventSourceMessage[] = [];
  let comments = 0;
  const parser = createParser({ onEvent: (message) => messages.push(message), onComment: () => comments++ });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    parser.feed(decoder.decode(chunk.value, { stream: true }));
  }
  return { messages, comments };
}

const asMessage = (event: RunEvent): EventSourceMessage => ({
  id: event.id,
  event: event.type === "unknown" ? event.event : event.type,
  data: event.raw,
});

// Data texts a parser hands out: several lines, leading spaces (one is eaten by `data: `, so the encoder must add
// its own), empty lines, a colon first, non-ASCII, JSON.
const ODD_DATA = [
  "",
  " ",
  "  two leading",
  "a\nb",
  "\n",
  "a\n\nb\n",
  ": colon first",
  "é ✓ 🚀",
  '{"text":"hi"}',
  "data: x",
];
const ODD_IDS = [undefined, "1", "run-1.7", " spaced id ", "ünïcode", "a:b"];
const NAMES = ["assistant", "thinking", "heartbeat", "interaction_update", "error", "done", "message", "custom_event"];

describe("RunStream SSE encoding", () => {
  it("1,000 random events round-trip through eventsource-parser: ids, names and data byte-identical", async () => {
    const random = seededRandom(15);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const events: RunEvent[] = [];
    for (let i = 0; i < 1_000; i++) events.push(toRunEvent(pick(NAMES), pick(ODD_DATA), pick(ODD_IDS)));
    const { encodeRunEventBatches } = await import("../../../src/agents/stream/run-stream-encode.js");
    const batches = [events.slice(0, 1), events.slice(1, 500), events.slice(500)][Symbol.iterator]();
    const body = encodeRunEventBatches(
      { next: async () => batches.next() as IteratorResult<RunEvent[]> },
      { abort: () => {}, keepAliveMs: 0 },
    );
    const { messages } = await parseAll(body);
    expect(messages).toEqual(events.map(asMessage));
    const back = messages.map((m) => toRunEvent(m.event, m.data, m.id));
    expect(back).toEqual(events);
  });

  it("a run from the fake: toResponse() is text/event-stream, no-cache, and carries every event as received", async () => {
    const setup = virtualSetup({ heartbeatIntervalMs: 300, run: { toolCalls: 4, assistantChunks: 5 } });
    const twin = virtualSetup({ heartbeatIntervalMs: 300, run: { toolCalls: 4, assistantChunks: 5 } });
    const a = await setup.client.agents.create({ prompt: { text: "encode" } });
    const b = await twin.client.agents.create({ prompt: { text: "encode" } });
    const expected: RunEvent[] = [];
    for await (const event of twin.client.runs.stream(b.agent.id, b.run.id)) expected.push(event);
    const response = setup.client.runs.stream(a.agent.id, a.run.id).toResponse({ headers: { "x-app": "1" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-app")).toBe("1");
    const { messages } = await parseAll(response.body as ReadableStream<Uint8Array>);
    expect(expected.filter((e) => e.id !== undefined).length).toBeGreaterThan(5);
    expect(messages).toEqual(expected.map(asMessage));
  });

  it("toResponse() with an init the runtime would refuse: an AgentlineError, and the stream is still unused", async () => {
    const setup = virtualSetup({ heartbeatIntervalMs: 300, run: { toolCalls: 1, assistantChunks: 2 } });
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "encode" } });
    const stream = setup.client.runs.stream(agent.id, run.id);
    const wrong = [
      { status: 99 },
      { status: 204 },
      { status: 200.5 },
      { headers: { "x-app": "✓" } },
      { headers: { "x app": "1" } },
      { headers: { "x-app": "a\nb" } },
      { statusText: "ok\r\n" },
      "init",
    ];
    for (const init of wrong) {
      expect(() => stream.toResponse(init as ResponseInit), JSON.stringify(init)).toThrow(AgentlineError);
    }
    const response = stream.toResponse({ status: 201 });
    expect(response.status).toBe(201);
    const { messages } = await parseAll(response.body as ReadableStream<Uint8Array>);
    expect(messages.length).toBeGreaterThan(3);
  });

  it("a synthesized result (the stream expired) is encoded with its data as JSON", async () => {
    const setup = virtualSetup();
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "old" } });
    await setup.client.runs.wait(agent.id, run.id);
    setup.advance(2 * 3_600_000);
    const { messages } = await parseAll(setup.client.runs.stream(agent.id, run.id).toReadableStream());
    const last = messages.at(-1) as EventSourceMessage;
    expect(last.event).toBe("result");
    expect(JSON.parse(last.data)).toMatchObject({ runId: run.id, status: "FINISHED" });
  });

  it("cancelling the body closes the stream's connection; keep-alive comments flow only while waiting", async () => {
    const opened: Request[] = [];
    const setup = virtualSetup();
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "cancel" } });
    const { AgentsClient } = await import("../../../src/agents/index.js");
    const stalling = new AgentsClient({
      apiKey: "test-key",
      baseUrl: "http://127.0.0.1:9",
      fetch: async (request) => {
        opened.push(request);
        const response = await setup.fake.fetch(request);
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        const first = await reader.read();
        // One chunk, then silence: the stream waits (and the encoder sends comments) until cancelled.
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            if (!first.done) controller.enqueue(first.value);
          },
          cancel: () => reader.cancel(),
        });
        return new Response(body, { headers: response.headers });
      },
    });
    const body = stalling.runs.stream(agent.id, run.id).toReadableStream({ keepAliveMs: 2 });
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes(":\n\n")) text += decoder.decode((await reader.read()).value);
    expect(text.startsWith("event: status\n")).toBe(true);
    await reader.cancel();
    expect(opened).toHaveLength(1);
    expect(opened[0]?.signal.aborted).toBe(true);
    expect(() => stalling.runs.stream(agent.id, run.id).toReadableStream({ keepAliveMs: -1 })).toThrow(/keepAliveMs/);
  });
});
