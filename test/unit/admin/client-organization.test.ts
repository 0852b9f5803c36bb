import { describe, expect, it } from "vitest";
import {
  AdminClient,
  AgentlineError,
  AuthenticationError,
  OrganizationClient,
  retryFailed,
} from "../../../src/admin/index.js";
import { adminSetup } from "./client-helpers.js";

const DAY = 86_400_000;

describe("OrganizationClient against the fake service", () => {
  it("lists members, reads the pool, usage events, daily usage and spend, with organizationId filled in", async () => {
    const { org, fake, now } = adminSetup();
    const members = await org.members.list({ pageSize: 10 }).toArray();
    expect(members.length).toBe(38);
    const pooled = await org.usage.pooled();
    const sum = (pooled.teams ?? []).reduce((total, team) => total + (team.usedCents ?? 0), 0);
    expect(Math.abs(sum - (pooled.pool?.usedCents ?? Number.NaN))).toBeLessThan(1);
    const events = await org.usage.events({ startDate: now() - DAY, endDate: now(), pageSize: 100 }).toArray();
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => typeof e.teamId === "number")).toBe(true);
    const daily = await org.usage.daily({ startDate: now() - 45 * DAY, endDate: now() });
    expect(daily.data.length).toBeGreaterThan(0);
    const spend = await org.spend.list({ sortBy: "spendCents", sortDirection: "desc" });
    expect(spend.teamMemberSpend?.length).toBeGreaterThan(0);
    const bodies = fake.requests
      .filter((r) => r.method === "POST")
      .map((r) => (r.body as { organizationId?: string }).organizationId);
    expect(new Set(bodies)).toEqual(new Set([fake.admin.organizationId]));
  });

  it("syncs 1,200 memberships in chunks of 500, rows in request order, and retries only failed entries", async () => {
    const { org, fake } = adminSetup();
    const people = fake.admin.members();
    const [teamA] = fake.admin.teamIds;
    const users = Array.from({ length: 1_200 }, (_, i) => ({
      userId: i === 700 ? 99_999_999 : ((people[i % people.length]?.numericId ?? 0) as number),
      teamIds: [teamA as number],
    }));
    const result = await org.teamMemberships.sync(users);
    expect(fake.requests.filter((r) => r.path === "/organizations/team-memberships/sync")).toHaveLength(3);
    expect(result.rows.map((row) => row.input)).toEqual(users);
    expect(result.failedCount).toBe(1);
    expect(retryFailed(result.report)).toEqual([users[700]]);
    expect((await org.teamMemberships.retryFailed(result)).rows).toHaveLength(1);
  });

  it("applies model access to many teams, rows matched by teamId, unlinked teams as error rows", async () => {
    const { org, fake } = adminSetup();
    const teams = [...fake.admin.teamIds];
    const list = await org.modelAccess.list().toArray();
    expect(list.length).toBe(teams.length);
    const result = await org.modelAccess.setMany([...teams, 987_654], {
      newProviderDefault: "enabled",
      newModelDefault: "enabled",
    });
    const failed = retryFailed(result.report);
    expect(failed).toContain(987_654);
    expect(result.rows.find((row) => row.input === 987_654)?.status).toBe("failed");
    const linked = teams[0] as number;
    expect((await org.modelAccess.get(linked)).teamId).toBe(linked);
  });

  it("manages organization groups with g_ ids and refuses grp_ and team_group_ ids before the network", async () => {
    const { org, fake } = adminSetup();
    const { group } = await org.groups.create({ name: "Guild" });
    expect(group.id).toMatch(/^g_/);
    const people = fake.admin
      .members()
      .slice(0, 3)
      .map((m) => m.userId);
    expect((await org.groups.addMembers(group.id, people)).count).toBe(3);
    expect((await org.groups.list({ name: "Guild" })).groups.map((g) => g.id)).toEqual([group.id]);
    const before = fake.requests.length;
    await expect(org.groups.get(group.publicId as string)).rejects.toMatchObject({ rule: "id_family" });
    await expect(org.groups.get("team_group_abc")).rejects.toMatchObject({ rule: "id_family" });
    expect(fake.requests.length).toBe(before);
  });

  it("says which key kind a route needs when a team key calls an organization route", async () => {
    const { fake } = adminSetup();
    const wrong = new OrganizationClient({
      apiKey: "team-key",
      organizationId: fake.admin.organizationId,
      baseUrl: "http://x.test",
      fetch: fake.fetch,
    });
    const error = (await wrong.members.list().catch((e: unknown) => e)) as AuthenticationError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toContain(
      "this route needs an organization key with one of the scopes members:read, members:*, admin:*",
    );
    expect(error.message).not.toContain("team-key");
    const teamWithOrgKey = new AdminClient({ apiKey: "org-key", baseUrl: "http://x.test", fetch: fake.fetch });
    expect(((await teamWithOrgKey.members.list().catch((e: unknown) => e)) as Error).message).toContain(
      "needs a team key",
    );
    expect(() => new OrganizationClient({ apiKey: "k", organizationId: "", baseUrl: "http://x.test" })).toThrow(
      AgentlineError,
    );
  });
});

describe("proactive rate budgets", () => {
  it("walks 5,000 members and exports 90 days of usage without a single 429", async () => {
    const { admin, org, fake, now, waits } = adminSetup({ admin: { members: 5_000 } });
    const started = now();
    // 5,000 members into one directory group (50 bulk calls), then the paginated walk (groups: 20 requests/min).
    const { group } = await admin.directoryGroups.create({ name: "Everyone" });
    const everyone = fake.admin.members().map((m) => m.userId);
    expect((await admin.directoryGroups.addMembers(group.id, everyone)).count).toBe(5_000);
    const walked = await admin.directoryGroups.members(group.id, { pageSize: 200 }).toArray();
    expect(new Set(walked.map((m) => m.userId)).size).toBe(5_000);
    const spend = await admin.spend.list({ pageSize: 500 }).toArray();
    expect(spend).toHaveLength(5_000);
    // A 90-day usage export: daily rows (day-aligned windows) and the audit log in small pages (20 requests/min).
    const usage = await admin.usage.daily({ startDate: now() - 90 * DAY, endDate: now() });
    expect(usage.data.length).toBeGreaterThan(0);
    let audits = 0;
    for await (const _ of admin.auditLogs.list({ startTime: now() - 90 * DAY, endTime: now(), pageSize: 2 })) audits++;
    const orgMembers = await org.members.list({ pageSize: 200 }).toArray();
    const stats = fake.admin.stats;
    const waited = waits.reduce((a, b) => a + b, 0);
    console.log(
      `budgets: ${stats.requests} admin requests, ${stats.rateLimited} × 429, ${waits.length} budget waits (${Math.round(waited / 1000)} s), ` +
        `${Math.round((now() - started) / 60_000)} min of virtual time; ${walked.length} group members, ${usage.data.length} usage rows, ${audits} audit events, ${orgMembers.length} org members`,
    );
    expect(stats.rateLimited).toBe(0);
    expect(waits.length).toBeGreaterThan(0);
    expect(audits).toBeGreaterThan(40);
  }, 120_000);

  it("still honours a 429's Retry-After, and shares budgets across clients through a store", async () => {
    const { admin, fake, waits } = adminSetup({}, { rateBudgets: false });
    fake.faults.add({ kind: "rate_limit", route: "POST /teams/spend", retryAfterSeconds: 60 });
    await admin.spend.list();
    expect(fake.requests.filter((r) => r.path === "/teams/spend")).toHaveLength(2);
    expect(waits).toEqual([]);
  });
});

describe("the remaining organization routes", () => {
  it("reaches single-team model access, providers and models, and bulk model toggles", async () => {
    const { org, fake } = adminSetup();
    const [team] = fake.admin.teamIds;
    const teamId = team as number;
    await expect(org.modelAccess.providers(teamId)).rejects.toMatchObject({ status: 409 });
    expect(
      (await org.modelAccess.set(teamId, { newProviderDefault: "enabled", newModelDefault: "enabled" })).state,
    ).toBe("custom");
    const { providers } = await org.modelAccess.providers(teamId);
    const provider = providers[0];
    const model = provider?.models?.[0];
    if (!provider || !model) throw new Error("empty catalog");
    await org.modelAccess.setProvider(teamId, provider.id, true);
    await org.modelAccess.setModel(teamId, provider.id, model.id, { enabled: true });
    const many = await org.modelAccess.setModelMany([teamId], provider.id, model.id, { enabled: false });
    expect(many.rows.map((row) => [row.input, row.status])).toEqual([[teamId, "ok"]]);
    const providersMany = await org.modelAccess.setProviderMany([teamId], provider.id, true);
    expect(providersMany.okCount).toBe(1);
  });

  it("updates, lists members of, removes members from and deletes an organization group", async () => {
    const { org, fake } = adminSetup();
    const { group } = await org.groups.create({ name: "Temp" });
    const people = fake.admin
      .members()
      .slice(0, 2)
      .map((m) => m.userId);
    await org.groups.addMembers(group.id, people);
    expect((await org.groups.update(group.id, { name: "Temporary" })).group.name).toBe("Temporary");
    expect((await org.groups.get(group.id)).group.memberCount).toBe(2);
    expect((await org.groups.members(group.id).toArray()).map((m) => m.userId)).toEqual(expect.arrayContaining(people));
    expect((await org.groups.removeMembers(group.id, people)).count).toBe(2);
    await org.groups.delete(group.id);
    await expect(org.groups.get(group.id)).rejects.toMatchObject({ status: 404 });
  });

  it("shares rate budgets between two clients through one store", async () => {
    const { MemoryRateBudgetStore } = await import("../../../src/admin/index.js");
    const store = new MemoryRateBudgetStore();
    const first = adminSetup({}, { rateBudgets: { store } });
    const { AdminClient } = await import("../../../src/admin/index.js");
    const waits: number[] = [];
    let clock = first.now();
    const second = new AdminClient({
      apiKey: "team-key",
      baseUrl: "http://127.0.0.1:9",
      fetch: first.fake.fetch,
      now: () => Math.max(clock, first.now()),
      sleep: async (ms) => {
        clock = Math.max(clock, first.now()) + ms;
        first.advance(ms);
      },
      onWait: (wait) => void waits.push(wait.waitMs),
      rateBudgets: { store },
    });
    // 20 audit-log requests per minute between them: the second client must wait for the first's use.
    for (let i = 0; i < 15; i++)
      await first.admin.auditLogs.list({ startTime: first.now() - 86_400_000, endTime: first.now() });
    for (let i = 0; i < 10; i++)
      await second.auditLogs.list({ startTime: first.now() - 86_400_000, endTime: first.now() });
    expect(waits.length).toBeGreaterThan(0);
    expect(first.fake.admin.stats.rateLimited).toBe(0);
  });
});
