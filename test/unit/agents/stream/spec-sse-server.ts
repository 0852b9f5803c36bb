/**
 * A second SSE run-stream server, written from spec/cloud-agents-api.md ("Events", "Endpoints", "Errors") alone with
 * node:http on 127.0.0.1. It shares no code with the SDK, its fake service or independent-sse-server.ts. Per the spec:
 * every (re)connection starts with the run's current `status` (no id); `Last-Event-ID` resumes after the last event
 * carrying that id; an id that is not this run's is 400 invalid_last_event_id; after retention, 410 stream_expired;
 * the response carries X-Service-Stream-Retention-Seconds. Heartbeats are liveness only, never replayed.
 * Each connection follows a plan: framing (line ends, `id:` without space, comments, `retry:`), how its bytes are
 * chunked, and how it ends (complete, clean end, socket destroyed mid-event, stay open with heartbeats, an error).
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** One event of the run. `data` is the raw data text (may hold line breaks; may be malformed on purpose). */
export interface SpecEvent {
  type: string;
  id?: string;
  data: string;
}

export interface ConnPlan {
  /** An error answer instead of a stream. */
  status?: number;
  code?: string;
  retryAfter?: string;
  /** Run events (after the leading status) this connection sends in full before it ends. Default: all. */
  after?: number;
  /** Instead of `after`: send up to this absolute index of the run's events (exclusive), whatever the resume point. */
  upTo?: number;
  /** How it ends after `after` events: `destroy` the socket, `half` of the next event then destroy, `unterminated`
   * (the next event without its blank line, then a clean end), `end` cleanly, `open` (heartbeats, never ends). */
  ending?: "destroy" | "half" | "unterminated" | "end" | "open";
  eol?: "\n" | "\r\n" | "\r";
  /** `id:x` instead of `id: x`, `data:x` instead of `data: x`. */
  tight?: boolean;
  /** A comment line before every event. */
  comments?: boolean;
  /** A `retry:` field first. */
  retry?: number;
  /** Send the body in pieces: `byte` one byte per write, or split at these byte offsets. Each write is awaited. */
  split?: "byte" | number[];
  /** With ending `destroy` / `half`: wait this long after the bytes before destroying the socket. Default 5. */
  holdMs?: number;
  /** Wait this long before answering (headers included). */
  delayMs?: number;
  /** With ending `open`: heartbeat period. */
  heartbeatMs?: number;
}

export interface ConnRecord {
  lastEventId: string | undefined;
  openedAt: number;
  closedAt: number | undefined;
  status: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function encodeEvent(event: SpecEvent, plan: ConnPlan): string {
  const eol = plan.eol ?? "\n";
  const sp = plan.tight ? "" : " ";
  let text = plan.comments ? `: keep-alive comment${eol}` : "";
  if (event.id !== undefined) text += `id:${sp}${event.id}${eol}`;
  text += `event:${sp}${event.type}${eol}`;
  for (const line of event.data.split("\n")) text += `data:${sp}${line}${eol}`;
  return text + eol;
}

export interface SpecServerOptions {
  runId?: string;
  agentId?: string;
  events: SpecEvent[];
  /** The run's status, as the leading `status` event and GET run tell it (a function: read per request). */
  runStatus?: () => string;
  /** The plan for connection `n` (0-based). */
  plan?: (n: number) => ConnPlan;
  /** GET run answers (in order; the last repeats). */
  runs?: Array<Record<string, unknown>>;
  retentionSeconds?: number;
}

export async function startSpecServer(options: SpecServerOptions) {
  const runId = options.runId ?? "run-11111111-1111-4111-8111-111111111111";
  const agentId = options.agentId ?? "bc-22222222-2222-4222-8222-222222222222";
  const connections: ConnRecord[] = [];
  const sockets = new Set<Socket>();
  let openStreams = 0;
  let inFlight = 0;
  let runReads = 0;
  const timers = new Set<ReturnType<typeof setInterval>>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const streamPath = `/v1/agents/${agentId}/runs/${runId}/stream`;
    if (req.method === "GET" && url.pathname === `/v1/agents/${agentId}/runs/${runId}`) {
      const list = options.runs ?? [{ status: "RUNNING" }];
      const body = list[Math.min(runReads++, list.length - 1)];
      const now = new Date(0).toISOString();
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: runId, agentId, createdAt: now, updatedAt: now, ...body }));
      return;
    }
    if (req.method !== "GET" || url.pathname !== streamPath) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "run_not_found", message: "no such run" } }));
      return;
    }
    const header = req.headers["last-event-id"];
    const lastEventId = typeof header === "string" ? Buffer.from(header, "latin1").toString("utf8") : undefined;
    const n = connections.length;
    const plan = options.plan?.(n) ?? {};
    const record: ConnRecord = { lastEventId, openedAt: performance.now(), closedAt: undefined, status: 200 };
    connections.push(record);
    inFlight++;
    res.on("close", () => {
      record.closedAt = performance.now();
      inFlight--;
    });
    const fail = (status: number, code: string, extra: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, { "content-type": "application/json", ...extra });
      res.end(JSON.stringify({ error: { code, message: code } }));
    };
    if (plan.delayMs) await pause(plan.delayMs);
    if (res.destroyed || req.socket.destroyed) return;
    if (plan.status)
      return fail(
        plan.status,
        plan.code ?? "internal_error",
        plan.retryAfter ? { "retry-after": plan.retryAfter } : {},
      );
    let start = 0;
    if (lastEventId !== undefined) {
      let at = -1;
      options.events.forEach((e, i) => {
        if (e.id === lastEventId) at = i;
      });
      if (at < 0) return fail(400, "invalid_last_event_id");
      start = at + 1;
    }
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      "x-service-stream-retention-seconds": String(options.retentionSeconds ?? 3600),
    });
    res.flushHeaders();
    req.socket.setNoDelay(true);
    openStreams++;
    res.on("close", () => {
      openStreams--;
    });
    const eol = plan.eol ?? "\n";
    const status = options.runStatus?.() ?? "RUNNING";
    let body = plan.retry !== undefined ? `retry:${plan.tight ? "" : " "}${plan.retry}${eol}${eol}` : "";
    body += encodeEvent({ type: "status", data: JSON.stringify({ runId, status }) }, plan);
    const rest = options.events.slice(start);
    const wanted = plan.upTo !== undefined ? Math.max(0, plan.upTo - start) : plan.after;
    const count = Math.min(wanted ?? rest.length, rest.length);
    for (const event of rest.slice(0, count)) body += encodeEvent(event, plan);
    const next = rest[count];
    const ending = plan.ending ?? (count < rest.length ? "destroy" : "end");
    let tail = "";
    if (next && ending === "half") {
      const whole = encodeEvent(next, plan);
      tail = whole.slice(0, Math.max(1, Math.floor(whole.length / 2)));
    } else if (next && ending === "unterminated") {
      tail = encodeEvent(next, plan).slice(0, -eol.length);
    }
    const bytes = Buffer.from(body + tail, "utf8");
    const cuts =
      plan.split === "byte" ? bytes.map((_, i) => i + 1).slice(0, -1) : plan.split ? [...plan.split] : ([] as number[]);
    let from = 0;
    for (const cut of [...cuts, bytes.length]) {
      if (cut <= from || res.destroyed) continue;
      res.write(bytes.subarray(from, cut));
      from = cut;
      if (cut < bytes.length) await pause(1);
    }
    if (res.destroyed) return;
    if (ending === "destroy" || ending === "half") {
      await pause(plan.holdMs ?? 5);
      req.socket.destroy();
    } else if (ending === "open") {
      const timer = setInterval(() => {
        if (res.destroyed) return clearInterval(timer);
        res.write(encodeEvent({ type: "heartbeat", data: "{}" }, plan));
      }, plan.heartbeatMs ?? 20);
      timers.add(timer);
      res.on("close", () => clearInterval(timer));
    } else res.end();
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    runId,
    agentId,
    connections,
    /** Stream responses the server still has open. */
    openStreams: () => openStreams,
    runReads: () => runReads,
    /** Stream requests not yet closed, answered or not. */
    inFlight: () => inFlight,
    /** Waits until the server has seen every stream request close (or `ms` passes); answers how many are open. */
    async settled(ms = 1000): Promise<number> {
      const until = performance.now() + ms;
      while (inFlight > 0 && performance.now() < until) await pause(5);
      return inFlight;
    },
    async close() {
      for (const t of timers) clearInterval(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A run's events per the spec: id-less text, tool calls with an `interaction_update` sibling sharing the id, an
 * unknown event type, multi-line and non-ASCII data, then the terminal result and done. Ids opaque, unordered. */
export function specRun(runId: string): SpecEvent[] {
  const tool = (callId: string, status: string) =>
    JSON.stringify({ callId, name: "read_file", status, args: { path: "a.ts" }, result: null });
  return [
    { type: "assistant", data: JSON.stringify({ text: "Héllo " }) },
    { type: "assistant", data: JSON.stringify({ text: "wörld ✓ " }) },
    { type: "interaction_update", id: "k7Q", data: JSON.stringify({ kind: "tool" }) },
    { type: "tool_call", id: "k7Q", data: tool("c1", "running") },
    { type: "thinking", id: "0aZ", data: JSON.stringify({ text: "hmm", thinking_duration_ms: 3 }) },
    { type: "tool_call", id: "xx-9", data: tool("c1", "completed") },
    { type: "interaction_update", id: "xx-9", data: JSON.stringify({ kind: "tool", done: true }) },
    { type: "plan_update", id: "p:1", data: JSON.stringify({ steps: ["a", "b"] }) },
    { type: "assistant", data: "line one\nline two\n\u{1F600} three" },
    { type: "tool_call", id: "Zz", data: tool("c2", "brand_new_state") },
    { type: "assistant", id: "m3", data: JSON.stringify({ delta: "Done." }) },
    { type: "error", data: JSON.stringify({ code: "soft_warning", message: "minor" }) },
    {
      type: "result",
      id: "r-end",
      data: JSON.stringify({ runId, status: "FINISHED", text: "Done.", durationMs: 12, extra: 1 }),
    },
    { type: "done", id: "fin", data: "{}" },
  ];
}

/** Patches the global setTimeout / clearTimeout to count timers the SDK's own source (src/) set and has not cleared
 * or seen fire; `restore` puts the originals back. */
export function trackSdkTimers() {
  const original = { set: globalThis.setTimeout, clear: globalThis.clearTimeout };
  const pending = new Map<unknown, string>();
  globalThis.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const stack = new Error().stack ?? "";
    const fromSdk = stack
      .split("\n")
      .slice(2)
      .some((line) => line.includes("/src/") && !line.includes("node_modules"));
    const handle = original.set(
      (...a: unknown[]) => {
        pending.delete(handle);
        fn(...a);
      },
      ms,
      ...args,
    );
    if (fromSdk) pending.set(handle, stack);
    return handle;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((handle: Parameters<typeof clearTimeout>[0]) => {
    pending.delete(handle);
    original.clear(handle);
  }) as typeof clearTimeout;
  const restore = () => {
    globalThis.setTimeout = original.set;
    globalThis.clearTimeout = original.clear;
  };
  return { pending: () => pending.size, restore };
}
