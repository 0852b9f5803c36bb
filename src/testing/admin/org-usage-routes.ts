import { reply } from "../responses.js";
import { type AdminContext, type AdminHandlers, requireOrganizationId } from "./context.js";
import { badRequest } from "./failures.js";
import { DAY_MS } from "./hash.js";
import {
  isInteger,
  isStringArray,
  type JsonObject,
  optionalString,
  readInstant,
  readPage,
  requireObject,
  slicePage,
} from "./input.js";
import { teamPoolSpend } from "./org-routes.js";
import { activeMembers, findPerson, type OrganizationState, type TeamState } from "./state.js";
import { DEFAULT_EVENTS_DAYS } from "./team-usage-routes.js";
import { dailyUsageRow, teamUsageEvents } from "./usage-data.js";
import { checkRange, MAX_RANGE_DAYS, rangeDays, usageEventsEnvelope, usersPagination } from "./usage-views.js";

// Organization usage events, daily usage and spend across linked teams; every `teamIds` entry must
// belong to the organization. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Organization API (organization key))

/** The organization and the teams a body selects (default all linked teams); 400 for a foreign team. */
function selectTeams(
  context: AdminContext,
  body: JsonObject,
): { organization?: OrganizationState; teams: TeamState[] } {
  const organization = requireOrganizationId(context, body.organizationId);
  const linked = organization?.teamIds ?? [];
  let ids = linked;
  if (body.teamIds !== undefined && body.teamIds !== null) {
    if (!Array.isArray(body.teamIds) || !body.teamIds.every(isInteger))
      throw badRequest("`teamIds` must be an array of numeric team ids.");
    const foreign = body.teamIds.find((id) => !linked.includes(id));
    if (foreign !== undefined) throw badRequest(`\`teamIds\`: team ${foreign} does not belong to this organization.`);
    ids = [...new Set(body.teamIds as number[])];
  }
  const teams = ids.flatMap((id) => context.state.teams.get(id) ?? []);
  return organization ? { organization, teams } : { teams };
}

function orgUsageEvents(context: AdminContext) {
  const body = requireObject(context.body);
  const { teams } = selectTeams(context, body);
  const end = readInstant(body.endDate, "endDate") ?? context.now;
  const start = readInstant(body.startDate, "startDate") ?? end - DEFAULT_EVENTS_DAYS * DAY_MS;
  checkRange(start, end);
  // The spec shows a default (10) but no maximum for this route; 1000 is the team route's.
  const { page, pageSize } = readPage(body, { defaultPageSize: 10 });
  const userId = body.userId;
  if (userId !== undefined && userId !== null && !isInteger(userId) && typeof userId !== "string")
    throw badRequest("`userId` must be a numeric id or a user_ id.");
  const person =
    userId === undefined || userId === null ? undefined : (findPerson(context.state, String(userId)) ?? null);
  const email = optionalString(body, "email")?.toLowerCase();
  const serviceAccountId = optionalString(body, "serviceAccountId");
  const events = teams
    .flatMap((team) => teamUsageEvents(team, start, end, context.now, context.state.activityStart))
    .filter(
      (e) =>
        (person === undefined || (person !== null && e.personId === person.id)) &&
        (email === undefined || e.userEmail.toLowerCase() === email) &&
        (serviceAccountId === undefined || e.serviceAccountId === serviceAccountId),
    )
    .sort((a, b) => b.timestamp - a.timestamp || a.teamId - b.teamId);
  return reply(usageEventsEnvelope(events, "organization", page, pageSize, { startDate: start, endDate: end }));
}

function requiredInstant(value: unknown, field: string): number {
  const at = readInstant(value, field);
  if (at === undefined) throw badRequest(`\`${field}\` is required.`);
  return at;
}

/** POST /organizations/daily-usage-data: paginated by user; each user's rows cover every selected team they are in. */
function orgDailyUsage(context: AdminContext) {
  const body = requireObject(context.body);
  const { teams } = selectTeams(context, body);
  const start = requiredInstant(body.startDate, "startDate");
  const end = requiredInstant(body.endDate, "endDate");
  checkRange(start, end, MAX_RANGE_DAYS);
  const { page, pageSize } = readPage(body, { defaultPageSize: 1000 });
  const rawEmails = body.userEmail ?? body.userEmails;
  if (rawEmails !== undefined && typeof rawEmails !== "string" && !isStringArray(rawEmails))
    throw badRequest("`userEmail` must be an email or a list of emails.");
  const emails = new Set((typeof rawEmails === "string" ? [rawEmails] : (rawEmails ?? [])).map((e) => e.toLowerCase()));
  const users = new Map<number, Array<{ team: TeamState; member: ReturnType<typeof activeMembers>[number] }>>();
  for (const team of teams)
    for (const member of activeMembers(team)) {
      if (emails.size > 0 && !emails.has(member.person.email.toLowerCase())) continue;
      users.set(member.person.id, [...(users.get(member.person.id) ?? []), { team, member }]);
    }
  const days = rangeDays(start, end, context.now);
  const data = slicePage([...users.values()], page, pageSize).flatMap((memberships) =>
    memberships.flatMap(({ team, member }) =>
      days.map((day) => {
        const { isActive: _active, ...row } = dailyUsageRow(
          team,
          member,
          day,
          context.now,
          context.state.activityStart,
        );
        return { userId: member.person.userId, teamId: team.id, ...row };
      }),
    ),
  );
  return reply({
    data,
    period: { startDate: start, endDate: end },
    pagination: usersPagination(users.size, page, pageSize),
  });
}

const ORG_SORT = ["email", "name", "spendCents"] as const;

/** POST /organizations/spend: included-pool spend per team member over the contract window. */
function orgSpend(context: AdminContext) {
  const body = requireObject(context.body);
  const { organization, teams } = selectTeams(context, body);
  const sortBy = body.sortBy ?? "email";
  const direction = body.sortDirection ?? "asc";
  if (!ORG_SORT.includes(sortBy as (typeof ORG_SORT)[number]))
    throw badRequest("`sortBy` must be email, name or spendCents.");
  if (direction !== "asc" && direction !== "desc") throw badRequest("`sortDirection` must be asc or desc.");
  const { page, pageSize } = readPage(body, { defaultPageSize: 100 });
  const rows = organization
    ? teams.flatMap((team) =>
        teamPoolSpend(context.state, organization, team.id, context.now).map(({ member, spendCents }) => ({
          userId: member.person.userId,
          teamId: team.id,
          name: member.person.name,
          email: member.person.email,
          role: member.role,
          spendCents,
        })),
      )
    : [];
  const key = sortBy as (typeof ORG_SORT)[number];
  rows.sort((a, b) => {
    const order = a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.teamId - b.teamId;
    return direction === "asc" ? order : -order;
  });
  return reply({
    teamMemberSpend: slicePage(rows, page, pageSize),
    totalMembers: rows.length,
    totalPages: Math.ceil(rows.length / pageSize),
    period: { startDate: organization?.contractStart ?? null, endDate: organization?.contractEnd ?? null },
  });
}

/** Organization usage routes. */
export const orgUsageHandlers: AdminHandlers = {
  "org.usage.events": orgUsageEvents,
  "org.usage.daily": orgDailyUsage,
  "org.spend.list": orgSpend,
};
