// The reactive layer's costs, each against a baseline measured in the same run:
// - events per second through `watchRun` to one subscriber (an effect reading the snapshot, as every adapter does)
//   vs the bare run-state reducer folding the same run from the same RunStream;
// - notifications per 1,000-event burst at the adapters' boundary (`subscribeCoalesced`, the subscription the React,
//   Vue and Svelte adapters render from). Node has no DOM, so these are the renders the adapters would ask for;
//   the browser tests (test/browser/reactive) count real renders in Chromium.
// The bytes reactive + the React adapter add on top of the client are in package-size.ts (from the packed tarball).
import { effect } from "@preact/signals-core";
import { initialRunState, reduceRunState } from "../src/agents/run-state.js";
import { RunStream, type RunStreamOptions } from "../src/agents/stream/run-stream.js";
import { Transport } from "../src/core/transport.js";
import { type RunStreamClient, subscribeCoalesced, watchRun } from "../src/reactive/index.js";
import { type Comparison, compare } from "./harness.js";

const EVENTS = 20_000;
const CHUNK = 64 * 1024;

/** A whole run: RUNNING, then assistant text, tool calls (running → completed) and thinking, then its end. */
function syntheticRun(events: number): string {
  let sse = `event: status\ndata: {"runId":"run-1","status":"RUNNING"}\n\n`;
  for (let i = 1; i <= events; i++) {
    const id = `run-1.${i}`;
    const roll = i % 10;
    if (roll < 5)
      sse += `id: ${id}\nevent: assistant\ndata: ${JSON.stringify({ text: `chunk ${i} of the reply. ` })}\n\n`;
    else if (roll < 8) {
      const call = Math.floor(i / 10);
      const status = roll === 5 ? "running" : "completed";
      const data = { callId: `call-${call}`, name: "run_terminal_cmd", status, args: { command: "npm test" } };
      sse += `id: ${id}\nevent: tool_call\ndata: ${JSON.stringify(data)}\n\n`;
    } else sse += `id: ${id}\nevent: thinking\ndata: ${JSON.stringify({ text: `thought ${i}. ` })}\n\n`;
  }
  sse += `id: run-1.${events + 1}\nevent: result\ndata: {"runId":"run-1","status":"FINISHED","text":"Done."}\n\n`;
  sse += `id: run-1.${events + 2}\nevent: done\ndata: {"runId":"run-1"}\n\n`;
  return sse;
}

function chunksOf(sse: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(sse);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

const transport = new Transport(
  { baseUrl: "http://bench.invalid", fetch: async () => new Response(null) },
  { authorization: () => undefined, secrets: () => [] },
);

/** A RunStream whose one connection delivers `chunks`, one network chunk per read. */
function streamOf(chunks: Uint8Array[], options: RunStreamOptions = {}): RunStream {
  let index = 0;
  const body = () =>
    new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks[index++];
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
    });
  return new RunStream(
    {
      transport,
      open: async () => new Response(body(), { headers: { "content-type": "text/event-stream" } }),
      getRun: () => Promise.reject(new Error("not used")),
    },
    options,
  );
}

/** A client whose `runs.stream()` serves `chunks`; a new one per run, so no view shares an earlier feed. */
function clientOf(chunks: Uint8Array[]): RunStreamClient {
  return { runs: { stream: (_agentId, _runId, options) => streamOf(chunks, options) } };
}

async function bareReducer(chunks: Uint8Array[]): Promise<number> {
  let state = initialRunState;
  for await (const batch of streamOf(chunks).batches()) {
    for (const event of batch) state = reduceRunState(state, event);
  }
  return state.eventCount;
}

/** Resolves once the view's stream is closed; one subscriber reads the whole snapshot meanwhile. */
function throughWatchRun(chunks: Uint8Array[], onSnapshot?: () => void): Promise<number> {
  const view = watchRun(clientOf(chunks), "bc-bench", "run-1", { eventBufferSize: 100 });
  return new Promise((resolve) => {
    const stop = effect(() => {
      const snapshot = view.snapshot.value;
      onSnapshot?.();
      if (snapshot.connection === "closed") {
        queueMicrotask(() => stop());
        resolve(view.state.peek().eventCount);
      }
    });
  });
}

/** Notifications a coalesced subscriber (what an adapter renders from) gets for `burst` events, one chunk each. */
async function notificationsPerBurst(burst: number): Promise<{ notifications: number; snapshots: number }> {
  const sse = syntheticRun(burst);
  const events = sse
    .split("\n\n")
    .filter(Boolean)
    .map((event) => new TextEncoder().encode(`${event}\n\n`));
  const view = watchRun(clientOf(events), "bc-bench", "run-1");
  let notifications = 0;
  let snapshots = 0;
  const frames: Array<() => void> = [];
  const stopSnapshots = view.snapshot.subscribe(() => snapshots++);
  // A frame is what the burst's macrotask leaves behind: flushed once the stream is closed.
  const stop = subscribeCoalesced(
    view.snapshot,
    () => notifications++,
    (flush) => frames.push(flush),
  );
  await new Promise<void>((resolve) => {
    const done = view.connection.subscribe((state) => state === "closed" && resolve());
    void done;
  });
  for (const flush of frames.splice(0)) flush();
  stop();
  stopSnapshots();
  return { notifications, snapshots };
}

/** What `benchReactive` measured. */
export interface ReactiveBenchResult {
  comparison: Comparison;
  events: number;
  eventsPerSecond: { watchRun: number; reducer: number };
  burst: { events: number; notifications: number; snapshots: number };
}

/** Runs every reactive benchmark. */
export async function benchReactive(): Promise<ReactiveBenchResult> {
  const chunks = chunksOf(syntheticRun(EVENTS), CHUNK);
  const comparison = await compare(
    `watchRun → 1 subscriber, ${EVENTS.toLocaleString("en")} events`,
    { name: "RunStream + bare reducer", run: () => bareReducer(chunks) },
    () => throughWatchRun(chunks),
    { iterations: 1, rounds: 9, goal: "≤ 1.2×" },
  );
  const perSecond = (ns: number) => Math.round(EVENTS / (ns / 1e9));
  const burst = await notificationsPerBurst(1_000);
  return {
    comparison,
    events: EVENTS,
    eventsPerSecond: {
      watchRun: perSecond(comparison.candidateNsPerOp),
      reducer: perSecond(comparison.baselineNsPerOp),
    },
    burst: { events: 1_000, ...burst },
  };
}

// `node --import tsx bench/reactive.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchReactive();
  console.log(JSON.stringify(result, null, 2));
}
