import { reply } from "../responses.js";
import { type AdminContext, type AdminHandlers, teamOf } from "./context.js";
import { billingCycleOf, DAY_MS, hash } from "./hash.js";
import { pageOf, slicePage } from "./paging.js";
import { activeMembers, type TeamMemberRecord, type TeamState } from "./state.js";
import { dailyUsageRow, elapsedDays, memberCycleSpend, teamUsageEvents } from "./usage-data.js";
import { rangeDays, rangeOf, usageEventsEnvelope, usersPagination } from "./usage-views.js";

// The team's usage, usage events and spend. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Team Admin API (team key))

/** POST /teams/daily-usage-data: rows per member per day; paginated by user when page and pageSize are both given. */
function teamDailyUsage(context: AdminContext) {
  const team = teamOf(context);
  // The schema required both epoch dates at most 30 days apart, and `page` with `pageSize` or neither.
  const body = context.input.body as { startDate: number; endDate: number; page?: number; pageSize?: number };
  const { startDate: start, endDate: end } = body;
  const paged = body.page !== undefined;
  const members = activeMembers(team);
  const days = rangeDays(start, end, context.now);
  const { page, pageSize } = paged ? pageOf(context.name, body) : { page: 1, pageSize: members.length };
  const rows = slicePage(members, page, pageSize).flatMap((member) =>
    days.map((day) => {
      const { isActive, ...row } = dailyUsageRow(team, member, day, context.now, context.state.activityStart);
      return { userId: member.person.id, ...row, ...(paged ? { isActive } : {}) };
    }),
  );
  return reply({
    data: rows,
    period: { startDate: start, endDate: end },
    ...(paged ? { pagination: usersPagination(members.length, page, pageSize) } : {}),
  });
}

/** The filters of POST /teams/filtered-usage-events as its schema accepted them. */
interface UsageEventFilters {
  startDate?: number;
  endDate?: number;
  userId?: number;
  email?: string;
  serviceAccountId?: string;
  cloudAgentId?: string;
  automationId?: string;
  hostingType?: string;
}

/** POST /teams/filtered-usage-events: filters combine with AND. */
function teamUsageEventsRoute(context: AdminContext) {
  const team = teamOf(context);
  const body = context.input.body as UsageEventFilters;
  const { start, end } = rangeOf(context.now, body);
  const { page, pageSize } = pageOf(context.name, context.input.body);
  const { serviceAccountId, cloudAgentId, automationId, hostingType } = body;
  const email = body.email?.toLowerCase();
  const wildcard = (filter: string | undefined, value: string | undefined) =>
    filter === undefined || (filter === "*" ? value !== undefined : value === filter);
  const events = teamUsageEvents(team, start, end, context.now, context.state.activityStart).filter(
    (e) =>
      (body.userId === undefined || e.personId === body.userId) &&
      (email === undefined || e.userEmail.toLowerCase() === email) &&
      (serviceAccountId === undefined || e.serviceAccountId === serviceAccountId) &&
      wildcard(cloudAgentId, e.cloudAgentId) &&
      wildcard(automationId, e.automationId) &&
      (hostingType === undefined || e.hostingType === hostingType),
  );
  return reply(usageEventsEnvelope(events, "team", page, pageSize, { startDate: start, endDate: end }));
}

/** The effective per-user limit: an override, else the member's limit, else their directory group's. */
function effectiveLimit(team: TeamState, member: TeamMemberRecord): number | null {
  if (member.hardLimitOverrideDollars > 0) return member.hardLimitOverrideDollars;
  if (member.spendLimitDollars !== null) return member.spendLimitDollars;
  const group = team.directoryGroups.groups.find(
    (g) => g.members.has(member.person.id) && g.monthlySpendingLimitDollars !== null,
  );
  return group?.monthlySpendingLimitDollars ?? null;
}

/** POST /teams/spend: current-cycle spend per member; `date` sorts by join date (the spec does not say which date). */
function teamSpend(context: AdminContext) {
  const team = teamOf(context);
  const body = context.input.body as { sortBy?: string; sortDirection?: string; searchTerm?: string };
  const { sortBy = "date", sortDirection: direction = "desc" } = body;
  const { page, pageSize } = pageOf(context.name, context.input.body);
  const search = body.searchTerm?.trim().toLowerCase() ?? "";
  const cycle = billingCycleOf(context.now);
  const days = elapsedDays(cycle.start, cycle.end, context.now, context.state.activityStart);
  const rows = activeMembers(team)
    .filter((m) => search === "" || `${m.person.name}\n${m.person.email}`.toLowerCase().includes(search))
    .map((member) => ({ member, ...memberCycleSpend(team, member, days) }));
  const key = (row: (typeof rows)[number]): number | string =>
    sortBy === "amount" ? row.spendCents : sortBy === "date" ? row.member.joinedAt : row.member.person.name;
  rows.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const order = x < y ? -1 : x > y ? 1 : a.member.person.id - b.member.person.id;
    return direction === "asc" ? order : -order;
  });
  return reply({
    teamMemberSpend: slicePage(rows, page, pageSize).map(({ member, spendCents, overallSpendCents }) => ({
      userId: member.person.userId,
      name: member.person.name,
      email: member.person.email,
      role: member.role,
      spendCents,
      overallSpendCents,
      fastPremiumRequests: hash(team.id, member.person.id, cycle.start / DAY_MS, 12) % 500,
      hardLimitOverrideDollars: member.hardLimitOverrideDollars,
      monthlyLimitDollars: member.spendLimitDollars,
      effectivePerUserLimitDollars: effectiveLimit(team, member),
    })),
    subscriptionCycleStart: cycle.start,
    totalMembers: rows.length,
    totalPages: Math.ceil(rows.length / pageSize),
  });
}

/** Team usage and spend routes. */
export const teamUsageHandlers: AdminHandlers = {
  "usage.daily": teamDailyUsage,
  "usage.events": teamUsageEventsRoute,
  "spend.list": teamSpend,
};
