import { argumentError, isObject, optionalArgument } from "../../core/arguments.js";
import { AbortError, AgentlineError, ApiError, ConnectionError } from "../../core/errors.js";
import type { Transport } from "../../core/transport.js";
import { pollInterval, timerDelay } from "../../core/wait.js";
import { isTerminalRunStatus } from "../schemas/constants.js";
import type { Run } from "../schemas/resources.js";
import { DEFAULT_RETRY_MS, HEARTBEAT_TIMEOUT, isTransient, reconnectDelay, untilAborted } from "./reconnect-policy.js";
import { ResumeCursor } from "./resume-cursor.js";
import { type ResultEvent, type RunEvent, toRunEvent } from "./run-events.js";
import {
  encodeRunEventBatches,
  keepAliveOption,
  type RunStreamEncodeOptions,
  type RunStreamResponseInit,
  runStreamResponse,
  runStreamResponseInit,
} from "./run-stream-encode.js";
import { checkStreamOptions, type RunStreamConnectionState, type RunStreamOptions } from "./run-stream-options.js";
import { readServerSentEvents } from "./sse-reader.js";

export type { RunStreamConnectionState, RunStreamOptions };

/**
 * Where the reconnect loop stands. `connecting`: opening a connection (and, once it answers 200, reading it: `open`);
 * `backingOff`: a connection ended before `done`, so the loop decides whether to give up and waits before the next
 * (reported as `connecting` until one has opened, then `resuming`); `polling`: the stream expired (410) and the run is
 * read instead; `closed`: the iteration ends.
 */
type Phase = "connecting" | "backingOff" | "polling" | "closed";

/** What the reconnect loop carries from one connection to the next. */
interface LoopState {
  /** The server's latest `retry:` (ms). */
  retryMs: number;
  /** Connections in a row that delivered nothing new. */
  failures: number;
  /** What ended the last connection, if an error did. */
  lastError: unknown;
  /** The run's terminal `result` has been delivered. */
  terminal: boolean;
  /** After the terminal result, one clean close has earned a connection for what trails it (`done`). */
  trailingChecked: boolean;
}

/** What a stream needs from its client: a way to open a connection and to read the run. */
export interface RunStreamSource {
  transport: Transport;
  /** One attempt, not retried: the stream decides about another. */
  open(lastEventId: string | undefined, signal: AbortSignal): Promise<Response>;
  /** Reads the run; `timeoutMs` bounds each attempt. */
  getRun(signal: AbortSignal, timeoutMs: number): Promise<Run>;
}

/**
 * A run's events as an `AsyncIterable`, resuming by itself. A connection that drops, errors, ends
 * early or falls silent is replaced, resuming with `Last-Event-ID`; nothing already delivered is
 * delivered again and nothing is lost. Once the stream has expired (410), the run is polled and a
 * `result` marked `synthesized` ends the iteration, so a consumer always ends on the terminal state.
 * @see {@link https://github.com/agentline/agentline#run-streams | README: Run streams} (spec: Cloud Agents API § Events)
 */
export class RunStream implements AsyncIterable<RunEvent> {
  /** `X-Service-Stream-Retention-Seconds` of the latest connection. */
  retentionSeconds: number | undefined;
  /** Connections attempted after the first one. */
  reconnects = 0;
  /** Connections that answered 200. */
  opened = 0;
  readonly #source: RunStreamSource;
  readonly #options: RunStreamOptions;
  /** What the connections have received: decides what is new, and where a reconnection resumes. */
  readonly #cursor: ResumeCursor;
  /** What the consumer has been handed (it may stop in the middle of a chunk): the resume point for a later stream. */
  readonly #handedOver: ResumeCursor;
  readonly #controller = new AbortController();
  #started = false;

  constructor(source: RunStreamSource, options: RunStreamOptions = {}) {
    if (!isObject(source) || typeof source.open !== "function" || typeof source.getRun !== "function") {
      throw argumentError(source, "source", "RunStream", "a stream source: streams come from `client.runs.stream()`");
    }
    checkStreamOptions(optionalArgument(options, "options", "runs.stream"));
    this.#source = source;
    this.#options = options;
    this.#cursor = new ResumeCursor(options.lastEventId, options.skipEvents ?? 0);
    this.#handedOver = new ResumeCursor(options.lastEventId, options.skipEvents ?? 0);
  }

  /** The id of the last event delivered. */
  get lastEventId(): string | undefined {
    return this.#handedOver.lastEventId;
  }

  /**
   * Where a later stream resumes so that nothing is lost or repeated: `runs.stream(agentId, runId, { ...resumePoint })`.
   * (`lastEventId` alone loses the rest of an interrupted sibling group, and repeats events sent without an id.)
   */
  get resumePoint(): { lastEventId: string | undefined; skipEvents: number } {
    return this.#handedOver.resumePoint;
  }

  /** Closes the connection; the iteration ends quietly. */
  abort(): void {
    this.#controller.abort(STOPPED);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<RunEvent, void, undefined> {
    for await (const batch of this.#start()) {
      for (const event of batch) {
        this.#handedOver.accept(event);
        yield event;
      }
    }
  }

  /**
   * The same events, one array per network chunk: a burst that arrived together is handed over
   * together (e.g. to apply it in one reactive batch). Use either this or the stream itself, once.
   */
  batches(): AsyncGenerator<RunEvent[], void, undefined> {
    const batches = this.#start();
    const handedOver = this.#handedOver;
    return (async function* () {
      for await (const batch of batches) {
        for (const event of batch) handedOver.accept(event);
        yield batch;
      }
    })();
  }

  /** The events as SSE bytes (`id:` where an event has one, `event:`, `data:`), for a route of your own; read once. */
  toReadableStream(options?: RunStreamEncodeOptions): ReadableStream<Uint8Array> {
    // Checked first: a wrong option must not start (and so use up) the stream.
    const keepAliveMs = keepAliveOption(options, "options", "toReadableStream");
    return encodeRunEventBatches(this.batches(), { keepAliveMs, abort: () => this.abort() });
  }

  /** The events as a `text/event-stream` `Response` (no-cache) whose body {@link toReadableStream} makes. */
  toResponse(init?: RunStreamResponseInit): Response {
    // Checked first: a wrong `init` must not start (and so use up) the stream.
    const responseInit = runStreamResponseInit(init);
    const keepAliveMs = keepAliveOption(init, "init", "toResponse");
    return runStreamResponse(this.toReadableStream({ keepAliveMs }), responseInit);
  }

  #start(): AsyncGenerator<RunEvent[], void, undefined> {
    if (this.#started) {
      throw new AgentlineError("A RunStream can be iterated once; open another with runs.stream().", {
        code: "stream_reused",
      });
    }
    this.#started = true;
    return this.#run();
  }

  async *#run(): AsyncGenerator<RunEvent[], void, undefined> {
    // The caller's signal is listened to only while the stream runs, and never after: a long-lived signal shared by
    // many streams keeps no listener of a finished one.
    const caller = this.#options.signal;
    const onCallerAbort = () => this.#controller.abort(caller?.reason);
    if (caller?.aborted) onCallerAbort();
    else caller?.addEventListener("abort", onCallerAbort, { once: true });
    const loop: LoopState = {
      retryMs: DEFAULT_RETRY_MS,
      failures: 0,
      lastError: undefined,
      terminal: false,
      trailingChecked: false,
    };
    try {
      // Stopped before the first read (an aborted signal, `abort()`): no request goes out. Checked before each phase
      // too: a listener added to a signal that has already fired is never called.
      if (this.#controller.signal.aborted) throw this.#controller.signal.reason;
      this.#options.onConnectionChange?.("connecting");
      for (let phase: Phase = "connecting"; phase !== "closed"; ) {
        if (this.#controller.signal.aborted) throw this.#controller.signal.reason;
        if (phase === "connecting") phase = yield* this.#connectAndRead(loop);
        else if (phase === "backingOff") phase = await this.#backOff(loop);
        else {
          this.#options.onConnectionChange?.("polling", loop.lastError);
          for await (const event of this.#pollToEnd()) yield [event];
          phase = "closed";
        }
      }
    } catch (error) {
      if (this.#controller.signal.reason === STOPPED) return;
      const { transport } = this.#source;
      if (this.#controller.signal.aborted) throw new AbortError(undefined, transport.safeCause(error));
      // What reached here from a body read is the runtime's own error: handed on as a ConnectionError whose cause
      // is a redacted copy, like every error of a request.
      if (error instanceof AgentlineError) throw error;
      throw new ConnectionError("The run stream's connection failed.", transport.safeCause(error));
    } finally {
      caller?.removeEventListener("abort", onCallerAbort);
    }
  }

  /**
   * `connecting`, then `open`: one connection, read until it ends. Answers the next phase: `closed` after `done` (or
   * once nothing more is worth waiting for), `polling` after a 410, `backingOff` when it ended early; throws what
   * cannot be retried.
   */
  async *#connectAndRead(loop: LoopState): AsyncGenerator<RunEvent[], Phase, undefined> {
    const connection = new AbortController();
    const onStop = () => connection.abort(this.#controller.signal.reason);
    this.#controller.signal.addEventListener("abort", onStop, { once: true });
    let progressed = false;
    let failed = false;
    // Once the run's terminal result is in, a connection that keeps talking (heartbeats) has `heartbeatTimeoutMs` in all
    // to bring what trails it (`done`): a server that never sends it must not keep the iteration open for ever. One
    // that falls silent instead is replaced by the silence watchdog, as before the result.
    let trailing: ReturnType<typeof setTimeout> | undefined;
    let overdue = false;
    let heard = false;
    const endTrailing = () => connection.abort(TRAILING_TIMEOUT);
    const awaitTrailing = () => {
      trailing ??= setTimeout(() => {
        overdue = true;
        if (heard) endTrailing();
      }, timerDelay(this.#heartbeatTimeoutMs));
    };
    if (loop.terminal) awaitTrailing();
    try {
      const response = await this.#connect(connection);
      this.opened++;
      loop.lastError = undefined;
      const retention = Number(response.headers.get("x-service-stream-retention-seconds"));
      if (Number.isFinite(retention) && retention > 0) this.retentionSeconds = retention;
      if (!response.body) throw new ConnectionError("The stream response has no body.");
      this.#options.onConnectionChange?.("open");
      const messages = readServerSentEvents(response.body, {
        signal: connection.signal,
        silenceTimeoutMs: this.#heartbeatTimeoutMs,
        onSilence: () => connection.abort(HEARTBEAT_TIMEOUT),
        onRetry: (ms) => {
          loop.retryMs = ms;
        },
        maxBufferSize: this.#options.maxBufferSize ?? 8 * 1024 * 1024,
      });
      for await (const chunk of messages) {
        const batch: RunEvent[] = [];
        let done = false;
        for (const message of chunk) {
          let event: RunEvent;
          try {
            event = toRunEvent(message.event, message.data, message.id);
          } catch (error) {
            // An event that breaks the spec ends the stream, but what arrived before it in the same chunk is whole.
            if (batch.length > 0) yield batch;
            throw error;
          }
          if (!this.#cursor.accept(event)) {
            // A replayed `done`: the consumer has the whole stream already (it resumed from past its end).
            if (event.type === "done") return "closed";
            continue;
          }
          // Heartbeats prove the connection lives, not that the run moves: they do not reset failures.
          if (event.type !== "heartbeat") {
            progressed = true;
            loop.failures = 0;
          }
          if (loop.terminal) heard = true;
          if (event.type === "result" && isTerminalRunStatus(event.data.status)) {
            loop.terminal = true;
            awaitTrailing();
          }
          batch.push(event);
          if (event.type === "done") {
            done = true;
            break;
          }
        }
        if (batch.length > 0) yield batch;
        if (done) return "closed";
        if (overdue && heard) endTrailing();
      }
    } catch (error) {
      if (this.#controller.signal.aborted) throw error;
      if (connection.signal.reason === TRAILING_TIMEOUT) return "closed";
      loop.lastError = error;
      failed = true;
      if (loop.terminal) {
        // After the terminal result nothing fails the stream: a lost connection is retried for what trails the
        // result (`done`), an answer that cannot stream any more (404, 410, …) ends it.
        if (!isTransient(error, connection.signal)) return "closed";
      } else if (error instanceof ApiError && error.status === 410) {
        return "polling";
      } else if (!isTransient(error, connection.signal)) {
        throw error;
      }
    } finally {
      clearTimeout(trailing);
      this.#controller.signal.removeEventListener("abort", onStop);
      connection.abort(STOPPED);
    }
    // Ended without `done`. After the terminal result, a connection the server closed cleanly earns one more
    // to collect what trails it (`done`); a server that never sends `done` is not chased further.
    if (loop.terminal && !failed) {
      if (loop.trailingChecked) return "closed";
      loop.trailingChecked = true;
    }
    if (!progressed) loop.failures++;
    return "backingOff";
  }

  /**
   * `backingOff`: gives up when the budget is spent (answering `closed` when the run's outcome is already known), else
   * reports `connecting` or `resuming` and waits before the next connection.
   */
  async #backOff(loop: LoopState): Promise<Phase> {
    const { failures, lastError } = loop;
    // Until a connection opens, the stream is one request: a wrong host, key or id fails within the client's retry
    // budget, with the error that says so. Once it has opened, the resume policy applies.
    if (this.opened === 0 && failures > this.#source.transport.retrySettings.maxRetries) {
      throw lastError ?? new ConnectionError();
    }
    if (failures > (this.#options.maxReconnects ?? 10)) {
      if (loop.terminal) return "closed"; // The run's outcome is known: what trails it is not worth an error.
      const last = lastError instanceof Error ? ` The last: ${lastError.message}` : "";
      throw new ConnectionError(
        `The run stream kept failing: ${failures} reconnections in a row delivered nothing new.${last}`,
        lastError,
      );
    }
    this.#options.onConnectionChange?.(this.opened === 0 ? "connecting" : "resuming", lastError);
    await this.#pause(loop.retryMs, failures, lastError);
    this.reconnects++;
    return "connecting";
  }

  get #heartbeatTimeoutMs(): number {
    return this.#options.heartbeatTimeoutMs ?? 45_000;
  }

  /**
   * Opens one connection, watched like its body: no response headers within `heartbeatTimeoutMs` gives it up (the
   * client's `timeoutMs` still applies when shorter), even when the `fetch` ignores the abort.
   */
  async #connect(connection: AbortController): Promise<Response> {
    const timeoutMs = this.#heartbeatTimeoutMs;
    const timer = setTimeout(() => connection.abort(HEARTBEAT_TIMEOUT), timerDelay(timeoutMs));
    try {
      return await untilAborted(
        this.#source.open(this.#cursor.reconnect(), connection.signal),
        connection.signal,
        () =>
          connection.signal.reason === HEARTBEAT_TIMEOUT
            ? new ConnectionError(`The run stream's server sent no response headers within ${timeoutMs} ms.`)
            : new ConnectionError("The run stream's connection was closed."),
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** Waits before the next connection (see {@link reconnectDelay}); the wait never passes the client's cap. */
  #pause(retryMs: number, failures: number, lastError: unknown): Promise<void> {
    const { transport } = this.#source;
    const delay = reconnectDelay({
      retryMs,
      failures,
      lastError,
      capMs: transport.retrySettings.maxRetryAfterMs,
      random: transport.random(),
    });
    return transport.sleep(delay, this.#controller.signal);
  }

  /** After 410 stream_expired: read the run until it is terminal, then end on a synthesized result. */
  async *#pollToEnd(): AsyncGenerator<RunEvent, void, undefined> {
    const { maxRetryAfterMs, timeoutMs } = this.#source.transport.retrySettings;
    const interval = pollInterval(this.#options.pollIntervalMs ?? 2_000, maxRetryAfterMs);
    // Each read is a connection too: it answers within the heartbeat timeout, or is retried and then fails.
    const readTimeoutMs = Math.min(timeoutMs, this.#heartbeatTimeoutMs);
    for (;;) {
      const run = await this.#source.getRun(this.#controller.signal, readTimeoutMs);
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
/** The reason a connection is closed with when, after the terminal result, `done` did not come in time. */
const TRAILING_TIMEOUT = Symbol("agentline.trailing-timeout");
