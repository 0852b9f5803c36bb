// The documented answers of spec/admin-api.md, one per operation, with every enum set to a value the spec does not
// list: the fixtures of adv-response-passthrough.test.ts.
import type { AdminClient, OrganizationClient } from "../../../src/admin/index.js";

type Clients = { admin: AdminClient; org: OrganizationClient };

const FUTURE = "future_value";
const PAGE = { page: 1, pageSize: 50, totalCount: 1, totalPages: 1, hasNextPage: false, hasPreviousPage: false };
const PERIOD = { startDate: 0, endDate: 1 };
const EVENTS_PAGE = { numPages: 1, currentPage: 1, pageSize: 10, hasNextPage: false, hasPreviousPage: false };
const USER_PAGE = { page: 1, pageSize: 10, totalUsers: 1, totalPages: 1, hasNextPage: false, hasPreviousPage: false };
const TIME = "2026-01-01T00:00:00Z";

const member = { id: "user_1", email: "a@example.com", name: "A", role: FUTURE, isRemoved: false };
const auditEvent = {
  event_id: "e1",
  timestamp: TIME,
  ip_address: "10.0.0.1",
  user_email: "a@example.com",
  event_type: FUTURE,
  application_type: FUTURE,
  event_data: { sand_agent_id: "bot_1" },
};
const dailyRow = {
  day: "2026-01-01",
  date: 0,
  email: "a@example.com",
  totalLinesAdded: 1,
  totalLinesDeleted: 1,
  acceptedLinesAdded: 1,
  acceptedLinesDeleted: 1,
  totalApplies: 1,
  totalAccepts: 1,
  totalRejects: 1,
  totalTabsShown: 1,
  totalTabsAccepted: 1,
  composerRequests: 1,
  chatRequests: 1,
  agentRequests: 1,
  cmdkUsages: 1,
  subscriptionIncludedReqs: 1,
  apiKeyReqs: 1,
  usageBasedReqs: 1,
  reviewbotUsages: 1,
  mostUsedModel: "m",
  applyMostUsedExtension: "ts",
  tabMostUsedExtension: "ts",
  clientVersion: "1.0",
};
const usageEvent = {
  timestamp: "1767225600000",
  userEmail: "a@example.com",
  serviceAccountId: "sa_1",
  serviceAccountName: "ci",
  cloudAgentId: "ag_1",
  automationId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
  conversationId: "c1",
  model: "m",
  kind: "Usage-based",
  maxMode: false,
  requestsCosts: 1.5,
  isTokenBasedCall: true,
  isChargeable: true,
  isHeadless: false,
  tokenUsage: {
    inputTokens: 1,
    outputTokens: 1,
    cacheWriteTokens: 0,
    cacheReadTokens: 0,
    totalCents: 0.25,
    discountPercentOff: 10,
  },
  chargedCents: 0.3,
  serviceTokenFee: 0.05,
};
const eventsEnvelope = (events: unknown[]) => ({
  totalUsageEventsCount: events.length,
  pagination: EVENTS_PAGE,
  usageEvents: events,
  period: PERIOD,
});
const dirGroup = {
  id: "team_group_1",
  name: "n",
  memberCount: 1,
  monthlySpendingLimitDollars: 5,
  createdAt: TIME,
  updatedAt: TIME,
};
const groupMember = { userId: "user_1", name: "A", email: "a@example.com", joinedAt: TIME };
const billingMember = {
  ...groupMember,
  leftAt: null,
  spendCents: 1.25,
  dailySpend: [{ date: "2026-01-01", spendCents: 1.25 }],
};
const billing = {
  id: "group_1",
  name: "n",
  type: FUTURE,
  directoryGroupId: "team_group_1",
  memberCount: 1,
  createdAt: TIME,
  updatedAt: TIME,
  spendCents: 1.25,
  currentMembers: [billingMember],
  formerMembers: [{ ...billingMember, leftAt: TIME }],
  dailySpend: [{ date: "2026-01-01", spendCents: 1.25 }],
};
const billingWrite = {
  id: "group_1",
  name: "n",
  type: FUTURE,
  directoryGroupId: null,
  memberCount: 1,
  createdAt: TIME,
  updatedAt: TIME,
  members: [groupMember],
};
const cycle = { cycleStart: TIME, cycleEnd: TIME };
const config = { teamId: 1, state: FUTURE, newProviderDefault: FUTURE, newModelDefault: FUTURE };
const parameter = {
  id: "effort",
  displayName: "Effort",
  supportedValues: ["low", "high"],
  allowedValues: ["low"],
  configuredDefaultValue: "low",
  catalogDefaultValue: "high",
};
const model = { id: "m", displayName: "M", enabled: true, parameters: [parameter] };
const providers = {
  teamId: 1,
  state: FUTURE,
  providers: [{ id: "p", displayName: "P", enabled: true, models: [model] }],
};
const capabilities = {
  enabled: true,
  cloudAgents: true,
  templateSharing: FUTURE,
  actionRecording: true,
  localExecution: FUTURE,
  localEgressAllowed: true,
};
const rule = { id: "rule_1", name: "n", content: "c", enabled: true, scope: FUTURE, createdAt: TIME, updatedAt: TIME };
const manifest = { id: "m", scripts: [{ id: "s", setup: "npm ci", check: "npm test" }] };
const orgMember = {
  userId: 1,
  email: "a@example.com",
  name: "A",
  organizationRole: FUTURE,
  teams: [{ teamId: 1, teamRole: FUTURE }],
};

/** [operation, call, documented answer (enums unknown)] — the sweep adds unknown fields everywhere. */
export type ResponseCase = [string, (c: Clients) => unknown, unknown];

export const RESPONSE_CASES: ResponseCase[] = [
  ["members.list", (c) => c.admin.members.list(), { teamMembers: [member] }],
  [
    "auditLogs.list",
    (c) => c.admin.auditLogs.list({ startTime: 0, endTime: 1 }),
    { events: [auditEvent], pagination: PAGE, params: { teamId: 1, startDate: TIME, endDate: 1 } },
  ],
  [
    "usage.daily (pageSize: raw page)",
    (c) => c.admin.request({ method: "POST", path: "/teams/daily-usage-data", body: { startDate: 0, endDate: 1 } }),
    { data: [{ ...dailyRow, userId: 1, isActive: true }], period: PERIOD, pagination: USER_PAGE },
  ],
  [
    "spend.list",
    (c) => c.admin.spend.list(),
    {
      teamMemberSpend: [
        {
          userId: "user_1",
          name: "A",
          email: "a@example.com",
          role: FUTURE,
          spendCents: 1.234,
          overallSpendCents: 2.5,
          fastPremiumRequests: 1,
          hardLimitOverrideDollars: 0,
          monthlyLimitDollars: null,
          effectivePerUserLimitDollars: 10,
        },
      ],
      subscriptionCycleStart: 0,
      totalMembers: 1,
      totalPages: 1,
    },
  ],
  ["usage.events", (c) => c.admin.usage.events(), eventsEnvelope([usageEvent])],
  [
    "spendLimits.set",
    (c) => c.admin.spendLimits.set({ userEmail: "a@example.com", spendLimitDollars: 1 }),
    { outcome: "success", message: "ok" },
  ],
  [
    "members.remove",
    (c) => c.admin.members.remove({ email: "a@example.com" }),
    { success: true, userId: "user_1", hasBillingCycleUsage: true },
  ],
  [
    "repoBlocklists.list",
    (c) => c.admin.repoBlocklists.list(),
    { repos: [{ id: "r1", url: "https://h/r", patterns: ["*"] }] },
  ],
  [
    "repoBlocklists.upsert",
    (c) => c.admin.repoBlocklists.upsert([{ url: "https://h/r", patterns: ["*"] }]),
    { repos: [{ id: "r1", url: "https://h/r", patterns: ["*"] }] },
  ],
  ["directoryGroups.list", (c) => c.admin.directoryGroups.list(), { groups: [dirGroup], pagination: PAGE }],
  ["directoryGroups.get", (c) => c.admin.directoryGroups.get("team_group_1"), { group: dirGroup }],
  ["directoryGroups.create", (c) => c.admin.directoryGroups.create({ name: "n" }), { group: dirGroup }],
  ["directoryGroups.update", (c) => c.admin.directoryGroups.update("team_group_1", { name: "n" }), { group: dirGroup }],
  [
    "directoryGroups.members",
    (c) => c.admin.directoryGroups.members("team_group_1"),
    { members: [groupMember], pagination: PAGE },
  ],
  [
    "billingGroups.list",
    (c) => c.admin.billingGroups.list(),
    { groups: [billing], unassignedGroup: { ...billing, id: "group_unassigned" }, billingCycle: cycle },
  ],
  ["billingGroups.get", (c) => c.admin.billingGroups.get("group_1"), { group: billing, billingCycle: cycle }],
  ["billingGroups.create", (c) => c.admin.billingGroups.create({ name: "n" }), { group: billingWrite }],
  ["billingGroups.update", (c) => c.admin.billingGroups.update("group_1", { name: "n" }), { group: billingWrite }],
  ["billingGroups.addMembers", (c) => c.admin.billingGroups.addMembers("group_1", ["user_1"]), { group: billingWrite }],
  [
    "billingGroups.removeMembers",
    (c) => c.admin.billingGroups.removeMembers("group_1", ["user_1"]),
    { group: billingWrite },
  ],
  ["modelAccess.get", (c) => c.admin.modelAccess.get(), config],
  ["modelAccess.set", (c) => c.admin.modelAccess.set({ state: "unrestricted" }), config],
  ["modelAccess.providers", (c) => c.admin.modelAccess.providers(), providers],
  ["modelAccess.models", (c) => c.admin.modelAccess.models("p"), { teamId: 1, state: FUTURE, models: [model] }],
  ["assistantBot.capabilities.get", (c) => c.admin.assistantBot.capabilities.get(), capabilities],
  [
    "assistantBot.capabilities.update",
    (c) => c.admin.assistantBot.capabilities.update({ cloudAgents: true }),
    capabilities,
  ],
  [
    "assistantBot.autoReview.get",
    (c) => c.admin.assistantBot.autoReview.get(),
    { enforced: true, rules: { allow: ["a"], block: ["b"] } },
  ],
  [
    "assistantBot.access.get",
    (c) => c.admin.assistantBot.access.get(),
    { mode: FUTURE, groups: [{ id: "group_1", name: "n" }] },
  ],
  [
    "assistantBot.network.get",
    (c) => c.admin.assistantBot.network.get(),
    { egressMode: FUTURE, allowlist: ["*.example.com"], locked: true },
  ],
  [
    "assistantBot.teamRules.list (page)",
    (c) => c.admin.assistantBot.teamRules.list(),
    { teamRules: [rule], nextCursor: null },
  ],
  [
    "assistantBot.teamRules.create",
    (c) => c.admin.assistantBot.teamRules.create({ name: "n", content: "c", enabled: true }),
    { teamRule: rule },
  ],
  [
    "assistantBot.teamRules.update",
    (c) => c.admin.assistantBot.teamRules.update("rule_1", { enabled: false }),
    { teamRule: rule },
  ],
  [
    "assistantBot.setupManifests.list (page)",
    (c) => c.admin.assistantBot.setupManifests.list(),
    { manifests: [manifest], nextCursor: null },
  ],
  [
    "assistantBot.setupManifests.put",
    (c) => c.admin.assistantBot.setupManifests.put("m", { scripts: [{ id: "s", setup: "x" }] }),
    { manifest },
  ],
  ["org.members.list", (c) => c.org.members.list(), { members: [orgMember], pagination: PAGE }],
  [
    "org.teamMemberships.sync (raw)",
    (c) => c.org.request({ method: "POST", path: "/organizations/team-memberships/sync", body: {} }),
    {
      results: [{ userId: 1, teamIds: [1], destinationTeamId: 1, status: FUTURE, errorMessage: "x" }],
      successCount: 0,
      errorCount: 1,
    },
  ],
  [
    "org.usage.pooled",
    (c) => c.org.usage.pooled(),
    {
      pool: { limitCents: 100, usedCents: 10.5, remainingCents: 89.5, contractStartDate: TIME, contractEndDate: null },
      teams: [{ teamId: 1, usedCents: 10.5, budgetLimitCents: 50 }],
    },
  ],
  ["org.usage.events", (c) => c.org.usage.events(), eventsEnvelope([{ ...usageEvent, teamId: 1 }])],
  [
    "org.usage.daily (raw)",
    (c) => c.org.request({ method: "POST", path: "/organizations/daily-usage-data", body: {} }),
    { data: [{ ...dailyRow, userId: "user_1", teamId: 1 }], period: PERIOD, pagination: USER_PAGE },
  ],
  [
    "org.spend.list",
    (c) => c.org.spend.list(),
    {
      teamMemberSpend: [
        { userId: "user_1", teamId: 1, name: "A", email: "a@example.com", role: FUTURE, spendCents: 1.5 },
      ],
      totalMembers: 1,
      totalPages: 1,
      period: PERIOD,
    },
  ],
  [
    "org.modelAccess.list",
    (c) => c.org.modelAccess.list(),
    {
      teams: [
        { ...config, teamName: "T" },
        { teamId: 2, teamName: "U", errorMessage: "no control" },
      ],
      pagination: PAGE,
    },
  ],
  ["org.modelAccess.get", (c) => c.org.modelAccess.get(1), config],
  ["org.modelAccess.set", (c) => c.org.modelAccess.set(1, { state: "unrestricted" }), config],
  ["org.modelAccess.providers", (c) => c.org.modelAccess.providers(1), providers],
  [
    "org.modelAccess.setMany (raw)",
    (c) => c.org.request({ method: "PUT", path: "/organizations/teams/model-access/configuration", body: {} }),
    { results: [{ teamId: 1, status: FUTURE, errorMessage: "x" }], successCount: 0, errorCount: 1 },
  ],
  [
    "org.groups.list",
    (c) => c.org.groups.list(),
    { groups: [{ ...dirGroup, id: "g_1", publicId: "grp_1" }], pagination: PAGE },
  ],
  ["org.groups.get", (c) => c.org.groups.get("g_1"), { group: { ...dirGroup, id: "g_1", publicId: "grp_1" } }],
  ["org.groups.members", (c) => c.org.groups.members("g_1"), { members: [groupMember], pagination: PAGE }],
];
