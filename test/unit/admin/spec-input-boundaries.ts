// Valid boundary values of the documented input rules: each must be sent as given (adv-input-rules.test.ts).

import { type Clients, DAY, emails, ids, numbers } from "./spec-input-cases.js";
import type { specServer } from "./spec-server.js";

type Recorded = ReturnType<typeof specServer>["requests"];
/** [spec rule, call, what the requests must show] */
export type Boundary = [string, (c: Clients) => unknown, (requests: Recorded) => unknown];

const okAccess = { enforced: true, rules: { allow: [], block: [] } };
const body = (requests: Recorded, index = 0) => requests[index]?.body as Record<string, unknown>;
const query = (requests: Recorded, key: string, index = 0) => requests[index]?.query.get(key);

/** The boundary cases. */
export const BOUNDARIES: Boundary[] = [
  [
    "audit users == pageSize",
    (c) => c.admin.auditLogs.list({ startTime: 0, endTime: DAY, users: emails(2), pageSize: 2 }),
    (r) => query(r, "users"),
  ],
  [
    "audit users mixed kinds",
    (c) => c.admin.auditLogs.list({ startTime: 0, endTime: DAY, users: ["a@example.com", "123", "user_abc"] }),
    (r) => query(r, "users") === "a@example.com,123,user_abc",
  ],
  [
    "audit range of exactly 30 days is one request",
    (c) => c.admin.auditLogs.list({ startTime: 0, endTime: 30 * DAY }),
    (r) => r.length === 1,
  ],
  [
    "audit ISO times",
    (c) => c.admin.auditLogs.list({ startTime: "2026-01-01T00:00:00Z", endTime: "2026-01-02" }),
    (r) => query(r, "startTime") === String(Date.parse("2026-01-01T00:00:00Z")),
  ],
  [
    "audit unknown eventTypes pass",
    (c) => c.admin.auditLogs.list({ startTime: 0, endTime: DAY, eventTypes: ["login", "future_type"] }),
    (r) => query(r, "eventTypes") === "login,future_type",
  ],
  ["events pageSize 1000", (c) => c.admin.usage.events({ pageSize: 1000 }), (r) => body(r).pageSize === 1000],
  [
    "events cloudAgentId *",
    (c) => c.admin.usage.events({ cloudAgentId: "*", automationId: "*" }),
    (r) => body(r).cloudAgentId === "*" && body(r).automationId === "*",
  ],
  [
    "events automationId UUID",
    (c) => c.admin.usage.events({ automationId: "3F2504E0-4F89-11D3-9A0C-0305E82C3301" }),
    (r) => body(r).automationId === "3F2504E0-4F89-11D3-9A0C-0305E82C3301",
  ],
  [
    "events each hostingType",
    (c) => c.admin.usage.events({ hostingType: "SELF_HOSTED_MACHINE" }),
    (r) => body(r).hostingType === "SELF_HOSTED_MACHINE",
  ],
  [
    "events same start and end (inclusive)",
    (c) => c.admin.usage.events({ startDate: DAY, endDate: DAY }),
    (r) => body(r).startDate === DAY && body(r).endDate === DAY,
  ],
  [
    "daily one-day range",
    (c) => c.admin.usage.daily({ startDate: 0, endDate: DAY - 1 }),
    (r) => r.length === 1 && body(r).page === undefined,
  ],
  [
    "daily with pageSize sends page too",
    (c) => c.admin.usage.daily({ startDate: 0, endDate: DAY - 1, pageSize: 5 }),
    (r) => body(r).page === 1 && body(r).pageSize === 5,
  ],
  [
    "spend each sortBy",
    (c) => c.admin.spend.list({ sortBy: "user", sortDirection: "asc" }),
    (r) => body(r).sortBy === "user",
  ],
  [
    "limit 0 sets $0",
    (c) => c.admin.spendLimits.set({ userEmail: "a@example.com", spendLimitDollars: 0 }),
    (r) => body(r).spendLimitDollars === 0,
  ],
  [
    "limit null removes",
    (c) => c.admin.spendLimits.set({ userEmail: "a@example.com", spendLimitDollars: null }),
    (r) => body(r).spendLimitDollars === null,
  ],
  [
    "bulk limits 100 in one request",
    (c) => c.admin.spendLimits.setMany(emails(100).map((userEmail) => ({ userEmail, spendLimitDollars: null }))),
    (r) => r.length === 1,
  ],
  [
    "bulk limits 101 in two requests",
    (c) => c.admin.spendLimits.setMany(emails(101).map((userEmail) => ({ userEmail, spendLimitDollars: 1 }))),
    (r) => r.length === 2,
  ],
  [
    "remove by user_ id",
    (c) => c.admin.members.remove({ userId: "user_abc" }),
    (r) => body(r).userId === "user_abc" && !("email" in body(r)),
  ],
  [
    "remove by email",
    (c) => c.admin.members.remove({ email: "a@example.com" }),
    (r) => body(r).email === "a@example.com",
  ],
  [
    "blocklist empty patterns list",
    (c) => c.admin.repoBlocklists.upsert([{ url: "https://h/r", patterns: ["*", "**/*.secret"] }]),
    (r) => r.length === 1,
  ],
  [
    "dir group pageSize 500 clamped to 200",
    (c) => c.admin.directoryGroups.list({ pageSize: 500 }),
    (r) => query(r, "pageSize") === "200",
  ],
  [
    "dir group members pageSize 201 clamped",
    (c) => c.admin.directoryGroups.members("team_group_1", { pageSize: 201 }),
    (r) => query(r, "pageSize") === "200",
  ],
  [
    "dir group limit 0",
    (c) => c.admin.directoryGroups.update("team_group_1", { monthlySpendingLimitDollars: 0 }),
    (r) => body(r).monthlySpendingLimitDollars === 0,
  ],
  [
    "dir group limit max",
    (c) => c.admin.directoryGroups.update("team_group_1", { monthlySpendingLimitDollars: 2147483647 }),
    (r) => body(r).monthlySpendingLimitDollars === 2147483647,
  ],
  [
    "dir group clear alone",
    (c) => c.admin.directoryGroups.update("team_group_1", { clearMonthlySpendingLimitDollars: true }),
    (r) => body(r).clearMonthlySpendingLimitDollars === true,
  ],
  [
    "dir group 100 ids one call",
    (c) => c.admin.directoryGroups.addMembers("team_group_1", ids("user_", 100)),
    (r) => r.length === 1,
  ],
  [
    "dir group 250 ids three calls",
    (c) => c.admin.directoryGroups.removeMembers("team_group_1", ids("user_", 250)),
    (r) => r.length === 3,
  ],
  ["billing default cycle", (c) => c.admin.billingGroups.list(), (r) => !r[0]?.query.has("billingCycle")],
  [
    "billing cycle date",
    (c) => c.admin.billingGroups.get("group_1", { billingCycle: "2026-01-31" }),
    (r) => query(r, "billingCycle") === "2026-01-31",
  ],
  [
    "billing detach with null",
    (c) => c.admin.billingGroups.update("group_1", { directoryGroupId: null }),
    (r) => body(r).directoryGroupId === null,
  ],
  [
    "billing type BILLING",
    (c) => c.admin.billingGroups.create({ name: "n", type: "BILLING" }),
    (r) => body(r).type === "BILLING",
  ],
  [
    "config unrestricted",
    (c) => c.admin.modelAccess.set({ state: "unrestricted" }),
    (r) => body(r).state === "unrestricted",
  ],
  [
    "config both defaults",
    (c) => c.admin.modelAccess.set({ newProviderDefault: "disabled", newModelDefault: "enabled" }),
    (r) => body(r).newModelDefault === "enabled",
  ],
  [
    "model null settings",
    (c) =>
      c.admin.modelAccess.setModel("p", "m", {
        enabled: true,
        parameters: { a: { allowedValues: null, defaultValue: null } },
      }),
    (r) => r.length === 1,
  ],
  [
    "model provider id with slash",
    (c) => c.admin.modelAccess.setProvider("org/provider", false),
    (r) => r.length === 1,
  ],
  [
    "capabilities nulls",
    (c) => c.admin.assistantBot.capabilities.update({ templateSharing: null, localExecution: null }),
    (r) => body(r).templateSharing === null && body(r).localExecution === null,
  ],
  [
    "auto-review 20 distinct after trim/dedupe",
    (c) =>
      c.admin.assistantBot.autoReview.set({
        enforced: false,
        rules: { allow: [...ids("r", 20), "r0", " r1 "], block: [] },
      }),
    (r) => r.length === 1,
  ],
  [
    "auto-review 1000 chars after trim",
    (c) =>
      c.admin.assistantBot.autoReview.set({ enforced: false, rules: { allow: [` ${"x".repeat(1000)} `], block: [] } }),
    (r) => r.length === 1,
  ],
  ["auto-review empty lists", (c) => c.admin.assistantBot.autoReview.set(okAccess), (r) => r.length === 1],
  [
    "access 100 distinct plus a duplicate",
    (c) => c.admin.assistantBot.access.set({ mode: "limited", groupIds: [...ids("group_", 100), "group_0"] }),
    (r) => r.length === 1,
  ],
  ["access all", (c) => c.admin.assistantBot.access.set({ mode: "all" }), (r) => !("groupIds" in body(r))],
  [
    "network entries",
    (c) =>
      c.admin.assistantBot.network.set({
        egressMode: "network_settings_only",
        allowlist: ["*.example.com", "10.0.0.0/8", "api.example.com:443", "[2001:db8::1]:443"],
        locked: true,
      }),
    (r) => (body(r).allowlist as unknown[]).length === 4,
  ],
  [
    "team rules limit 100",
    (c) => c.admin.assistantBot.teamRules.list({ limit: 100 }),
    (r) => query(r, "limit") === "100",
  ],
  [
    "manifests limit 1",
    (c) => c.admin.assistantBot.setupManifests.list({ limit: 1 }),
    (r) => query(r, "limit") === "1",
  ],
  [
    "manifest id with dot underscore hyphen",
    (c) =>
      c.admin.assistantBot.setupManifests.put("node-setup_v2.1", {
        scripts: [{ id: "a.b_c-d", setup: "x", check: "y" }],
      }),
    (r) => r[0]?.path === "/assistant-bot/setup-manifests/node-setup_v2.1",
  ],
  [
    "org members pageSize 500 clamped",
    (c) => c.org.members.list({ pageSize: 500 }),
    (r) => query(r, "pageSize") === "200",
  ],
  [
    "sync teamIds 100, destination, string id",
    (c) =>
      c.org.teamMemberships.sync([
        { userId: 1, teamIds: numbers(100) },
        { userId: "user_x", destinationTeamId: 7 },
      ]),
    (r) => (body(r).users as unknown[]).length === 2 && body(r).organizationId === "org_1",
  ],
  [
    "sync 500 in one, 501 in two",
    (c) => c.org.teamMemberships.sync(Array.from({ length: 501 }, (_, i) => ({ userId: i, destinationTeamId: 1 }))),
    (r) => r.length === 2 && (body(r).users as unknown[]).length === 500,
  ],
  [
    "sync empty teamIds (remove from all teams)",
    (c) => c.org.teamMemberships.sync([{ userId: 1, teamIds: [] }]),
    (r) => r.length === 1,
  ],
  ["pooled carries organizationId", (c) => c.org.usage.pooled(), (r) => body(r).organizationId === "org_1"],
  [
    "org events teamIds",
    (c) => c.org.usage.events({ teamIds: [1, 2] }),
    (r) => (body(r).teamIds as number[]).length === 2,
  ],
  [
    "org daily userEmails alias",
    (c) => c.org.usage.daily({ startDate: 0, endDate: DAY - 1, userEmails: ["a@example.com"] } as never),
    (r) => Array.isArray(body(r).userEmails),
  ],
  [
    "org spend spendCents desc",
    (c) => c.org.spend.list({ sortBy: "spendCents", sortDirection: "desc" }),
    (r) => body(r).sortBy === "spendCents",
  ],
  [
    "org model list teamIds comma-separated",
    (c) => c.org.modelAccess.list({ teamIds: [1, 2] }),
    (r) => query(r, "teamIds") === "1,2",
  ],
  [
    "org bulk 100 one request",
    (c) => c.org.modelAccess.setMany(numbers(100), { state: "unrestricted" }),
    (r) => r.length === 1,
  ],
  [
    "org bulk 101 two requests",
    (c) => c.org.modelAccess.setProviderMany(numbers(101), "p", true),
    (r) => r.length === 2,
  ],
  [
    "org bulk model with parameters",
    (c) => c.org.modelAccess.setModelMany([1], "p", "m", { enabled: true, parameters: { a: { defaultValue: "x" } } }),
    (r) => r.length === 1,
  ],
  ["org groups blank name lists all", (c) => c.org.groups.list({ name: "" }), (r) => r.length === 1],
  [
    "org group g_ id",
    (c) => c.org.groups.update("g_1", { clearMonthlySpendingLimitDollars: true }),
    (r) => r[0]?.path === "/organizations/groups/g_1",
  ],
];
