// Forge points budgets of several isolates sharing one store on a Durable Object or Deno KV (in-memory stand-ins of
// their engines): operations of different point costs from three ForgePointsBudgets never spend more than the
// installation's 3,000 points in any minute, and together they spend close to all of it.
import { describe, expect, it } from "vitest";
import { RateLimitError } from "../../../src/core/errors.js";
import type { RateBudgetStore } from "../../../src/core/rate-budget.js";
import { ForgePointsBudget } from "../../../src/forge/points-budget.js";
import { DurableObjectRateBudgetStore, RateBudgetDurableObject } from "../../../src/stores/rate-budget-cloudflare.js";
import { DenoKvRateBudgetStore } from "../../../src/stores/rate-budget-deno.js";
import { durableObjectBinding, memoryDenoKv } from "../platform-stand-ins.js";

const STORES: Record<string, () => RateBudgetStore> = {
  "Durable Object": () =>
    new DurableObjectRateBudgetStore(
      durableObjectBinding((storage) => new RateBudgetDurableObject({ storage })).namespace,
    ),
  // Retries after a lost race at once: the stand-in has no lock to wait out.
  "Deno KV": () => new DenoKvRateBudgetStore(memoryDenoKv(), { sleep: async () => {} }),
};

describe.each(Object.keys(STORES))("ForgePointsBudget on a shared %s store", (name) => {
  it("three isolates never spend more than 3,000 installation points in a minute (720 operations of cost 1-25)", async () => {
    const store = (STORES[name] as () => RateBudgetStore)();
    let now = Date.parse("2026-11-25T04:00:00Z");
    const isolates = Array.from(
      { length: 3 },
      () => new ForgePointsBudget({ store, reconcileUsed: false, now: () => now, maxWaitMs: 0 }),
    );
    const principal = { kind: "installation" as const, id: "inst_1" };
    const costs = [1, 5, 10, 25];
    const spent: { at: number; cost: number }[] = [];
    for (let round = 0; round < 40; round++) {
      now += 1_000 + ((round * 7_919) % 2_000);
      await Promise.all(
        Array.from({ length: 18 }, async (_, call) => {
          const budget = isolates[call % 3] as ForgePointsBudget;
          const cost = costs[(round + call) % costs.length] as number;
          try {
            await budget.acquire(principal, cost);
            spent.push({ at: now, cost });
          } catch (error) {
            if (!(error instanceof RateLimitError)) throw error;
          }
        }),
      );
    }
    let busiest = 0;
    for (const { at } of spent) {
      const inWindow = spent.filter((entry) => entry.at >= at && entry.at < at + 60_000);
      busiest = Math.max(
        busiest,
        inWindow.reduce((sum, entry) => sum + entry.cost, 0),
      );
    }
    expect(busiest).toBeLessThanOrEqual(3_000);
    expect(busiest).toBeGreaterThan(2_800); // the budget was the limit, not the offer
  });
});
