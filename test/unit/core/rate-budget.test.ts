import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AbortError } from "../../../src/core/errors.js";
import {
  hashBudgetKey,
  MemoryRateBudgetStore,
  RateBudgets,
  type RateBudgetWait,
  takeFromLog,
} from "../../../src/core/rate-budget.js";

const MINUTE = 60_000;

/** A fake clock whose `sleep` parks callers until `advance` moves time past their wake-up. */
function fakeTime(start = 1_000_000) {
  let now = start;
  const sleepers: { at: number; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new AbortError(undefined, signal.reason));
      const sleeper = { at: now + ms, resolve, reject };
      sleepers.push(sleeper);
      signal?.addEventListener("abort", () => {
        sleepers.splice(sleepers.indexOf(sleeper), 1);
        reject(new AbortError(undefined, signal.reason));
      });
    });
  const flush = async () => {
    for (let i = 0; i < 50; i++) await Promise.resolve();
  };
  return {
    now: () => now,
    sleep,
    pending: () => sleepers.length,
    /** Moves time forward to `to`, waking sleepers in order and letting each one run. */
    async advanceTo(to: number) {
      await flush();
      for (;;) {
        sleepers.sort((a, b) => a.at - b.at);
        const next = sleepers[0];
        if (!next || next.at > to) break;
        sleepers.shift();
        now = Math.max(now, next.at);
        next.resolve();
        await flush();
      }
      now = Math.max(now, to);
      await flush();
    },
  };
}

/** At most `capacity` times in any half-open window [t, t + interval). */
function maxInAnyWindow(times: number[], interval: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while ((sorted[j] as number) - (sorted[i] as number) >= interval) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}

describe("MemoryRateBudgetStore", () => {
  it("never grants more than capacity in any window (property, fake clock)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.array(fc.integer({ min: 0, max: 1_500 }), { minLength: 1, maxLength: 200 }),
        async (capacity, interval, gaps) => {
          const store = new MemoryRateBudgetStore();
          const granted: number[] = [];
          let now = 0;
          for (const gap of gaps) {
            now += gap;
            const answer = await store.take("k", 1, capacity, interval, now);
            if (answer.ok) granted.push(now);
            else {
              expect(answer.waitMs).toBeGreaterThan(0);
              // The promised wait is exact: one tick earlier is still refused, at the time it is granted.
              const later = now + answer.waitMs;
              const mirror = () => ({ log: granted.filter((t) => t + interval > now), blockedUntil: 0 });
              expect(takeFromLog(mirror(), 1, capacity, interval, later - 1).ok).toBe(false);
              expect(takeFromLog(mirror(), 1, capacity, interval, later).ok).toBe(true);
            }
          }
          expect(maxInAnyWindow(granted, interval)).toBeLessThanOrEqual(capacity);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("grants a full burst, then one slot per expired grant", async () => {
    const store = new MemoryRateBudgetStore();
    for (let i = 0; i < 3; i++) expect(await store.take("k", 1, 3, MINUTE, i * 10)).toEqual({ ok: true });
    expect(await store.take("k", 1, 3, MINUTE, 30)).toEqual({ ok: false, waitMs: MINUTE - 30 });
    expect(await store.take("k", 1, 3, MINUTE, MINUTE)).toEqual({ ok: true });
    expect(await store.take("k", 1, 3, MINUTE, MINUTE)).toEqual({ ok: false, waitMs: 10 });
  });

  it("keeps keys apart and refuses a cost that can never fit", async () => {
    const store = new MemoryRateBudgetStore();
    expect((await store.take("a", 1, 1, MINUTE, 0)).ok).toBe(true);
    expect((await store.take("b", 1, 1, MINUTE, 0)).ok).toBe(true);
    expect((await store.take("a", 1, 1, MINUTE, 0)).ok).toBe(false);
    await expect(store.take("a", 2, 1, MINUTE, 0)).rejects.toMatchObject({ code: "invalid_option" });
  });

  it("forgets idle keys", async () => {
    const store = new MemoryRateBudgetStore();
    for (let i = 0; i < 300; i++) await store.take(`key-${i}`, 1, 1, 1_000, i);
    expect(store.size).toBeGreaterThan(250);
    for (let i = 0; i < 256; i++) await store.take("hot", 1, 256, 1_000, 10_000);
    expect(store.size).toBeLessThan(5);
  });
});

describe("RateBudgets", () => {
  it("waits through the injected sleep, reports each wait, and never exceeds the budget", async () => {
    const time = fakeTime();
    const waits: RateBudgetWait[] = [];
    const budgets = new RateBudgets({ now: time.now, sleep: time.sleep, onWait: (w) => waits.push(w) });
    const grantedAt: number[] = [];
    const all = Promise.all(
      Array.from({ length: 7 }, () =>
        budgets.acquire("k1:auditLogs", "auditLogs", 3).then(() => grantedAt.push(time.now())),
      ),
    );
    await time.advanceTo(time.now() + 3 * MINUTE);
    await all;
    const start = 1_000_000;
    expect(grantedAt).toEqual([
      start,
      start,
      start,
      start + MINUTE,
      start + MINUTE,
      start + MINUTE,
      start + 2 * MINUTE,
    ]);
    expect(waits[0]).toEqual({ key: "k1:auditLogs", family: "auditLogs", waitMs: MINUTE, attempt: 1 });
    expect(waits.some((w) => w.attempt > 1)).toBe(true); // the seventh lost the first wake-up race
  });

  it("keeps the invariant with concurrent callers arriving at random times (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 0, max: 30_000 }), { minLength: 1, maxLength: 40 }),
        async (capacity, arrivals) => {
          const time = fakeTime(0);
          const budgets = new RateBudgets({ now: time.now, sleep: time.sleep, intervalMs: 10_000 });
          const grantedAt: number[] = [];
          const done: Promise<unknown>[] = [];
          for (const at of [...arrivals].sort((a, b) => a - b)) {
            await time.advanceTo(at);
            done.push(budgets.acquire("k", "family", capacity).then(() => grantedAt.push(time.now())));
          }
          await time.advanceTo(1_000_000);
          await Promise.all(done);
          expect(grantedAt).toHaveLength(arrivals.length);
          expect(maxInAnyWindow(grantedAt, 10_000)).toBeLessThanOrEqual(capacity);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("penalize after a 429 grants nothing until Retry-After has passed", async () => {
    const time = fakeTime();
    const waits: number[] = [];
    const budgets = new RateBudgets({ now: time.now, sleep: time.sleep, onWait: (w) => waits.push(w.waitMs) });
    await budgets.acquire("k", "groups", 20);
    await budgets.penalize("k", 45_000);
    let granted = false;
    const next = budgets.acquire("k", "groups", 20).then(() => {
      granted = true;
    });
    await time.advanceTo(time.now() + 44_999);
    expect(granted).toBe(false);
    await time.advanceTo(time.now() + 1);
    await next;
    expect(granted).toBe(true);
    expect(waits).toEqual([45_000]);
  });

  it("shares one budget across instances that share a store", async () => {
    const time = fakeTime();
    const store = new MemoryRateBudgetStore();
    // a waits up to 5 min for a budget: b's 2-minute block below holds it back rather than failing it.
    const a = new RateBudgets({ store, now: time.now, sleep: time.sleep, maxWaitMs: 5 * MINUTE });
    const b = new RateBudgets({ store, now: time.now, sleep: time.sleep });
    await a.acquire("team:modelAccess", "modelAccess", 2);
    await b.acquire("team:modelAccess", "modelAccess", 2);
    let third = false;
    const pending = a.acquire("team:modelAccess", "modelAccess", 2).then(() => {
      third = true;
    });
    await time.advanceTo(time.now() + 1_000);
    expect(third).toBe(false);
    await b.penalize("team:modelAccess", 2 * MINUTE); // a 429 seen by b holds a back too
    await time.advanceTo(time.now() + MINUTE);
    expect(third).toBe(false);
    await time.advanceTo(time.now() + 2 * MINUTE);
    await pending;
    expect(third).toBe(true);
  });

  it("aborts a wait with AbortError, and refuses an already-aborted signal", async () => {
    const time = fakeTime();
    const budgets = new RateBudgets({ now: time.now, sleep: time.sleep });
    await budgets.acquire("k", "f", 1);
    const controller = new AbortController();
    const waiting = budgets.acquire("k", "f", 1, controller.signal);
    await time.advanceTo(time.now() + 10);
    expect(time.pending()).toBe(1);
    controller.abort("stop");
    await expect(waiting).rejects.toBeInstanceOf(AbortError);
    expect(time.pending()).toBe(0);
    await expect(budgets.acquire("k", "f", 1, controller.signal)).rejects.toMatchObject({ code: "aborted" });
  });

  it("stops after the wait even when an injected sleep ignores the signal", async () => {
    const controller = new AbortController();
    let now = 0;
    const budgets = new RateBudgets({
      now: () => now,
      sleep: async (ms) => {
        now += ms;
        controller.abort();
      },
    });
    await budgets.acquire("k", "f", 1);
    await expect(budgets.acquire("k", "f", 1, controller.signal)).rejects.toBeInstanceOf(AbortError);
  });

  it("takes `cost` slots per acquisition and reports the cost of a wait", async () => {
    const time = fakeTime();
    const waits: RateBudgetWait[] = [];
    const budgets = new RateBudgets({ now: time.now, sleep: time.sleep, onWait: (w) => waits.push(w) });
    await budgets.acquire("k", "points", 25, undefined, 10);
    await budgets.acquire("k", "points", 25, undefined, 10);
    let granted = false;
    const third = budgets.acquire("k", "points", 25, undefined, 10).then(() => {
      granted = true;
    });
    await time.advanceTo(time.now() + MINUTE - 1);
    expect(granted).toBe(false);
    await time.advanceTo(time.now() + 1);
    await third;
    expect(waits).toEqual([{ key: "k", family: "points", waitMs: MINUTE, attempt: 1, cost: 10 }]);
  });

  it("rejects a capacity that is not a positive integer", async () => {
    await expect(new RateBudgets().acquire("k", "f", 0)).rejects.toMatchObject({ code: "invalid_option" });
  });
});

describe("hashBudgetKey", () => {
  it("gives a stable opaque key that does not contain the secret", async () => {
    const secret = "key_live_0123456789abcdef";
    const hashed = await hashBudgetKey(secret);
    expect(hashed).toMatch(/^k_[0-9a-f]{32}$/);
    expect(hashed).not.toContain("0123456789");
    expect(await hashBudgetKey(secret)).toBe(hashed);
    expect(await hashBudgetKey(`${secret}x`)).not.toBe(hashed);
  });
});
