import type * as v from "valibot";
import { requestObject, requireClientContext } from "../core/arguments.js";
import type { CallOptions } from "../core/options.js";
import { requireSegment } from "../core/paths.js";
import { type AdminContext, adminCall, adminSend } from "./admin-context.js";
import { pagedList } from "./admin-lists.js";
import { type ChunkErrorMode, type ChunkedReport, runChunked } from "./bulk.js";
import type { AdminRouteName } from "./routes.js";
import { ADMIN_LIMITS } from "./schemas/constants.js";
import {
  DirectoryGroupListResponseSchema,
  DirectoryGroupResponseSchema,
  type GroupMember,
  GroupMembersAddedSchema,
  GroupMembersRemovedSchema,
  GroupMembersResponseSchema,
  OrganizationGroupListResponseSchema,
  OrganizationGroupResponseSchema,
} from "./schemas/index.js";
import type { GroupUpdateParams } from "./schemas/requests-groups.js";
import {
  assertDirectoryGroupCreate,
  assertDirectoryGroupId,
  assertDirectoryGroupUpdate,
  assertGroupMemberIds,
  assertOrgGroupCreate,
  assertOrgGroupId,
  assertOrgGroupsQuery,
  assertOrgGroupUpdate,
  assertPageQuery,
} from "./validate.js";

/** The routes and rules of one group family (team directory groups or organization groups). */
interface GroupFamily<L extends v.GenericSchema, G extends v.GenericSchema> {
  name: string;
  routes: Record<"list" | "get" | "create" | "update" | "delete" | "members" | "add" | "remove", AdminRouteName>;
  listSchema: L;
  groupSchema: G;
  assertId: (id: unknown, context: string) => string;
  assertCreate: (body: unknown, context: string) => unknown;
  assertUpdate: (body: unknown, context: string) => unknown;
  /** Checks a list query as it is sent (`page`, `pageSize`, and the family's filters). */
  assertListQuery: (query: Record<string, unknown>, context: string) => object;
}

const DIRECTORY = {
  name: "directoryGroups",
  routes: {
    list: "listDirectoryGroups",
    get: "getDirectoryGroup",
    create: "createDirectoryGroup",
    update: "updateDirectoryGroup",
    delete: "deleteDirectoryGroup",
    members: "listDirectoryGroupMembers",
    add: "addDirectoryGroupMembers",
    remove: "removeDirectoryGroupMembers",
  },
  listSchema: DirectoryGroupListResponseSchema,
  groupSchema: DirectoryGroupResponseSchema,
  assertId: (id: unknown, context: string) => assertDirectoryGroupId(id, context) as string,
  assertCreate: assertDirectoryGroupCreate,
  assertUpdate: assertDirectoryGroupUpdate,
  assertListQuery: (query: Record<string, unknown>, context: string) =>
    assertPageQuery("listDirectoryGroups", query, context),
} as const;

const ORGANIZATION = {
  name: "groups",
  routes: {
    list: "orgListGroups",
    get: "orgGetGroup",
    create: "orgCreateGroup",
    update: "orgUpdateGroup",
    delete: "orgDeleteGroup",
    members: "orgListGroupMembers",
    add: "orgAddGroupMembers",
    remove: "orgRemoveGroupMembers",
  },
  listSchema: OrganizationGroupListResponseSchema,
  groupSchema: OrganizationGroupResponseSchema,
  assertId: (id: unknown, context: string) => assertOrgGroupId(id, context) as string,
  assertCreate: assertOrgGroupCreate,
  assertUpdate: assertOrgGroupUpdate,
  assertListQuery: assertOrgGroupsQuery,
} as const;

type GroupOf<G extends v.GenericSchema> = v.InferOutput<G> extends { group: infer T } ? T : unknown;

/** What a chunked member change did: the total count and the chunk report (for `retryFailed`). */
export interface GroupMembersChange {
  count: number;
  report: ChunkedReport<string, number, number>;
}

/**
 * Team directory groups (`team_group_` ids) or organization groups (`g_` ids): the two families share
 * their shape and rules, and never accept each other's ids. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints)
 */
export class GroupsResource<L extends v.GenericSchema, G extends v.GenericSchema> {
  readonly #context: AdminContext;
  readonly #family: GroupFamily<L, G>;

  constructor(context: AdminContext, family: GroupFamily<L, G>) {
    requireClientContext(context, "GroupsResource");
    this.#context = context;
    this.#family = family;
  }

  #op(name: string): string {
    return `${this.#family.name}.${name}`;
  }

  /** Groups, paged (pageSize above 200 is clamped, as the server does). Organization groups filter by exact `name`. */
  list(params: { pageSize?: number; name?: string } = {}, options?: CallOptions) {
    params = requestObject(params, "params", this.#op("list"));
    const { pageSize, ...filters } = params;
    return pagedList(this.#context, {
      route: this.#family.routes.list,
      operation: this.#op("list"),
      schema: this.#family.listSchema,
      itemsOf: (page) => (page as { groups: unknown[] }).groups as Array<GroupOf<G>>,
      placement: "query",
      params: filters,
      check: this.#family.assertListQuery,
      pageSize,
      options,
    });
  }

  /** One group. */
  get(groupId: string, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: this.#family.routes.get,
      operation: this.#op("get"),
      pathParams: { groupId: this.#family.assertId(groupId, this.#op("get")) },
      schema: this.#family.groupSchema,
      options,
    }));
  }

  /** Creates a group (manual membership only). Not retried when ambiguous. */
  create(body: { name: string }, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: this.#family.routes.create,
      operation: this.#op("create"),
      body: this.#family.assertCreate(body, this.#op("create")),
      schema: this.#family.groupSchema,
      options,
    }));
  }

  /** Partial update: `name`, `monthlySpendingLimitDollars` (0..2147483647) or `clearMonthlySpendingLimitDollars`. */
  update(groupId: string, patch: GroupUpdateParams, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: this.#family.routes.update,
      operation: this.#op("update"),
      pathParams: { groupId: this.#family.assertId(groupId, this.#op("update")) },
      body: this.#family.assertUpdate(patch, this.#op("update")),
      schema: this.#family.groupSchema,
      options,
    }));
  }

  /** Deletes an empty group without an active SCIM mapping. */
  delete(groupId: string, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: this.#family.routes.delete,
      operation: this.#op("delete"),
      pathParams: { groupId: this.#family.assertId(groupId, this.#op("delete")) },
      schema: undefined,
      options,
    }));
  }

  /** A group's members, paged. */
  members(groupId: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return pagedList(this.#context, {
      route: this.#family.routes.members,
      operation: this.#op("members"),
      pathParams: { groupId: this.#family.assertId(groupId, this.#op("members")) },
      schema: GroupMembersResponseSchema,
      itemsOf: (page): readonly GroupMember[] => page.members,
      placement: "query",
      check: (query, operation) => assertPageQuery(this.#family.routes.members, query, operation),
      pageSize: params.pageSize,
      options,
    });
  }

  /** Adds members (`user_` ids), any number: sent 100 at a time. */
  addMembers(groupId: string, userIds: readonly string[], options?: CallOptions & { onChunkError?: ChunkErrorMode }) {
    return this.#changeMembers("add", groupId, userIds, options);
  }

  /** Removes members (`user_` ids), any number: sent 100 at a time. */
  removeMembers(
    groupId: string,
    userIds: readonly string[],
    options?: CallOptions & { onChunkError?: ChunkErrorMode },
  ) {
    return this.#changeMembers("remove", groupId, userIds, options);
  }

  async #changeMembers(
    kind: "add" | "remove",
    groupId: string,
    userIds: readonly string[],
    options?: CallOptions & { onChunkError?: ChunkErrorMode },
  ): Promise<GroupMembersChange> {
    const operation = this.#op(kind === "add" ? "addMembers" : "removeMembers");
    // The id stays in its path segment: checked here, since a chunk's failure would be reported, not thrown.
    const id = requireSegment(this.#family.assertId(groupId, operation), "groupId", operation);
    // Every id is checked up front (family and format), so no chunk is sent when any id is wrong.
    for (let at = 0; at < userIds.length; at += ADMIN_LIMITS.maxGroupMemberIds) {
      assertGroupMemberIds({ userIds: userIds.slice(at, at + ADMIN_LIMITS.maxGroupMemberIds) }, operation);
    }
    const report = await runChunked<string, number, number>({
      items: userIds,
      size: ADMIN_LIMITS.maxGroupMemberIds,
      onChunkError: options?.onChunkError,
      signal: options?.signal,
      send: async (chunk) => {
        if (kind === "add") {
          const result = await adminSend(this.#context, {
            route: this.#family.routes.add,
            operation,
            pathParams: { groupId: id },
            body: { userIds: chunk },
            schema: GroupMembersAddedSchema,
            options,
          });
          return result.data.addedCount;
        }
        const result = await adminSend(this.#context, {
          route: this.#family.routes.remove,
          operation,
          pathParams: { groupId: id },
          body: { userIds: chunk },
          schema: GroupMembersRemovedSchema,
          options,
        });
        return result.data.removedCount;
      },
      merge: (counts) => counts.reduce((sum, n) => sum + n, 0),
    });
    return { count: report.merged, report };
  }
}

/** Team directory groups (`team_group_` ids). */
export function directoryGroups(context: AdminContext) {
  return new GroupsResource(context, DIRECTORY);
}

/** Organization groups (`g_` ids; `grp_` public ids are not accepted). */
export function organizationGroups(context: AdminContext) {
  return new GroupsResource(context, ORGANIZATION);
}
