import type { ValidationIssue } from "../core/errors.js";
import { checkRequest } from "../core/schema.js";
import {
  type AuditLogsQueryParams,
  AuditLogsQuerySchema,
  BlocklistRepoIdSchema,
  BlocklistUpsertBodySchema,
  type BlocklistUpsertParams,
  DailyUsageBodySchema,
  type DailyUsageParams,
  RemoveMemberBodySchema,
  type RemoveMemberParams,
  SetSpendLimitBodySchema,
  type SetSpendLimitParams,
  SetSpendLimitsBodySchema,
  type SetSpendLimitsParams,
  type SpendLimitUpdate,
  SpendLimitUpdatesSchema,
  TeamSpendBodySchema,
  type TeamSpendParams,
  UsageEventsBodySchema,
  type UsageEventsParams,
} from "./schemas/requests-team.js";
import { fieldOf, issuesOf, queryObject } from "./validate-support.js";

// Request checks of the Admin and Organization APIs, one check/assert pair per route that takes input. This file
// holds the team member, audit, usage, spend and blocklist routes and re-exports the other areas.

export * from "./validate-assistant-bot.js";
export * from "./validate-groups.js";
export * from "./validate-model-access.js";
export * from "./validate-organization.js";
export * from "./validate-pagination.js";

/** Every rule a remove-member body breaks (exactly one of `userId` user_ id or `email`). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkRemoveMember(body: unknown): ValidationIssue[] {
  return issuesOf(RemoveMemberBodySchema, body);
}

/** The remove-member body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertRemoveMember(body: unknown, context = "removeMember"): RemoveMemberParams {
  return checkRequest(RemoveMemberBodySchema, body, context);
}

/** Every rule a single spend-limit body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkSetSpendLimit(body: unknown): ValidationIssue[] {
  return issuesOf(SetSpendLimitBodySchema, body);
}

/** The single spend-limit body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertSetSpendLimit(body: unknown, context = "setSpendLimit"): SetSpendLimitParams {
  return checkRequest(SetSpendLimitBodySchema, body, context);
}

/**
 * Every rule a list of spend-limit updates of any length breaks: each row, and emails unique across the whole
 * list. Paths read `updates[i].…`. Run it before splitting a long list into requests of 100.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export function checkSpendLimitUpdates(updates: unknown): ValidationIssue[] {
  return issuesOf(SpendLimitUpdatesSchema, fieldOf("updates", updates));
}

/** The updates (any length), or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertSpendLimitUpdates(updates: unknown, context = "setSpendLimits"): SpendLimitUpdate[] {
  return checkRequest(SpendLimitUpdatesSchema, fieldOf("updates", updates), context).updates;
}

/** Every rule one bulk spend-limit request breaks, including at most 100 updates. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkSetSpendLimits(body: unknown): ValidationIssue[] {
  return issuesOf(SetSpendLimitsBodySchema, body);
}

/** One bulk spend-limit request body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertSetSpendLimits(body: unknown, context = "setSpendLimits"): SetSpendLimitsParams {
  return checkRequest(SetSpendLimitsBodySchema, body, context);
}

/** Every rule an audit-log query breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkAuditLogsQuery(query?: unknown): ValidationIssue[] {
  return issuesOf(AuditLogsQuerySchema, queryObject(query));
}

/** The audit-log query, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertAuditLogsQuery(query?: unknown, context = "listAuditLogs"): AuditLogsQueryParams {
  return checkRequest(AuditLogsQuerySchema, queryObject(query), context);
}

/** Every rule a team daily-usage body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkDailyUsageBody(body: unknown): ValidationIssue[] {
  return issuesOf(DailyUsageBodySchema, body);
}

/** The team daily-usage body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertDailyUsageBody(body: unknown, context = "teamDailyUsage"): DailyUsageParams {
  return checkRequest(DailyUsageBodySchema, body, context);
}

/** Every rule a team usage-events body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkUsageEventsBody(body: unknown): ValidationIssue[] {
  return issuesOf(UsageEventsBodySchema, body);
}

/** The team usage-events body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertUsageEventsBody(body: unknown, context = "teamUsageEvents"): UsageEventsParams {
  return checkRequest(UsageEventsBodySchema, body, context);
}

/** Every rule a team spend body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkTeamSpendBody(body: unknown): ValidationIssue[] {
  return issuesOf(TeamSpendBodySchema, body);
}

/** The team spend body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertTeamSpendBody(body: unknown, context = "teamSpend"): TeamSpendParams {
  return checkRequest(TeamSpendBodySchema, body, context);
}

/** Every rule a blocklist upsert body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkBlocklistUpsert(body: unknown): ValidationIssue[] {
  return issuesOf(BlocklistUpsertBodySchema, body);
}

/** The blocklist upsert body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertBlocklistUpsert(body: unknown, context = "upsertBlocklists"): BlocklistUpsertParams {
  return checkRequest(BlocklistUpsertBodySchema, body, context);
}

/** Every rule a blocklist `{repoId}` breaks (a non-blank string). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkBlocklistRepoId(repoId: unknown): ValidationIssue[] {
  return issuesOf(BlocklistRepoIdSchema, fieldOf("repoId", repoId));
}

/** The blocklist `{repoId}`, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertBlocklistRepoId(repoId: unknown, context = "deleteBlocklist"): string {
  return checkRequest(BlocklistRepoIdSchema, fieldOf("repoId", repoId), context).repoId;
}
