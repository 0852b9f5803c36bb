import { argumentError, hasMethods, optionalCount, optionalPositive } from "../../core/arguments.js";
import { ValidationError } from "../../core/errors.js";

/** Options of `client.runs.stream()`. */
export interface RunStreamOptions {
  /** Resume after this event id (from an earlier stream's `resumePoint`, or its `lastEventId`). */
  lastEventId?: string | undefined;
  /**
   * With `lastEventId`: how many events after it were already delivered (events without an id, siblings sharing the
   * next id), so their replay is skipped. Pass an earlier stream's `resumePoint` to take both. Default 0.
   */
  skipEvents?: number | undefined;
  /** Aborting it ends the stream with an `AbortError`. The stream's listener on it is removed when the stream ends. */
  signal?: AbortSignal | undefined;
  /**
   * Give a connection up when no byte (not even a heartbeat) arrives for this long — while waiting for its response
   * headers too — and open another. Default 45 000 ms. After the run's terminal `result`, a connection that keeps
   * talking (heartbeats) but sends no `done` for this long ends the stream.
   */
  heartbeatTimeoutMs?: number | undefined;
  /**
   * The most reconnections in a row that deliver nothing new before giving up, once a connection has opened. Until
   * one has, the client's `maxRetries` applies, as for any request. Default 10.
   */
  maxReconnects?: number | undefined;
  /** Polling interval once the stream has expired (410) and the run is read instead. Default 2 000 ms. */
  pollIntervalMs?: number | undefined;
  /** The most characters one event may take (bounded buffering). Default 8 MiB. */
  maxBufferSize?: number | undefined;
  /**
   * Told as the connection changes: `connecting` (no connection has opened yet; a retry passes the error that ended
   * the last attempt), `open` (a connection answered 200 and is being read), `resuming` (a connection ended early,
   * with the error if one ended it; a replacement follows after the back-off pause) and `polling` (the stream
   * expired, 410, and the run is read instead; the 410's `GoneError` is passed).
   */
  onConnectionChange?: ((state: RunStreamConnectionState, error?: unknown) => void) | undefined;
}

/** Checks the options of `runs.stream()`: the numbers as `watchRun` checks them, the rest by type. */
export function checkStreamOptions(options: RunStreamOptions): void {
  const context = "runs.stream";
  const { lastEventId, signal, onConnectionChange } = options;
  if (lastEventId !== undefined && typeof lastEventId !== "string") {
    const message = "`lastEventId` must be a string (an earlier stream's `lastEventId`, or its `resumePoint`)";
    throw new ValidationError([{ path: "lastEventId", rule: "type", message }], { context });
  }
  // An SSE id never holds a line break or a NUL (the stream's framing cannot carry one), so no stream gave this one.
  if (lastEventId !== undefined && /[\r\n\0]/.test(lastEventId)) {
    const message = "`lastEventId` must be an id a stream sent: an SSE id never holds a line break or a NUL";
    throw new ValidationError([{ path: "lastEventId", rule: "format", message }], { context });
  }
  optionalCount(options.skipEvents, "skipEvents", context);
  optionalCount(options.maxReconnects, "maxReconnects", context);
  optionalPositive(options.heartbeatTimeoutMs, "heartbeatTimeoutMs", context);
  optionalPositive(options.pollIntervalMs, "pollIntervalMs", context);
  optionalPositive(options.maxBufferSize, "maxBufferSize", context);
  if (signal !== undefined && !hasMethods("addEventListener", "removeEventListener")(signal)) {
    throw argumentError(signal, "signal", context, "an AbortSignal or omitted");
  }
  if (onConnectionChange !== undefined && typeof onConnectionChange !== "function") {
    throw argumentError(onConnectionChange, "onConnectionChange", context, "a function or omitted");
  }
}

/** A stream's connection state, as {@link RunStreamOptions.onConnectionChange} reports it. */
export type RunStreamConnectionState = "connecting" | "open" | "resuming" | "polling";
