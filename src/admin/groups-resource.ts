import { requestObject } from "../core/arguments.js";
import { callOperation, type OperationOutput, sendOperation } from "../core/operation.js";
import type { CallOptions } from "../core/options.js";
import { requireSegment } from "../core/paths.js";
import { checkRequest } from "../core/schema.js";
import { pagedList } from "./admin-lists.js";
import type { AdminContext } from "./admin-policy.js";
import { AdminResource } from "./admin-resource.js";
import { type ChunkErrorMode, type ChunkedReport, runChunked } from "./bulk.js";
import type { ADMIN_OPERATIONS } from "./operations.js";
import { ADMIN_LIMITS } from "./schemas/constants.js";
import type { GroupMember } from "./schemas/index.js";
import type { GroupUpdateParams } from "./schemas/requests-groups.js";

/** The operations of one group family (team directory groups or organization groups), by verb. */
const FAMILIES = {
  directoryGroups: {
    list: "directoryGroups.list",
    get: "directoryGroups.get",
    create: "directoryGroups.create",
    update: "directoryGroups.update",
    delete: "directoryGroups.delete",
    members: "directoryGroups.members",
    add: "directoryGroups.addMembers",
    remove: "directoryGroups.removeMembers",
  },
  groups: {
    list: "org.groups.list",
    get: "org.groups.get",
    create: "org.groups.create",
    update: "org.groups.update",
    delete: "org.groups.delete",
    members: "org.groups.members",
    add: "org.groups.addMembers",
    remove: "org.groups.removeMembers",
  },
} as const;

type Family = (typeof FAMILIES)[keyof typeof FAMILIES];
type GroupOf<F extends Family> = OperationOutput<(typeof ADMIN_OPERATIONS)[F["get"]]>["group"];

/** What a chunked member change did: the total count and the chunk report (for `retryFailed`). */
export interface GroupMembersChange {
  count: number;
  report: ChunkedReport<string, number, number>;
}

/**
 * Team directory groups (`team_group_` ids) or organization groups (`g_` ids): the two families share
 * their shape and rules, and never accept each other's ids. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints)
 */
export class GroupsResource<F extends Family = Family> extends AdminResource {
  readonly #family: F;

  constructor(context: AdminContext, family: F) {
    super(context);
    this.#family = family;
  }

  /** Groups, paged (pageSize above 200 is clamped, as the server does). Organization groups filter by exact `name`. */
  list(params: { pageSize?: number; name?: string } = {}, options?: CallOptions) {
    params = requestObject(params, "params", `${this.#family.list}`);
    const { pageSize, ...filters } = params;
    return pagedList(this.context, this.#family.list as Family["list"], {
      itemsOf: (page) => page.groups as ReadonlyArray<GroupOf<F>>,
      placement: "query",
      params: filters,
      pageSize,
      options,
    });
  }

  /** One group. */
  get(groupId: string, options?: CallOptions) {
    return callOperation(this.context, this.#family.get as F["get"], { params: { groupId }, options });
  }

  /** Creates a group (manual membership only). Not retried when ambiguous. */
  create(body: { name: string }, options?: CallOptions) {
    return callOperation(this.context, this.#family.create as F["create"], { body, options });
  }

  /** Partial update: `name`, `monthlySpendingLimitDollars` (0..2147483647) or `clearMonthlySpendingLimitDollars`. */
  update(groupId: string, patch: GroupUpdateParams, options?: CallOptions) {
    return callOperation(this.context, this.#family.update as F["update"], {
      params: { groupId },
      body: patch,
      options,
    });
  }

  /** Deletes an empty group without an active SCIM mapping. */
  delete(groupId: string, options?: CallOptions) {
    return callOperation(this.context, this.#family.delete, { params: { groupId }, options });
  }

  /** A group's members, paged. */
  members(groupId: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    params = requestObject(params, "params", this.#family.members);
    return pagedList(this.context, this.#family.members as Family["members"], {
      pathParams: { groupId },
      itemsOf: (page): readonly GroupMember[] => page.members,
      placement: "query",
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
    const name = kind === "add" ? this.#family.add : this.#family.remove;
    const operation = this.context.operations[name];
    // The id and every user id are checked up front (family and format), so no chunk is sent when any is wrong.
    requireSegment(checkRequest(operation.params, { groupId }, name).groupId, "groupId", name);
    // Anything but an array (missing, null, a proxy) is refused by the body's own check, naming `userIds`.
    if (!Array.isArray(userIds)) checkRequest(operation.body, userIds === undefined ? {} : { userIds }, name);
    for (let at = 0; at < userIds.length; at += ADMIN_LIMITS.maxGroupMemberIds) {
      checkRequest(operation.body, { userIds: userIds.slice(at, at + ADMIN_LIMITS.maxGroupMemberIds) }, name);
    }
    const report = await runChunked<string, number, number>({
      items: userIds,
      size: ADMIN_LIMITS.maxGroupMemberIds,
      onChunkError: options?.onChunkError,
      signal: options?.signal,
      redact: (text) => this.context.transport.redacted(text),
      send: async (chunk) => {
        const result = await sendOperation(this.context, name, {
          params: { groupId },
          body: { userIds: chunk },
          options,
        });
        const counts = result.data as { addedCount?: number; removedCount?: number };
        return (kind === "add" ? counts.addedCount : counts.removedCount) ?? 0;
      },
      merge: (counts) => counts.reduce((sum, n) => sum + n, 0),
    });
    return { count: report.merged, report };
  }
}

/** Team directory groups (`team_group_` ids). */
export function directoryGroups(context: AdminContext) {
  return new GroupsResource(context, FAMILIES.directoryGroups);
}

/** Organization groups (`g_` ids; `grp_` public ids are not accepted). */
export function organizationGroups(context: AdminContext) {
  return new GroupsResource(context, FAMILIES.groups);
}
