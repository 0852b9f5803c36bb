import { requestObject } from "../../core/arguments.js";
import { callOperation, sendOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import { toQuery } from "../admin-lists.js";
import { AdminResource } from "../admin-resource.js";
import { type DateInput, rangeWindows, toEpochMs } from "../date-ranges.js";
import type { AuditLogEvent, AuditLogsResponse } from "../schemas/index.js";
import { PAGE_SIZE_LIMITS } from "../schemas/requests-pagination.js";
import type { RemoveMemberParams } from "../schemas/requests-team.js";
import { WindowedList } from "../windowed-list.js";

/** Team members: list and remove. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export class MembersResource extends AdminResource {
  /** Every member of the team (`{ teamMembers }`). */
  list(options?: CallOptions) {
    return callOperation(this.context, "members.list", { options });
  }

  /** Removes a member by exactly one of `userId` (user_ id) or `email`. Enterprise only; not retried when ambiguous. */
  remove(params: RemoveMemberParams, options?: CallOptions) {
    return callOperation(this.context, "members.remove", { body: params, options });
  }
}

/** Parameters of {@link AuditLogsResource.list}; ranges longer than 30 days are split for you. */
export interface AuditLogsParams {
  startTime: DateInput;
  endTime: DateInput;
  eventTypes?: string[] | string | undefined;
  /** Emails, numeric ids and user_ ids, mixed: a comma-separated string or a list. */
  users?: Array<string | number> | string | undefined;
  search?: string | undefined;
  pageSize?: number | undefined;
}

/** The team's audit log. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export class AuditLogsResource extends AdminResource {
  /**
   * Audit events between `startTime` and `endTime` (epoch ms, ISO string or Date), any length: split
   * into ≤ 30-day windows, each paged, in order. `await` → first page; `for await` → every event.
   */
  list(params: AuditLogsParams, options?: CallOptions): WindowedList<AuditLogEvent, AuditLogsResponse> {
    params = requestObject(params, "params", "auditLogs.list", true);
    const { startTime, endTime, pageSize, ...filters } = params;
    const fields = { start: "startTime", end: "endTime" };
    return new WindowedList(
      () => rangeWindows(toEpochMs(startTime, "startTime"), toEpochMs(endTime, "endTime"), 30, fields),
      (window) => ({
        pageSize,
        defaultPageSize: PAGE_SIZE_LIMITS["auditLogs.list"]?.defaultSize ?? 100,
        itemsOf: (page: AuditLogsResponse) => page.events,
        fetchPage: (page: number, size: number) => {
          const query = toQuery({ ...filters, startTime: window.start, endTime: window.end, page, pageSize: size });
          return sendOperation(this.context, "auditLogs.list", { query, options });
        },
      }),
    );
  }
}

/** Repository blocklists. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export class RepoBlocklistsResource extends AdminResource {
  /** Every blocklist entry (`{ repos }`). */
  list(options?: CallOptions) {
    return callOperation(this.context, "repoBlocklists.list", { options });
  }

  /** Replaces the patterns of the listed repositories only. */
  upsert(repos: Array<{ url: string; patterns: string[] }>, options?: CallOptions) {
    return callOperation(this.context, "repoBlocklists.upsert", { body: { repos }, options });
  }

  /** Deletes one entry. */
  delete(repoId: string, options?: CallOptions) {
    return callOperation(this.context, "repoBlocklists.delete", { params: { repoId }, options });
  }
}
