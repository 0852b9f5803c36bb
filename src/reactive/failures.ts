import { batch } from "@preact/signals-core";
import { ApiError } from "../core/errors.js";

// How the reactive layer tells a consumer's failure from its own. A signal write runs its subscribers (effects,
// observers) before it returns, and an exception one of them throws comes out of the write: left alone, it would end
// the shared stream or poll loop that wrote, for every other view, as if the network had failed.

/**
 * Reports an exception a consumer threw (a subscriber, an observer, a callback) the way the DOM reports one thrown by
 * an event listener: `reportError` where the runtime has it (browsers, Deno, workerd: the global `error` event and
 * the console), else `console.error` (Node). Never swallowed, never the writer's, and never rethrown: in Node a
 * rethrow would be an `uncaughtException`, which ends the process over one bad subscriber.
 */
export function reportError(error: unknown): void {
  const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
  try {
    if (typeof report === "function") {
      report(error);
      return;
    }
  } catch {
    // A reportError that throws (a stub, a polyfill): fall through to the console.
  }
  const console_ = (globalThis as { console?: { error?: (...data: unknown[]) => void } }).console;
  try {
    console_?.error?.("agentline: a subscriber, observer or callback threw:", error);
  } catch {
    // Nowhere left to report it.
  }
}

/** Applies `update` in one batch; an exception its subscribers throw is reported ({@link reportError}), not thrown. */
export function publish(update: () => void): void {
  try {
    batch(update);
  } catch (error) {
    reportError(error);
  }
}

/** Errors after which asking again cannot help: gone, or not allowed (a 4xx other than 408 and 429). */
export function isFinalError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);
}

/** The wait a failure asks for (a 429 or 503 with `Retry-After`), in ms; 0 when it names none. */
export function retryAfterOf(error: unknown): number {
  const ms = error instanceof ApiError ? error.retryAfterMs : undefined;
  return typeof ms === "number" && Number.isFinite(ms) && ms > 0 ? ms : 0;
}

/** The longest pause back-off alone reaches between polls (an interval above it is kept; a Retry-After may ask more). */
export const MAX_POLL_BACKOFF_MS = 60_000;

/**
 * The pause before the next poll after `failures` failed polls in a row: the interval after one (a blip changes
 * nothing), then doubling, capped at {@link MAX_POLL_BACKOFF_MS} (or the interval, if longer) — a service that is down
 * is not asked at the same pace for ever. A longer wait the failure asks for (`Retry-After`) is still honoured.
 */
export function pollBackoff(intervalMs: number, failures: number, error: unknown): number {
  const cap = Math.max(intervalMs, MAX_POLL_BACKOFF_MS);
  const doublings = Math.min(Math.max(failures - 1, 0), 30);
  return Math.max(Math.min(intervalMs * 2 ** doublings, cap), retryAfterOf(error));
}
