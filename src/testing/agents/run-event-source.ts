import { fakeOptionError } from "../argument-errors.js";
import { abortable, abortReason, type Clock, isoTime, type Sleep } from "../clock.js";
import type { FakeRunStatus, RunTimeline, TimelineEvent } from "./run-script.js";
import { watchTimeline } from "./timeline-watch.js";

/** One SSE event as it goes on the wire. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Cloud Agents API § Events) */
export function formatSseEvent(event: string, data: unknown, id?: string): string {
  // JSON.stringify never emits a raw line break, so `data` is always a single line.
  const idLine = id === undefined ? "" : `id: ${id}\n`;
  return `${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The wire events of one timeline event. A `tool_call` goes out as an `interaction_update` carrying
 * the richer, SDK-shaped update, then the simplified `tool_call`, both under the same id: the spec's
 * "emitted alongside the simplified events that share its event id". Resuming after that id skips both.
 */
export function wireEvents(event: TimelineEvent): string[] {
  if (event.type !== "tool_call") return [formatSseEvent(event.type, event.data, event.id)];
  const { callId, name, status, args, result } = event.data;
  const update: Record<string, unknown> = { type: "tool_call_update", callId, name, status, args: args ?? null };
  if (status === "completed") update.result = result ?? null;
  update.timestamp = isoTime(event.at);
  return [formatSseEvent("interaction_update", update, event.id), formatSseEvent("tool_call", event.data, event.id)];
}

/** What a {@link RunEventSource} needs besides the timeline. */
export interface RunEventSourceOptions {
  now: Clock;
  sleep: Sleep;
  heartbeatIntervalMs: number;
  /** Fires when the client goes away: waits end at once and their timers are released. */
  signal: AbortSignal;
}

// A `sleep` that resolves without moving `now` would make the wait loop spin forever without
// yielding to the event loop; after this many such waits in a row the stream fails instead.
const MAX_STILL_WAITS = 1000;

/**
 * Produces one run stream connection's SSE events, one per {@link next} call, lazily: the current
 * status first (no id), then the timeline from `startIndex`, waiting on the clock for events still to
 * come (heartbeats while the wait is long), and nothing after `done`.
 */
export class RunEventSource {
  private readonly pending: string[];
  private cursor: number;
  private finished = false;
  private lastSentAt: number;
  private stillWaits = 0;

  constructor(
    private readonly timeline: RunTimeline,
    startIndex: number,
    currentStatus: FakeRunStatus,
    private readonly options: RunEventSourceOptions,
  ) {
    this.cursor = startIndex;
    this.pending = [formatSseEvent("status", { runId: timeline.runId, status: currentStatus })];
    this.lastSentAt = options.now();
  }

  /** The next wire event, or `undefined` once `done` has gone out. Rejects when the signal fires. */
  async next(): Promise<string | undefined> {
    const { signal } = this.options;
    for (;;) {
      if (signal.aborted) throw abortReason(signal);
      const queued = this.pending.shift();
      if (queued !== undefined) {
        this.lastSentAt = this.options.now();
        return queued;
      }
      if (this.finished) return undefined;
      const now = this.options.now();
      const event = this.timeline.events[this.cursor];
      // A timeline always ends with `done`; running off its end is a defensive stop.
      if (event === undefined) return undefined;
      if (event.at <= now) {
        this.cursor += 1;
        if (event.type === "done") this.finished = true;
        this.pending.push(...wireEvents(event));
        continue;
      }
      const heartbeatAt = this.lastSentAt + this.options.heartbeatIntervalMs;
      if (now >= heartbeatAt) {
        this.lastSentAt = now;
        return formatSseEvent("heartbeat", {});
      }
      await this.wait(Math.min(event.at, heartbeatAt) - now);
      this.checkClockMoved(now);
    }
  }

  /** Sleeps `ms`, waking early when the timeline's future is rewritten (a cancel) or the client leaves. */
  private async wait(ms: number): Promise<void> {
    const { signal } = this.options;
    const wake = new AbortController();
    const stop = () => wake.abort();
    signal.addEventListener("abort", stop, { once: true });
    const unwatch = watchTimeline(this.timeline, stop);
    try {
      await abortable(this.options.sleep(ms, wake.signal), wake.signal);
    } catch (error) {
      // Being woken is not an error; a sleep that fails by itself is.
      if (!wake.signal.aborted) throw error;
    } finally {
      unwatch();
      signal.removeEventListener("abort", stop);
    }
  }

  private checkClockMoved(before: number): void {
    if (this.options.now() !== before) {
      this.stillWaits = 0;
      return;
    }
    this.stillWaits += 1;
    if (this.stillWaits >= MAX_STILL_WAITS)
      // A misconfiguration of the caller's options, so the SDK's `invalid_option` error rather than a bare Error.
      throw fakeOptionError(
        "the run stream is waiting on a clock that never moves: with a virtual `now`, pass a `sleep` that advances it (e.g. `async (ms) => { t += ms }`).",
      );
  }
}
