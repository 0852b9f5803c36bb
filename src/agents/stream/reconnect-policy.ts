import { AgentlineError, ApiError, ConnectionError, TimeoutError } from "../../core/errors.js";

/** The reason a connection is aborted with when its watchdog fires (no byte for `heartbeatTimeoutMs`). */
export const HEARTBEAT_TIMEOUT: unique symbol = Symbol("agentline.heartbeat-timeout");

/** The first reconnection pause when the server sent no `retry:`. */
export const DEFAULT_RETRY_MS = 1_000;

/** Failures worth another connection: lost connections, silence, timeouts, 5xx, 408 and 429. */
export function isTransient(error: unknown, connection: AbortSignal): boolean {
  if (connection.reason === HEARTBEAT_TIMEOUT) return true;
  if (error instanceof ConnectionError || error instanceof TimeoutError) return true;
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429 || error.status === 408;
  if (error instanceof AgentlineError) return false;
  // A body that errors mid-read surfaces as the runtime's own TypeError / DOMException.
  return error instanceof TypeError || (typeof DOMException !== "undefined" && error instanceof DOMException);
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
