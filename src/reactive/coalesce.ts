import type { ReadonlySignal } from "@preact/signals-core";
import { argumentError } from "../core/arguments.js";
import { reportError } from "./failures.js";
import { requireFunction } from "./validate.js";

/** Runs `flush` later, once: the moment a coalesced subscriber is told about changes. */
export type Scheduler = (flush: () => void) => void;

/**
 * The next animation frame where there is one (browsers), else a 16 ms timer (Workers, Deno, Node): at most one
 * notification per frame, however many changes arrived in between.
 */
export const nextFrame: Scheduler = (flush) => {
  requireFunction(flush, "flush", "nextFrame");
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => flush());
  else setTimeout(flush, 16);
};

/**
 * No coalescing: every change is passed on at once. For state that changes a few times per user action (a mutation's
 * pending → data), where waiting for the next frame would only delay what the user just caused.
 */
export const immediately: Scheduler = (flush) => {
  requireFunction(flush, "flush", "immediately");
  flush();
};

/**
 * Subscribes to a signal and calls `onChange` (without a value: read the signal) at most once per `schedule` tick,
 * after the first change. This is how the framework adapters turn a 1,000-event burst into one render. Returns the
 * unsubscribe function; no call happens after it.
 */
export function subscribeCoalesced<T>(
  source: ReadonlySignal<T>,
  onChange: () => void,
  schedule: Scheduler = nextFrame,
): () => void {
  if (typeof (source as Partial<ReadonlySignal<T>> | null)?.subscribe !== "function")
    throw argumentError(source, "source", "subscribeCoalesced", "a signal");
  requireFunction(onChange, "onChange", "subscribeCoalesced");
  requireFunction(schedule, "schedule", "subscribeCoalesced");
  let first = true;
  let queued = false;
  let active = true;
  const unsubscribe = source.subscribe(() => {
    // `subscribe` calls back at once with the current value: that is not a change.
    if (first) {
      first = false;
      return;
    }
    if (queued) return;
    queued = true;
    try {
      schedule(() => {
        queued = false;
        if (!active) return;
        // Called from a timer or a frame: what it throws is reported, never an uncaught exception.
        try {
          onChange();
        } catch (error) {
          reportError(error);
        }
      });
    } catch (error) {
      // A scheduler that throws must not leave `queued` set: later changes would never be told.
      queued = false;
      reportError(error);
    }
  });
  return () => {
    active = false;
    unsubscribe();
  };
}
