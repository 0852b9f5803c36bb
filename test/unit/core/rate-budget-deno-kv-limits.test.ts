// DenoKvRateBudgetStore on a stand-in with Deno KV's limits: `expireIn` takes whole milliseconds only, so a clock with
// fractions (performance.now-based) must still take and block, not fail every call with rate_budget_unavailable.
import { describe, expect, it } from "vitest";
import { DenoKvRateBudgetStore } from "../../../src/stores/rate-budget-deno.js";
import { strictDenoKv } from "./strict-platform-stand-ins.js";

describe("DenoKvRateBudgetStore on Deno KV's expireIn", () => {
  it("takes and blocks at fractional times and windows (0 failed calls)", async () => {
    const store = new DenoKvRateBudgetStore(strictDenoKv());
    const failures: unknown[] = [];
    let granted = 0;
    for (let i = 0; i < 20; i++) {
      const now = 1_700_000_000_000 + i * 10.37;
      try {
        if ((await store.take("family", 1, 10, 1000.5, now)).ok) granted++;
      } catch (error) {
        failures.push(error);
      }
    }
    await store.block("family", 1_700_000_100_000.5, 1_700_000_000_300.25).catch((error) => failures.push(error));
    expect(failures).toEqual([]);
    expect(granted).toBe(10);
  });
});
