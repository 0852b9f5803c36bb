/**
 * An SSE run-stream server written from spec/cloud-agents-api.md ("Events", "Endpoints") alone — it shares no code and
 * no reading with the SDK or its fake service — scriptable per connection, for sweeps of every way a connection can
 * end. What it follows from the spec:
 * - every (re)connection starts with the run's CURRENT `status` (no id), then the events after `Last-Event-ID`;
 * - several events may share one id (`interaction_update` beside its `tool_call`); resuming from an id resumes after
 *   every event carrying it;
 * - an id that is not one of this run's is 400 invalid_last_event_id;
 * - ids are opaque (random strings here, in no order); events whose ids the spec leaves open (`assistant`,
 *   `thinking`) are sent without one, so a full replay repeats them;
 * - heartbeats are liveness only: sent between events, never part of what a resumption replays.
 */

/** One event of the run, as the server keeps it. `id` undefined: sent without an `id:` line. */
export interface ScriptedEvent {
  type: string;
  id: string | undefined;
  data: Record<string, unknown>;
}

/**
 * How one connection ends. `after` counts the events this connection sends (its leading `status` included).
 * - `complete`: everything to `done`, then a clean end;
 * - `end`: a clean end after `after` events; `cut`: after `after` events, half of the next, then a clean end;
 * - `error`: the body errors after `after` events; `stall`: the body goes silent after `after` events (0: right
 *   after the headers; `midEvent`: after half of the next one); `stall-headers`: the response never comes;
 * - `status`: an error response.
 */
export type ConnectionScript =
  | { kind: "complete" }
  | { kind: "end" | "cut" | "error"; after: number }
  | { kind: "stall"; after: number; midEvent?: boolean }
  | { kind: "stall-headers" }
  | { kind: "status"; status: number; code: string };

/** A seeded PRNG (mulberry32): a failing trial is replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A run as the spec describes it: statuses forward, id-less text, tool calls with a sibling, result, done. */
export function scriptRun(random: () => number, runId = "run-1"): ScriptedEvent[] {
  const opaque = () => `${Math.floor(random() * 2 ** 32).toString(36)}${Math.floor(random() * 2 ** 32).toString(36)}`;
  const events: ScriptedEvent[] = [
    { type: "status", id: undefined, data: { runId, status: "CREATING" } },
    { type: "assistant", id: undefined, data: { text: "Looking. " } },
    { type: "status", id: undefined, data: { runId, status: "RUNNING" } },
  ];
  const steps = 3 + Math.floor(random() * 6);
  for (let step = 0; step < steps; step++) {
    const pick = random();
    if (pick < 0.35) events.push({ type: "assistant", id: undefined, data: { text: `a${step} ` } });
    else if (pick < 0.5) events.push({ type: "thinking", id: undefined, data: { text: `t${step} ` } });
    else {
      const id = opaque();
      const call = { callId: `call-${step}`, name: "read_file", args: { path: `f${step}` } };
      for (const status of ["running", "completed"]) {
        const groupId = status === "running" ? id : opaque();
        events.push({ type: "interaction_update", id: groupId, data: { kind: "tool", status } });
        events.push({ type: "tool_call", id: groupId, data: { ...call, status } });
      }
    }
  }
  events.push({ type: "status", id: undefined, data: { runId, status: "FINISHED" } });
  events.push({ type: "assistant", id: undefined, data: { text: "Done." } });
  events.push({ type: "result", id: opaque(), data: { runId, status: "FINISHED", text: "Done.", durationMs: 5 } });
  events.push({ type: "done", id: opaque(), data: {} });
  return events;
}

/** Options of {@link createSseServer}. */
export interface SseServerOptions {
  /** One script per connection, in order; connections past the list get `complete`. */
  connections: ConnectionScript[];
  /** Like a real `fetch`: the caller aborting the request errors the body (or the wait for headers). Default true. */
  honourAbort?: boolean;
  /** How each read of the run (`GET .../runs/{runId}`) is answered, in order; past the list: the run, terminal. */
  runReads?: Array<"stall" | "answer">;
  /** Chance of a heartbeat before each event. Default 0. */
  heartbeatChance?: number;
  random?: () => number;
}

const encoder = new TextEncoder();

function frame(event: ScriptedEvent): string {
  return `${event.id === undefined ? "" : `id: ${event.id}\n`}event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

function errorResponse(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** The server as a `fetch`: each request is one connection, answered by the next script. */
export function createSseServer(events: ScriptedEvent[], options: SseServerOptions) {
  const random = options.random ?? Math.random;
  const requests: Request[] = [];
  // How far the run has really got: the current status on connecting is the newest one sent so far.
  let progress = 0;
  const resultIndex = events.findIndex((e) => e.type === "result");
  // A server that closes cleanly after the result may simply never send `done`: a client gives up on it after two.
  let cleanEndsAfterResult = 0;
  const currentStatus = () => events.slice(0, Math.max(progress, 1)).findLast((e) => e.type === "status");

  const reads: Request[] = [];
  const stall = (request: Request, honour: boolean) =>
    new Promise<Response>((_, reject) => {
      if (honour) request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
    });

  const fetch = async (request: Request): Promise<Response> => {
    const honour = options.honourAbort ?? true;
    if (!new URL(request.url).pathname.endsWith("/stream")) {
      // A read of the run: the spec's Run, terminal (the stream's result says how it ended).
      reads.push(request);
      if (options.runReads?.[reads.length - 1] === "stall") return stall(request, honour);
      const result = events.find((e) => e.type === "result")?.data ?? {};
      const at = "2026-11-21T12:00:00.000Z";
      const run = {
        id: result.runId,
        agentId: "bc-1",
        status: result.status,
        createdAt: at,
        updatedAt: at,
        result: result.text,
      };
      return new Response(JSON.stringify(run), { status: 200, headers: { "content-type": "application/json" } });
    }
    requests.push(request);
    const script = options.connections[requests.length - 1] ?? { kind: "complete" };
    if (script.kind === "status") return errorResponse(script.status, script.code, `scripted ${script.status}`);
    if (script.kind === "stall-headers") return stall(request, honour);
    const lastEventId = request.headers.get("last-event-id");
    let start = 0;
    if (lastEventId !== null) {
      const last = events.findLastIndex((e) => e.id === lastEventId);
      if (last === -1) return errorResponse(400, "invalid_last_event_id", "not an event id of this run");
      start = last + 1;
    }
    const status = currentStatus() ?? (events[0] as ScriptedEvent);
    const sent = [status, ...events.slice(start)];
    const limit = script.kind === "complete" ? sent.length : Math.min(script.after, sent.length);
    let text = "";
    for (const [index, event] of sent.slice(0, limit).entries()) {
      if (random() < (options.heartbeatChance ?? 0)) text += "event: heartbeat\ndata: {}\n\n";
      text += frame(event);
      if (index > 0) progress = Math.max(progress, start + index);
    }
    if ((script.kind === "end" || script.kind === "cut") && progress >= resultIndex) cleanEndsAfterResult++;
    const next = sent[limit];
    const torn = script.kind === "cut" || (script.kind === "stall" && script.midEvent === true);
    if (torn && next) text += frame(next).slice(0, Math.max(1, Math.floor(frame(next).length / 2)));
    const silent = script.kind === "stall";
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // Two chunks at a random split, so events also arrive torn across reads.
        const cut = Math.floor(random() * text.length);
        if (cut > 0) controller.enqueue(encoder.encode(text.slice(0, cut)));
        if (text.length > cut) controller.enqueue(encoder.encode(text.slice(cut)));
        if (honour) {
          request.signal.addEventListener("abort", () => {
            try {
              controller.error(request.signal.reason);
            } catch {
              // Already closed.
            }
          });
        }
        if (silent) return;
        if (script.kind === "error") controller.error(new TypeError("terminated"));
        else controller.close();
      },
    });
    return new Response(body, {
      status: 200,
      headers: { "content-type": "text/event-stream", "x-service-stream-retention-seconds": "3600" },
    });
  };
  return { fetch, requests, reads, cleanEndsAfterResult: () => cleanEndsAfterResult };
}
