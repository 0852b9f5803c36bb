// The documented input rules of spec/admin-api.md, as violations through the public clients (adv-input-rules.test.ts):
// shared helpers and the team routes' cases. The assistant-bot and organization cases are in adv-input-cases-bot-org.ts.
import type { AdminClient, OrganizationClient } from "../../../src/admin/index.js";

export type Clients = { admin: AdminClient; org: OrganizationClient };
/** [spec rule, field the error must name, rule token the error must carry (or a regex over the message), call] */
export type Violation = [string, string, string | RegExp, (c: Clients) => unknown];

export const DAY = 86_400_000;
export const emails = (n: number, domain = "example.com") => Array.from({ length: n }, (_, i) => `u${i}@${domain}`);
export const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
export const numbers = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** The team routes' violations (members, audit logs, usage, spend, limits, blocklists, groups, model access). */
export const TEAM_VIOLATIONS: Violation[] = [
  // GET /teams/audit-logs
  [
    "audit startTime string or number",
    "startTime",
    /startTime/,
    (c) => c.admin.auditLogs.list({ startTime: {} as never, endTime: 0 }),
  ],
  [
    "audit endTime string or number",
    "endTime",
    /endTime/,
    (c) => c.admin.auditLogs.list({ startTime: 0, endTime: "soon" }),
  ],
  ["audit range order", "endTime", /endTime/, (c) => c.admin.auditLogs.list({ startTime: 10 * DAY, endTime: 0 })],
  [
    "audit users count <= pageSize (default 100)",
    "users",
    "max_items",
    (c) => c.admin.auditLogs.list({ startTime: 0, endTime: DAY, users: emails(101) }),
  ],
  [
    "audit users count <= pageSize (given)",
    "users",
    "max_items",
    (c) => c.admin.auditLogs.list({ startTime: 0, endTime: DAY, users: emails(3), pageSize: 2 }),
  ],
  [
    "audit users as comma string counted",
    "users",
    "max_items",
    (c) => c.admin.auditLogs.list({ startTime: 0, endTime: DAY, users: emails(3).join(","), pageSize: 2 }),
  ],
  [
    "audit pageSize >= 1",
    "pageSize",
    "positive_integer",
    (c) => c.admin.auditLogs.list({ startTime: 0, endTime: DAY, pageSize: 0 }),
  ],
  [
    "audit pageSize integer",
    "pageSize",
    "positive_integer",
    (c) => c.admin.auditLogs.list({ startTime: 0, endTime: DAY, pageSize: 1.5 }),
  ],
  [
    "audit eventTypes comma list",
    "eventTypes",
    "type",
    (c) => c.admin.auditLogs.list({ startTime: 0, endTime: DAY, eventTypes: 5 as never }),
  ],
  [
    "audit search string",
    "search",
    "type",
    (c) => c.admin.auditLogs.list({ startTime: 0, endTime: DAY, search: 5 as never }),
  ],
  // POST /teams/daily-usage-data
  ["daily startDate required", "startDate", /startDate/, (c) => c.admin.usage.daily({ endDate: DAY } as never)],
  ["daily endDate required", "endDate", /endDate/, (c) => c.admin.usage.daily({ startDate: 0 } as never)],
  [
    "daily startDate epoch ms",
    "startDate",
    /startDate/,
    (c) => c.admin.usage.daily({ startDate: {} as never, endDate: DAY }),
  ],
  ["daily range order", "endDate", /endDate/, (c) => c.admin.usage.daily({ startDate: DAY, endDate: 0 })],
  [
    "daily pageSize >= 1",
    "pageSize",
    "positive_integer",
    (c) => c.admin.usage.daily({ startDate: 0, endDate: DAY, pageSize: 0 }),
  ],
  // POST /teams/filtered-usage-events
  ["events pageSize max 1000", "pageSize", "max_value", (c) => c.admin.usage.events({ pageSize: 1001 })],
  ["events pageSize >= 1", "pageSize", "positive_integer", (c) => c.admin.usage.events({ pageSize: 0 })],
  ["events hostingType enum", "hostingType", "one_of", (c) => c.admin.usage.events({ hostingType: "cloud" as never })],
  ["events userId number", "userId", "type", (c) => c.admin.usage.events({ userId: "12" as never })],
  ["events userId integer", "userId", "integer", (c) => c.admin.usage.events({ userId: 1.5 })],
  ["events range order", "endDate", /endDate/, (c) => c.admin.usage.events({ startDate: DAY, endDate: 0 })],
  ["events startDate epoch ms", "startDate", /startDate/, (c) => c.admin.usage.events({ startDate: "later" })],
  ["events email string", "email", "type", (c) => c.admin.usage.events({ email: 5 as never })],
  [
    "events serviceAccountId string",
    "serviceAccountId",
    "type",
    (c) => c.admin.usage.events({ serviceAccountId: 5 as never }),
  ],
  ["events cloudAgentId string", "cloudAgentId", "type", (c) => c.admin.usage.events({ cloudAgentId: 5 as never })],
  [
    "events automationId UUID or *",
    "automationId",
    /automationId/,
    (c) => c.admin.usage.events({ automationId: "nightly" }),
  ],
  // POST /teams/spend
  ["spend sortBy enum", "sortBy", "one_of", (c) => c.admin.spend.list({ sortBy: "name" as never })],
  ["spend sortDirection enum", "sortDirection", "one_of", (c) => c.admin.spend.list({ sortDirection: "up" as never })],
  ["spend pageSize >= 1", "pageSize", "positive_integer", (c) => c.admin.spend.list({ pageSize: 0 })],
  ["spend searchTerm string", "searchTerm", "type", (c) => c.admin.spend.list({ searchTerm: 5 as never })],
  // POST /teams/user-spend-limit
  [
    "limit userEmail required",
    "userEmail",
    "required",
    (c) => c.admin.spendLimits.set({ spendLimitDollars: 1 } as never),
  ],
  [
    "limit userEmail email",
    "userEmail",
    "email",
    (c) => c.admin.spendLimits.set({ userEmail: "nope", spendLimitDollars: 1 }),
  ],
  [
    "limit spendLimitDollars required",
    "spendLimitDollars",
    "required",
    (c) => c.admin.spendLimits.set({ userEmail: "a@example.com" } as never),
  ],
  [
    "limit spendLimitDollars integer",
    "spendLimitDollars",
    "integer",
    (c) => c.admin.spendLimits.set({ userEmail: "a@example.com", spendLimitDollars: 1.5 }),
  ],
  [
    "limit spendLimitDollars number or null",
    "spendLimitDollars",
    "type",
    (c) => c.admin.spendLimits.set({ userEmail: "a@example.com", spendLimitDollars: "10" as never }),
  ],
  // POST /teams/user-spend-limits
  [
    "bulk limits duplicate emails",
    "userEmail",
    "unique",
    (c) =>
      c.admin.spendLimits.setMany([
        { userEmail: "a@example.com", spendLimitDollars: 1 },
        { userEmail: "A@example.com", spendLimitDollars: 2 },
      ]),
  ],
  [
    "bulk limits row spendLimitDollars required",
    "spendLimitDollars",
    "required",
    (c) => c.admin.spendLimits.setMany([{ userEmail: "a@example.com" } as never]),
  ],
  [
    "bulk limits bad row in a later chunk",
    "userEmail",
    "email",
    (c) =>
      c.admin.spendLimits.setMany([
        ...emails(150).map((userEmail) => ({ userEmail, spendLimitDollars: 1 })),
        { userEmail: "x", spendLimitDollars: 1 },
      ]),
  ],
  ["bulk limits updates array", "updates", "type", (c) => c.admin.spendLimits.setMany("a@example.com" as never)],
  // POST /teams/remove-member
  ["remove: neither userId nor email", "", "exactly_one_of", (c) => c.admin.members.remove({})],
  [
    "remove: both userId and email",
    "",
    "exactly_one_of",
    (c) => c.admin.members.remove({ userId: "user_1", email: "a@example.com" }),
  ],
  ["remove: userId is a user_ id", "userId", "id_family", (c) => c.admin.members.remove({ userId: "12" })],
  ["remove: email format", "email", "email", (c) => c.admin.members.remove({ email: "bob" })],
  // repo blocklists
  ["blocklist repos array", "repos", "type", (c) => c.admin.repoBlocklists.upsert("x" as never)],
  ["blocklist url required", "url", "required", (c) => c.admin.repoBlocklists.upsert([{ patterns: ["*"] } as never])],
  [
    "blocklist patterns required",
    "patterns",
    "required",
    (c) => c.admin.repoBlocklists.upsert([{ url: "https://h/r" } as never]),
  ],
  [
    "blocklist patterns strings",
    "patterns",
    "type",
    (c) => c.admin.repoBlocklists.upsert([{ url: "https://h/r", patterns: [5 as never] }]),
  ],
  ["blocklist repoId non-empty", "repoId", /repoId/, (c) => c.admin.repoBlocklists.delete("")],
  // team directory groups
  ["dir group id: g_ refused", "groupId", "id_family", (c) => c.admin.directoryGroups.get("g_1")],
  ["dir group id: grp_ refused", "groupId", "id_family", (c) => c.admin.directoryGroups.get("grp_1")],
  [
    "dir group id: group_ refused",
    "groupId",
    "id_family",
    (c) => c.admin.directoryGroups.update("group_1", { name: "x" }),
  ],
  ["dir group id: bare prefix", "groupId", "id_format", (c) => c.admin.directoryGroups.delete("team_group_")],
  ["dir group id on members list", "groupId", "id_family", (c) => c.admin.directoryGroups.members("g_1")],
  ["dir group create name required", "name", "required", (c) => c.admin.directoryGroups.create({} as never)],
  ["dir group create name non-empty", "name", "min_length", (c) => c.admin.directoryGroups.create({ name: "" })],
  [
    "dir group update: at least one field",
    "",
    "at_least_one",
    (c) => c.admin.directoryGroups.update("team_group_1", {}),
  ],
  [
    "dir group limit >= 0",
    "monthlySpendingLimitDollars",
    "min_value",
    (c) => c.admin.directoryGroups.update("team_group_1", { monthlySpendingLimitDollars: -1 }),
  ],
  [
    "dir group limit <= 2147483647",
    "monthlySpendingLimitDollars",
    "max_value",
    (c) => c.admin.directoryGroups.update("team_group_1", { monthlySpendingLimitDollars: 2147483648 }),
  ],
  [
    "dir group limit integer",
    "monthlySpendingLimitDollars",
    "integer",
    (c) => c.admin.directoryGroups.update("team_group_1", { monthlySpendingLimitDollars: 1.5 }),
  ],
  [
    "dir group limit + clear",
    "clearMonthlySpendingLimitDollars",
    "exclusive",
    (c) =>
      c.admin.directoryGroups.update("team_group_1", {
        monthlySpendingLimitDollars: 5,
        clearMonthlySpendingLimitDollars: true,
      }),
  ],
  [
    "dir group update name non-empty",
    "name",
    "min_length",
    (c) => c.admin.directoryGroups.update("team_group_1", { name: "" }),
  ],
  [
    "dir group bulk-add user_ ids",
    "userIds",
    "id_family",
    (c) => c.admin.directoryGroups.addMembers("team_group_1", ["42"]),
  ],
  [
    "dir group bulk-remove user_ ids",
    "userIds",
    "id_family",
    (c) => c.admin.directoryGroups.removeMembers("team_group_1", ["a@example.com"]),
  ],
  [
    "dir group bulk-add userIds required",
    "userIds",
    /userIds/,
    (c) => c.admin.directoryGroups.addMembers("team_group_1", undefined as never),
  ],
  [
    "dir group bulk-remove userIds array",
    "userIds",
    /userIds/,
    (c) => c.admin.directoryGroups.removeMembers("team_group_1", null as never),
  ],
  [
    "dir group list pageSize >= 1",
    "pageSize",
    "positive_integer",
    (c) => c.admin.directoryGroups.list({ pageSize: 0 }),
  ],
  [
    "dir group members pageSize >= 1",
    "pageSize",
    "positive_integer",
    (c) => c.admin.directoryGroups.members("team_group_1", { pageSize: 0 }),
  ],
  // billing groups
  ["billing id: team_group_ refused", "groupId", "id_family", (c) => c.admin.billingGroups.get("team_group_1")],
  [
    "billing billingCycle date string",
    "billingCycle",
    /billingCycle/,
    (c) => c.admin.billingGroups.list({ billingCycle: "last month" }),
  ],
  ["billing create name required", "name", "required", (c) => c.admin.billingGroups.create({} as never)],
  [
    "billing create type BILLING",
    "type",
    "one_of",
    (c) => c.admin.billingGroups.create({ name: "n", type: "TEAM" as never }),
  ],
  [
    "billing update one field only",
    "",
    "exactly_one_of",
    (c) => c.admin.billingGroups.update("group_1", { name: "n", directoryGroupId: null }),
  ],
  ["billing update at least one", "", "exactly_one_of", (c) => c.admin.billingGroups.update("group_1", {})],
  [
    "billing directoryGroupId string or null",
    "directoryGroupId",
    "type",
    (c) => c.admin.billingGroups.update("group_1", { directoryGroupId: 5 as never }),
  ],
  [
    "billing add userIds required",
    "userIds",
    "type",
    (c) => c.admin.billingGroups.addMembers("group_1", undefined as never),
  ],
  ["billing remove id family", "groupId", "id_family", (c) => c.admin.billingGroups.removeMembers("g_1", ["user_1"])],
  // team model access
  ["config: state or both defaults", "", "exactly_one_of", (c) => c.admin.modelAccess.set({})],
  ["config: state only unrestricted", "state", "one_of", (c) => c.admin.modelAccess.set({ state: "custom" as never })],
  [
    "config: both defaults",
    "newModelDefault",
    "required",
    (c) => c.admin.modelAccess.set({ newProviderDefault: "enabled" }),
  ],
  [
    "config: state not with defaults",
    "state",
    "exclusive",
    (c) =>
      c.admin.modelAccess.set({ state: "unrestricted", newProviderDefault: "enabled", newModelDefault: "enabled" }),
  ],
  [
    "config: default enum",
    "newModelDefault",
    "one_of",
    (c) => c.admin.modelAccess.set({ newProviderDefault: "enabled", newModelDefault: "on" as never }),
  ],
  ["provider enabled boolean", "enabled", "type", (c) => c.admin.modelAccess.setProvider("openai", "true" as never)],
  ["provider non-empty", "provider", /provider/, (c) => c.admin.modelAccess.setProvider("", true)],
  ["models provider non-empty", "provider", /provider/, (c) => c.admin.modelAccess.models(" ")],
  ["model enabled required", "enabled", "required", (c) => c.admin.modelAccess.setModel("p", "m", {} as never)],
  [
    "model allowedValues non-empty",
    "allowedValues",
    "min_items",
    (c) => c.admin.modelAccess.setModel("p", "m", { enabled: true, parameters: { effort: { allowedValues: [] } } }),
  ],
  [
    "model default within allowed",
    "defaultValue",
    "default_not_allowed",
    (c) =>
      c.admin.modelAccess.setModel("p", "m", {
        enabled: true,
        parameters: { effort: { allowedValues: ["low"], defaultValue: "high" } },
      }),
  ],
  [
    "model parameters object",
    "parameters",
    "type",
    (c) => c.admin.modelAccess.setModel("p", "m", { enabled: true, parameters: [] as never }),
  ],
];
