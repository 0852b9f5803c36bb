import { AdminClient, type AdminClientOptions, OrganizationClient } from "../../../src/admin/index.js";
import { createFakeService, type FakeServiceOptions } from "../../../src/testing/index.js";

/**
 * A fake service and admin clients on one virtual clock: every wait (a rate budget, a retry) moves time
 * forward at once. Records the waits the budgets announced.
 */
export function adminSetup(fakeOptions: FakeServiceOptions = {}, clientOptions: Partial<AdminClientOptions> = {}) {
  let now = Date.parse("2026-11-01T00:00:00Z");
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    now += ms;
  };
  const fake = createFakeService({ now: () => now, ...fakeOptions });
  const common = {
    baseUrl: "http://127.0.0.1:9",
    fetch: fake.fetch,
    now: () => now,
    sleep,
    random: () => 0.5,
    onWait: (wait: { waitMs: number }) => void waits.push(wait.waitMs),
    ...clientOptions,
  };
  const admin = new AdminClient({ apiKey: "team-key", ...common });
  const org = new OrganizationClient({ apiKey: "org-key", organizationId: fake.admin.organizationId, ...common });
  return {
    fake,
    admin,
    org,
    waits,
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}
