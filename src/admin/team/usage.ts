import { argumentField, requestObject } from "../../core/arguments.js";
import { callOperation, sendOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import type { PageNumberPromise } from "../../core/page-pagination.js";
import { checkRequest } from "../../core/schema.js";
import { pagedList } from "../admin-lists.js";
import { AdminResource } from "../admin-resource.js";
import { retryFailed } from "../bulk.js";
import { type BulkCallOptions, type BulkRowsResult, bulkRows } from "../bulk-rows.js";
import { type DateInput, toEpochMs, walkWindows } from "../date-ranges.js";
import { ADMIN_LIMITS } from "../schemas/constants.js";
import type {
  SpendLimitRowResult,
  TeamDailyUsageRow,
  TeamSpendResponse,
  TeamSpendRow,
  UsageEvent,
  UsageEventsResponse,
} from "../schemas/index.js";
import { type SetSpendLimitParams, type SpendLimitUpdate, SpendLimitUpdatesSchema } from "../schemas/requests-team.js";

/** Parameters of the team usage-events list (filters combine with AND). */
export interface UsageEventsParams {
  startDate?: DateInput | undefined;
  endDate?: DateInput | undefined;
  userId?: number | undefined;
  email?: string | undefined;
  serviceAccountId?: string | undefined;
  cloudAgentId?: string | undefined;
  automationId?: string | undefined;
  hostingType?: "CLOUD" | "SELF_HOSTED" | "SELF_HOSTED_POOL" | "SELF_HOSTED_MACHINE" | undefined;
  pageSize?: number | undefined;
}

/** Team usage: daily rows and usage events. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export class UsageResource extends AdminResource {
  /**
   * Daily usage rows from `startDate` to `endDate` (epoch ms, ISO or Date), any length: split into
   * ≤ 30-day windows (the route's limit) and merged in order. With `pageSize`, each window is paged
   * by user too.
   */
  async daily(
    params: { startDate: DateInput; endDate: DateInput; pageSize?: number | undefined },
    options?: CallOptions,
  ): Promise<{ data: TeamDailyUsageRow[]; period: { startDate: number; endDate: number } }> {
    params = requestObject(params, "params", "usage.daily", true);
    const startDate = toEpochMs(params.startDate, "startDate");
    const endDate = toEpochMs(params.endDate, "endDate");
    const data: TeamDailyUsageRow[] = [];
    const windows = walkWindows(
      startDate,
      endDate,
      async (window) => {
        if (params.pageSize === undefined) {
          const body = { startDate: window.start, endDate: window.end };
          return (await sendOperation(this.context, "usage.daily", { body, options })).data.data;
        }
        const rows: TeamDailyUsageRow[] = [];
        const pages = pagedList(this.context, "usage.daily", {
          itemsOf: (page) => page.data,
          placement: "body",
          params: { startDate: window.start, endDate: window.end },
          pageSize: params.pageSize,
          options,
        });
        for await (const row of pages) rows.push(row);
        return rows;
      },
      { byDay: true },
    );
    // A loop, not push(...rows): a window can hold more rows than the call stack takes arguments.
    for await (const rows of windows) for (const row of rows) data.push(row);
    return { data, period: { startDate, endDate } };
  }

  /** Usage events (inference spend), paged: `await` → first page, `for await` → every event. */
  events(params: UsageEventsParams = {}, options?: CallOptions): PageNumberPromise<UsageEvent, UsageEventsResponse> {
    params = requestObject(params, "params", "usage.events");
    const { pageSize, startDate, endDate, ...filters } = params;
    return pagedList(this.context, "usage.events", {
      itemsOf: (page) => page.usageEvents,
      placement: "body",
      params: () => ({
        ...filters,
        startDate: startDate === undefined ? undefined : toEpochMs(startDate, "startDate"),
        endDate: endDate === undefined ? undefined : toEpochMs(endDate, "endDate"),
      }),
      pageSize,
      options,
    });
  }
}

/** Team spend this billing cycle. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export class SpendResource extends AdminResource {
  /** Spend rows (fractional cents), paged: `await` → first page, `for await` → every member. */
  list(
    params: {
      searchTerm?: string;
      sortBy?: "amount" | "date" | "user";
      sortDirection?: "asc" | "desc";
      pageSize?: number;
    } = {},
    options?: CallOptions,
  ): PageNumberPromise<TeamSpendRow, TeamSpendResponse> {
    params = requestObject(params, "params", "spend.list");
    const { pageSize, ...filters } = params;
    return pagedList(this.context, "spend.list", {
      itemsOf: (page) => page.teamMemberSpend,
      placement: "body",
      params: filters,
      pageSize,
      fallbackPageSize: 100,
      options,
    });
  }
}

/** Result of `admin.spendLimits.setMany()`: per-row results in request order, totals, chunk report. */
export interface SpendLimitsResult extends BulkRowsResult<SpendLimitRowResult, SpendLimitUpdate> {
  updatedCount: number;
  unchangedCount: number;
}

/** Per-member spend limits. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export class SpendLimitsResource extends AdminResource {
  /** Sets (integer dollars; 0 = $0) or removes (`null`) one member's limit. Enterprise only. */
  set(params: SetSpendLimitParams, options?: CallOptions) {
    return callOperation(this.context, "spendLimits.set", { body: params, options });
  }

  /**
   * Sets many limits: any number of updates, sent 100 at a time, results merged in request order.
   * A row that failed stays in `rows` with its input; a chunk rejected whole is in `report.failed`.
   * `retryFailed(result)` re-sends only what did not apply.
   */
  async setMany(
    updates: readonly SpendLimitUpdate[],
    options?: CallOptions & BulkCallOptions,
  ): Promise<SpendLimitsResult> {
    // The whole list is checked first (emails unique across every chunk), so nothing is sent when a row is wrong.
    const valid = checkRequest(
      SpendLimitUpdatesSchema,
      updates === undefined ? {} : { updates },
      "spendLimits.setMany",
    ).updates;
    let updatedCount = 0;
    let unchangedCount = 0;
    const result = await bulkRows<SpendLimitRowResult, SpendLimitUpdate>({
      items: valid,
      size: ADMIN_LIMITS.maxSpendLimitUpdates,
      call: options,
      redact: (text) => this.context.transport.redacted(text),
      send: async (chunk) => {
        const response = await sendOperation(this.context, "spendLimits.setMany", {
          body: { updates: chunk },
          options,
        });
        const { results } = response.data;
        // The counts are optional in the answer; the rows say the same thing.
        updatedCount += response.data.updatedCount ?? results.filter((row) => row.status === "updated").length;
        unchangedCount += response.data.unchangedCount ?? results.filter((row) => row.status === "unchanged").length;
        return results;
      },
    });
    return { ...result, updatedCount, unchangedCount };
  }

  /** Re-sends only the updates that failed (rows or whole chunks) of an earlier `setMany`. */
  retryFailed(result: SpendLimitsResult, options?: CallOptions & BulkCallOptions): Promise<SpendLimitsResult> {
    return this.setMany(
      retryFailed(
        argumentField<typeof result.report>(
          result,
          "report",
          "result",
          "spendLimits.retryFailed",
          "the result of an earlier `setMany`",
        ),
      ),
      options,
    );
  }
}
