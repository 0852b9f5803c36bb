import { AgentlineError, ApiError, ConnectionError, TimeoutError } from "../../core/errors.js";
import { timerDelay } from "../../core/wait.js";

/** The reason a connection is aborted with when its watchdog fires (no byte for `heartbeatTimeoutMs`). */
export const HEARTBEAT_TIMEOUT: unique symbol = Symbol("agentline.heartbeat-timeout");

/** The first reconnection pause when the server sent no `retry:`. */
export const DEFAULT_RETRY_MS = 1_000;

/** The most the doubling back-off grows to (a server's `retry:` may ask for more, up to the client's cap). */
const MAX_BACKOFF_MS = 30_000;

/** Failures worth another connection: lost connections, silence, timeouts, 5xx, 408 and 429. */
export function isTransient(error: unknown, connection: AbortSignal): boolean {
  if (connection.reason === HEARTBEAT_TIMEOUT) return true;
  if (error instanceof ConnectionError || error instanceof TimeoutError) return true;
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429 || error.status === 408;
  if (error instanceof AgentlineError) return false;
  // A body that errors mid-read surfaces as the runtime's own TypeError / DOMException.
  // workerd: a plain Error("Network connection lost."), which neither of those is.
  return (
    error instanceof TypeError ||
    (typeof DOMException !== "undefined" && error instanceof DOMException) ||
    (error instanceof Error && error.message === "Network connection lost.")
  );
}

/** What decides the pause before the next connection. */
export interface PauseInput {
  /** The server's `retry:` (ms), or {@link DEFAULT_RETRY_MS}. */
  retryMs: number;
  /** Failed connections in a row so far (1 after the first failure). */
  failures: number;
  /** What ended the last attempt (an `ApiError` may carry `Retry-After`). */
  lastError: unknown;
  /** The client's `maxRetryAfterMs`: no pause is longer. */
  capMs: number;
  /** A number in [0, 1) for jitter. */
  random: number;
}

/**
 * The pause before the next connection: a `Retry-After` as given (a server asking for more than the cap fails the
 * stream with that error, so the caller decides, as every other call of the client does); otherwise the server's
 * `retry:` (capped), doubling with each failure up to 30 s, with jitter over the upper half. Never above the cap.
 */
export function reconnectDelay(input: PauseInput): number {
  const { lastError, capMs } = input;
  if (lastError instanceof ApiError && lastError.retryAfterMs !== undefined) {
    if (lastError.retryAfterMs > capMs) throw lastError;
    return timerDelay(lastError.retryAfterMs);
  }
  const base = Math.min(input.retryMs, capMs);
  const grown = Math.min(MAX_BACKOFF_MS, base * 2 ** Math.max(0, input.failures - 1));
  const ceiling = Math.min(capMs, Math.max(base, grown));
  return Math.floor(ceiling / 2 + (input.random * ceiling) / 2);
}

/**
 * `promise`, or a rejection with `onAbort()` as soon as `signal` fires — whether or not the work behind `promise`
 * notices (a `fetch` that ignores its signal must not hold the stream). A response that arrives after that is closed.
 */
export function untilAborted(
  promise: Promise<Response>,
  signal: AbortSignal,
  onAbort: () => unknown,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const stop = () => reject(onAbort());
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
    promise.then(
      (response) => {
        signal.removeEventListener("abort", stop);
        if (signal.aborted) void response.body?.cancel().catch(() => {});
        else resolve(response);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", stop);
        reject(error);
      },
    );
  });
}
