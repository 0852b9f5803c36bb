// Decode → validate → fold throughput of a 100,000-event run stream, against eventsource-parser +
// JSON.parse alone on the same bytes, in the same process; and the heap growth while iterating.
import { createParser } from "eventsource-parser";
import { foldRunEvents, initialRunState, reduceRunState } from "../src/agents/run-state.js";
import { RunStream } from "../src/agents/stream/run-stream.js";
import { Transport } from "../src/core/transport.js";
import { type Comparison, compare } from "./harness.js";

const EVENTS = 100_000;
const CHUNK = 64 * 1024;

function pad(text: string, bytes: number): string {
  return text + " lorem ipsum dolor sit amet".repeat(Math.ceil(bytes / 27)).slice(0, Math.max(0, bytes - text.length));
}

/** 40 % assistant (~200 B), 30 % tool_call (~500 B, running → completed pairs), 20 % thinking (~150 B), 10 % heartbeat. */
export function syntheticStream(): Uint8Array[] {
  let sse = `event: status\ndata: {"runId":"run-1","status":"RUNNING"}\n\n`;
  let openCall: string | undefined;
  let calls = 0;
  for (let i = 1; i <= EVENTS; i++) {
    const roll = i % 10;
    const id = `run-1.${i}`;
    if (roll < 4) sse += `id: ${id}\nevent: assistant\ndata: ${JSON.stringify({ text: pad(`chunk ${i}`, 180) })}\n\n`;
    else if (roll < 7) {
      const callId = openCall ?? `call-${++calls}`;
      const status = openCall ? "completed" : "running";
      openCall = openCall ? undefined : callId;
      const data = {
        callId,
        name: "run_terminal_cmd",
        status,
        args: { command: pad("npm test", 200) },
        result: status === "completed" ? { output: pad("ok", 180) } : null,
      };
      sse += `id: ${id}\nevent: tool_call\ndata: ${JSON.stringify(data)}\n\n`;
    } else if (roll < 9)
      sse += `id: ${id}\nevent: thinking\ndata: ${JSON.stringify({ text: pad(`thought ${i}`, 130) })}\n\n`;
    else sse += `event: heartbeat\ndata: {}\n\n`;
  }
  const bytes = new TextEncoder().encode(sse);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK) chunks.push(bytes.subarray(at, at + CHUNK));
  return chunks;
}

function baseline(chunks: Uint8Array[]): number {
  let parsed = 0;
  const parser = createParser({
    onEvent: (message) => {
      JSON.parse(message.data);
      parsed++;
    },
  });
  const decoder = new TextDecoder();
  for (const chunk of chunks) parser.feed(decoder.decode(chunk, { stream: true }));
  return parsed;
}

function bodyOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
}

/**
 * The SDK's own path: RunStream (SSE over the body, dedupe, validation) folded by the run-state reducer — one network
 * chunk's batch at a time (`foldRunEvents`, as a consumer of `batches()` does), or with `perEvent` one event at a time
 * (`reduceRunState`, as the reactive layer does to tell replays apart).
 */
async function candidate(chunks: Uint8Array[], onBatch?: () => void, perEvent = false): Promise<number> {
  const transport = new Transport(
    { baseUrl: "http://bench.invalid", fetch: async () => new Response(null) },
    {
      authorization: () => undefined,
      secrets: () => [],
    },
  );
  const stream = new RunStream({
    transport,
    open: async () => new Response(bodyOf(chunks), { headers: { "content-type": "text/event-stream" } }),
    getRun: () => Promise.reject(new Error("not used")),
  });
  let state = initialRunState;
  for await (const batch of stream.batches()) {
    if (perEvent) for (const event of batch) state = reduceRunState(state, event);
    else state = foldRunEvents(batch, state);
    onBatch?.();
    // The synthetic run has no terminal event: stop once every byte is consumed.
    if (state.eventCount >= EVENTS * 0.9) break;
  }
  return state.eventCount;
}

/** The two sides, for bench/profile-one.ts. */
export { baseline as streamDecodeBaseline, candidate as streamDecodeCandidate };

export async function benchStreamDecode(): Promise<{
  comparison: Comparison;
  perEvent: Comparison;
  peakHeapMiB: number;
  megabytes: number;
}> {
  const chunks = syntheticStream();
  const megabytes = chunks.reduce((sum, c) => sum + c.byteLength, 0) / 1024 / 1024;
  const comparison = await compare(
    `decode → validate → fold, ${EVENTS.toLocaleString("en")} events (${megabytes.toFixed(1)} MiB)`,
    { name: "eventsource-parser + JSON.parse", run: () => baseline(chunks) },
    () => candidate(chunks),
    { iterations: 1, rounds: 5, goal: "throughput ≥ 0.6× (time ratio ≤ 1.67×)" },
  );
  const perEvent = await compare(
    `decode → validate → fold event by event (reduceRunState), ${EVENTS.toLocaleString("en")} events`,
    { name: "eventsource-parser + JSON.parse", run: () => baseline(chunks) },
    () => candidate(chunks, undefined, true),
    { iterations: 1, rounds: 5 },
  );
  // Peak heap growth while iterating, sampled after every network chunk (the input bytes are held before and after).
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  await candidate(chunks, () => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  });
  return { comparison, perEvent, peakHeapMiB: (peak - before) / 1024 / 1024, megabytes };
}
