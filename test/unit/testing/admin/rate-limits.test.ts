import { describe, expect, it } from "vitest";
import { adminClient, adminSetup, codeError } from "./helpers.js";

describe("fake admin API: per-family rate limits", () => {
  it("the 21st audit-log request in a minute is 429 with Retry-After: 60; it recovers on the rolling minute", async () => {
    const { team, fake, clock } = adminSetup();
    const start = clock.t;
    for (let i = 0; i < 10; i++) expect((await team.get("/teams/audit-logs")).status).toBe(200);
    clock.t += 30_000;
    for (let i = 0; i < 10; i++) expect((await team.get("/teams/audit-logs")).status).toBe(200);
    const limited = await team.get("/teams/audit-logs");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(limited.json).toEqual(codeError);
    expect(fake.admin.stats).toEqual({
      requests: 21,
      rateLimited: 1,
      byFamily: { auditLogs: { requests: 21, rateLimited: 1 } },
    });
    // Other families and routes without a documented budget are unaffected.
    expect((await team.get("/teams/directory-groups")).status).toBe(200);
    expect((await team.get("/teams/members")).status).toBe(200);
    clock.t = start + 59_999;
    expect((await team.get("/teams/audit-logs")).status).toBe(429);
    clock.t = start + 60_001; // the first ten left the window
    for (let i = 0; i < 10; i++) expect((await team.get("/teams/audit-logs")).status).toBe(200);
    expect((await team.get("/teams/audit-logs")).status).toBe(429);
    clock.t = start + 90_001;
    expect((await team.get("/teams/audit-logs")).status).toBe(200);
  });

  it("budgets are per team and per organization", async () => {
    const { fake, org } = adminSetup({ teamKeys: [{ key: "team-key" }, { key: "research", teamId: 2 }] });
    const first = adminClient(fake, "team-key");
    const second = adminClient(fake, "research");
    for (let i = 0; i < 20; i++) await first.post("/teams/daily-usage-data", { startDate: 0, endDate: 1 });
    expect((await first.post("/teams/daily-usage-data", { startDate: 0, endDate: 1 })).status).toBe(429);
    expect((await second.post("/teams/daily-usage-data", { startDate: 0, endDate: 1 })).status).toBe(200);
    for (let i = 0; i < 20; i++) await org.post("/organizations/pooled-usage", { organizationId: "org_fake" });
    const limited = await org.post("/organizations/spend", { organizationId: "org_fake" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
  });

  it("a client that paces itself sees 0 × 429; the counters say so", async () => {
    const { team, fake, clock } = adminSetup();
    for (let i = 0; i < 45; i++) {
      expect(
        (
          await team.post("/teams/user-spend-limits", {
            updates: [{ userEmail: "a@example.com", spendLimitDollars: i }],
          })
        ).status,
      ).toBe(200);
      clock.t += 3_000; // 20 per minute
    }
    expect(fake.admin.stats.rateLimited).toBe(0);
    expect(fake.admin.stats.byFamily.bulkSpendLimits).toEqual({ requests: 45, rateLimited: 0 });
    fake.admin.resetStats();
    expect(fake.admin.stats).toEqual({ requests: 0, rateLimited: 0, byFamily: {} });
  });

  it("admin.rateLimits overrides budgets or turns enforcement off", async () => {
    const tight = adminSetup({ admin: { rateLimits: { groups: 2 } } });
    await tight.team.get("/teams/directory-groups");
    await tight.team.get("/teams/directory-groups");
    expect((await tight.team.get("/teams/directory-groups")).status).toBe(429);
    const off = adminSetup({ admin: { rateLimits: false } });
    for (let i = 0; i < 30; i++) expect((await off.team.get("/teams/directory-groups")).status).toBe(200);
    expect(off.fake.admin.stats.byFamily.groups).toEqual({ requests: 30, rateLimited: 0 });
  });
});

describe("fake admin API: faults, request log and reset", () => {
  it("fake.faults.add() hits admin routes and answers in the admin envelope", async () => {
    const { team, org, fake } = adminSetup();
    fake.faults.add({ route: "POST /teams/spend", kind: "rate_limit", retryAfterSeconds: 5 });
    const limited = await team.post("/teams/spend", {});
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("5");
    expect(limited.json).toEqual(codeError);
    expect((await team.post("/teams/spend", {})).status).toBe(200);
    fake.faults.add({ route: "GET /teams/directory-groups/:groupId", kind: "server_error", status: 503 });
    const groups = (await team.get("/teams/directory-groups")).json.groups;
    const failed = await team.get(`/teams/directory-groups/${groups[0].id}`);
    expect(failed.status).toBe(503);
    expect(failed.json).toEqual(codeError);
    fake.faults.add({ route: "/organizations/members", kind: "disconnect_before" });
    await expect(org.get("/organizations/members")).rejects.toThrow(TypeError);
    expect(fake.admin.stats.requests).toBe(2); // faulted requests are not answered by the admin routes
    const logged = fake.requests.find((r) => r.path === "/teams/spend");
    expect(logged?.headers.authorization).toBe("[REDACTED]");
    expect(logged?.fault).toBe("rate_limit");
  });

  it("fake.reset() and fake.admin.reset() re-seed the admin data and forget rate windows", async () => {
    const { team, fake } = adminSetup();
    await team.post("/teams/directory-groups", { name: "Temporary" });
    for (let i = 0; i < 20; i++) await team.get("/teams/audit-logs");
    fake.reset();
    expect((await team.get("/teams/directory-groups")).json.groups).toHaveLength(3);
    expect((await team.get("/teams/audit-logs")).status).toBe(200);
    fake.admin.reset({ members: 7 });
    expect((await team.get("/teams/members")).json.teamMembers).toHaveLength(7);
    expect(fake.admin.stats.requests).toBe(1);
  });
});
