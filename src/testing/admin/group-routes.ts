import { reply } from "../responses.js";
import { type AdminContext, type AdminHandler, type AdminHandlers, organizationOf, teamOf } from "./context.js";
import { badRequest, notFound } from "./failures.js";
import { type GroupRecord, GroupStore, groupView, readGroupPatch } from "./group-store.js";
import { pageOf, pagination, slicePage } from "./paging.js";
import { activeMember, groupMemberView, type Person, recordAudit } from "./state.js";

// Team directory groups (/teams/directory-groups, team_group_ ids) and organization groups
// (/organizations/groups, g_ ids; grp_ public ids are refused): one set of rules over two scopes.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Team directory group)

interface GroupScope {
  store: GroupStore;
  /** "team" or "organization", for messages. */
  label: string;
  /** Whether a person may join a group of this scope. */
  eligible(person: Person): boolean;
  /** Records an audit event (team groups only). */
  audit(context: AdminContext, eventType: string, data: Record<string, unknown>): void;
}

function teamScope(context: AdminContext): GroupScope {
  const team = teamOf(context);
  return {
    store: team.directoryGroups,
    label: "team",
    eligible: (person) => activeMember(team, person.id) !== undefined,
    audit: (ctx, eventType, data) => recordAudit(ctx.state, team, ctx.now, eventType, data),
  };
}

// A key of another (empty) organization sees no groups; writes go to a throwaway store.
const EMPTY_ORGANIZATION_GROUPS = (): GroupStore => new GroupStore("g_", (prefix) => `${prefix}0`);

function organizationScope(context: AdminContext): GroupScope {
  const organization = organizationOf(context);
  return {
    store: organization?.groups ?? EMPTY_ORGANIZATION_GROUPS(),
    label: "organization",
    eligible: (person) => organization !== undefined && person.inOrganization,
    audit: () => {},
  };
}

function requireGroup(scope: GroupScope, context: AdminContext): GroupRecord {
  const id = context.params.groupId ?? "";
  const group = scope.store.get(id);
  if (!group) throw notFound(`No group ${id} in this ${scope.label}.`);
  return group;
}

function members(context: AdminContext, userIds: readonly string[], scope: GroupScope): Person[] {
  return userIds.map((userId) => {
    const person = context.state.peopleByUserId.get(userId);
    if (!person || !scope.eligible(person)) throw badRequest(`${userId} is not a member of this ${scope.label}.`);
    return person;
  });
}

/** `userIds` as the schema accepted them (user_ ids, at most 100), each once. */
const userIdsOf = (context: AdminContext) => [...new Set(context.input.body.userIds as string[])];

type GroupOperation = "list" | "get" | "create" | "update" | "delete" | "listMembers" | "addMembers" | "removeMembers";

function handlers(
  scopeOf: (context: AdminContext) => GroupScope,
  nameFilter: boolean,
): Record<GroupOperation, AdminHandler> {
  return {
    list(context) {
      const scope = scopeOf(context);
      const { page, pageSize } = pageOf(context.name, context.input.query);
      const name = nameFilter ? ((context.input.query.name as string | undefined)?.trim() ?? "") : "";
      const groups = scope.store.groups.filter((g) => name === "" || g.name === name);
      return reply({
        groups: slicePage(groups, page, pageSize).map(groupView),
        pagination: pagination(groups.length, page, pageSize),
      });
    },
    get: (context) => reply({ group: groupView(requireGroup(scopeOf(context), context)) }),
    create(context) {
      const scope = scopeOf(context);
      const group = scope.store.create(context.input.body.name as string, context.now);
      scope.audit(context, "create_directory_group", { groupId: group.id, name: group.name });
      return reply({ group: groupView(group) }, 201);
    },
    update(context) {
      const scope = scopeOf(context);
      const group = requireGroup(scope, context);
      const patch = readGroupPatch(context.input.body);
      scope.store.update(group, patch, context.now);
      scope.audit(context, "update_directory_group", { groupId: group.id, ...patch });
      return reply({ group: groupView(group) });
    },
    delete(context) {
      const scope = scopeOf(context);
      const group = requireGroup(scope, context);
      scope.store.delete(group);
      scope.audit(context, "delete_directory_group", { groupId: group.id, name: group.name });
      return { status: 204 };
    },
    listMembers(context) {
      const scope = scopeOf(context);
      const group = requireGroup(scope, context);
      const { page, pageSize } = pageOf(context.name, context.input.query);
      const all = [...group.members].flatMap(([personId, joinedAt]) => {
        const person = context.state.peopleById.get(personId);
        return person ? [groupMemberView(person, joinedAt)] : [];
      });
      return reply({ members: slicePage(all, page, pageSize), pagination: pagination(all.length, page, pageSize) });
    },
    addMembers(context) {
      const scope = scopeOf(context);
      const group = requireGroup(scope, context);
      const people = members(context, userIdsOf(context), scope);
      const added = people.filter((person) => !group.members.has(person.id));
      for (const person of added) group.members.set(person.id, context.now);
      if (added.length > 0) {
        group.updatedAt = context.now;
        scope.audit(context, "add_user_to_directory_group", { groupId: group.id, userIds: added.map((p) => p.userId) });
      }
      return reply({ addedCount: added.length });
    },
    removeMembers(context) {
      const scope = scopeOf(context);
      const group = requireGroup(scope, context);
      const userIds = userIdsOf(context);
      const removed = userIds.filter((userId) => {
        const person = context.state.peopleByUserId.get(userId);
        return person !== undefined && group.members.delete(person.id);
      });
      if (removed.length > 0) {
        group.updatedAt = context.now;
        scope.audit(context, "remove_user_from_directory_group", { groupId: group.id, userIds: removed });
      }
      return reply({ removedCount: removed.length });
    },
  };
}

const team = handlers(teamScope, false);
const organization = handlers(organizationScope, true);

/** Team directory group and organization group routes. */
export const groupHandlers: AdminHandlers = {
  "directoryGroups.list": team.list,
  "directoryGroups.get": team.get,
  "directoryGroups.create": team.create,
  "directoryGroups.update": team.update,
  "directoryGroups.delete": team.delete,
  "directoryGroups.members": team.listMembers,
  "directoryGroups.addMembers": team.addMembers,
  "directoryGroups.removeMembers": team.removeMembers,
  "org.groups.list": organization.list,
  "org.groups.get": organization.get,
  "org.groups.create": organization.create,
  "org.groups.update": organization.update,
  "org.groups.delete": organization.delete,
  "org.groups.members": organization.listMembers,
  "org.groups.addMembers": organization.addMembers,
  "org.groups.removeMembers": organization.removeMembers,
};
