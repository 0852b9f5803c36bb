// The rate budget stores that isolates share (a Durable Object, Deno KV) against in-memory stand-ins of their
// engines: the same answers as the in-memory store for any sequence of calls (one window logic, takeFromLog), no
// window overspent by concurrent clients, blocks seen by every client, idle budgets forgotten, and compact values.
// The real engines run in test/workerd/stores.mjs and test/deno/stores.test.ts.
import { serialize } from "node:v8";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MemoryRateBudgetStore, type RateBudgetStore } from "../../../src/core/rate-budget.js";
import { DurableObjectRateBudgetStore, RateBudgetDurableObject } from "../../../src/stores/rate-budget-cloudflare.js";
import { DenoKvRateBudgetStore } from "../../../src/stores/rate-budget-deno.js";
import { packBudget, unpackBudget } from "../../../src/stores/rate-budget-stored.js";
import { durableObjectBinding, memoryDenoKv, memoryStorage } from "../platform-stand-ins.js";

/** Each shared store on a fresh stand-in of its engine, with what the test inspects. */
const STORES = {
  "Durable Object": () => {
    let objectNow = 5_000_000;
    const binding = durableObjectBinding(
      (storage) => new RateBudgetDurableObject({ storage }, {}, { now: () => objectNow }),
    );
    const store = new DurableObjectRateBudgetStore(binding.namespace, { shards: 3 });
    return { store, binding, moveObjectClock: (ms: number) => (objectNow += ms) };
  },
  "Deno KV": () => {
    const kv = memoryDenoKv();
    return { store: new DenoKvRateBudgetStore(kv), kv };
  },
} as const;

/** The most grants any half-open window [t, t + interval) holds, t taken at each grant. */
function busiestWindow(grants: readonly number[], interval: number): number {
  return Math.max(0, ...grants.map((start) => grants.filter((t) => t >= start && t < start + interval).length));
}

const call = fc.record({
  key: fc.constantFrom("a", "b"),
  gap: fc.integer({ min: 0, max: 4_000 }),
  cost: fc.integer({ min: 1, max: 3 }),
  block: fc.option(fc.integer({ min: 0, max: 9_000 }), { freq: 6 }),
});

describe.each(Object.keys(STORES) as (keyof typeof STORES)[])("%s rate budget store", (name) => {
  it("answers every sequence of takes and blocks exactly as the in-memory store does (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 8 }),
        fc.array(call, { minLength: 1, maxLength: 40 }),
        async (capacity, calls) => {
          const reference: RateBudgetStore = new MemoryRateBudgetStore();
          const { store } = STORES[name]();
          let now = 1_700_000_000_000;
          for (const { key, gap, cost, block } of calls) {
            now += gap;
            if (block !== null) {
              await Promise.all([reference.block(key, now + block, now), store.block(key, now + block, now)]);
              continue;
            }
            const expected = await reference.take(key, cost, capacity, 10_000, now);
            expect(await store.take(key, cost, capacity, 10_000, now)).toEqual(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("never overspends a window when five clients take at once, 1,000 times", async () => {
    const { store } = STORES[name]();
    const grants: number[] = [];
    let now = 1_700_000_000_000;
    for (let round = 0; round < 200; round++) {
      now += 700;
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => store.take("team:auditLogs", 1, 20, 60_000, now)),
      );
      for (const answer of answers) if (answer.ok) grants.push(now);
    }
    expect(grants.length).toBeGreaterThan(40); // windows did roll over
    expect(busiestWindow(grants, 60_000)).toBeLessThanOrEqual(20);
  });

  it("never overspends a window on a clock with fractions of a millisecond (performance.now-based)", async () => {
    // The stored log keeps whole milliseconds: a grant at 0.9 ms past the last one must not be stored as 0 ms past
    // it (earlier), or it leaves the window early and the window takes one grant too many.
    const { store } = STORES[name]();
    const grants: number[] = [];
    let now = 1_700_000_000_000.3;
    for (let step = 0; step < 3_000; step++) {
      now += 0.9;
      if ((await store.take("team:auditLogs", 1, 20, 1_000, now)).ok) grants.push(now);
    }
    expect(grants.length).toBeGreaterThan(40); // windows did roll over
    expect(busiestWindow(grants, 1_000)).toBeLessThanOrEqual(20);
  });

  it("a block written by one client holds back every other until it passes", async () => {
    const { store } = STORES[name]();
    const now = 1_700_000_000_000;
    await store.block("k", now + 45_000, now);
    expect(await store.take("k", 1, 5, 60_000, now + 44_999)).toEqual({ ok: false, waitMs: 1 });
    expect(await store.take("k", 1, 5, 60_000, now + 45_000)).toEqual({ ok: true });
    await store.block("k", now + 1_000, now); // an earlier block never shortens a later one
    await store.block("k", Number.POSITIVE_INFINITY, now + 45_000);
    expect(await store.take("k", 1, 5, 60_000, now + 10 ** 9)).toMatchObject({ ok: false });
  });

  it("refuses wrong calls with an AgentlineError naming the field, before touching storage", async () => {
    const { store } = STORES[name]();
    await expect(store.take(42 as never, 1, 5, 1_000, 0)).rejects.toMatchObject({
      code: "invalid_argument",
      message: expect.stringContaining("`key`"),
    });
    await expect(store.take("k", 6, 5, 1_000, 0)).rejects.toMatchObject({ code: "invalid_option" });
    await expect(store.take("k", 1, 5, Number.NaN, 0)).rejects.toMatchObject({
      message: expect.stringContaining("`intervalMs`"),
    });
    await expect(store.block("k", "soon" as never, 0)).rejects.toMatchObject({
      message: expect.stringContaining("`until`"),
    });
  });
});

describe("RateBudgetDurableObject", () => {
  it("forgets a budget once its grants and block have expired, on its own clock whatever the callers' clock says", async () => {
    const { store, binding, moveObjectClock } = STORES["Durable Object"]();
    const callersNow = 1_000; // far behind the object's clock: spans carry over, not instants
    await store.take("short", 1, 2, 10_000, callersNow);
    await store.block("long", callersNow + 120_000, callersNow);
    const entries = () => [...binding.objects.values()].flatMap(({ storage }) => [...storage.map.keys()]);
    expect(entries().sort()).toEqual(["budget:long", "budget:short"]);
    moveObjectClock(10_000);
    for (const { object } of binding.objects.values()) await object.alarm();
    expect(entries()).toEqual(["budget:long"]);
    const holder = [...binding.objects.values()].find(({ storage }) => storage.map.size > 0);
    expect(holder?.storage.alarm).toBeGreaterThan(0);
    moveObjectClock(110_000);
    await holder?.object.alarm();
    expect(entries()).toEqual([]);
  });

  it("answers 400 to anything its store does not send, and the store rejects a failing object with rate_budget_unavailable", async () => {
    const { binding } = STORES["Durable Object"]();
    const object = binding.namespace.get("rate-budget-0");
    const post = (path: string, body: unknown) =>
      object.fetch(new Request(`https://x${path}`, { method: "POST", body: JSON.stringify(body) }));
    const good = { key: "k", cost: 1, capacity: 2, intervalMs: 1_000, now: 0 };
    expect((await post("/take", good)).status).toBe(200);
    for (const bad of [{ ...good, key: 1 }, { ...good, cost: 3 }, { ...good, now: "0" }, "[]"]) {
      expect((await post("/take", bad)).status).toBe(400);
    }
    expect((await post("/block", { key: "k", now: 0 })).status).toBe(400);
    expect((await post("/elsewhere", good)).status).toBe(400);
    const failing = new DurableObjectRateBudgetStore({
      idFromName: (name: string) => name,
      get: () => ({ fetch: async () => new Response("storage exploded", { status: 500 }) }),
    });
    await expect(failing.take("k", 1, 2, 1_000, 0)).rejects.toMatchObject({
      name: "AgentlineError",
      code: "rate_budget_unavailable",
      message: expect.stringContaining("500"),
    });
    for (const fetch of [
      async () => Promise.reject(new Error("Durable Object reset because its code was updated.")),
      async () => new Response("<html>not json</html>"),
      async () => Response.json({}),
      async () => Response.json(null),
      async () => Response.json({ ok: false, waitMs: null }),
    ]) {
      const unreachable = new DurableObjectRateBudgetStore({
        idFromName: (name: string) => name,
        get: () => ({ fetch }),
      });
      const error = await unreachable.take("k", 1, 2, 1_000, 0).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ name: "AgentlineError", code: "rate_budget_unavailable" });
    }
  });
});

describe("DenoKvRateBudgetStore", () => {
  it("retries a commit that lost a race, gives up after maxAttempts, and lets KV expire idle budgets", async () => {
    const kv = memoryDenoKv();
    const store = new DenoKvRateBudgetStore(kv, { prefix: ["app", "budgets"] });
    await store.take("k", 1, 3, 60_000, 1_000);
    expect(kv.entries.get(JSON.stringify(["app", "budgets", "k"]))?.expireIn).toBe(60_000);
    // Another writer changes the entry between every read and commit: a store that gives up fails loudly.
    const rival = memoryDenoKv();
    const racing = {
      ...rival,
      get: async <T>(key: Parameters<typeof rival.get>[0]) => {
        const read = await rival.get<T>(key);
        await rival.atomic().set(key, { base: 0, runs: new Uint8Array(), blockedUntil: 0, intervalMs: 1 }).commit();
        return read;
      },
    };
    const losing = new DenoKvRateBudgetStore(racing, { maxAttempts: 3 });
    await expect(losing.take("k", 1, 3, 60_000, 0)).rejects.toMatchObject({ code: "rate_budget_contention" });
    // Refusals never write (no contention once a window is full).
    const version = kv.entries.get(JSON.stringify(["app", "budgets", "k"]))?.versionstamp;
    await store.take("k", 2, 3, 60_000, 1_000);
    expect(await store.take("k", 1, 3, 60_000, 1_000)).toEqual({ ok: false, waitMs: 60_000 });
    expect(kv.entries.get(JSON.stringify(["app", "budgets", "k"]))?.versionstamp).not.toBe(version);
  });
});

describe("the shared budget stores' constructors", () => {
  const namespace = durableObjectBinding((storage) => new RateBudgetDurableObject({ storage })).namespace;
  const kv = memoryDenoKv();
  /** [what is built, the name the error must give, the wrong values] */
  const rows: [string, (bad: unknown) => unknown, string, unknown[]][] = [
    [
      "DurableObjectRateBudgetStore",
      (bad) => new DurableObjectRateBudgetStore(bad as never),
      "namespace",
      [undefined, null, {}, "RATE_BUDGETS"],
    ],
    [
      "DurableObjectRateBudgetStore",
      (bad) => new DurableObjectRateBudgetStore(namespace, bad as never),
      "options",
      [42, "x"],
    ],
    [
      "DurableObjectRateBudgetStore",
      (bad) => new DurableObjectRateBudgetStore(namespace, { shards: bad as never }),
      "options.shards",
      [0, 1.5, -1, "8", Number.NaN],
    ],
    [
      "RateBudgetDurableObject",
      (bad) => new RateBudgetDurableObject(bad as never),
      "state",
      [undefined, null, {}, { storage: {} }],
    ],
    [
      "RateBudgetDurableObject",
      (bad) => new RateBudgetDurableObject({ storage: memoryStorage() }, {}, { now: bad as never }),
      "options.now",
      [0, "now"],
    ],
    ["DenoKvRateBudgetStore", (bad) => new DenoKvRateBudgetStore(bad as never), "kv", [undefined, null, {}, "kv"]],
    [
      "DenoKvRateBudgetStore",
      (bad) => new DenoKvRateBudgetStore(kv, { prefix: bad as never }),
      "options.prefix",
      ["agentline", [{}], [null]],
    ],
    [
      "DenoKvRateBudgetStore",
      (bad) => new DenoKvRateBudgetStore(kv, { maxAttempts: bad as never }),
      "options.maxAttempts",
      [0, 2.5, "3"],
    ],
    [
      "DenoKvRateBudgetStore",
      (bad) => new DenoKvRateBudgetStore(kv, { sleep: bad as never }),
      "options.sleep",
      [1, "sleep", {}],
    ],
  ];

  it("refuse every wrong argument and option with an AgentlineError naming it (swept: 30 values)", () => {
    const wrong: string[] = [];
    for (const [owner, build, name, values] of rows) {
      for (const value of values) {
        try {
          build(value);
          wrong.push(`${owner} accepted ${String(value)} as ${name}`);
        } catch (error) {
          const { code, message } = error as { code?: string; message: string };
          const expected = name.includes(".") ? "invalid_option" : "invalid_argument";
          if (code !== expected || !message.includes(`\`${name}\``)) wrong.push(`${owner} ${name}: ${code} ${message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(rows.reduce((sum, [, , , values]) => sum + values.length, 0)).toBe(30);
  });
});

describe("DenoKvRateBudgetStore on a local KV file", () => {
  it('takes SQLite\'s "database is locked" for a lost race (tried again after a short pause); other KV errors become AgentlineErrors', async () => {
    const kv = memoryDenoKv();
    let locked = 3;
    const busy = {
      ...kv,
      atomic: () => {
        const op = kv.atomic();
        const commit = op.commit;
        op.commit = async () => {
          if (locked-- > 0) throw new TypeError("database is locked");
          return commit();
        };
        return op;
      },
    };
    const pauses: number[] = [];
    const store = new DenoKvRateBudgetStore(busy, { sleep: async (ms) => void pauses.push(ms) });
    expect(await store.take("k", 1, 3, 60_000, 0)).toEqual({ ok: true });
    expect(pauses).toHaveLength(2); // none before the second try, then a jittered few ms each
    expect(pauses.every((ms) => ms >= 0 && ms <= 50)).toBe(true);
    const broken = { ...kv, get: async () => Promise.reject(new TypeError("Value too large (max 65536 bytes)")) };
    const failed = await new DenoKvRateBudgetStore(broken).take("k", 1, 3, 60_000, 0).catch((error: unknown) => error);
    expect(failed).toMatchObject({ name: "AgentlineError", code: "rate_budget_unavailable" });
    expect((failed as Error).message).toContain("Value too large");
    expect((failed as Error).cause).toBeInstanceOf(TypeError);
  });
});

describe("the stored form of a budget", () => {
  it("round-trips any ascending log and block (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), { maxLength: 300 }),
        fc.integer(),
        (times, blocked) => {
          const state = { log: [...times].sort((a, b) => a - b), blockedUntil: blocked };
          expect(unpackBudget(packBudget(state, 60_000))).toEqual(state);
        },
      ),
    );
  });

  it("keeps a forge installation's 3,000-point and an app's 6,000-point minute well under Deno KV's 64 KiB values", () => {
    const start = Date.parse("2026-11-25T00:00:00Z");
    for (const capacity of [3_000, 6_000]) {
      // The worst case: every grant a point of its own, at a different millisecond across the minute.
      const log = Array.from({ length: capacity }, (_, i) => start + Math.floor((i * 60_000) / capacity) + (i % 2));
      const bytes = serialize(packBudget({ log, blockedUntil: start }, 60_000)).byteLength;
      expect(bytes).toBeLessThanOrEqual(capacity * 4 + 100);
      expect(serialize({ log, blockedUntil: start }).byteLength).toBeGreaterThan(bytes);
    }
  });
});
