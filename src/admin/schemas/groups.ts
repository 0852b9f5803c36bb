import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { openEnum } from "../../core/schema.js";
import { BILLING_GROUP_TYPES } from "./constants.js";
import { PagePaginationSchema } from "./envelopes.js";
import { responseObject } from "./response-object.js";

// The three group families: team directory groups (team_group_), organization groups (g_, public grp_) and
// billing groups (group_). They never accept each other's ids; see ../ids.ts.

/**
 * A team directory group; `monthlySpendingLimitDollars` is whole dollars per member, null when there is none.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team directory group)
 */
export const DirectoryGroupSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      id: v.string(),
      name: v.string(),
      memberCount: v.number(),
      monthlySpendingLimitDollars: v.nullable(v.number()),
      createdAt: v.string(),
      updatedAt: v.string(),
    },
    ["id"],
  ),
);

/** An organization group: a directory group's fields, `id` g_…, plus `publicId` grp_…. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization group) */
export const OrganizationGroupSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      ...DirectoryGroupSchema.entries,
      publicId: v.string(),
    },
    ["id"],
  ),
);

/** A member of a directory or organization group; `userId` is user_…. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team directory group) */
export const GroupMemberSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      userId: v.string(),
      name: v.string(),
      email: v.string(),
      joinedAt: v.string(),
    },
    ["userId"],
  ),
);

/** 200 of GET /teams/directory-groups. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const DirectoryGroupListResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      groups: v.array(DirectoryGroupSchema),
      pagination: PagePaginationSchema,
    },
    ["groups"],
  ),
);

/** `{group}`: get, create (201) and update of a team directory group. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const DirectoryGroupResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ group: DirectoryGroupSchema }, ["group"]),
);

/** 200 of GET /organizations/groups; an unmatched `name` filter gives an empty array. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const OrganizationGroupListResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      groups: v.array(OrganizationGroupSchema),
      pagination: PagePaginationSchema,
    },
    ["groups"],
  ),
);

/** `{group}`: get, create (201) and update of an organization group. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const OrganizationGroupResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ group: OrganizationGroupSchema }, ["group"]),
);

/** 200 of a group's member list (directory and organization groups). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const GroupMembersResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      members: v.array(GroupMemberSchema),
      pagination: PagePaginationSchema,
    },
    ["members"],
  ),
);

/** 200 of a members bulk-add. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const GroupMembersAddedSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ addedCount: v.number() }, ["addedCount"]),
);

/** 200 of a members bulk-remove. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const GroupMembersRemovedSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ removedCount: v.number() }, ["removedCount"]),
);

/** One day of a billing group's (or member's) spend; `spendCents` is fractional cents. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export const DailySpendSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    // YYYY-MM-DD (a line comment: the field appears more than once in the table type).
    date: v.string(),
    spendCents: v.number(),
  }),
);

// The spec does not type billing-group member ids (team member ids are user_ strings, some routes use numbers).
const AnyUserIdSchema = /* @__PURE__ */ lazySchema(() => v.union([v.string(), v.number()]));

/**
 * A current or former member of a billing group; `leftAt` is null while a member; `spendCents` fractional cents.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group)
 */
export const BillingGroupMemberSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      userId: AnyUserIdSchema,
      name: v.string(),
      email: v.string(),
      joinedAt: v.string(),
      leftAt: v.nullable(v.string()),
      spendCents: v.number(),
      dailySpend: v.optional(v.array(DailySpendSchema)),
    },
    ["userId"],
  ),
);

// What every billing-group answer says about the group itself (reads and writes alike).
const billingGroupEntries = /* @__PURE__ */ lazySchema(() => ({
  id: v.string(),
  name: v.string(),
  type: openEnum(BILLING_GROUP_TYPES),
  directoryGroupId: v.nullable(v.string()),
  memberCount: v.number(),
  createdAt: v.string(),
  updatedAt: v.string(),
}));

/**
 * A billing group with its cycle's spend (fractional cents) and members; `directoryGroupId` is null when not
 * linked to a directory group.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group)
 */
export const BillingGroupSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      ...billingGroupEntries,
      spendCents: v.number(),
      currentMembers: v.array(BillingGroupMemberSchema),
      formerMembers: v.array(BillingGroupMemberSchema),
      dailySpend: v.array(DailySpendSchema),
    },
    ["id"],
  ),
);

/** The billing cycle a billing-group answer covers; the spec does not type the bounds. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export const BillingCycleSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    cycleStart: v.union([v.string(), v.number()]),
    cycleEnd: v.union([v.string(), v.number()]),
  }),
);

/** 200 of GET /teams/groups; `unassignedGroup` (id group_unassigned) holds members in no group. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export const BillingGroupListResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      groups: v.array(BillingGroupSchema),
      unassignedGroup: BillingGroupSchema,
      billingCycle: BillingCycleSchema,
    },
    ["groups"],
  ),
);

/** 200 of GET /teams/groups/{groupId}. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const BillingGroupResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      group: BillingGroupSchema,
      billingCycle: BillingCycleSchema,
    },
    ["group"],
  ),
);

/** A billing-group member as writes return it. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export const BillingGroupWriteMemberSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      userId: AnyUserIdSchema,
      name: v.string(),
      email: v.string(),
      joinedAt: v.string(),
    },
    ["userId"],
  ),
);

/**
 * The group that create, update and member writes return: `members[]` in place of the current/former lists and
 * the spend fields, which are kept when present (in fractional cents).
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group)
 */
export const BillingGroupWriteSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      ...billingGroupEntries,
      spendCents: v.optional(v.number()),
      dailySpend: v.optional(v.array(DailySpendSchema)),
      members: v.array(BillingGroupWriteMemberSchema),
    },
    ["id"],
  ),
);

/** `{group}` of billing-group create, update and member writes. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const BillingGroupWriteResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ group: BillingGroupWriteSchema }, ["group"]),
);

/** A team directory group. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team directory group) */
export type DirectoryGroup = v.InferOutput<typeof DirectoryGroupSchema>;
/** An organization group. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization group) */
export type OrganizationGroup = v.InferOutput<typeof OrganizationGroupSchema>;
/** A member of a directory or organization group. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team directory group) */
export type GroupMember = v.InferOutput<typeof GroupMemberSchema>;
/** 200 of GET /teams/directory-groups. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type DirectoryGroupListResponse = v.InferOutput<typeof DirectoryGroupListResponseSchema>;
/** `{group}` of a directory group. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type DirectoryGroupResponse = v.InferOutput<typeof DirectoryGroupResponseSchema>;
/** 200 of GET /organizations/groups. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export type OrganizationGroupListResponse = v.InferOutput<typeof OrganizationGroupListResponseSchema>;
/** `{group}` of an organization group. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export type OrganizationGroupResponse = v.InferOutput<typeof OrganizationGroupResponseSchema>;
/** A page of group members. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type GroupMembersResponse = v.InferOutput<typeof GroupMembersResponseSchema>;
/** `{addedCount}`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type GroupMembersAdded = v.InferOutput<typeof GroupMembersAddedSchema>;
/** `{removedCount}`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type GroupMembersRemoved = v.InferOutput<typeof GroupMembersRemovedSchema>;
/** One day of spend. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export type DailySpend = v.InferOutput<typeof DailySpendSchema>;
/** A billing-group member. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export type BillingGroupMember = v.InferOutput<typeof BillingGroupMemberSchema>;
/** A billing group. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export type BillingGroup = v.InferOutput<typeof BillingGroupSchema>;
/** A billing cycle. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export type BillingCycle = v.InferOutput<typeof BillingCycleSchema>;
/** 200 of GET /teams/groups. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export type BillingGroupListResponse = v.InferOutput<typeof BillingGroupListResponseSchema>;
/** 200 of GET /teams/groups/{groupId}. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type BillingGroupResponse = v.InferOutput<typeof BillingGroupResponseSchema>;
/** A billing-group member as writes return it. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export type BillingGroupWriteMember = v.InferOutput<typeof BillingGroupWriteMemberSchema>;
/** The group billing-group writes return. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export type BillingGroupWrite = v.InferOutput<typeof BillingGroupWriteSchema>;
/** `{group}` of billing-group writes. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type BillingGroupWriteResponse = v.InferOutput<typeof BillingGroupWriteResponseSchema>;
