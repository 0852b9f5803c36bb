import { describe, expect, it } from "vitest";
import { AuthenticationError, BulkPartialError, retryFailed, ValidationError } from "../../../src/admin/index.js";
import { adminSetup } from "./client-helpers.js";

const DAY = 86_400_000;

describe("AdminClient against the fake service", () => {
  it("lists and removes members", async () => {
    const { admin, fake } = adminSetup();
    const { teamMembers } = await admin.members.list();
    expect(teamMembers.length).toBe(25);
    const victim = fake.admin.members().at(-1);
    if (!victim) throw new Error("no seeded member");
    const removed = await admin.members.remove({ email: victim.email });
    expect(removed.userId).toBe(victim.userId);
    await expect(admin.members.remove({ email: victim.email, userId: victim.userId } as never)).rejects.toMatchObject({
      rule: "exactly_one_of",
    });
  });

  it("walks audit logs over 60 days: split into ≤ 30-day windows, every page, in order", async () => {
    const { admin, fake, now } = adminSetup();
    const start = now() - 60 * DAY;
    const events = [];
    for await (const event of admin.auditLogs.list({ startTime: new Date(start), endTime: now(), pageSize: 10 }))
      events.push(event);
    const expected = fake.admin
      .auditEvents()
      .filter((e) => Date.parse(e.timestamp) >= start && Date.parse(e.timestamp) <= now());
    expect(events.length).toBe(expected.length);
    expect(new Set(events.map((e) => e.event_id)).size).toBe(events.length);
    const requests = fake.requests.filter((r) => r.path === "/teams/audit-logs");
    for (const r of requests) expect(Number(r.query.endTime) - Number(r.query.startTime)).toBeLessThanOrEqual(30 * DAY);
    // 60 days: two windows (30 days, then the rest).
    expect(new Set(requests.map((r) => r.query.startTime)).size).toBe(2);
    const first = await admin.auditLogs.list({ startTime: start, endTime: now(), eventTypes: ["login", "logout"] });
    expect(first.events.every((e) => e.event_type === "login" || e.event_type === "logout")).toBe(true);
  });

  it("reads 90 days of daily usage in day-aligned windows, merged in order, no day twice", async () => {
    const { admin, fake, now } = adminSetup();
    const result = await admin.usage.daily({ startDate: now() - 90 * DAY, endDate: now() });
    expect(result.data.length).toBeGreaterThan(0);
    const requests = fake.requests.filter((r) => r.path === "/teams/daily-usage-data");
    // Midnight to midnight inclusive is 91 days: 30 + 30 + 30 + 1, each window ending just before a midnight.
    expect(requests).toHaveLength(4);
    const windows = requests.map((r) => r.body as { startDate: number; endDate: number });
    for (const w of windows) expect(w.endDate - w.startDate).toBeLessThanOrEqual(30 * DAY);
    const keys = result.data.map((row) => `${row.userId}/${row.day}`);
    expect(new Set(keys).size).toBe(keys.length);
    // Windows are merged in order: every row of a window comes before the rows of the next one.
    const windowOf = (date: number) =>
      windows.findIndex((w) => date >= Math.floor(w.startDate / DAY) * DAY && date <= w.endDate);
    const order = result.data.map((row) => windowOf(row.date ?? Number.NaN));
    expect(order.every((w) => w >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("pages usage events and spend, and refuses a bad hostingType before the network", async () => {
    const { admin, fake, now } = adminSetup();
    const events = await admin.usage.events({ startDate: now() - 3 * DAY, endDate: now(), pageSize: 50 }).toArray();
    expect(events.length).toBeGreaterThan(50);
    const spend = await admin.spend.list({ pageSize: 10 }).toArray();
    expect(spend.length).toBe(25);
    const before = fake.requests.length;
    await expect(admin.usage.events({ hostingType: "MOON" as never })).rejects.toBeInstanceOf(ValidationError);
    expect(fake.requests.length).toBe(before);
  });

  it("sets 250 spend limits in chunks of 100, in request order, and retries only the failed rows", async () => {
    const { admin, fake } = adminSetup({ admin: { members: 300 } });
    const members = fake.admin.members();
    const updates = members
      .slice(0, 250)
      .map((m, i) => ({ userEmail: m.email, spendLimitDollars: i % 5 === 0 ? null : i }));
    updates[120] = { userEmail: "nobody@nowhere.test", spendLimitDollars: 5 };
    const result = await admin.spendLimits.setMany(updates);
    expect(fake.requests.filter((r) => r.path === "/teams/user-spend-limits")).toHaveLength(3);
    expect(result.rows.map((row) => row.input.userEmail)).toEqual(updates.map((u) => u.userEmail));
    expect(result.failedCount).toBe(1);
    expect(retryFailed(result.report)).toEqual([updates[120]]);
    const again = await admin.spendLimits.retryFailed(result);
    expect(again.rows).toHaveLength(1);
    expect(await admin.spendLimits.set({ userEmail: members[0]?.email ?? "", spendLimitDollars: 0 })).toMatchObject({
      outcome: "success",
    });
  });

  it("reports a chunk rejected whole: which applied and which did not, and retryFailed resends them", async () => {
    const { admin, fake } = adminSetup({ admin: { members: 300 } });
    const updates = fake.admin
      .members()
      .slice(0, 250)
      .map((m) => ({ userEmail: m.email, spendLimitDollars: 7 }));
    // The first chunk is refused as a whole on all three attempts.
    fake.faults.add({ kind: "server_error", route: "POST /teams/user-spend-limits", status: 503, times: 3 });
    const error = await admin.spendLimits.setMany(updates).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkPartialError);
    const report = (error as BulkPartialError<{ userEmail: string }>).report;
    expect(report.applied).toEqual([]);
    expect(report.failed.map((f) => [f.index, f.rejected])).toEqual([[0, true]]);
    expect(report.notAttempted.map((c) => c.index)).toEqual([1, 2]);
    expect(retryFailed(report)).toHaveLength(250);

    fake.faults.add({ kind: "server_error", route: "POST /teams/user-spend-limits", status: 503, times: 3 });
    const continued = await admin.spendLimits.setMany(updates, { onChunkError: "continue" });
    expect(continued.report.applied).toEqual([1, 2]);
    expect(continued.report.failed.map((f) => f.index)).toEqual([0]);
    expect(retryFailed(continued.report)).toEqual(updates.slice(0, 100));
  });

  it("says which key kind and scope a route needs when the server refuses the key", async () => {
    const { admin, fake } = adminSetup({ teamKeys: [{ key: "team-key", scopes: ["read:*"] }] });
    const error = await admin.directoryGroups.create({ name: "Ops" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).hint).toBe("this route needs a team key with one of the scopes admin:*");
    expect((error as Error).message).toContain("admin:*");
    const models = await admin.modelAccess.get().catch((e: unknown) => e);
    expect((models as AuthenticationError).message).toContain("models:read, models:*, admin:*");
    void fake;
  });
});
