import { describe, expect, it } from "vitest";
import { adminSetup, codeError, DAY, type Json, START } from "./helpers.js";

const HOUR = 3_600_000;
const today = Date.UTC(2030, 4, 15);

describe("fake admin API: daily usage", () => {
  it("answers a row per member per day, unpaginated without page and pageSize", async () => {
    const { team } = adminSetup();
    const body = { startDate: today - 2 * DAY, endDate: today + DAY - 1 };
    const { status, json } = await team.post("/teams/daily-usage-data", body);
    expect(status).toBe(200);
    expect(json.period).toEqual(body);
    expect(json.pagination).toBeUndefined();
    expect(json.data).toHaveLength(25 * 3);
    const row = json.data[0];
    expect(row).toMatchObject({
      userId: expect.any(Number),
      day: "2030-05-13",
      date: today - 2 * DAY,
      email: expect.any(String),
    });
    expect(row).not.toHaveProperty("isActive");
    for (const field of [
      "totalLinesAdded",
      "totalTabsShown",
      "agentRequests",
      "subscriptionIncludedReqs",
      "usageBasedReqs",
    ])
      expect(typeof row[field]).toBe("number");
  });

  it("paginates by user when page and pageSize are both given; isActive only then", async () => {
    const { team } = adminSetup();
    const body = { startDate: today - DAY, endDate: today - 1, page: 3, pageSize: 10 };
    const { json } = await team.post("/teams/daily-usage-data", body);
    expect(json.pagination).toEqual({
      page: 3,
      pageSize: 10,
      totalUsers: 25,
      totalPages: 3,
      hasNextPage: false,
      hasPreviousPage: true,
    });
    expect(json.data).toHaveLength(5);
    expect(json.data.every((r: Json) => typeof r.isActive === "boolean")).toBe(true);
    const half = await team.post("/teams/daily-usage-data", { startDate: today - DAY, endDate: today - 1, page: 1 });
    expect(half.status).toBe(400);
  });

  it("refuses more than 30 days, reversed ranges and missing dates", async () => {
    const { team } = adminSetup();
    expect((await team.post("/teams/daily-usage-data", { startDate: today - 30 * DAY, endDate: today })).status).toBe(
      200,
    );
    for (const body of [
      { startDate: today - 30 * DAY - 1, endDate: today },
      { startDate: today, endDate: today - DAY },
      { startDate: today },
      { startDate: "2030-05-01", endDate: today },
    ]) {
      const result = await team.post("/teams/daily-usage-data", body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.json).toEqual(codeError);
    }
  });

  it("is aggregated hourly: today's counts grow as hours complete, tomorrow has no row yet", async () => {
    const { team, clock } = adminSetup();
    const body = { startDate: today, endDate: today + 2 * DAY - 1 };
    const before = (await team.post("/teams/daily-usage-data", body)).json.data;
    expect(before.every((r: Json) => r.day === "2030-05-15")).toBe(true);
    clock.t += DAY;
    const after = (await team.post("/teams/daily-usage-data", body)).json.data;
    expect(after.filter((r: Json) => r.day === "2030-05-16")).toHaveLength(25);
    const sum = (rows: Json[]) =>
      rows.filter((r) => r.day === "2030-05-15").reduce((total, r) => total + r.totalTabsShown + r.agentRequests, 0);
    expect(sum(after)).toBeGreaterThan(sum(before));
  });

  it("agentRequests of a day reconcile with that member's usage events", async () => {
    const { team, fake } = adminSetup();
    const rows = (await team.post("/teams/daily-usage-data", { startDate: today - DAY, endDate: today - 1 })).json.data;
    const member = fake.admin.members()[4];
    const row = rows.find((r: Json) => r.email === member?.email);
    const events = await team.post("/teams/filtered-usage-events", {
      startDate: today - DAY,
      endDate: today - 1,
      email: member?.email,
      pageSize: 1000,
    });
    expect(row.agentRequests).toBe(events.json.totalUsageEventsCount);
    const included = events.json.usageEvents.filter((e: Json) => e.kind === "Included in Business").length;
    expect(row.subscriptionIncludedReqs).toBe(included);
  });
});

describe("fake admin API: filtered usage events", () => {
  it("defaults to 7 days, newest first, visible only up to the last full hour", async () => {
    const { team } = adminSetup();
    const { status, json } = await team.post("/teams/filtered-usage-events", {});
    expect(status).toBe(200);
    expect(json.period).toEqual({ startDate: START - 7 * DAY, endDate: START });
    expect(json.pagination).toMatchObject({ currentPage: 1, pageSize: 100, hasPreviousPage: false });
    expect(json.pagination.numPages).toBe(Math.ceil(json.totalUsageEventsCount / 100));
    const times = json.usageEvents.map((e: Json) => Number(e.timestamp));
    expect(typeof json.usageEvents[0].timestamp).toBe("string");
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]).toBeLessThan(Math.floor(START / HOUR) * HOUR);
    for (const event of json.usageEvents as Json[]) {
      expect(event).not.toHaveProperty("teamId");
      expect("tokenUsage" in event).toBe(event.isTokenBasedCall);
      if ("serviceTokenFee" in event) expect(event.model).toMatch(/^(acme|globex)-/);
      if (event.isTokenBasedCall && /^(acme|globex)-/.test(event.model))
        expect(event.serviceTokenFee).toEqual(expect.any(Number));
      expect(event.chargedCents).toEqual(expect.any(Number));
    }
  });

  it("filters combine with AND: email, userId, serviceAccountId, cloudAgentId/automationId wildcards, hostingType", async () => {
    const { team, fake } = adminSetup();
    const member = fake.admin.members()[2];
    const all = async (body: object) =>
      (await team.post("/teams/filtered-usage-events", { pageSize: 1000, ...body })).json.usageEvents as Json[];
    const byEmail = await all({ email: member?.email });
    expect(byEmail.length).toBeGreaterThan(0);
    expect(byEmail.every((e) => e.userEmail === member?.email)).toBe(true);
    expect(await all({ userId: member?.numericId })).toEqual(byEmail);
    const cloud = await all({ cloudAgentId: "*" });
    expect(cloud.length).toBeGreaterThan(0);
    expect(cloud.every((e) => /^bc-/.test(e.cloudAgentId) && e.isHeadless)).toBe(true);
    const automations = await all({ automationId: "*", cloudAgentId: "*" });
    expect(automations.every((e) => e.automationId && e.cloudAgentId)).toBe(true);
    const service = await all({ serviceAccountId: automations.find((e) => e.serviceAccountId)?.serviceAccountId });
    expect(service.length).toBeGreaterThan(0);
    expect(service.every((e) => e.serviceAccountName === "CI automation")).toBe(true);
    const hosted = await all({ hostingType: "CLOUD" });
    expect(hosted.every((e) => e.cloudAgentId)).toBe(true);
    expect(
      (await all({ hostingType: "CLOUD", email: member?.email })).every((e) => e.userEmail === member?.email),
    ).toBe(true);
  });

  it("rejects an unknown hostingType and pageSize over 1000", async () => {
    const { team } = adminSetup();
    const hosting = await team.post("/teams/filtered-usage-events", { hostingType: "ON_PREM" });
    expect(hosting.status).toBe(400);
    expect(hosting.json).toEqual(codeError);
    expect((await team.post("/teams/filtered-usage-events", { pageSize: 1001 })).status).toBe(400);
    expect((await team.post("/teams/filtered-usage-events", { pageSize: 1000 })).status).toBe(200);
    expect((await team.post("/teams/filtered-usage-events", { userId: "10003" })).status).toBe(400);
  });

  it("pages cover every event exactly once", async () => {
    const { team } = adminSetup();
    const body = { startDate: today - 2 * DAY, endDate: today - 1, pageSize: 25 };
    const first = (await team.post("/teams/filtered-usage-events", body)).json;
    const seen: Json[] = [];
    for (let page = 1; page <= first.pagination.numPages; page++)
      seen.push(...(await team.post("/teams/filtered-usage-events", { ...body, page })).json.usageEvents);
    expect(seen).toHaveLength(first.totalUsageEventsCount);
    expect(seen.every((e) => Number(e.timestamp) >= body.startDate && Number(e.timestamp) <= body.endDate)).toBe(true);
  });
});

describe("fake admin API: team spend", () => {
  it("answers current-cycle spend in fractional cents with the envelope", async () => {
    const { team } = adminSetup();
    const { status, json } = await team.post("/teams/spend", {});
    expect(status).toBe(200);
    expect(json).toMatchObject({ subscriptionCycleStart: Date.UTC(2030, 4, 1), totalMembers: 25, totalPages: 1 });
    const row = json.teamMemberSpend[0];
    expect(row).toEqual({
      userId: expect.stringMatching(/^user_/),
      name: expect.any(String),
      email: expect.any(String),
      role: expect.any(String),
      spendCents: expect.any(Number),
      overallSpendCents: expect.any(Number),
      fastPremiumRequests: expect.any(Number),
      hardLimitOverrideDollars: 0,
      monthlyLimitDollars: null,
      effectivePerUserLimitDollars: expect.toSatisfy((v: unknown) => v === null || typeof v === "number"),
    });
    const rows: Json[] = json.teamMemberSpend;
    expect(rows.some((r) => !Number.isInteger(r.spendCents))).toBe(true);
    expect(rows.every((r) => r.overallSpendCents >= r.spendCents)).toBe(true);
  });

  it("sorts by amount, user or date in either direction, searches and pages", async () => {
    const { team } = adminSetup();
    const amounts = (
      await team.post("/teams/spend", { sortBy: "amount", sortDirection: "asc" })
    ).json.teamMemberSpend.map((r: Json) => r.spendCents);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const names = (await team.post("/teams/spend", { sortBy: "user", sortDirection: "asc" })).json.teamMemberSpend.map(
      (r: Json) => r.name,
    );
    expect(names).toEqual([...names].sort());
    const page = (await team.post("/teams/spend", { pageSize: 10, page: 3 })).json;
    expect(page).toMatchObject({ totalMembers: 25, totalPages: 3 });
    expect(page.teamMemberSpend).toHaveLength(5);
    const search = (await team.post("/teams/spend", { searchTerm: "LOVELACE" })).json;
    expect(search.teamMemberSpend.length).toBeGreaterThan(0);
    expect(search.teamMemberSpend.every((r: Json) => r.name.includes("Lovelace"))).toBe(true);
    expect((await team.post("/teams/spend", { sortBy: "cost" })).status).toBe(400);
  });
});
