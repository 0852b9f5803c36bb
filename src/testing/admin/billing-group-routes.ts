import { reply } from "../responses.js";
import { BillingViews, currentGroupId, cycleView, readCycle, UNASSIGNED_ID } from "./billing-groups.js";
import { type AdminContext, type AdminHandlers, teamOf } from "./context.js";
import { badRequest, notFound } from "./failures.js";
import {
  activeMember,
  type BillingGroupRecord,
  findPerson,
  type Person,
  recordAudit,
  type TeamState,
} from "./state.js";

// Billing groups (/teams/groups, group_ ids): a member is in at most one; the rest are Unassigned.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Billing group)

const groupId = (context: AdminContext): string => context.params.groupId ?? "";

function requireGroup(team: TeamState, id: string): BillingGroupRecord {
  if (id === UNASSIGNED_ID) throw badRequest("The Unassigned group is reserved and cannot be changed.");
  const group = team.billingGroups.find((g) => g.id === id);
  if (!group) throw notFound(`No billing group ${id} in this team.`);
  return group;
}

function currentViews(context: AdminContext, team: TeamState): BillingViews {
  return new BillingViews(team, readCycle(undefined, context.now), context.now, context.state.activityStart);
}

function checkName(team: TeamState, name: string, self?: BillingGroupRecord): string {
  const clean = name.trim();
  if (team.billingGroups.some((g) => g !== self && g.name.toLowerCase() === clean.toLowerCase()))
    throw badRequest(`A billing group named ${JSON.stringify(clean)} already exists.`);
  return clean;
}

function listBillingGroups(context: AdminContext) {
  const team = teamOf(context);
  const cycle = readCycle(context.input.query.billingCycle as string | undefined, context.now);
  const views = new BillingViews(team, cycle, context.now, context.state.activityStart);
  return reply({
    groups: team.billingGroups.map((group) => views.full(group)),
    unassignedGroup: views.unassigned(),
    billingCycle: cycleView(cycle),
  });
}

function getBillingGroup(context: AdminContext) {
  const team = teamOf(context);
  const id = groupId(context);
  const cycle = readCycle(context.input.query.billingCycle as string | undefined, context.now);
  const views = new BillingViews(team, cycle, context.now, context.state.activityStart, true);
  if (id === UNASSIGNED_ID) return reply({ group: views.unassigned(), billingCycle: cycleView(cycle) });
  const group = team.billingGroups.find((g) => g.id === id);
  if (!group) throw notFound(`No billing group ${id} in this team.`);
  return reply({ group: views.full(group), billingCycle: cycleView(cycle) });
}

function createBillingGroup(context: AdminContext) {
  const team = teamOf(context);
  const name = checkName(team, context.input.body.name as string);
  const group = {
    id: context.state.mint("group_"),
    name,
    directoryGroupId: null,
    createdAt: context.now,
    updatedAt: context.now,
  };
  team.billingGroups.push(group);
  recordAudit(context.state, team, context.now, "team_settings", { billingGroup: group.id, action: "created" });
  return reply({ group: currentViews(context, team).brief(group) });
}

function updateBillingGroup(context: AdminContext) {
  const team = teamOf(context);
  const group = requireGroup(team, groupId(context));
  // The schema let exactly one of the two fields through.
  const body = context.input.body as { name?: string; directoryGroupId?: string | null };
  if (body.name !== undefined) group.name = checkName(team, body.name, group);
  else {
    const target = body.directoryGroupId ?? null;
    if (target !== null && !team.directoryGroups.get(target))
      throw badRequest("`directoryGroupId` must be a team directory group id of this team, or null to detach.");
    group.directoryGroupId = target;
  }
  group.updatedAt = context.now;
  return reply({ group: currentViews(context, team).brief(group) });
}

function deleteBillingGroup(context: AdminContext) {
  const team = teamOf(context);
  const group = requireGroup(team, groupId(context));
  team.billingGroups.splice(team.billingGroups.indexOf(group), 1);
  // Retroactive: the stints go, so their history is attributed to Unassigned.
  for (let i = team.billingMemberships.length - 1; i >= 0; i--)
    if (team.billingMemberships[i]?.groupId === group.id) team.billingMemberships.splice(i, 1);
  team.bot.access.groupIds = team.bot.access.groupIds.filter((id) => id !== group.id);
  recordAudit(context.state, team, context.now, "team_settings", { billingGroup: group.id, action: "deleted" });
  return { status: 204 };
}

function teamPeople(context: AdminContext, team: TeamState): Person[] {
  const userIds = [...new Set((context.input.body.userIds as Array<string | number>).map(String))];
  return userIds.map((userId) => {
    const person = findPerson(context.state, userId);
    if (!person || !activeMember(team, person.id)) throw badRequest(`${userId} is not a member of this team.`);
    return person;
  });
}

function addBillingGroupMembers(context: AdminContext) {
  const team = teamOf(context);
  const group = requireGroup(team, groupId(context));
  const people = teamPeople(context, team);
  for (const person of people) {
    const current = currentGroupId(team, person.id);
    if (current !== undefined && current !== group.id)
      throw badRequest(`${person.userId} is already in billing group ${current}; remove them there first.`);
  }
  for (const person of people)
    if (currentGroupId(team, person.id) === undefined)
      team.billingMemberships.push({ personId: person.id, groupId: group.id, joinedAt: context.now, leftAt: null });
  group.updatedAt = context.now;
  return reply({ group: currentViews(context, team).brief(group) });
}

function removeBillingGroupMembers(context: AdminContext) {
  const team = teamOf(context);
  const group = requireGroup(team, groupId(context));
  const people = teamPeople(context, team);
  for (const stint of team.billingMemberships)
    if (stint.groupId === group.id && stint.leftAt === null && people.some((p) => p.id === stint.personId))
      stint.leftAt = context.now;
  group.updatedAt = context.now;
  return reply({ group: currentViews(context, team).brief(group) });
}

/** Billing group routes. */
export const billingGroupHandlers: AdminHandlers = {
  "billingGroups.list": listBillingGroups,
  "billingGroups.get": getBillingGroup,
  "billingGroups.create": createBillingGroup,
  "billingGroups.update": updateBillingGroup,
  "billingGroups.delete": deleteBillingGroup,
  "billingGroups.addMembers": addBillingGroupMembers,
  "billingGroups.removeMembers": removeBillingGroupMembers,
};
