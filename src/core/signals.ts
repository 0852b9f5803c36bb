import { AbortError } from "./errors.js";
import { timerDelay } from "./wait.js";

/** Sleeps `ms`, rejecting with an `AbortError` as soon as `signal` fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError(undefined, signal.reason));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError(undefined, signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, timerDelay(ms));
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The marker reason an attempt's own timer aborts with, so a timeout is told apart from the caller's abort. */
export const TIMEOUT_REASON: unique symbol = Symbol("agentline.timeout");

/**
 * One attempt's signal: aborts when the caller's signal fires or when `timeoutMs` passes.
 * `release()` must be called once the attempt is over (body read), or the timer keeps running.
 */
export function attemptSignal(
  callerSignal: AbortSignal | undefined,
  timeoutMs: number,
): { signal: AbortSignal; timedOut: () => boolean; release: () => void; stopTimer: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) controller.abort(callerSignal.reason);
  else callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  const timer =
    Number.isFinite(timeoutMs) && timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(TIMEOUT_REASON);
        }, timerDelay(timeoutMs))
      : undefined;
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    release: () => {
      if (timer !== undefined) clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    },
    // For streamed bodies: the timeout covers the wait for headers only, while the caller's signal
    // stays linked so that aborting it still closes the body.
    stopTimer: () => {
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
