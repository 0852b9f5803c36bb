import { AbortError, AgentlineError, ApiError, ConnectionError, TimeoutError } from "../../core/errors.js";
import type { Transport } from "../../core/transport.js";
import { isTerminalRunStatus } from "../schemas/constants.js";
import type { Run } from "../schemas/resources.js";
import { ResumeCursor } from "./resume-cursor.js";
import { type ResultEvent, type RunEvent, toRunEvent } from "./run-events.js";
import { readServerSentEvents } from "./sse-reader.js";

/** Options of `client.runs.stream()`. */
export interface RunStreamOptions {
  /** Resume after this event id (from an earlier stream's `lastEventId`). */
  lastEventId?: string | undefined;
  /** Aborting it ends the stream with an `AbortError`. */
  signal?: AbortSignal | undefined;
  /** Reconnect when no byte (not even a heartbeat) arrives for this long. Default 45 000 ms. */
  heartbeatTimeoutMs?: number | undefined;
  /** The most reconnections in a row that deliver nothing new before giving up. Default 10. */
  maxReconnects?: number | undefined;
  /** Polling interval once the stream has expired (410) and the run is read instead. Default 2 000 ms. */
  pollIntervalMs?: number | undefined;
  /** The most characters one event may take (bounded buffering). Default 8 MiB. */
  maxBufferSize?: number | undefined;
  /**
   * Told as the connection changes: `connecting` (the first connection is being opened), `open` (a connection
   * answered 200 and is being read), `resuming` (a connection ended early; a replacement follows after the
   * back-off pause) and `polling` (the stream expired, 410, and the run is read instead).
   */
  onConnectionChange?: ((state: RunStreamConnectionState) => void) | undefined;
}

/** A stream's connection state, as {@link RunStreamOptions.onConnectionChange} reports it. */
export type RunStreamConnectionState = "connecting" | "open" | "resuming" | "polling";

/** What a stream needs from its client: a way to open a connection and to read the run. */
export interface RunStreamSource {
  transport: Transport;
  open(lastEventId: string | undefined, signal: AbortSignal): Promise<Response>;
  getRun(signal: AbortSignal): Promise<Run>;
}

const HEARTBEAT_TIMEOUT = Symbol("agentline.heartbeat-timeout");
const DEFAULT_RETRY_MS = 1_000;
const MAX_RECONNECT_DELAY_MS = 30_000;

/**
 * A run's events as an `AsyncIterable`, resuming by itself. A connection that drops, errors, ends
 * early or falls silent is replaced, resuming with `Last-Event-ID`; nothing already delivered is
 * delivered again and nothing is lost. Once the stream has expired (410), the run is polled and a
 * `result` marked `synthesized` ends the iteration, so a consumer always ends on the terminal state.
 * @see spec/cloud-agents-api.md#events
 */
export class RunStream implements AsyncIterable<RunEvent> {
  /** `X-Service-Stream-Retention-Seconds` of the latest connection. */
  retentionSeconds: number | undefined;
  /** Connections opened after the first one. */
  reconnects = 0;
  readonly #source: RunStreamSource;
  readonly #options: RunStreamOptions;
  readonly #cursor: ResumeCursor;
  readonly #controller = new AbortController();
  #started = false;

  constructor(source: RunStreamSource, options: RunStreamOptions = {}) {
    this.#source = source;
    this.#options = options;
    this.#cursor = new ResumeCursor(options.lastEventId);
    const signal = options.signal;
    if (signal?.aborted) this.#controller.abort(signal.reason);
    else signal?.addEventListener("abort", () => this.#controller.abort(signal.reason), { once: true });
  }

  /** The id of the last event delivered; pass it as `lastEventId` to resume later. */
  get lastEventId(): string | undefined {
    return this.#cursor.lastEventId;
  }

  /** Closes the connection; the iteration ends quietly. */
  abort(): void {
    this.#controller.abort(STOPPED);
  }

  [Symbol.asyncIterator](): AsyncGenerator<RunEvent, void, undefined> {
    return flatten(this.batches());
  }

  /**
   * The same events, one array per network chunk: a burst that arrived together is handed over
   * together (e.g. to apply it in one reactive batch). Use either this or the stream itself, once.
   */
  batches(): AsyncGenerator<RunEvent[], void, undefined> {
    if (this.#started) {
      throw new AgentlineError("A RunStream can be iterated once; open another with runs.stream().", {
        code: "stream_reused",
      });
    }
    this.#started = true;
    return this.#run();
  }

  async *#run(): AsyncGenerator<RunEvent[], void, undefined> {
    const maxReconnects = this.#options.maxReconnects ?? 10;
    let retryMs = DEFAULT_RETRY_MS;
    let failures = 0;
    let terminal = false;
    let trailingChecked = false;
    try {
      for (let first = true; ; first = false) {
        if (!first) {
          if (failures > maxReconnects) {
            throw new ConnectionError(
              `The run stream kept failing: ${failures} reconnections in a row delivered nothing new.`,
            );
          }
          this.#options.onConnectionChange?.("resuming");
          await this.#pause(retryMs, failures);
          this.reconnects++;
        } else {
          this.#options.onConnectionChange?.("connecting");
        }
        const connection = new AbortController();
        const onStop = () => connection.abort(this.#controller.signal.reason);
        this.#controller.signal.addEventListener("abort", onStop, { once: true });
        let progressed = false;
        try {
          const response = await this.#source.open(this.#cursor.reconnect(), connection.signal);
          const retention = Number(response.headers.get("x-service-stream-retention-seconds"));
          if (Number.isFinite(retention) && retention > 0) this.retentionSeconds = retention;
          if (!response.body) throw new ConnectionError("The stream response has no body.");
          this.#options.onConnectionChange?.("open");
          const messages = readServerSentEvents(response.body, {
            silenceTimeoutMs: this.#options.heartbeatTimeoutMs ?? 45_000,
            onSilence: () => connection.abort(HEARTBEAT_TIMEOUT),
            onRetry: (ms) => {
              retryMs = ms;
            },
            maxBufferSize: this.#options.maxBufferSize ?? 8 * 1024 * 1024,
          });
          for await (const chunk of messages) {
            const batch: RunEvent[] = [];
            let done = false;
            for (const message of chunk) {
              const event = toRunEvent(message.event, message.data, message.id);
              if (!this.#isNew(event)) continue;
              // Heartbeats prove the connection lives, not that the run moves: they do not reset failures.
              if (event.type !== "heartbeat") {
                progressed = true;
                failures = 0;
              }
              if (event.type === "result" && isTerminalRunStatus(event.data.status)) terminal = true;
              batch.push(event);
              if (event.type === "done") {
                done = true;
                break;
              }
            }
            if (batch.length > 0) yield batch;
            if (done) return;
          }
        } catch (error) {
          if (this.#controller.signal.aborted) throw error;
          if (terminal) {
            // After the terminal result nothing can fail the stream: try once for what trails it, then end.
            if (trailingChecked) return;
          } else if (error instanceof ApiError && error.status === 410) {
            this.#options.onConnectionChange?.("polling");
            for await (const event of this.#pollToEnd()) yield [event];
            return;
          } else if (!isTransient(error, connection.signal)) {
            throw error;
          }
        } finally {
          this.#controller.signal.removeEventListener("abort", onStop);
          connection.abort(STOPPED);
        }
        // Ended without `done`. After the terminal result one more connection collects what trails it
        // (`done`); a server that never sends `done` is not chased further.
        if (terminal) {
          if (trailingChecked) return;
          trailingChecked = true;
        }
        if (!progressed) failures++;
      }
    } catch (error) {
      if (this.#controller.signal.reason === STOPPED) return;
      if (this.#controller.signal.aborted) throw new AbortError(undefined, error);
      throw error;
    }
  }

  /** Dedupe: id-bearing events by the resume cursor, status by transition. */
  #isNew(event: RunEvent): boolean {
    if (event.type === "status") return this.#cursor.acceptStatus(event.data.status);
    if (event.id !== undefined) return this.#cursor.acceptId(event.id);
    return true;
  }

  /** Waits before a reconnection: the server's `retry:` (or 1 s), doubling with each failure, with jitter. */
  #pause(retryMs: number, failures: number): Promise<void> {
    const ceiling = Math.min(MAX_RECONNECT_DELAY_MS, retryMs * 2 ** Math.max(0, failures - 1));
    const delay = Math.floor(ceiling / 2 + (this.#source.transport.random() * ceiling) / 2);
    return this.#source.transport.sleep(delay, this.#controller.signal);
  }

  /** After 410 stream_expired: read the run until it is terminal, then end on a synthesized result. */
  async *#pollToEnd(): AsyncGenerator<RunEvent, void, undefined> {
    const interval = this.#options.pollIntervalMs ?? 2_000;
    for (;;) {
      const run = await this.#source.getRun(this.#controller.signal);
      if (isTerminalRunStatus(run.status)) {
        const result: ResultEvent = {
          type: "result",
          raw: "",
          synthesized: true,
          data: { runId: run.id, status: run.status, text: run.result, durationMs: run.durationMs, git: run.git },
        };
        if (this.#cursor.acceptStatus(run.status)) {
          yield { type: "status", raw: "", data: { runId: run.id, status: run.status } };
        }
        yield result;
        return;
      }
      if (this.#cursor.acceptStatus(run.status))
        yield { type: "status", raw: "", data: { runId: run.id, status: run.status } };
      await this.#source.transport.sleep(interval, this.#controller.signal);
    }
  }
}

const STOPPED = Symbol("agentline.stream-stopped");

async function* flatten(
  batches: AsyncGenerator<RunEvent[], void, undefined>,
): AsyncGenerator<RunEvent, void, undefined> {
  for await (const batch of batches) yield* batch;
}

/** Failures worth a reconnection: lost connections, silence, timeouts, 5xx and 429. */
function isTransient(error: unknown, connection: AbortSignal): boolean {
  if (connection.reason === HEARTBEAT_TIMEOUT) return true;
  if (error instanceof ConnectionError || error instanceof TimeoutError) return true;
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429 || error.status === 408;
  if (error instanceof AgentlineError) return false;
  // A body that errors mid-read surfaces as the runtime's own TypeError / DOMException.
  return error instanceof TypeError || (typeof DOMException !== "undefined" && error instanceof DOMException);
}
