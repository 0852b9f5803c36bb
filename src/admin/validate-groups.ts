import type { ValidationIssue } from "../core/errors.js";
import { checkRequest } from "../core/schema.js";
import {
  BillingGroupCreateBodySchema,
  type BillingGroupCreateParams,
  BillingGroupMembersBodySchema,
  type BillingGroupMembersParams,
  BillingGroupPathSchema,
  type BillingGroupsQueryParams,
  BillingGroupsQuerySchema,
  BillingGroupUpdateBodySchema,
  type BillingGroupUpdateParams,
  DirectoryGroupPathSchema,
  GroupCreateBodySchema,
  type GroupCreateParams,
  GroupMemberIdsBodySchema,
  type GroupMemberIdsParams,
  GroupUpdateBodySchema,
  type GroupUpdateParams,
  OrganizationGroupPathSchema,
  type OrgGroupsQueryParams,
  OrgGroupsQuerySchema,
} from "./schemas/requests-groups.js";
import { fieldOf, issuesOf, queryObject } from "./validate-support.js";

// Check/assert pairs of the three group families. Path ids are checked by family: a team directory group route
// refuses a g_ or group_ id with rule `id_family` before anything is sent.

/** Every rule a team directory group `{groupId}` breaks (team_group_…). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team directory group) */
export function checkDirectoryGroupId(groupId: unknown): ValidationIssue[] {
  return issuesOf(DirectoryGroupPathSchema, fieldOf("groupId", groupId));
}

/** The team directory group id, or a thrown request `ValidationError` (rule `id_family` for another family's id). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team directory group) */
export function assertDirectoryGroupId(groupId: unknown, context = "getDirectoryGroup"): string {
  return checkRequest(DirectoryGroupPathSchema, fieldOf("groupId", groupId), context).groupId;
}

/** Every rule an organization group `{groupId}` breaks (g_…; grp_ public ids are refused). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function checkOrgGroupId(groupId: unknown): ValidationIssue[] {
  return issuesOf(OrganizationGroupPathSchema, fieldOf("groupId", groupId));
}

/** The organization group id, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function assertOrgGroupId(groupId: unknown, context = "orgGetGroup"): string {
  return checkRequest(OrganizationGroupPathSchema, fieldOf("groupId", groupId), context).groupId;
}

/** Every rule a billing group `{groupId}` breaks (group_…). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export function checkBillingGroupId(groupId: unknown): ValidationIssue[] {
  return issuesOf(BillingGroupPathSchema, fieldOf("groupId", groupId));
}

/** The billing group id, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export function assertBillingGroupId(groupId: unknown, context = "getBillingGroup"): string {
  return checkRequest(BillingGroupPathSchema, fieldOf("groupId", groupId), context).groupId;
}

/** Every rule a team directory group create body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkDirectoryGroupCreate(body: unknown): ValidationIssue[] {
  return issuesOf(GroupCreateBodySchema, body);
}

/** The team directory group create body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertDirectoryGroupCreate(body: unknown, context = "createDirectoryGroup"): GroupCreateParams {
  return checkRequest(GroupCreateBodySchema, body, context);
}

/** Every rule a team directory group PATCH body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkDirectoryGroupUpdate(body: unknown): ValidationIssue[] {
  return issuesOf(GroupUpdateBodySchema, body);
}

/** The team directory group PATCH body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertDirectoryGroupUpdate(body: unknown, context = "updateDirectoryGroup"): GroupUpdateParams {
  return checkRequest(GroupUpdateBodySchema, body, context);
}

/** Every rule an organization group create body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function checkOrgGroupCreate(body: unknown): ValidationIssue[] {
  return issuesOf(GroupCreateBodySchema, body);
}

/** The organization group create body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function assertOrgGroupCreate(body: unknown, context = "orgCreateGroup"): GroupCreateParams {
  return checkRequest(GroupCreateBodySchema, body, context);
}

/** Every rule an organization group PATCH body breaks (same rules as team directory groups). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function checkOrgGroupUpdate(body: unknown): ValidationIssue[] {
  return issuesOf(GroupUpdateBodySchema, body);
}

/** The organization group PATCH body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function assertOrgGroupUpdate(body: unknown, context = "orgUpdateGroup"): GroupUpdateParams {
  return checkRequest(GroupUpdateBodySchema, body, context);
}

/** Every rule a group member bulk-add/-remove body breaks (directory and organization groups). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits) */
export function checkGroupMemberIds(body: unknown): ValidationIssue[] {
  return issuesOf(GroupMemberIdsBodySchema, body);
}

/** The member bulk body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits) */
export function assertGroupMemberIds(body: unknown, context = "addDirectoryGroupMembers"): GroupMemberIdsParams {
  return checkRequest(GroupMemberIdsBodySchema, body, context);
}

/** Every rule an organization group list query breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function checkOrgGroupsQuery(query?: unknown): ValidationIssue[] {
  return issuesOf(OrgGroupsQuerySchema, queryObject(query));
}

/** The organization group list query, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function assertOrgGroupsQuery(query?: unknown, context = "orgListGroups"): OrgGroupsQueryParams {
  return checkRequest(OrgGroupsQuerySchema, queryObject(query), context);
}

/** Every rule a billing group query (`billingCycle`) breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkBillingGroupsQuery(query?: unknown): ValidationIssue[] {
  return issuesOf(BillingGroupsQuerySchema, queryObject(query));
}

/** The billing group query, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertBillingGroupsQuery(query?: unknown, context = "listBillingGroups"): BillingGroupsQueryParams {
  return checkRequest(BillingGroupsQuerySchema, queryObject(query), context);
}

/** Every rule a billing group create body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkBillingGroupCreate(body: unknown): ValidationIssue[] {
  return issuesOf(BillingGroupCreateBodySchema, body);
}

/** The billing group create body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertBillingGroupCreate(body: unknown, context = "createBillingGroup"): BillingGroupCreateParams {
  return checkRequest(BillingGroupCreateBodySchema, body, context);
}

/** Every rule a billing group PATCH body breaks (exactly one of `name` or `directoryGroupId`). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkBillingGroupUpdate(body: unknown): ValidationIssue[] {
  return issuesOf(BillingGroupUpdateBodySchema, body);
}

/** The billing group PATCH body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertBillingGroupUpdate(body: unknown, context = "updateBillingGroup"): BillingGroupUpdateParams {
  return checkRequest(BillingGroupUpdateBodySchema, body, context);
}

/** Every rule a billing group member add/remove body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkBillingGroupMembers(body: unknown): ValidationIssue[] {
  return issuesOf(BillingGroupMembersBodySchema, body);
}

/** The billing group member body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertBillingGroupMembers(
  body: unknown,
  context = "addBillingGroupMembers",
): BillingGroupMembersParams {
  return checkRequest(BillingGroupMembersBodySchema, body, context);
}
