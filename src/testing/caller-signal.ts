// The caller's own AbortSignal for a request the fake built from `fetch(input, init)`.
//
// A `Request` made with `init.signal` gets a signal of its own that follows the caller's. Some runtimes follow it
// through a weak reference (undici, Node's fetch): once the `Request`'s internal controller is garbage-collected,
// aborting the caller's signal no longer reaches `request.signal`, and a stream the caller cancels would keep
// running. The fake therefore listens to the caller's signal itself, which the caller holds.

const callerSignals = new WeakMap<Request, AbortSignal>();

/** Remembers the signal the caller passed for `request`. */
export function rememberCallerSignal(request: Request, signal: AbortSignal | null | undefined): void {
  if (signal) callerSignals.set(request, signal);
}

/** The caller's signal for `request`, else the request's own. */
export function callerSignal(request: Request): AbortSignal {
  return callerSignals.get(request) ?? request.signal;
}
