import { SyncEntrySchema } from "../../admin/schemas/requests-organization.js";
import { requestIssues } from "../../core/schema.js";
import { isPlainObject } from "../../core/validation.js";
import { isoTime } from "../clock.js";
import { reply } from "../responses.js";
import { type AdminContext, type AdminHandlers, organizationOf, requireOrganizationId } from "./context.js";
import { hourFloor } from "./hash.js";
import { pageOf, pagination, slicePage } from "./paging.js";
import { addMember } from "./seed.js";
import {
  type AdminState,
  activeMember,
  activeMembers,
  findPerson,
  type OrganizationState,
  type Person,
  recordAudit,
} from "./state.js";
import { organizationSpendCents } from "./usage-data.js";

// Organization members, team membership sync and pooled usage. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Organization API (organization key))

function listOrgMembers(context: AdminContext) {
  const organization = organizationOf(context);
  const { page, pageSize } = pageOf(context.name, context.input.query);
  const people = organization ? context.state.people.filter((p) => p.inOrganization) : [];
  const members = slicePage(people, page, pageSize).map((person) => ({
    userId: person.id,
    email: person.email,
    name: person.name,
    organizationRole: person.organizationRole,
    teams: (organization?.teamIds ?? []).flatMap((teamId) => {
      const team = context.state.teams.get(teamId);
      const member = team && activeMember(team, person.id);
      return member ? [{ teamId, teamRole: member.role }] : [];
    }),
  }));
  return reply({ members, pagination: pagination(people.length, page, pageSize) });
}

interface SyncRow {
  userId: unknown;
  teamIds: number[];
  destinationTeamId?: number;
  status: "success" | "error";
  errorMessage?: string;
}

function moveMember(state: AdminState, organization: OrganizationState, person: Person, target: number[], now: number) {
  for (const teamId of organization.teamIds) {
    const team = state.teams.get(teamId);
    if (!team) continue;
    const member = team.memberByPerson.get(person.id);
    const wanted = target.includes(teamId);
    if (wanted && (!member || member.isRemoved)) {
      if (member) Object.assign(member, { isRemoved: false, removedAt: undefined, joinedAt: now, role: "member" });
      else addMember(team, person, "member", now);
      recordAudit(state, team, now, "add_user", { userId: person.userId, via: "organization_sync" });
    } else if (!wanted && member && !member.isRemoved) {
      member.isRemoved = true;
      member.removedAt = now;
      for (const group of team.directoryGroups.groups) group.members.delete(person.id);
      for (const stint of team.billingMemberships)
        if (stint.personId === person.id && stint.leftAt === null) stint.leftAt = now;
      recordAudit(state, team, now, "remove_user", { userId: person.userId, via: "organization_sync" });
    }
  }
}

const wholeOrZero = (value: unknown): number => (Number.isSafeInteger(value) ? (value as number) : 0);

/**
 * One sync entry: the service answers a broken entry (its schema's issues), an unknown person or an unlinked team
 * with an error row of the 200 instead of refusing the request; a valid entry is applied.
 */
function syncEntry(context: AdminContext, organization: OrganizationState | undefined, entry: unknown): SyncRow {
  const issues = requestIssues(SyncEntrySchema, entry);
  const fields: Record<string, unknown> = isPlainObject(entry) ? entry : {};
  const validUserId = fields.userId !== undefined && !issues.some((issue) => issue.path === "userId");
  const row: SyncRow = { userId: validUserId ? fields.userId : 0, teamIds: [], status: "error" };
  if (fields.destinationTeamId !== undefined) {
    row.destinationTeamId = wholeOrZero(fields.destinationTeamId);
    row.teamIds = [row.destinationTeamId];
  } else if (Array.isArray(fields.teamIds)) row.teamIds = fields.teamIds.map(wholeOrZero);
  const fail = (errorMessage: string): SyncRow => ({ ...row, status: "error", errorMessage });
  if (issues.length > 0) return fail(issues.map((issue) => issue.message).join("; "));
  const person = findPerson(context.state, String(fields.userId));
  if (!person) return fail(`User ${String(fields.userId)} not found.`);
  if (!person.inOrganization || !organization)
    return fail(`User ${String(fields.userId)} is not a member of the organization.`);
  const unlinked = row.teamIds.find((id) => !organization.teamIds.includes(id));
  if (unlinked !== undefined) return fail(`Team ${unlinked} is not linked to the organization.`);
  moveMember(context.state, organization, person, [...new Set(row.teamIds)], context.now);
  return { ...row, status: "success" };
}

/** POST /organizations/team-memberships/sync: errors as `{error}`; per-entry failures are rows. */
function syncMemberships(context: AdminContext) {
  const { organizationId, users } = context.input.body as { organizationId: string; users: unknown[] };
  const organization = requireOrganizationId(context, organizationId, "error");
  const results = users.map((entry) => syncEntry(context, organization, entry));
  const successCount = results.filter((r) => r.status === "success").length;
  return reply({ results, successCount, errorCount: results.length - successCount });
}

/** The included-pool spend of one team so far, per active member, in fractional cents. */
export function teamPoolSpend(state: AdminState, organization: OrganizationState, teamId: number, now: number) {
  const team = state.teams.get(teamId);
  const elapsed =
    Math.min(hourFloor(now), organization.contractEnd) - Math.max(organization.contractStart, state.activityStart);
  return (team ? activeMembers(team) : []).map((member) => ({
    member,
    spendCents: organizationSpendCents(teamId, member.person.id, elapsed),
  }));
}

/** POST /organizations/pooled-usage: team usedCents (whole cents) sum exactly to pool.usedCents. */
function pooledUsage(context: AdminContext) {
  const organization = requireOrganizationId(context, context.input.body.organizationId);
  if (!organization)
    return reply({
      pool: { limitCents: 0, usedCents: 0, remainingCents: 0, contractStartDate: null, contractEndDate: null },
      teams: [],
    });
  const teams = organization.teamIds.map((teamId) => {
    const rows = teamPoolSpend(context.state, organization, teamId, context.now);
    const usedCents = Math.round(rows.reduce((total, row) => total + row.spendCents, 0));
    const budget = organization.teamBudgets.get(teamId);
    return { teamId, usedCents, ...(budget !== undefined ? { budgetLimitCents: budget } : {}) };
  });
  const usedCents = teams.reduce((total, team) => total + team.usedCents, 0);
  return reply({
    pool: {
      limitCents: organization.poolLimitCents,
      usedCents,
      remainingCents: Math.max(0, organization.poolLimitCents - usedCents),
      contractStartDate: isoTime(organization.contractStart),
      contractEndDate: isoTime(organization.contractEnd),
    },
    teams,
  });
}

/** Organization members, sync and pooled usage routes. */
export const orgHandlers: AdminHandlers = {
  "org.members.list": listOrgMembers,
  "org.teamMemberships.sync": syncMemberships,
  "org.usage.pooled": pooledUsage,
};
