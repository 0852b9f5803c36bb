// The shared-store workload (test/shared/stores-workload.ts) in one Node process, with three simulated isolates: one
// MemoryRateBudgetStore shared by all of them meets 0 × 429, one store each earns 429s. This checks the harness that
// the workerd and Deno tests drive across real isolates: its counts come from the fake and can fail.
import { describe, expect, it } from "vitest";
import { AdminClient } from "../../../src/admin/admin-client.js";
import { OrganizationClient } from "../../../src/admin/organization-client.js";
import { MemoryRateBudgetStore } from "../../../src/core/rate-budget.js";
import { createFakeService } from "../../../src/testing/index.js";
import { runAdminJob } from "../../shared/stores-isolate.js";
import { adminWorkload, driveWorkload, recordAnswers, windowsAtTheFake } from "../../shared/stores-workload.js";

const sdk = { AdminClient, OrganizationClient } as never;

async function run(total: number, stores: MemoryRateBudgetStore[]) {
  const clock = { now: Date.parse("2026-11-25T04:00:00Z") };
  const fake = createFakeService({ now: () => clock.now });
  const recorder = recordAnswers(fake.fetch, () => clock.now);
  const baseUrl = "http://127.0.0.1:9";
  const report = await driveWorkload({
    calls: adminWorkload(total),
    isolates: 3,
    clock,
    dispatch: (isolate, calls, now) =>
      runAdminJob(
        { kind: "admin", now, baseUrl, store: "memory", calls },
        sdk,
        stores[isolate % stores.length],
        recorder.fetch,
      ),
  });
  return { report, windows: windowsAtTheFake(recorder.answered), fake };
}

describe("the shared-store workload (three isolates simulated in one process)", () => {
  it("with one store shared: 1,500 calls, 0 × 429 at the fake, no window over its budget", async () => {
    const { report, windows, fake } = await run(1_500, [new MemoryRateBudgetStore()]);
    expect(report.errors).toEqual([]);
    expect(report.done).toBe(1_500);
    expect(report.limited).toBe(0);
    expect(fake.admin.stats.rateLimited).toBe(0);
    for (const { busiest, limit, rateLimited } of Object.values(windows)) {
      expect(rateLimited).toBe(0);
      expect(busiest).toBeLessThanOrEqual(limit);
    }
    expect(Object.values(windows).every(({ busiest, limit }) => busiest === limit)).toBe(true); // budgets were used
  });

  it("with a store per isolate (the negative control): the fake answers 429s", async () => {
    const { windows } = await run(600, [
      new MemoryRateBudgetStore(),
      new MemoryRateBudgetStore(),
      new MemoryRateBudgetStore(),
    ]);
    expect(Object.values(windows).reduce((sum, { rateLimited }) => sum + rateLimited, 0)).toBeGreaterThan(0);
  });
});
