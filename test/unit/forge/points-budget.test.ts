import { describe, expect, it } from "vitest";
import { AbortError, RateLimitError } from "../../../src/core/errors.js";
import { MemoryRateBudgetStore } from "../../../src/core/rate-budget.js";
import { WAIT_EXCEEDS_CAP } from "../../../src/core/wait.js";
import {
  FORGE_POINTS_PER_MINUTE,
  ForgePointsBudget,
  type ForgePointsWait,
  type ForgePrincipal,
} from "../../../src/forge/points-budget.js";

const MINUTE = 60_000;
const START = 1_700_000_000_000;
const installation: ForgePrincipal = { kind: "installation", id: "inst_1" };
const user: ForgePrincipal = { kind: "user", id: "k_0123456789abcdef0123456789abcdef" };

/** A fake clock whose `sleep` parks callers until `advanceTo` moves time past their wake-up. */
function fakeTime(start = START) {
  let now = start;
  const sleepers: { at: number; resolve: () => void }[] = [];
  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new AbortError(undefined, signal.reason));
      sleepers.push({ at: now + ms, resolve });
    });
  const flush = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  return {
    now: () => now,
    sleep,
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

/** Points granted in the busiest half-open window [t, t + interval). */
function maxPointsInAnyWindow(grants: Array<[number, number]>, interval: number): number {
  const sorted = [...grants].sort((a, b) => a[0] - b[0]);
  let best = 0;
  let sum = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    sum += (sorted[j] as [number, number])[1];
    while ((sorted[j] as [number, number])[0] - (sorted[i] as [number, number])[0] >= interval) {
      sum -= (sorted[i] as [number, number])[1];
      i++;
    }
    best = Math.max(best, sum);
  }
  return best;
}

function headers(values: Record<string, string | number>): Headers {
  return new Headers(Object.entries(values).map(([k, v]): [string, string] => [k, String(v)]));
}

function setup(options: { reconcileUsed?: boolean } = {}) {
  const time = fakeTime();
  const waits: ForgePointsWait[] = [];
  const budget = new ForgePointsBudget({ now: time.now, sleep: time.sleep, onWait: (w) => waits.push(w), ...options });
  return { time, waits, budget };
}

/** Starts an acquisition and records when it is granted. */
function track(promise: Promise<void>, time: { now: () => number }) {
  const state = { grantedAt: undefined as number | undefined };
  promise.then(() => {
    state.grantedAt = time.now();
  });
  return state;
}

describe("ForgePointsBudget", () => {
  it("documents the budgets per principal", () => {
    expect(FORGE_POINTS_PER_MINUTE).toEqual({ installation: 3_000, app: 6_000, user: 600 });
    const budget = new ForgePointsBudget();
    expect(budget.limit({ kind: "app", id: "app_1" })).toBe(6_000);
  });

  it("never grants an installation more than 3,000 points in any minute over 3,500 requests", async () => {
    const { time, waits, budget } = setup();
    const grants: Array<[number, number]> = [];
    const all: Promise<void>[] = [];
    for (let i = 0; i < 3_500; i++) {
      // One request every 10 ms: all 3,500 arrive within 35 s.
      all.push(budget.acquire(installation, "pulls.get").then(() => void grants.push([time.now(), 1])));
      await time.advanceTo(START + (i + 1) * 10);
    }
    await time.advanceTo(START + 3 * MINUTE);
    await Promise.all(all);
    expect(grants).toHaveLength(3_500);
    expect(maxPointsInAnyWindow(grants, MINUTE)).toBe(3_000);
    // The 3,001st waited for the first grant to leave the window, and said so.
    expect(waits.length).toBeGreaterThan(0);
    expect(waits[0]).toMatchObject({ kind: "installation", operation: "pulls.get", cost: 1, attempt: 1 });
    expect(grants[3_000]?.[0]).toBe(START + MINUTE);
  });

  it("charges 10 points for a cost-10 operation", async () => {
    const { time, waits, budget } = setup();
    const grants: Array<[number, number]> = [];
    const all: Promise<void>[] = [];
    for (let i = 0; i < 70; i++) {
      const name = i % 2 ? "pulls.merge" : "pulls.mergeability";
      all.push(budget.acquire(user, name).then(() => void grants.push([time.now(), 10])));
    }
    await time.advanceTo(START + 1);
    expect(grants).toHaveLength(60); // 600 / 10
    expect(waits[0]).toMatchObject({ kind: "user", cost: 10, waitMs: MINUTE });
    await time.advanceTo(START + 2 * MINUTE);
    await Promise.all(all);
    expect(maxPointsInAnyWindow(grants, MINUTE)).toBe(600);
  });

  it("mixes costs: one cost-5 read leaves room for 595 cost-1 reads", async () => {
    const { time, budget } = setup();
    await budget.acquire(user, "commits.get");
    for (let i = 0; i < 595; i++) await budget.acquire(user, 1);
    const next = track(budget.acquire(user, { cost: 1 }), time);
    await time.advanceTo(START + MINUTE - 1);
    expect(next.grantedAt).toBeUndefined();
    await time.advanceTo(START + MINUTE);
    expect(next.grantedAt).toBe(START + MINUTE);
  });

  it("never waits for the free rate-limit route", async () => {
    const { budget } = setup();
    await budget.penalize(installation, MINUTE);
    await expect(budget.acquire(installation, "rateLimit")).resolves.toBeUndefined();
  });

  it("adopts a raised X-RateLimit-Limit", async () => {
    const { time, budget } = setup();
    await budget.observe(installation, {
      status: 200,
      headers: headers({ "x-ratelimit-limit": 10_000, "x-ratelimit-remaining": 9_999, "x-ratelimit-used": 1 }),
    });
    expect(budget.limit(installation)).toBe(10_000);
    const grants: number[] = [];
    for (let i = 0; i < 5_000; i++) void budget.acquire(installation, 1).then(() => grants.push(time.now()));
    await time.advanceTo(START + 1);
    expect(grants).toHaveLength(5_000);
    expect(grants.every((t) => t === START)).toBe(true);
  });

  it("blocks until X-RateLimit-Reset when the server says nothing remains", async () => {
    const { time, waits, budget } = setup();
    const reset = Math.floor(START / 1000) + 45;
    await budget.observe(installation, {
      headers: headers({ "x-ratelimit-limit": 3_000, "x-ratelimit-remaining": 0, "x-ratelimit-reset": reset }),
    });
    const next = track(budget.acquire(installation, "pulls.list"), time);
    await time.advanceTo(reset * 1000 - 1);
    expect(next.grantedAt).toBeUndefined();
    await time.advanceTo(reset * 1000);
    expect(next.grantedAt).toBe(reset * 1000);
    expect(waits[0]?.waitMs).toBe(45_000);
  });

  it("blocks a principal for Retry-After on a 429, and only that principal and resource", async () => {
    const { time, budget } = setup();
    await budget.observe(installation, {
      status: 429,
      headers: headers({ "retry-after": 30, "x-ratelimit-remaining": 0, "x-ratelimit-resource": "core" }),
    });
    const blocked = track(budget.acquire(installation, "pulls.get"), time);
    await budget.acquire({ kind: "installation", id: "inst_2" }, "pulls.get");
    await budget.acquire(installation, "pulls.get", { resource: "git" });
    await time.advanceTo(START + 29_999);
    expect(blocked.grantedAt).toBeUndefined();
    await time.advanceTo(START + 30_000);
    expect(blocked.grantedAt).toBe(START + 30_000);
  });

  it("fails at once, not after a day, when a 429's block is longer than the cap; a caller's own cap may allow it", async () => {
    const { time, budget, waits } = setup();
    await budget.observe(installation, { status: 429, headers: headers({ "retry-after": 86_400 }) });
    await budget.penalize(user, Number.POSITIVE_INFINITY); // an endless Retry-After blocks, it does not vanish
    for (const principal of [installation, user]) {
      const refused = await budget.acquire(principal, "pulls.get").catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RateLimitError);
      expect(refused).toMatchObject({ code: WAIT_EXCEEDS_CAP, status: 429 });
    }
    await expect(budget.acquire(installation, 1)).rejects.toMatchObject({ retryAfter: 86_400 });
    expect(waits).toEqual([]);
    const allowed = track(budget.acquire(installation, 1, { maxWaitMs: 86_400_000 }), time);
    await time.advanceTo(START + 86_400_000);
    expect(allowed.grantedAt).toBe(START + 86_400_000);
    expect(waits.map((wait) => wait.waitMs)).toEqual([86_400_000]);
  });

  it("ignores a 429 that is not a rate limit (no Retry-After, no headers)", async () => {
    const { budget } = setup();
    await budget.observe(installation, { status: 429, headers: new Headers() });
    await expect(budget.acquire(installation, "checkRuns.appendAnnotations")).resolves.toBeUndefined();
  });

  it("counts points the server saw spent elsewhere", async () => {
    const { time, budget } = setup();
    await budget.acquire(installation, "pulls.get");
    await budget.observe(installation, {
      headers: headers({ "x-ratelimit-limit": 3_000, "x-ratelimit-remaining": 9, "x-ratelimit-used": 2_991 }),
    });
    for (let i = 0; i < 9; i++) await budget.acquire(installation, 1);
    const next = track(budget.acquire(installation, 1), time);
    await time.advanceTo(START + 1);
    expect(next.grantedAt).toBeUndefined();
    // Observing the same numbers again charges nothing twice.
    await budget.observe(installation, {
      headers: headers({ "x-ratelimit-limit": 3_000, "x-ratelimit-remaining": 0, "x-ratelimit-used": 3_000 }),
    });
    await time.advanceTo(START + 2 * MINUTE);
    expect(next.grantedAt).toBeDefined();
  });

  it("can leave reconciliation off for shared stores", async () => {
    const store = new MemoryRateBudgetStore();
    const sleep = () => Promise.reject(new Error("waited"));
    const budget = new ForgePointsBudget({ store, reconcileUsed: false, now: () => START, sleep });
    await budget.observe(user, {
      headers: headers({ "x-ratelimit-limit": 600, "x-ratelimit-remaining": 1, "x-ratelimit-used": 599 }),
    });
    for (let i = 0; i < 600; i++) await budget.acquire(user, 1);
    await expect(budget.acquire(user, 1)).rejects.toThrow("waited");
  });

  it("refuses token-shaped principal ids and unknown operations", async () => {
    const budget = new ForgePointsBudget();
    await expect(budget.acquire({ kind: "installation", id: "oit_secret" }, 1)).rejects.toMatchObject({
      code: "invalid_option",
    });
    await expect(budget.acquire({ kind: "app", id: "eyJhbGciOi.eyJpc3Mi.c2ln" }, 1)).rejects.toThrow(/hashBudgetKey/);
    await expect(budget.acquire(installation, "nope" as "pulls.get")).rejects.toThrow(/not a forge operation/);
    const error = await budget.acquire({ kind: "installation", id: "oit_secret" }, 1).catch((e: Error) => e);
    expect(String((error as Error).message)).not.toContain("oit_secret");
  });

  it("aborts a wait", async () => {
    const { budget } = setup();
    await budget.penalize(user, MINUTE);
    const controller = new AbortController();
    controller.abort();
    await expect(budget.acquire(user, 1, { signal: controller.signal })).rejects.toBeInstanceOf(AbortError);
  });
});
