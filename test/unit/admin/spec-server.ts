// An independent stand-in for the Team Admin and Organization APIs, written from spec/admin-api.md alone (it does
// not share the SDK's schemas or the fake in src/testing/admin): minimal documented 200 bodies per route, every
// request recorded, and a hook to answer a route with any body. For the adversarial sweeps (adv-*.test.ts).
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Override = (request: Recorded) => Answer | undefined;

const PAGE = { page: 1, pageSize: 50, totalCount: 0, totalPages: 1, hasNextPage: false, hasPreviousPage: false };
const PERIOD = { startDate: 0, endDate: 1 };
const EVENTS_PAGE = { numPages: 1, currentPage: 1, pageSize: 10, hasNextPage: false, hasPreviousPage: false };
const USER_PAGE = { page: 1, pageSize: 10, totalUsers: 0, totalPages: 1, hasNextPage: false, hasPreviousPage: false };
const DIR_GROUP = {
  id: "team_group_1",
  name: "n",
  memberCount: 0,
  monthlySpendingLimitDollars: null,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
};
const BILLING = {
  id: "group_1",
  name: "n",
  type: "BILLING",
  directoryGroupId: null,
  memberCount: 0,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  spendCents: 0,
  currentMembers: [],
  formerMembers: [],
  dailySpend: [],
};
const CONFIG = { teamId: 1, state: "unrestricted", newProviderDefault: null, newModelDefault: null };
const RULE = {
  id: "rule_1",
  name: "n",
  content: "c",
  enabled: true,
  scope: "assistantBot",
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
};

function bodyOf(request: Recorded): Record<string, unknown> {
  return (request.body ?? {}) as Record<string, unknown>;
}

// Method + path pattern → the documented success answer.
const ROUTES: Array<[string, RegExp, (request: Recorded) => Answer]> = [
  ["GET", /^\/teams\/members$/, () => ({ body: { teamMembers: [] } })],
  ["GET", /^\/teams\/audit-logs$/, () => ({ body: { events: [], pagination: PAGE, params: { teamId: 1 } } })],
  ["POST", /^\/teams\/daily-usage-data$/, () => ({ body: { data: [], period: PERIOD, pagination: USER_PAGE } })],
  [
    "POST",
    /^\/teams\/spend$/,
    () => ({ body: { teamMemberSpend: [], subscriptionCycleStart: 0, totalMembers: 0, totalPages: 1 } }),
  ],
  [
    "POST",
    /^\/teams\/filtered-usage-events$/,
    () => ({ body: { totalUsageEventsCount: 0, pagination: EVENTS_PAGE, usageEvents: [], period: PERIOD } }),
  ],
  ["POST", /^\/teams\/user-spend-limit$/, () => ({ body: { outcome: "success", message: "ok" } })],
  [
    "POST",
    /^\/teams\/user-spend-limits$/,
    (r) => {
      const updates = (bodyOf(r).updates ?? []) as Array<{ userEmail: string }>;
      const results = updates.map((u) => ({ userEmail: u.userEmail, status: "updated" }));
      return {
        body: {
          requestedCount: updates.length,
          updatedCount: updates.length,
          unchangedCount: 0,
          failedCount: 0,
          results,
        },
      };
    },
  ],
  [
    "POST",
    /^\/teams\/remove-member$/,
    () => ({ body: { success: true, userId: "user_1", hasBillingCycleUsage: false } }),
  ],
  ["GET", /^\/settings\/repo-blocklists\/repos$/, () => ({ body: { repos: [] } })],
  ["POST", /^\/settings\/repo-blocklists\/repos\/upsert$/, () => ({ body: { repos: [] } })],
  ["DELETE", /^\/settings\/repo-blocklists\/repos\/[^/]+$/, () => ({ status: 204 })],
  ["GET", /^\/teams\/directory-groups$/, () => ({ body: { groups: [], pagination: PAGE } })],
  ["GET", /^\/teams\/directory-groups\/[^/]+$/, () => ({ body: { group: DIR_GROUP } })],
  ["POST", /^\/teams\/directory-groups$/, () => ({ status: 201, body: { group: DIR_GROUP } })],
  ["PATCH", /^\/teams\/directory-groups\/[^/]+$/, () => ({ body: { group: DIR_GROUP } })],
  ["DELETE", /^\/teams\/directory-groups\/[^/]+$/, () => ({ status: 204 })],
  ["GET", /^\/teams\/directory-groups\/[^/]+\/members$/, () => ({ body: { members: [], pagination: PAGE } })],
  [
    "POST",
    /^\/(teams\/directory-groups|organizations\/groups)\/[^/]+\/members\/bulk-add$/,
    (r) => ({ body: { addedCount: ((bodyOf(r).userIds ?? []) as unknown[]).length } }),
  ],
  [
    "POST",
    /^\/(teams\/directory-groups|organizations\/groups)\/[^/]+\/members\/bulk-remove$/,
    (r) => ({ body: { removedCount: ((bodyOf(r).userIds ?? []) as unknown[]).length } }),
  ],
  [
    "GET",
    /^\/teams\/groups$/,
    () => ({
      body: {
        groups: [],
        unassignedGroup: { ...BILLING, id: "group_unassigned" },
        billingCycle: { cycleStart: 0, cycleEnd: 1 },
      },
    }),
  ],
  [
    "GET",
    /^\/teams\/groups\/[^/]+$/,
    () => ({ body: { group: BILLING, billingCycle: { cycleStart: 0, cycleEnd: 1 } } }),
  ],
  ["POST", /^\/teams\/groups$/, () => ({ body: { group: { ...BILLING, members: [] } } })],
  ["PATCH", /^\/teams\/groups\/[^/]+$/, () => ({ body: { group: { ...BILLING, members: [] } } })],
  ["DELETE", /^\/teams\/groups\/[^/]+$/, () => ({ status: 204 })],
  ["POST", /^\/teams\/groups\/[^/]+\/members$/, () => ({ body: { group: { ...BILLING, members: [] } } })],
  ["DELETE", /^\/teams\/groups\/[^/]+\/members$/, () => ({ body: { group: { ...BILLING, members: [] } } })],
  ["GET", /^\/teams\/model-access\/configuration$/, () => ({ body: CONFIG })],
  ["PUT", /^\/teams\/model-access\/configuration$/, () => ({ body: CONFIG })],
  ["GET", /^\/teams\/model-access\/providers$/, () => ({ body: { teamId: 1, state: "custom", providers: [] } })],
  ["PUT", /^\/teams\/model-access\/providers\/[^/]+$/, () => ({ body: {} })],
  ["GET", /^\/teams\/model-access\/providers\/[^/]+\/models$/, () => ({ body: { models: [] } })],
  ["PUT", /^\/teams\/model-access\/providers\/[^/]+\/models\/[^/]+$/, () => ({ body: {} })],
  ["POST", /^\/assistant-bot\/(enable|disable)$/, () => ({ status: 204 })],
  [
    "GET|PATCH",
    /^\/assistant-bot\/capabilities$/,
    () => ({
      body: {
        enabled: true,
        cloudAgents: true,
        templateSharing: null,
        actionRecording: false,
        localExecution: null,
        localEgressAllowed: false,
      },
    }),
  ],
  ["GET|PUT", /^\/assistant-bot\/auto-review$/, () => ({ body: { enforced: false, rules: { allow: [], block: [] } } })],
  ["GET|PUT", /^\/assistant-bot\/access$/, () => ({ body: { mode: "all", groups: [] } })],
  ["GET|PUT", /^\/assistant-bot\/network$/, () => ({ body: { egressMode: "unset", allowlist: [], locked: false } })],
  ["GET", /^\/assistant-bot\/team-rules$/, () => ({ body: { teamRules: [], nextCursor: null } })],
  ["POST", /^\/assistant-bot\/team-rules$/, () => ({ status: 201, body: { teamRule: RULE } })],
  ["PATCH", /^\/assistant-bot\/team-rules\/[^/]+$/, () => ({ body: { teamRule: RULE } })],
  ["DELETE", /^\/assistant-bot\/(team-rules|setup-manifests)\/[^/]+$/, () => ({ status: 204 })],
  ["GET", /^\/assistant-bot\/setup-manifests$/, () => ({ body: { manifests: [], nextCursor: null } })],
  ["PUT", /^\/assistant-bot\/setup-manifests\/[^/]+$/, () => ({ body: { manifest: { id: "m", scripts: [] } } })],
  ["GET", /^\/organizations\/members$/, () => ({ body: { members: [], pagination: PAGE } })],
  [
    "POST",
    /^\/organizations\/team-memberships\/sync$/,
    (r) => {
      const users = (bodyOf(r).users ?? []) as Array<Record<string, unknown>>;
      const results = users.map((u) => ({
        userId: u.userId,
        teamIds: u.teamIds ?? [u.destinationTeamId],
        status: "success",
      }));
      return { body: { results, successCount: results.length, errorCount: 0 } };
    },
  ],
  [
    "POST",
    /^\/organizations\/pooled-usage$/,
    () => ({
      body: {
        pool: { limitCents: 0, usedCents: 0, remainingCents: 0, contractStartDate: null, contractEndDate: null },
        teams: [],
      },
    }),
  ],
  [
    "POST",
    /^\/organizations\/filtered-usage-events$/,
    () => ({ body: { totalUsageEventsCount: 0, pagination: EVENTS_PAGE, usageEvents: [], period: PERIOD } }),
  ],
  [
    "POST",
    /^\/organizations\/daily-usage-data$/,
    () => ({ body: { data: [], period: PERIOD, pagination: USER_PAGE } }),
  ],
  [
    "POST",
    /^\/organizations\/spend$/,
    () => ({ body: { teamMemberSpend: [], totalMembers: 0, totalPages: 1, period: PERIOD } }),
  ],
  ["GET", /^\/organizations\/teams\/model-access\/configuration$/, () => ({ body: { teams: [], pagination: PAGE } })],
  [
    "PUT",
    /^\/organizations\/teams\/model-access\/(configuration|providers\/[^/]+(\/models\/[^/]+)?)$/,
    (r) => {
      const teamIds = (bodyOf(r).teamIds ?? []) as number[];
      const results = teamIds.map((teamId) => ({ teamId, status: "success" }));
      return { body: { results, successCount: results.length, errorCount: 0 } };
    },
  ],
  ["GET|PUT", /^\/organizations\/teams\/\d+\/model-access\/configuration$/, () => ({ body: CONFIG })],
  [
    "GET",
    /^\/organizations\/teams\/\d+\/model-access\/providers$/,
    () => ({ body: { teamId: 1, state: "custom", providers: [] } }),
  ],
  ["PUT", /^\/organizations\/teams\/\d+\/model-access\/providers\/[^/]+(\/models\/[^/]+)?$/, () => ({ body: {} })],
  ["GET", /^\/organizations\/groups$/, () => ({ body: { groups: [], pagination: PAGE } })],
  ["GET|PATCH", /^\/organizations\/groups\/[^/]+$/, () => ({ body: { group: { ...DIR_GROUP, id: "g_1" } } })],
  ["POST", /^\/organizations\/groups$/, () => ({ status: 201, body: { group: { ...DIR_GROUP, id: "g_1" } } })],
  ["DELETE", /^\/organizations\/groups\/[^/]+$/, () => ({ status: 204 })],
  ["GET", /^\/organizations\/groups\/[^/]+\/members$/, () => ({ body: { members: [], pagination: PAGE } })],
];

/** A recording fetch answering every documented route; `override` answers first when it returns something. */
export function specServer() {
  const requests: Recorded[] = [];
  let override: Override | undefined;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const recorded: Recorded = {
      method: request.method,
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
      body: text === "" ? undefined : JSON.parse(text),
      headers: request.headers,
    };
    requests.push(recorded);
    let answer = override?.(recorded);
    if (!answer) {
      const route = ROUTES.find(
        ([method, pattern]) => method.split("|").includes(request.method) && pattern.test(url.pathname),
      );
      answer = route ? route[2](recorded) : { status: 404, body: { code: "error", message: "no such route" } };
    }
    const status = answer.status ?? 200;
    const headers = { "content-type": "application/json", ...answer.headers };
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), { status, headers });
  };
  const options = {
    baseUrl: "http://admin.test",
    fetch: fetch as typeof globalThis.fetch,
    rateBudgets: false as const,
    maxRetries: 0,
    sleep: async () => {},
  };
  return {
    requests,
    fetch,
    admin: new AdminClient({ apiKey: "team-key", ...options }),
    org: new OrganizationClient({ apiKey: "org-key", organizationId: "org_1", ...options }),
    clients(extra: Record<string, unknown>) {
      return {
        admin: new AdminClient({ apiKey: "team-key", ...options, ...extra }),
        org: new OrganizationClient({ apiKey: "org-key", organizationId: "org_1", ...options, ...extra }),
      };
    },
    answer(next: Override | undefined) {
      override = next;
    },
  };
}

/** Awaits a call's result, whatever it is: a promise, a page thenable, or an async iterable (read to the end). */
export async function settle(value: unknown): Promise<unknown> {
  if (value && typeof (value as { toArray?: unknown }).toArray === "function") {
    return (value as { toArray(): Promise<unknown> }).toArray();
  }
  return await value;
}
