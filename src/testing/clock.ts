/** A clock in milliseconds since the Unix epoch; every time-dependent behaviour of the fake reads one. */
export type Clock = () => number;

/**
 * Waits `ms` milliseconds; the fake's latency faults go through it so tests can swap it. It also gets
 * the request's signal, which it may use to stop early (the fake rejects on abort either way).
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The default {@link Sleep}: `setTimeout`, cleared when the signal fires so no timer outlives an abort. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, ms);
    // The pending promise is left to the garbage collector: `abortable` has already rejected.
    const stop = () => clearTimeout(timer);
    signal?.addEventListener("abort", stop, { once: true });
  });

/** A fake-clock instant as the spec's date-time string. */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** The error `fetch` rejects with when its signal fires: the signal's reason, else an `AbortError`. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

/**
 * Settles like `promise`, or rejects as `fetch` would as soon as `signal` fires. The listener is
 * removed either way so a long-lived signal does not collect closures.
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
