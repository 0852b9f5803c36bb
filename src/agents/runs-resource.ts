import {
  BOOLEAN_OPTION,
  checkOptions,
  FUNCTION_OPTION,
  OBJECT_OPTION,
  optionalArgument,
  requireClientContext,
} from "../core/arguments.js";
import { AbortError, ApiError, ConnectionError, TimeoutError } from "../core/errors.js";
import { utf8HeaderValue } from "../core/header-values.js";
import { callOperation, listOperation, sendOperation } from "../core/operation.js";
import type { CallOptions } from "../core/options.js";
import { requireSegment } from "../core/paths.js";
import { pollInterval } from "../core/wait.js";
import type { AgentsContext } from "./operations.js";
import { isTerminalRunStatus, type RunStatus } from "./schemas/constants.js";
import type { CreateRunParams, ListRunsParams } from "./schemas/requests.js";
import type { Run } from "./schemas/resources.js";
import type { RunEvent } from "./stream/run-events.js";
import { RunStream, type RunStreamOptions, type RunStreamSource } from "./stream/run-stream.js";

/** Options of {@link RunsResource.wait}. */
export interface WaitOptions {
  signal?: AbortSignal | undefined;
  /** Every event of the run stream, as it arrives. */
  onEvent?: ((event: RunEvent) => void) | undefined;
  /** Called with the status each time it changes (including the first one seen). */
  onStatus?: ((status: RunStatus) => void) | undefined;
  /** `false` skips the stream and polls `runs.get` only. Default `true`. */
  stream?: boolean | undefined;
  /**
   * Time between reads when polling (default 2 000 ms): at most the client's `maxRetryAfterMs`, but a cap under 1 s
   * never makes it shorter than 1 s.
   */
  pollIntervalMs?: number | undefined;
  /** Options of the underlying stream (heartbeat timeout, reconnections). */
  streamOptions?: Omit<RunStreamOptions, "signal"> | undefined;
}

/**
 * Runs of an agent: follow-ups, listing, reading, cancelling, waiting.
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints)
 */
export class RunsResource {
  readonly #context: AgentsContext;

  constructor(context: AgentsContext) {
    requireClientContext(context, "RunsResource");
    this.#context = context;
  }

  /**
   * Starts a follow-up run on an agent. Not idempotent: after an ambiguous failure (connection lost,
   * 5xx) it is not retried, since the run may exist; a 429 is retried (it was not processed).
   */
  create(agentId: string, body: CreateRunParams, options?: CallOptions) {
    return callOperation(this.#context, "runs.create", { params: { agentId }, body, options });
  }

  /** Lists an agent's runs, newest first: await for the first page, `for await` for every run. */
  list(agentId: string, params: ListRunsParams = {}, options?: CallOptions) {
    return listOperation(this.#context, "runs.list", { params: { agentId }, query: params, options });
  }

  /** Reads one run. */
  get(agentId: string, runId: string, options?: CallOptions) {
    return callOperation(this.#context, "runs.get", { params: { agentId, runId }, options });
  }

  /** Cancels the active run (409 `run_not_cancellable` when it is terminal or never ran). Not retried when ambiguous. */
  cancel(agentId: string, runId: string, options?: CallOptions) {
    return callOperation(this.#context, "runs.cancel", { params: { agentId, runId }, options });
  }

  /**
   * The run's events as they happen, resuming by itself after drops, silence and early ends, and
   * ending on a terminal `result` even after the stream has expired (then `synthesized`).
   * @see {@link https://github.com/agentline/agentline#run-streams | README: Run streams} (spec: Cloud Agents API § Events)
   */
  stream(agentId: string, runId: string, options: RunStreamOptions = {}): RunStream {
    optionalArgument(options, "options", "runs.stream");
    return new RunStream(runStreamSource(this.#context, agentId, runId), options);
  }

  /**
   * Resolves to the run once it is terminal (FINISHED, ERROR, CANCELLED, EXPIRED): follows the
   * stream when it can, and polls `runs.get` when it must (stream unavailable, or `stream: false`).
   */
  async wait(agentId: string, runId: string, options: WaitOptions = {}): Promise<Run> {
    const { signal, onStatus } = optionalArgument(options, "options", "runs.wait");
    checkOptions(options, "options", {
      onEvent: FUNCTION_OPTION,
      onStatus: FUNCTION_OPTION,
      stream: BOOLEAN_OPTION,
      // 0 would poll the service in a tight loop.
      pollIntervalMs: [(value) => typeof value === "number" && value > 0, "ms > 0"],
      streamOptions: OBJECT_OPTION,
    });
    let lastStatus: string | undefined;
    const noteStatus = (status: RunStatus) => {
      if (status === lastStatus) return;
      lastStatus = status;
      onStatus?.(status);
    };
    if (options.stream !== false) {
      const stream = this.stream(agentId, runId, { ...options.streamOptions, signal });
      try {
        for await (const event of stream) {
          options.onEvent?.(event);
          if (event.type !== "status" && event.type !== "result") continue;
          noteStatus(event.data.status);
          // The run has ended: nothing after this changes it, and a service may keep the connection open (heartbeats,
          // no `done`) or fall silent. Leaving the loop closes the stream; the read below gets the terminal run.
          if (isTerminalRunStatus(event.data.status)) break;
        }
      } catch (error) {
        // The stream could not be followed (unavailable, kept failing): polling still gets the end. A connection
        // error before any connection opened says the host is wrong: polling it would only fail again, later.
        if (!isStreamFallbackError(error) || (stream.opened === 0 && error instanceof ConnectionError)) throw error;
      }
    }
    const interval = pollInterval(
      options.pollIntervalMs ?? 2_000,
      this.#context.transport.retrySettings.maxRetryAfterMs,
    );
    for (;;) {
      if (signal?.aborted) throw new AbortError(undefined, signal.reason);
      const run = await this.get(agentId, runId, { signal });
      noteStatus(run.status);
      if (isTerminalRunStatus(run.status)) return run;
      await this.#context.transport.sleep(interval, signal);
    }
  }
}

/**
 * What a run stream of one run needs from the client: one connection attempt at a time (the stream decides about
 * another, watching each with its heartbeat timeout) and a read of the run.
 */
function runStreamSource(context: AgentsContext, agentId: string, runId: string): RunStreamSource {
  const params = {
    agentId: requireSegment(agentId, "agentId", "runs.stream"),
    runId: requireSegment(runId, "runId", "runs.stream"),
  };
  return {
    transport: context.transport,
    open: async (lastEventId, signal) => {
      const headers: Record<string, string> = { accept: "text/event-stream" };
      // Ids are opaque text: sent as their UTF-8 bytes, as EventSource sends them (a header carries Latin-1 only).
      if (lastEventId !== undefined) headers["last-event-id"] = utf8HeaderValue(lastEventId);
      const { response } = await sendOperation(context, "runs.stream", {
        params,
        raw: true,
        options: { signal, headers, maxRetries: 0 },
      });
      return response;
    },
    getRun: (signal, timeoutMs) => callOperation(context, "runs.get", { params, options: { signal, timeoutMs } }),
  };
}

/** Errors after which `wait` falls back from the stream to polling. */
function isStreamFallbackError(error: unknown): boolean {
  if (error instanceof ConnectionError || error instanceof TimeoutError) return true;
  return error instanceof ApiError && (error.status >= 500 || error.code === "stream_unavailable");
}
