import { describe, expect, it } from "vitest";
import { retryFailed } from "../../../src/admin/index.js";
import { isAgentlineError } from "../../../src/core/errors.js";
import { adminSetup } from "./client-helpers.js";

// Bulk helpers take any number of entries, zero included: a retry after a run where everything applied hands them an
// empty list (`retryFailed(result)`), and the README's pattern `setProviderMany(retryFailed(bulk.report), …)` must then
// send nothing and succeed, not refuse the call. A non-array is still refused before the network.
describe("bulk helpers given no entries", () => {
  const helpers = (setup: ReturnType<typeof adminSetup>): Record<string, (list: never) => Promise<unknown>> => {
    const { admin, org } = setup;
    const config = { newProviderDefault: "enabled" as const, newModelDefault: "enabled" as const };
    return {
      "spendLimits.setMany": (list: never) => admin.spendLimits.setMany(list),
      "directoryGroups.addMembers": (list: never) => admin.directoryGroups.addMembers("team_group_1", list),
      "directoryGroups.removeMembers": (list: never) => admin.directoryGroups.removeMembers("team_group_1", list),
      "teamMemberships.sync": (list: never) => org.teamMemberships.sync(list),
      "modelAccess.setMany": (list: never) => org.modelAccess.setMany(list, config),
      "modelAccess.setProviderMany": (list: never) => org.modelAccess.setProviderMany(list, "acme", false),
      "modelAccess.setModelMany": (list: never) => org.modelAccess.setModelMany(list, "acme", "m1", { enabled: true }),
    };
  };

  it("send nothing and resolve for [], and refuse a non-array before the network (every chunked helper)", async () => {
    const setup = adminSetup();
    const outcomes: string[] = [];
    for (const [name, call] of Object.entries(helpers(setup))) {
      const before = setup.fake.requests.length;
      const result = (await call([] as never)) as { report: { ok: boolean; applied: number[] } };
      if (setup.fake.requests.length !== before || !result.report.ok || result.report.applied.length) {
        outcomes.push(`${name}([]): sent or failed`);
      }
      const refused = await Promise.resolve()
        .then(() => call("not a list" as never))
        .then(
          () => false,
          (error: unknown) => isAgentlineError(error) && error.code === "validation_error",
        );
      if (!refused || setup.fake.requests.length !== before) outcomes.push(`${name}("not a list"): not refused`);
    }
    expect(outcomes).toEqual([]);
  });

  it("retry after a run where every entry applied: nothing is sent and the retry resolves", async () => {
    const setup = adminSetup();
    const { admin, org, fake } = setup;
    const [teamA] = fake.admin.teamIds;
    const people = fake.admin.members();
    const users = people
      .slice(0, 3)
      .map((person) => ({ userId: person.numericId as number, teamIds: [teamA as number] }));
    const synced = await org.teamMemberships.sync(users);
    expect(synced.failedCount).toBe(0);
    const limits = await admin.spendLimits.setMany(
      people.slice(0, 3).map((person) => ({ userEmail: person.email, spendLimitDollars: 10 })),
    );
    expect(limits.failedCount).toBe(0);
    const config = { newProviderDefault: "enabled" as const, newModelDefault: "enabled" as const };
    // Inputs may be readonly arrays (the fake's own `teamIds` is one).
    const linked: readonly number[] = [teamA as number];
    const access = await org.modelAccess.setMany(linked, config);
    expect(access.failedCount).toBe(0);
    const before = fake.requests.length;
    expect((await org.teamMemberships.retryFailed(synced)).rows).toEqual([]);
    expect((await admin.spendLimits.retryFailed(limits)).rows).toEqual([]);
    expect((await org.modelAccess.setMany(retryFailed(access.report), config)).rows).toEqual([]);
    expect((await org.modelAccess.setProviderMany(retryFailed(access.report), "acme", false)).rows).toEqual([]);
    expect(fake.requests.length).toBe(before);
  });
});
