import { timerDelay } from "../core/wait.js";

/** Waits `ms` milliseconds; rejects with the signal's reason when the signal fires first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The default {@link Sleep}: `setTimeout`, cleared when the signal fires so no timer outlives a stop. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, timerDelay(ms));
    signal?.addEventListener("abort", onAbort, { once: true });
  });
