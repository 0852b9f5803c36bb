import type { ValidationIssue } from "../core/errors.js";
import { checkRequest } from "../core/schema.js";
import {
  OrgDailyUsageBodySchema,
  type OrgDailyUsageParams,
  OrgPooledUsageBodySchema,
  type OrgPooledUsageParams,
  OrgSpendBodySchema,
  type OrgSpendParams,
  OrgSyncBodySchema,
  type OrgSyncParams,
  OrgUsageEventsBodySchema,
  type OrgUsageEventsParams,
  SyncEntriesSchema,
  type SyncEntry,
} from "./schemas/requests-organization.js";
import { fieldOf, issuesOf } from "./validate-support.js";

// Check/assert pairs of the organization routes. Groups and model access have their own files; the member list
// uses `assertPageQuery("orgListMembers", …)`.

/** Every rule one sync request breaks, including 1..500 entries. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function checkOrgSync(body: unknown): ValidationIssue[] {
  return issuesOf(OrgSyncBodySchema, body);
}

/** One sync request body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function assertOrgSync(body: unknown, context = "orgSyncMemberships"): OrgSyncParams {
  return checkRequest(OrgSyncBodySchema, body, context);
}

/**
 * Every rule a non-empty list of sync entries of any length breaks; paths read `users[i].…`. Run it before
 * splitting a long list into requests of 500.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key))
 */
export function checkSyncEntries(users: unknown): ValidationIssue[] {
  return issuesOf(SyncEntriesSchema, fieldOf("users", users));
}

/** The sync entries (any length), or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function assertSyncEntries(users: unknown, context = "orgSyncMemberships"): SyncEntry[] {
  return checkRequest(SyncEntriesSchema, fieldOf("users", users), context).users;
}

/** Every rule a pooled-usage body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function checkOrgPooledUsageBody(body: unknown): ValidationIssue[] {
  return issuesOf(OrgPooledUsageBodySchema, body);
}

/** The pooled-usage body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function assertOrgPooledUsageBody(body: unknown, context = "orgPooledUsage"): OrgPooledUsageParams {
  return checkRequest(OrgPooledUsageBodySchema, body, context);
}

/** Every rule an organization usage-events body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function checkOrgUsageEventsBody(body: unknown): ValidationIssue[] {
  return issuesOf(OrgUsageEventsBodySchema, body);
}

/** The organization usage-events body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function assertOrgUsageEventsBody(body: unknown, context = "orgUsageEvents"): OrgUsageEventsParams {
  return checkRequest(OrgUsageEventsBodySchema, body, context);
}

/** Every rule an organization daily-usage body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function checkOrgDailyUsageBody(body: unknown): ValidationIssue[] {
  return issuesOf(OrgDailyUsageBodySchema, body);
}

/** The organization daily-usage body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function assertOrgDailyUsageBody(body: unknown, context = "orgDailyUsage"): OrgDailyUsageParams {
  return checkRequest(OrgDailyUsageBodySchema, body, context);
}

/** Every rule an organization spend body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function checkOrgSpendBody(body: unknown): ValidationIssue[] {
  return issuesOf(OrgSpendBodySchema, body);
}

/** The organization spend body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function assertOrgSpendBody(body: unknown, context = "orgSpend"): OrgSpendParams {
  return checkRequest(OrgSpendBodySchema, body, context);
}
