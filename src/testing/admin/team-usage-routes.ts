import { reply } from "../responses.js";
import { type AdminContext, type AdminHandlers, teamOf } from "./context.js";
import { badRequest } from "./failures.js";
import { billingCycleOf, DAY_MS, hash } from "./hash.js";
import { isInteger, optionalObject, optionalString, readInstant, readPage, requireObject, slicePage } from "./input.js";
import { activeMembers, type TeamMemberRecord, type TeamState } from "./state.js";
import { dailyUsageRow, elapsedDays, HOSTING_TYPES, memberCycleSpend, teamUsageEvents } from "./usage-data.js";
import { checkRange, MAX_RANGE_DAYS, rangeDays, usageEventsEnvelope, usersPagination } from "./usage-views.js";

// The team's usage, usage events and spend. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Team Admin API (team key))

/** Without dates, the usage-events routes cover the 7 days before now (the spec does not show a default). */
export const DEFAULT_EVENTS_DAYS = 7;

function requiredEpoch(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isFinite(value))
    throw badRequest(`\`${field}\` is required: epoch milliseconds as a number.`);
  return value;
}

/** POST /teams/daily-usage-data: rows per member per day; paginated by user when page and pageSize are both given. */
function teamDailyUsage(context: AdminContext) {
  const team = teamOf(context);
  const body = requireObject(context.body);
  const start = requiredEpoch(body.startDate, "startDate");
  const end = requiredEpoch(body.endDate, "endDate");
  checkRange(start, end, MAX_RANGE_DAYS);
  const paged = body.page !== undefined || body.pageSize !== undefined;
  if (paged && (body.page === undefined || body.pageSize === undefined))
    throw badRequest("Send both `page` and `pageSize` to paginate, or neither.");
  const members = activeMembers(team);
  const days = rangeDays(start, end, context.now);
  const { page, pageSize } = paged ? readPage(body, { defaultPageSize: 100 }) : { page: 1, pageSize: members.length };
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

/** POST /teams/filtered-usage-events: filters combine with AND; unknown hostingType is a 400. */
function teamUsageEventsRoute(context: AdminContext) {
  const team = teamOf(context);
  const body = optionalObject(context.body);
  const end = readInstant(body.endDate, "endDate") ?? context.now;
  const start = readInstant(body.startDate, "startDate") ?? end - DEFAULT_EVENTS_DAYS * DAY_MS;
  checkRange(start, end);
  const { page, pageSize } = readPage(body, { defaultPageSize: 100, maxPageSize: 1000 });
  if (body.userId !== undefined && body.userId !== null && !isInteger(body.userId))
    throw badRequest("`userId` must be a numeric user id.");
  const email = optionalString(body, "email")?.toLowerCase();
  const serviceAccountId = optionalString(body, "serviceAccountId");
  const cloudAgentId = optionalString(body, "cloudAgentId");
  const automationId = optionalString(body, "automationId");
  const hostingType = optionalString(body, "hostingType");
  if (hostingType !== undefined && !(HOSTING_TYPES as readonly string[]).includes(hostingType))
    throw badRequest(`\`hostingType\` must be one of ${HOSTING_TYPES.join(", ")}.`);
  const wildcard = (filter: string | undefined, value: string | undefined) =>
    filter === undefined || (filter === "*" ? value !== undefined : value === filter);
  const events = teamUsageEvents(team, start, end, context.now, context.state.activityStart).filter(
    (e) =>
      (body.userId === undefined || body.userId === null || e.personId === body.userId) &&
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

const SORT_BY = ["amount", "date", "user"] as const;

/** POST /teams/spend: current-cycle spend per member; `date` sorts by join date (the spec does not say which date). */
function teamSpend(context: AdminContext) {
  const team = teamOf(context);
  const body = optionalObject(context.body);
  const sortBy = body.sortBy ?? "date";
  const direction = body.sortDirection ?? "desc";
  if (!SORT_BY.includes(sortBy as (typeof SORT_BY)[number])) throw badRequest("`sortBy` must be amount, date or user.");
  if (direction !== "asc" && direction !== "desc") throw badRequest("`sortDirection` must be asc or desc.");
  const { page, pageSize } = readPage(body, { defaultPageSize: 100 });
  const search = optionalString(body, "searchTerm")?.trim().toLowerCase() ?? "";
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
