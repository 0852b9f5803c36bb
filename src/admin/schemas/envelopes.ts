import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { openEnum } from "../../core/schema.js";
import { BULK_ROW_STATUSES } from "./constants.js";
import { responseObject } from "./response-object.js";

// Envelopes several responses share: page-number pagination (three shapes), cursor pages, date periods and
// the per-team bulk result. Objects are loose: unknown fields survive.

/**
 * Page-number pagination of the audit log, directory groups, organization groups, organization members and the
 * organization model-access list. The spec spells it out for the audit log; the other lists reuse it.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Audit log event)
 */
export const PagePaginationSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    page: v.number(),
    pageSize: v.number(),
    totalCount: v.number(),
    totalPages: v.number(),
    hasNextPage: v.boolean(),
    hasPreviousPage: v.boolean(),
  }),
);

/** Pagination of the daily-usage routes, counted in users. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const UserPaginationSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    page: v.number(),
    pageSize: v.number(),
    totalUsers: v.number(),
    totalPages: v.number(),
    hasNextPage: v.boolean(),
    hasPreviousPage: v.boolean(),
  }),
);

/** Pagination of the usage-event routes. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Usage event (usageEvents[])) */
export const UsageEventsPaginationSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    numPages: v.number(),
    currentPage: v.number(),
    pageSize: v.number(),
    hasNextPage: v.boolean(),
    hasPreviousPage: v.boolean(),
  }),
);

/** A date range in epoch milliseconds, as the usage and spend routes echo it. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const PeriodSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    startDate: v.number(),
    endDate: v.number(),
  }),
);

/**
 * The cursor of the assistant-bot lists: `null` on the last page. An omitted cursor is read as `null` too,
 * so callers test one value.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export const NextCursorSchema = /* @__PURE__ */ lazySchema(() => v.nullish(v.string(), null));

/** One team's row in a bulk model-access result. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const BulkTeamResultSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      teamId: v.number(),
      // Optional: a row without a status is not known to be applied, so the bulk result counts it failed.
      status: v.optional(openEnum(BULK_ROW_STATUSES)),
      errorMessage: v.optional(v.string()),
    },
    ["teamId"],
  ),
);

/**
 * 200 of the bulk model-access routes: the batch was processed; inspect each row and retry only failed teams.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key))
 */
export const BulkTeamResultsSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      results: v.array(BulkTeamResultSchema),
      successCount: v.number(),
      errorCount: v.number(),
    },
    ["results"],
  ),
);

/** The `{error}` body some routes fail with (remove-member, sync). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Errors) */
export const AdminErrorMessageBodySchema = /* @__PURE__ */ lazySchema(() => v.looseObject({ error: v.string() }));

/** The `{code: 'error', message}` body most routes fail with. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Errors) */
export const AdminErrorBodySchema = /* @__PURE__ */ lazySchema(() =>
  v.looseObject({ code: v.string(), message: v.string() }),
);

/** Page-number pagination. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Audit log event) */
export type PagePagination = v.InferOutput<typeof PagePaginationSchema>;
/** Daily-usage pagination (by user). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type UserPagination = v.InferOutput<typeof UserPaginationSchema>;
/** Usage-event pagination. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Usage event (usageEvents[])) */
export type UsageEventsPagination = v.InferOutput<typeof UsageEventsPaginationSchema>;
/** A date range in epoch milliseconds. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type Period = v.InferOutput<typeof PeriodSchema>;
/** One team's row of a bulk result. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export type BulkTeamResult = v.InferOutput<typeof BulkTeamResultSchema>;
/** A bulk model-access result. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export type BulkTeamResults = v.InferOutput<typeof BulkTeamResultsSchema>;
/** `{error}` failure body. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Errors) */
export type AdminErrorMessageBody = v.InferOutput<typeof AdminErrorMessageBodySchema>;
/** `{code, message}` failure body. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Errors) */
export type AdminErrorBody = v.InferOutput<typeof AdminErrorBodySchema>;
