import { requestObject } from "../../core/arguments.js";
import type { CallOptions } from "../../core/options.js";
import { type AdminContext, adminCall, adminSend } from "../admin-context.js";
import { toQuery } from "../admin-lists.js";
import { type DateInput, splitRange, toEpochMs } from "../date-ranges.js";
import type { AuditLogsResponse } from "../schemas/index.js";
import {
  type AuditLogEvent,
  AuditLogsResponseSchema,
  BlocklistsResponseSchema,
  ListMembersResponseSchema,
  RemoveMemberResponseSchema,
} from "../schemas/index.js";
import { PAGE_SIZE_LIMITS } from "../schemas/requests-pagination.js";
import type { RemoveMemberParams } from "../schemas/requests-team.js";
import { assertAuditLogsQuery, assertBlocklistRepoId, assertBlocklistUpsert, assertRemoveMember } from "../validate.js";
import { WindowedList } from "../windowed-list.js";

/** Team members: list and remove. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export class MembersResource {
  readonly #context: AdminContext;
  constructor(context: AdminContext) {
    this.#context = context;
  }

  /** Every member of the team (`{ teamMembers }`). */
  list(options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "listMembers",
      operation: "members.list",
      schema: ListMembersResponseSchema,
      options,
    }));
  }

  /** Removes a member by exactly one of `userId` (user_ id) or `email`. Enterprise only; not retried when ambiguous. */
  remove(params: RemoveMemberParams, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "removeMember",
      operation: "members.remove",
      body: assertRemoveMember(params, "members.remove"),
      schema: RemoveMemberResponseSchema,
      options,
    }));
  }
}

/** Parameters of {@link AuditLogsResource.list}; ranges longer than 30 days are split for you. */
export interface AuditLogsParams {
  startTime: DateInput;
  endTime: DateInput;
  eventTypes?: string[] | string | undefined;
  users?: string[] | string | undefined;
  search?: string | undefined;
  pageSize?: number | undefined;
}

/** The team's audit log. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export class AuditLogsResource {
  readonly #context: AdminContext;
  constructor(context: AdminContext) {
    this.#context = context;
  }

  /**
   * Audit events between `startTime` and `endTime` (epoch ms, ISO string or Date), any length: split
   * into ≤ 30-day windows, each paged, in order. `await` → first page; `for await` → every event.
   */
  list(params: AuditLogsParams, options?: CallOptions): WindowedList<AuditLogEvent, AuditLogsResponse> {
    params = requestObject(params, "params", "auditLogs.list", true);
    const fields = { start: "startTime", end: "endTime" };
    return new WindowedList(
      () => splitRange(toEpochMs(params.startTime, "startTime"), toEpochMs(params.endTime, "endTime"), 30, fields),
      (window) => {
        const base = {
          eventTypes: params.eventTypes,
          users: params.users,
          search: params.search,
          startTime: window.start,
          endTime: window.end,
        };
        return {
          pageSize: params.pageSize,
          defaultPageSize: PAGE_SIZE_LIMITS.listAuditLogs?.defaultSize ?? 100,
          itemsOf: (page: AuditLogsResponse) => page.events,
          fetchPage: (page: number, pageSize: number) => {
            const query = toQuery({ ...base, page, pageSize });
            assertAuditLogsQuery(query, "auditLogs.list");
            return adminSend(this.#context, {
              route: "listAuditLogs",
              operation: "auditLogs.list",
              query,
              schema: AuditLogsResponseSchema,
              options,
            });
          },
        };
      },
    );
  }
}

/** Repository blocklists. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export class RepoBlocklistsResource {
  readonly #context: AdminContext;
  constructor(context: AdminContext) {
    this.#context = context;
  }

  /** Every blocklist entry (`{ repos }`). */
  list(options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "listBlocklists",
      operation: "repoBlocklists.list",
      schema: BlocklistsResponseSchema,
      options,
    }));
  }

  /** Replaces the patterns of the listed repositories only. */
  upsert(repos: Array<{ url: string; patterns: string[] }>, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "upsertBlocklists",
      operation: "repoBlocklists.upsert",
      body: assertBlocklistUpsert({ repos }, "repoBlocklists.upsert"),
      schema: BlocklistsResponseSchema,
      options,
    }));
  }

  /** Deletes one entry. */
  delete(repoId: string, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "deleteBlocklist",
      operation: "repoBlocklists.delete",
      pathParams: { repoId: assertBlocklistRepoId(repoId, "repoBlocklists.delete") },
      schema: undefined,
      options,
    }));
  }
}
