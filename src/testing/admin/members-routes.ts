import { reply } from "../responses.js";
import { type AdminContext, type AdminHandlers, teamOf } from "./context.js";
import { AdminFailure, badRequest } from "./failures.js";
import { billingCycleOf } from "./hash.js";
import { activeMembers, memberView, recordAudit, type TeamMemberRecord } from "./state.js";
import { elapsedDays, memberCycleSpend } from "./usage-data.js";

// GET /teams/members and POST /teams/remove-member. Remove-member answers failures as `{error}`.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Team Admin API (team key))

/** Owners and free owners administer the team. */
export const isAdminRole = (role: string): boolean => role === "owner" || role === "free-owner";
/** A free owner's seat is not paid; every other role is. */
export const isPaidRole = (role: string): boolean => role !== "free-owner";

// The body passed the operation's schema (exactly one of a user_ id or an email) before the handler runs.
function findRemovable(context: AdminContext): TeamMemberRecord {
  const body = context.input.body as { userId?: string; email?: string };
  const hasId = typeof body.userId === "string";
  const token = (hasId ? body.userId : body.email) ?? "";
  const wanted = token.trim().toLowerCase();
  const member = activeMembers(teamOf(context)).find((m) =>
    hasId ? m.person.userId === token.trim() : m.person.email.toLowerCase() === wanted,
  );
  if (!member) throw new AdminFailure(404, "User is not a member of the team.", "error");
  return member;
}

function removeMember(context: AdminContext) {
  const team = teamOf(context);
  const member = findRemovable(context);
  const others = activeMembers(team).filter((m) => m !== member);
  if (isAdminRole(member.role) && !others.some((m) => isAdminRole(m.role)))
    throw badRequest("Cannot remove the last admin (owner or free-owner) of the team.", "error");
  if (isPaidRole(member.role) && !others.some((m) => isPaidRole(m.role)))
    throw badRequest("Cannot remove the last paid member of the team.", "error");
  const cycle = billingCycleOf(context.now);
  const days = elapsedDays(cycle.start, cycle.end, context.now, context.state.activityStart);
  const hasBillingCycleUsage = memberCycleSpend(team, member, days).overallSpendCents > 0;
  member.isRemoved = true;
  member.removedAt = context.now;
  for (const group of team.directoryGroups.groups) group.members.delete(member.person.id);
  for (const stint of team.billingMemberships)
    if (stint.personId === member.person.id && stint.leftAt === null) stint.leftAt = context.now;
  recordAudit(context.state, team, context.now, "remove_user", { removedUserId: member.person.userId });
  return reply({ success: true, userId: member.person.userId, hasBillingCycleUsage });
}

/** Team member routes. */
export const membersHandlers: AdminHandlers = {
  "members.list": (context) => reply({ teamMembers: teamOf(context).members.map(memberView) }),
  "members.remove": removeMember,
};
