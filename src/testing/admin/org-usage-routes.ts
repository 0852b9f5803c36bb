import { reply } from "../responses.js";
import { type AdminContext, type AdminHandlers, requireOrganizationId } from "./context.js";
import { badRequest } from "./failures.js";
import { teamPoolSpend } from "./org-routes.js";
import { type JsonObject, pageOf, slicePage } from "./paging.js";
import { activeMembers, findPerson, type OrganizationState, type TeamState } from "./state.js";
import { dailyUsageRow, teamUsageEvents } from "./usage-data.js";
import { MAX_RANGE_DAYS, rangeDays, rangeOf, usageEventsEnvelope, usersPagination } from "./usage-views.js";

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
  if (Array.isArray(body.teamIds)) {
    const foreign = body.teamIds.find((id) => !linked.includes(id));
    if (foreign !== undefined) throw badRequest(`\`teamIds\`: team ${foreign} does not belong to this organization.`);
    ids = [...new Set(body.teamIds as number[])];
  }
  const teams = ids.flatMap((id) => context.state.teams.get(id) ?? []);
  return organization ? { organization, teams } : { teams };
}

function orgUsageEvents(context: AdminContext) {
  const body = context.input.body as { userId?: number | string; email?: string; serviceAccountId?: string };
  const { teams } = selectTeams(context, context.input.body);
  const { start, end } = rangeOf(context.now, context.input.body);
  const { page, pageSize } = pageOf(context.name, context.input.body);
  const { userId, serviceAccountId } = body;
  const person = userId === undefined ? undefined : (findPerson(context.state, String(userId)) ?? null);
  const email = body.email?.toLowerCase();
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

/** POST /organizations/daily-usage-data: paginated by user; each user's rows cover every selected team they are in. */
function orgDailyUsage(context: AdminContext) {
  const body = context.input.body as { userEmail?: string | string[]; userEmails?: string | string[] };
  const { teams } = selectTeams(context, context.input.body);
  const { start, end } = rangeOf(context.now, context.input.body, MAX_RANGE_DAYS);
  const { page, pageSize } = pageOf(context.name, context.input.body);
  const rawEmails = body.userEmail ?? body.userEmails;
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

/** POST /organizations/spend: included-pool spend per team member over the contract window. */
function orgSpend(context: AdminContext) {
  const { organization, teams } = selectTeams(context, context.input.body);
  const body = context.input.body as { sortBy?: "email" | "name" | "spendCents"; sortDirection?: string };
  const { sortBy: key = "email", sortDirection: direction = "asc" } = body;
  const { page, pageSize } = pageOf(context.name, context.input.body);
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
