import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { openEnum } from "../../core/schema.js";
import { BULK_ROW_STATUSES, ORGANIZATION_ROLES, TEAM_ROLES } from "./constants.js";
import { PagePaginationSchema, PeriodSchema } from "./envelopes.js";
import { responseObject } from "./response-object.js";

// Organization-only answers: members across teams, membership sync, pooled usage and organization spend.
// Organization usage events and daily usage live with the team ones in ./usage.ts, groups in ./groups.ts and
// model access in ./model-access.ts.

/** A team an organization member belongs to, with their role in it. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const OrgMemberTeamSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      teamId: v.number(),
      teamRole: openEnum(TEAM_ROLES),
    },
    ["teamId"],
  ),
);

/** An organization member; `organizationRole` is independent of each `teamRole`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const OrgMemberSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      userId: v.number(),
      email: v.string(),
      name: v.string(),
      organizationRole: openEnum(ORGANIZATION_ROLES),
      teams: v.array(OrgMemberTeamSchema),
    },
    ["userId"],
  ),
);

/** 200 of GET /organizations/members. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const OrgMembersResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      members: v.array(OrgMemberSchema),
      pagination: PagePaginationSchema,
    },
    ["members"],
  ),
);

/**
 * One sync entry's outcome. Rows echo `teamIds`, and `destinationTeamId` when that form was sent; fields the
 * server found invalid echo 0.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key))
 */
export const SyncResultRowSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    userId: v.union([v.number(), v.string()]),
    teamIds: v.array(v.number()),
    destinationTeamId: v.optional(v.number()),
    // Optional: a row without a status is not known to be applied, so the bulk result counts it failed.
    status: v.optional(openEnum(BULK_ROW_STATUSES)),
    errorMessage: v.optional(v.string()),
  }),
);

/**
 * 200 of POST /organizations/team-memberships/sync: per-entry failures are error rows that do not block the
 * other entries.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key))
 */
export const SyncResultsSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      results: v.array(SyncResultRowSchema),
      successCount: v.number(),
      errorCount: v.number(),
    },
    ["results"],
  ),
);

/**
 * The organization's pooled budget, in (fractional) cents; contract dates are ISO 8601 or null.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key))
 */
export const UsagePoolSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    limitCents: v.number(),
    usedCents: v.number(),
    remainingCents: v.number(),
    contractStartDate: v.nullable(v.string()),
    contractEndDate: v.nullable(v.string()),
  }),
);

/** One team's share of the pool, in cents; `budgetLimitCents` only when the team has a budget. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const PooledTeamUsageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    teamId: v.number(),
    usedCents: v.number(),
    budgetLimitCents: v.optional(v.number()),
  }),
);

/** 200 of POST /organizations/pooled-usage; team `usedCents` sum to `pool.usedCents`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const PooledUsageResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    pool: UsagePoolSchema,
    teams: v.array(PooledTeamUsageSchema),
  }),
);

/**
 * One member's included pool spend over the contract window, `spendCents` in fractional cents.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Spend row (organization route))
 */
export const OrgSpendRowSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    userId: v.string(),
    teamId: v.number(),
    name: v.string(),
    email: v.string(),
    role: v.string(),
    spendCents: v.number(),
  }),
);

/**
 * 200 of POST /organizations/spend. The spec does not name the rows' key; it is read as `teamMemberSpend`, the
 * team route's, when present, and any other key is kept as sent.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Spend row (organization route))
 */
export const OrgSpendResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    teamMemberSpend: v.optional(v.array(OrgSpendRowSchema)),
    totalMembers: v.number(),
    totalPages: v.number(),
    period: PeriodSchema,
  }),
);

/** A team of an organization member. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export type OrgMemberTeam = v.InferOutput<typeof OrgMemberTeamSchema>;
/** An organization member. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export type OrgMember = v.InferOutput<typeof OrgMemberSchema>;
/** 200 of GET /organizations/members. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export type OrgMembersResponse = v.InferOutput<typeof OrgMembersResponseSchema>;
/** One sync entry's outcome. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export type SyncResultRow = v.InferOutput<typeof SyncResultRowSchema>;
/** 200 of the membership sync. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export type SyncResults = v.InferOutput<typeof SyncResultsSchema>;
/** The organization's pool. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export type UsagePool = v.InferOutput<typeof UsagePoolSchema>;
/** One team's pool usage. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export type PooledTeamUsage = v.InferOutput<typeof PooledTeamUsageSchema>;
/** 200 of POST /organizations/pooled-usage. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export type PooledUsageResponse = v.InferOutput<typeof PooledUsageResponseSchema>;
/** One member's organization spend. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Spend row (organization route)) */
export type OrgSpendRow = v.InferOutput<typeof OrgSpendRowSchema>;
/** 200 of POST /organizations/spend. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Spend row (organization route)) */
export type OrgSpendResponse = v.InferOutput<typeof OrgSpendResponseSchema>;
