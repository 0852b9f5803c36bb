import { argumentField, isEmptyList, requestObject } from "../../core/arguments.js";
import { callOperation, sendOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import { checkRequest } from "../../core/schema.js";
import { pagedList } from "../admin-lists.js";
import type { AdminContext } from "../admin-policy.js";
import { AdminResource } from "../admin-resource.js";
import { retryFailed } from "../bulk.js";
import { type BulkCallOptions, type BulkRowsResult, bulkRows } from "../bulk-rows.js";
import { type DateInput, toEpochMs, walkWindows } from "../date-ranges.js";
import { ADMIN_LIMITS } from "../schemas/constants.js";
import type { OrgDailyUsageRow, OrgMember, OrgSpendRow, OrgUsageEvent, SyncResultRow } from "../schemas/index.js";
import { SyncEntriesSchema, type SyncEntry } from "../schemas/requests-organization.js";

function organizationId(context: AdminContext): string {
  return context.organizationId ?? "";
}

/** Organization members with their per-team roles. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export class OrgMembersResource extends AdminResource {
  /** Members, paged (pageSize above 200 is clamped): `await` → first page, `for await` → every member. */
  list(params: { pageSize?: number } = {}, options?: CallOptions) {
    params = requestObject(params, "params", "org.members.list");
    return pagedList(this.context, "org.members.list", {
      itemsOf: (page): readonly OrgMember[] => page.members,
      placement: "query",
      pageSize: params.pageSize,
      fallbackPageSize: 100,
      options,
    });
  }
}

/** Result of a membership sync: per-entry rows in request order, with the chunk report. */
export type SyncResult = BulkRowsResult<SyncResultRow, SyncEntry>;

/** Team membership sync: the complete target set of teams per user. */
export class TeamMembershipsResource extends AdminResource {
  /**
   * Syncs any number of users, 500 per request, results merged in request order; per-entry failures
   * are rows (they never block other entries); `retryFailed(result)` re-sends only those.
   */
  async sync(users: readonly SyncEntry[], options?: CallOptions & BulkCallOptions): Promise<SyncResult> {
    // An empty list sends nothing (what `retryFailed` gives after a sync where every entry applied).
    const entries = isEmptyList(users)
      ? []
      : checkRequest(SyncEntriesSchema, users === undefined ? {} : { users }, "org.teamMemberships.sync").users;
    return bulkRows<SyncResultRow, SyncEntry>({
      items: entries,
      size: ADMIN_LIMITS.maxSyncUsers,
      call: options,
      redact: (text) => this.context.transport.redacted(text),
      // The spec does not promise request order for sync rows: each echoes its userId (0 for an invalid one).
      key: { input: (entry) => String(entry.userId), row: (row) => String(row.userId) },
      belongs: (entry, row) => String(row.userId) === String(entry.userId) || Number(row.userId) === 0,
      send: async (chunk) => {
        const body = { organizationId: organizationId(this.context), users: chunk };
        const result = await sendOperation(this.context, "org.teamMemberships.sync", { body, options });
        return result.data.results;
      },
    });
  }

  /** Re-sends only the entries of an earlier sync that did not apply. */
  retryFailed(result: SyncResult, options?: CallOptions & BulkCallOptions): Promise<SyncResult> {
    return this.sync(
      retryFailed(
        argumentField<typeof result.report>(
          result,
          "report",
          "result",
          "org.teamMemberships.retryFailed",
          "the result of an earlier `sync`",
        ),
      ),
      options,
    );
  }
}

/** Organization usage: the pool, usage events and daily rows. */
export class OrgUsageResource extends AdminResource {
  /** The pool (limit, used, remaining cents) and each team's use. */
  pooled(options?: CallOptions) {
    const body = { organizationId: organizationId(this.context) };
    return callOperation(this.context, "org.usage.pooled", { body, options });
  }

  /** Usage events, each tagged with its team, paged. */
  events(
    params: {
      teamIds?: number[];
      startDate?: DateInput;
      endDate?: DateInput;
      userId?: number;
      email?: string;
      serviceAccountId?: string;
      pageSize?: number;
    } = {},
    options?: CallOptions,
  ) {
    params = requestObject(params, "params", "org.usage.events");
    const { pageSize, startDate, endDate, ...filters } = params;
    return pagedList(this.context, "org.usage.events", {
      itemsOf: (page): readonly OrgUsageEvent[] => page.usageEvents,
      placement: "body",
      params: () => ({
        ...filters,
        organizationId: organizationId(this.context),
        startDate: startDate === undefined ? undefined : toEpochMs(startDate, "startDate"),
        endDate: endDate === undefined ? undefined : toEpochMs(endDate, "endDate"),
      }),
      pageSize,
      options,
    });
  }

  /** Daily rows over any range: split into ≤ 30-day windows, each paged by user, merged in order. */
  async daily(
    params: { startDate: DateInput; endDate: DateInput; teamIds?: number[]; userEmail?: string; pageSize?: number },
    options?: CallOptions,
  ): Promise<{ data: OrgDailyUsageRow[]; period: { startDate: number; endDate: number } }> {
    params = requestObject(params, "params", "org.usage.daily", true);
    const { startDate, endDate, pageSize, ...filters } = params;
    const start = toEpochMs(startDate, "startDate");
    const end = toEpochMs(endDate, "endDate");
    const data: OrgDailyUsageRow[] = [];
    const windows = walkWindows(
      start,
      end,
      async (window) => {
        const rows: OrgDailyUsageRow[] = [];
        const pages = pagedList(this.context, "org.usage.daily", {
          itemsOf: (page) => page.data,
          placement: "body",
          params: {
            ...filters,
            organizationId: organizationId(this.context),
            startDate: window.start,
            endDate: window.end,
          },
          pageSize,
          options,
        });
        for await (const row of pages) rows.push(row);
        return rows;
      },
      { byDay: true },
    );
    // A loop, not push(...rows): a window can hold more rows than the call stack takes arguments.
    for await (const rows of windows) for (const row of rows) data.push(row);
    return { data, period: { startDate: start, endDate: end } };
  }
}

/** Organization spend over the contract window. */
export class OrgSpendResource extends AdminResource {
  /** Spend rows (cents), paged. */
  list(
    params: {
      teamIds?: number[];
      sortBy?: "email" | "name" | "spendCents";
      sortDirection?: "asc" | "desc";
      pageSize?: number;
    } = {},
    options?: CallOptions,
  ) {
    params = requestObject(params, "params", "org.spend.list");
    const { pageSize, ...filters } = params;
    return pagedList(this.context, "org.spend.list", {
      itemsOf: (page) => (page.teamMemberSpend ?? []) as readonly OrgSpendRow[],
      placement: "body",
      params: { ...filters, organizationId: organizationId(this.context) },
      pageSize,
      options,
    });
  }
}
