import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { openEnum } from "../../core/schema.js";
import { SPEND_LIMIT_OUTCOMES, SPEND_LIMIT_ROW_STATUSES } from "./constants.js";
import { PeriodSchema, UsageEventsPaginationSchema, UserPaginationSchema } from "./envelopes.js";
import { responseObject } from "./response-object.js";

// Daily usage, usage events, team spend and spend limits (team and organization routes). Money is in cents and,
// since a dated change, may carry fractional cents to match invoice amounts: never round before summing.

// `subscriptionIncludedReqs`, `usageBasedReqs` and `apiKeyReqs` count raw usage events, not billable request
// units; for billable counts sum `requestsCosts` of the usage events.
const dailyUsageEntries = /* @__PURE__ */ lazySchema(() => ({
  day: v.string(),
  date: v.number(),
  email: v.string(),
  totalLinesAdded: v.number(),
  totalLinesDeleted: v.number(),
  acceptedLinesAdded: v.number(),
  acceptedLinesDeleted: v.number(),
  totalApplies: v.number(),
  totalAccepts: v.number(),
  totalRejects: v.number(),
  totalTabsShown: v.number(),
  totalTabsAccepted: v.number(),
  composerRequests: v.number(),
  chatRequests: v.number(),
  agentRequests: v.number(),
  cmdkUsages: v.number(),
  subscriptionIncludedReqs: v.number(),
  apiKeyReqs: v.number(),
  usageBasedReqs: v.number(),
  reviewbotUsages: v.number(),
  mostUsedModel: v.nullable(v.string()),
  applyMostUsedExtension: v.nullable(v.string()),
  tabMostUsedExtension: v.nullable(v.string()),
  clientVersion: v.nullable(v.string()),
}));

/**
 * One user-day of the team route: numeric `userId`; `isActive` appears when the call paginates. The request
 * counters count raw usage events, not billable units (sum `requestsCosts` of usage events for those).
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Daily usage row (data[]))
 */
export const TeamDailyUsageRowSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    userId: v.number(),
    isActive: v.optional(v.boolean()),
    ...dailyUsageEntries,
  }),
);

/** One user-day of the organization route: `user_` string `userId` plus `teamId`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Daily usage row (data[])) */
export const OrgDailyUsageRowSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    userId: v.string(),
    teamId: v.number(),
    ...dailyUsageEntries,
  }),
);

/** 200 of POST /teams/daily-usage-data; `pagination` only when `page` and `pageSize` were sent. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const TeamDailyUsageResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      data: v.array(TeamDailyUsageRowSchema),
      period: PeriodSchema,
      pagination: v.optional(UserPaginationSchema),
    },
    ["data"],
  ),
);

/** 200 of POST /organizations/daily-usage-data, paginated by user. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const OrgDailyUsageResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      data: v.array(OrgDailyUsageRowSchema),
      period: PeriodSchema,
      pagination: UserPaginationSchema,
    },
    ["data"],
  ),
);

/**
 * Token counts of a token-based call; `totalCents` is the model cost in (fractional) cents.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Usage event (usageEvents[]))
 */
export const UsageTokenUsageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    inputTokens: v.number(),
    outputTokens: v.number(),
    cacheWriteTokens: v.number(),
    cacheReadTokens: v.number(),
    totalCents: v.number(),
    discountPercentOff: v.optional(v.number()),
  }),
);

/**
 * One inference usage event. `chargedCents` (fractional cents: model cost plus the service token rate when it
 * applies) is what to sum to reconcile with spend; `serviceTokenFee` (fractional cents) appears only for
 * third-party models; `requestsCosts` is in request units. `teamId` is set on the organization route.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Usage event (usageEvents[]))
 */
export const UsageEventSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    teamId: v.optional(v.number()),
    // Epoch milliseconds, as a string (a line comment: the field is shown twice in the table type, once per route).
    timestamp: v.string(),
    userEmail: v.string(),
    serviceAccountId: v.optional(v.string()),
    serviceAccountName: v.optional(v.string()),
    cloudAgentId: v.optional(v.string()),
    automationId: v.optional(v.string()),
    conversationId: v.optional(v.string()),
    model: v.string(),
    // Billing category, e.g. "Usage-based", "Included in Business"; open-ended.
    kind: v.string(),
    maxMode: v.boolean(),
    requestsCosts: v.number(),
    isTokenBasedCall: v.boolean(),
    isChargeable: v.boolean(),
    isHeadless: v.boolean(),
    tokenUsage: v.optional(UsageTokenUsageSchema),
    chargedCents: v.number(),
    serviceTokenFee: v.optional(v.number()),
  }),
);

/** An organization usage event: every event is tagged with its `teamId`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Usage event (usageEvents[])) */
export const OrgUsageEventSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ ...UsageEventSchema.entries, teamId: v.number() }),
);

/** 200 of POST /teams/filtered-usage-events. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Usage event (usageEvents[])) */
export const UsageEventsResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      totalUsageEventsCount: v.number(),
      pagination: UsageEventsPaginationSchema,
      usageEvents: v.array(UsageEventSchema),
      period: PeriodSchema,
    },
    ["usageEvents"],
  ),
);

/** 200 of POST /organizations/filtered-usage-events. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Usage event (usageEvents[])) */
export const OrgUsageEventsResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      ...UsageEventsResponseSchema.entries,
      usageEvents: v.array(OrgUsageEventSchema),
    },
    ["usageEvents"],
  ),
);

/**
 * One member's spend this billing cycle. `spendCents` (on-demand) and `overallSpendCents` (including included
 * usage) are fractional cents; `hardLimitOverrideDollars` is 0 when there is none; `monthlyLimitDollars` is null
 * when unset.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Spend row (teamMemberSpend[], team route))
 */
export const TeamSpendRowSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    userId: v.string(),
    name: v.string(),
    email: v.string(),
    role: v.string(),
    spendCents: v.number(),
    overallSpendCents: v.number(),
    fastPremiumRequests: v.number(),
    hardLimitOverrideDollars: v.number(),
    monthlyLimitDollars: v.nullable(v.number()),
    // Not typed by the spec; null is read as "no effective limit".
    effectivePerUserLimitDollars: v.nullable(v.number()),
  }),
);

/** 200 of POST /teams/spend; `subscriptionCycleStart` is epoch ms. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Spend row (teamMemberSpend[], team route)) */
export const TeamSpendResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      teamMemberSpend: v.array(TeamSpendRowSchema),
      subscriptionCycleStart: v.number(),
      totalMembers: v.number(),
      totalPages: v.number(),
    },
    ["teamMemberSpend"],
  ),
);

/** 200 of POST /teams/user-spend-limit: failures (such as a malformed email) come back as `outcome: "error"`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const SetSpendLimitResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      outcome: openEnum(SPEND_LIMIT_OUTCOMES),
      message: v.string(),
    },
    ["outcome"],
  ),
);

/** One row of a bulk spend-limit result, in request order; `error` on failed rows. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const SpendLimitRowResultSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    userEmail: v.string(),
    // Optional: a row without a status is not known to be applied, so the bulk result counts it failed.
    status: v.optional(openEnum(SPEND_LIMIT_ROW_STATUSES)),
    error: v.optional(v.string()),
  }),
);

/** 200 of POST /teams/user-spend-limits (preview). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const SetSpendLimitsResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      requestedCount: v.number(),
      updatedCount: v.number(),
      unchangedCount: v.number(),
      failedCount: v.number(),
      results: v.array(SpendLimitRowResultSchema),
    },
    ["results"],
  ),
);

/** One user-day, team route. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Daily usage row (data[])) */
export type TeamDailyUsageRow = v.InferOutput<typeof TeamDailyUsageRowSchema>;
/** One user-day, organization route. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Daily usage row (data[])) */
export type OrgDailyUsageRow = v.InferOutput<typeof OrgDailyUsageRowSchema>;
/** 200 of POST /teams/daily-usage-data. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type TeamDailyUsageResponse = v.InferOutput<typeof TeamDailyUsageResponseSchema>;
/** 200 of POST /organizations/daily-usage-data. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export type OrgDailyUsageResponse = v.InferOutput<typeof OrgDailyUsageResponseSchema>;
/** Token counts of a usage event. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Usage event (usageEvents[])) */
export type UsageTokenUsage = v.InferOutput<typeof UsageTokenUsageSchema>;
/** One usage event. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Usage event (usageEvents[])) */
export type UsageEvent = v.InferOutput<typeof UsageEventSchema>;
/** One organization usage event. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Usage event (usageEvents[])) */
export type OrgUsageEvent = v.InferOutput<typeof OrgUsageEventSchema>;
/** 200 of POST /teams/filtered-usage-events. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Usage event (usageEvents[])) */
export type UsageEventsResponse = v.InferOutput<typeof UsageEventsResponseSchema>;
/** 200 of POST /organizations/filtered-usage-events. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Usage event (usageEvents[])) */
export type OrgUsageEventsResponse = v.InferOutput<typeof OrgUsageEventsResponseSchema>;
/** One member's spend. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Spend row (teamMemberSpend[], team route)) */
export type TeamSpendRow = v.InferOutput<typeof TeamSpendRowSchema>;
/** 200 of POST /teams/spend. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Spend row (teamMemberSpend[], team route)) */
export type TeamSpendResponse = v.InferOutput<typeof TeamSpendResponseSchema>;
/** 200 of POST /teams/user-spend-limit. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type SetSpendLimitResponse = v.InferOutput<typeof SetSpendLimitResponseSchema>;
/** One row of a bulk spend-limit result. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type SpendLimitRowResult = v.InferOutput<typeof SpendLimitRowResultSchema>;
/** 200 of POST /teams/user-spend-limits. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type SetSpendLimitsResponse = v.InferOutput<typeof SetSpendLimitsResponseSchema>;
