import { describe, expect, it } from "vitest";
import { adminSetup, codeError, DAY, type Json, START } from "./helpers.js";

const ORG = "org_fake";
const SYNC = "/organizations/team-memberships/sync";

describe("fake organization API: members and membership sync", () => {
  it("lists organization members with numeric ids, organization roles and team roles; pageSize clamped at 200", async () => {
    const { org } = adminSetup();
    const { json } = await org.get("/organizations/members", { query: { pageSize: 500 } });
    expect(json.pagination).toMatchObject({ page: 1, pageSize: 200, totalCount: 38, totalPages: 1 });
    expect(json.members[0]).toEqual({
      userId: 10001,
      email: "ada.lovelace@example.com",
      name: "Ada Lovelace",
      organizationRole: "admin",
      teams: [{ teamId: 1, teamRole: "owner" }],
    });
    expect(json.members[2].teams).toEqual([
      { teamId: 1, teamRole: "member" },
      { teamId: 2, teamRole: "member" },
      { teamId: 3, teamRole: "member" },
    ]);
    expect(json.members.filter((m: Json) => m.teams.length === 0)).toHaveLength(2);
  });

  it("sync applies complete team sets and destination moves; per-entry failures are error rows", async () => {
    const { org, team, fake } = adminSetup();
    const mover = fake.admin.members()[5];
    const result = await org.post(SYNC, {
      organizationId: ORG,
      users: [
        { userId: 10001, teamIds: [1, 2] },
        { userId: mover?.userId, destinationTeamId: 3 },
        { userId: true, teamIds: [1] },
        { userId: 99999, teamIds: [1] },
        { userId: 10039, teamIds: [1] },
        { userId: 10002, teamIds: [1, 99] },
        { userId: 10002, teamIds: [1], destinationTeamId: 1 },
        { userId: 10002, destinationTeamId: "3" },
      ],
    });
    expect(result.status).toBe(200);
    expect(result.json.successCount).toBe(2);
    expect(result.json.errorCount).toBe(6);
    expect(result.json.results).toEqual([
      { userId: 10001, teamIds: [1, 2], status: "success" },
      { userId: mover?.userId, teamIds: [3], destinationTeamId: 3, status: "success" },
      { userId: 0, teamIds: [1], status: "error", errorMessage: expect.stringMatching(/`userId` must be/) },
      { userId: 99999, teamIds: [1], status: "error", errorMessage: expect.stringMatching(/not found/) },
      {
        userId: 10039,
        teamIds: [1],
        status: "error",
        errorMessage: expect.stringMatching(/not a member of the organization/),
      },
      { userId: 10002, teamIds: [1, 99], status: "error", errorMessage: expect.stringMatching(/not linked/) },
      {
        userId: 10002,
        teamIds: [1],
        destinationTeamId: 1,
        status: "error",
        errorMessage: expect.stringMatching(/exactly one/),
      },
      {
        userId: 10002,
        teamIds: [0],
        destinationTeamId: 0,
        status: "error",
        errorMessage: expect.stringMatching(/destinationTeamId/),
      },
    ]);
    const members = (await org.get("/organizations/members")).json.members;
    expect(members.find((m: Json) => m.userId === 10001).teams.map((t: Json) => t.teamId)).toEqual([1, 2]);
    expect(members.find((m: Json) => m.userId === mover?.numericId).teams).toEqual([{ teamId: 3, teamRole: "member" }]);
    const teamMembers = (await team.get("/teams/members")).json.teamMembers;
    expect(teamMembers.find((m: Json) => m.id === mover?.userId).isRemoved).toBe(true);
  });

  it("sync errors: 400 for bad bodies, 403 for another organization, 404 unknown — all {error}", async () => {
    const { org } = adminSetup();
    const cases: Array<[unknown, number]> = [
      [undefined, 400],
      [{ users: [{ userId: 1, teamIds: [1] }] }, 400],
      [{ organizationId: ORG, users: [] }, 400],
      [{ organizationId: ORG, users: "all" }, 400],
      [{ organizationId: ORG, users: Array.from({ length: 501 }, () => ({ userId: 10001, teamIds: [1] })) }, 400],
      [{ organizationId: "org_other", users: [{ userId: 10001, teamIds: [1] }] }, 403],
      [{ organizationId: "org_nope", users: [{ userId: 10001, teamIds: [1] }] }, 404],
    ];
    for (const [body, status] of cases) {
      const result = await org.post(SYNC, body);
      expect(result.status, JSON.stringify(body)?.slice(0, 80)).toBe(status);
      expect(result.json).toEqual({ error: expect.any(String) });
    }
    const ok = await org.post(SYNC, {
      organizationId: ORG,
      users: Array.from({ length: 500 }, () => ({ userId: 10001, teamIds: [1] })),
    });
    expect(ok.json.successCount).toBe(500);
  });
});

describe("fake organization API: pooled usage, usage events, daily usage and spend", () => {
  it("pooled usage: team usedCents sum to pool.usedCents; budgets only where set", async () => {
    const { org } = adminSetup();
    const { json } = await org.post("/organizations/pooled-usage", { organizationId: ORG });
    expect(json.pool).toEqual({
      limitCents: 50_000_000,
      usedCents: expect.any(Number),
      remainingCents: 50_000_000 - json.pool.usedCents,
      contractStartDate: "2030-01-01T00:00:00.000Z",
      contractEndDate: "2031-01-01T00:00:00.000Z",
    });
    expect(json.pool.usedCents).toBeGreaterThan(0);
    expect(json.teams.reduce((total: number, t: Json) => total + t.usedCents, 0)).toBe(json.pool.usedCents);
    expect(json.teams.map((t: Json) => "budgetLimitCents" in t)).toEqual([false, true, false]);
    const spend = (await org.post("/organizations/spend", { organizationId: ORG, teamIds: [2], pageSize: 1000 })).json;
    const total = spend.teamMemberSpend.reduce((sum: number, r: Json) => sum + r.spendCents, 0);
    expect(json.teams[1].usedCents).toBe(Math.round(total));
    expect((await org.post("/organizations/pooled-usage", {})).status).toBe(400);
    expect((await org.post("/organizations/pooled-usage", { organizationId: "org_other" })).json).toEqual(codeError);
  });

  it("usage events are tagged with teamId; teamIds must belong to the organization", async () => {
    const { org } = adminSetup();
    const all = (await org.post("/organizations/filtered-usage-events", { organizationId: ORG })).json;
    expect(all.pagination).toMatchObject({ currentPage: 1, pageSize: 10 });
    expect(all.usageEvents).toHaveLength(10);
    expect(all.usageEvents.every((e: Json) => [1, 2, 3].includes(e.teamId) && !("conversationId" in e))).toBe(true);
    const two = (
      await org.post("/organizations/filtered-usage-events", { organizationId: ORG, teamIds: [2], pageSize: 1000 })
    ).json;
    expect(two.totalUsageEventsCount).toBeGreaterThan(0);
    expect(two.usageEvents.every((e: Json) => e.teamId === 2)).toBe(true);
    const foreign = await org.post("/organizations/filtered-usage-events", { organizationId: ORG, teamIds: [1, 99] });
    expect(foreign.status).toBe(400);
    expect(foreign.json).toEqual(codeError);
    const email = all.usageEvents[0].userEmail;
    const byEmail = (
      await org.post("/organizations/filtered-usage-events", { organizationId: ORG, email, pageSize: 1000 })
    ).json;
    expect(byEmail.usageEvents.every((e: Json) => e.userEmail === email)).toBe(true);
  });

  it("daily usage: user_ ids and teamId per row, at most 30 days, paginated by user, userEmails alias", async () => {
    const { org, fake } = adminSetup();
    const range = { organizationId: ORG, startDate: START - 2 * DAY, endDate: START - DAY };
    const { json } = await org.post("/organizations/daily-usage-data", { ...range, pageSize: 5, page: 2 });
    expect(json.pagination).toEqual({
      page: 2,
      pageSize: 5,
      totalUsers: 36,
      totalPages: 8,
      hasNextPage: true,
      hasPreviousPage: true,
    });
    expect(json.data[0]).toMatchObject({
      userId: expect.stringMatching(/^user_/),
      teamId: expect.any(Number),
      day: expect.any(String),
    });
    expect(json.data[0]).not.toHaveProperty("isActive");
    const shared = fake.admin.members()[2];
    const one = (await org.post("/organizations/daily-usage-data", { ...range, userEmails: [shared?.email] })).json;
    expect(new Set(one.data.map((r: Json) => r.teamId))).toEqual(new Set([1, 2, 3]));
    expect((await org.post("/organizations/daily-usage-data", { ...range, startDate: START - 32 * DAY })).status).toBe(
      400,
    );
    // The spec does not make the dates required: without them the range is the 7 days before now.
    const period = (await org.post("/organizations/daily-usage-data", { organizationId: ORG })).json.period;
    expect(period.endDate - period.startDate).toBe(7 * DAY);
    expect((await org.post("/organizations/daily-usage-data", { ...range, teamIds: [4] })).status).toBe(400);
  });

  it("spend: per team member over the contract window, sortable, with the period", async () => {
    const { org } = adminSetup();
    const { json } = await org.post("/organizations/spend", { organizationId: ORG });
    expect(json).toMatchObject({
      totalMembers: 40,
      totalPages: 1,
      period: { startDate: Date.UTC(2030, 0, 1), endDate: Date.UTC(2031, 0, 1) },
    });
    expect(json.teamMemberSpend[0]).toEqual({
      userId: expect.stringMatching(/^user_/),
      teamId: expect.any(Number),
      name: expect.any(String),
      email: expect.any(String),
      role: expect.any(String),
      spendCents: expect.any(Number),
    });
    const emails = json.teamMemberSpend.map((r: Json) => r.email);
    expect(emails).toEqual([...emails].sort());
    const desc = (
      await org.post("/organizations/spend", { organizationId: ORG, sortBy: "spendCents", sortDirection: "desc" })
    ).json;
    const cents = desc.teamMemberSpend.map((r: Json) => r.spendCents);
    expect(cents).toEqual([...cents].sort((a, b) => b - a));
    expect((await org.post("/organizations/spend", { organizationId: ORG, sortBy: "amount" })).status).toBe(400);
  });
});
