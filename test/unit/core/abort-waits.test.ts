// Every wait site of the SDK (test/unit/core/bounded-waits-fixtures.ts: a transport retry after a 429, a rate budget
// blocked by one, forge points, a mirror job's polling), on the SDK's own timers, with a caller's AbortSignal aborted
// while the call waits: the call rejects with an AbortError carrying the caller's reason, and leaves nothing behind —
// 0 timers still pending and 0 listeners on the caller's signal. The waits asked for are 59 s (under the cap), so a
// wait that ignored the signal would hold the test until its timeout.
import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { AbortError } from "../../../src/core/errors.js";
import { recordingClock, WAIT_SITES } from "./bounded-waits-fixtures.js";

/**
 * The timers created from now on that neither fired nor were cleared (other tests' timers, still pending in this
 * process, do not count). `stop()` puts the global functions back.
 */
function trackTimers() {
  const live = new Set<unknown>();
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const handle = realSet(() => {
      live.delete(handle);
      callback(...args);
    }, ms);
    live.add(handle);
    return handle;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((handle?: Parameters<typeof clearTimeout>[0]) => {
    live.delete(handle);
    realClear(handle);
  }) as typeof clearTimeout;
  return {
    pending: () => live.size,
    stop: () => {
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;
    },
  };
}

/** Resolves true once `condition` holds, checking on each macrotask (the SDK's own work runs in between); false after 2 s. */
async function until(condition: () => boolean): Promise<boolean> {
  const deadline = Date.now() + 2_000;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return true;
}

describe("every wait site, aborted by the caller while it waits", () => {
  for (const site of WAIT_SITES) {
    it(`${site.name}: rejects with the caller's AbortError, 0 timers and 0 listeners left`, async () => {
      const { now } = recordingClock();
      const run = await site.build("59", { now, sleep: undefined });
      // The first call meets the 429 and waits out its Retry-After; a later one (budget sites) waits on the budget.
      const calls = [run.call, ...run.later.slice(0, 1)];
      const problems: string[] = [];
      for (const [index, call] of calls.entries()) {
        const timers = trackTimers();
        const controller = new AbortController();
        const reason = new Error(`stop ${index}`);
        const hitsBefore = run.hits();
        const settled = Promise.resolve(call(controller.signal)).then(
          () => "resolved",
          (error: unknown) => error,
        );
        // Wait until the call is really waiting: a timer of its own is pending (after the 429, for the first call).
        const waiting = await until(() => (index > 0 || run.hits() > hitsBefore) && timers.pending() > 0);
        if (!waiting) problems.push(`call ${index + 1}: never waited (hits ${run.hits() - hitsBefore})`);
        controller.abort(reason);
        const outcome = await settled;
        if (!(outcome instanceof AbortError)) problems.push(`call ${index + 1}: ${String(outcome)}`);
        else if ((outcome as { cause?: unknown }).cause !== reason) problems.push(`call ${index + 1}: reason lost`);
        await new Promise((resolve) => setImmediate(resolve));
        timers.stop();
        if (timers.pending() > 0) problems.push(`call ${index + 1}: ${timers.pending()} timers left`);
        const listeners = getEventListeners(controller.signal, "abort").length;
        if (listeners > 0) problems.push(`call ${index + 1}: ${listeners} listeners left on the signal`);
      }
      expect(problems).toEqual([]);
    }, 20_000);
  }
});
