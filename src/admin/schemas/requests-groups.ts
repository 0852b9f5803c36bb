import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import {
  anyText,
  arrayOf,
  integerField,
  oneOf,
  requestObject as openObject,
  pathItem,
} from "../../core/request-fields.js";
import { atLeastOneOf, maxItems, presentKeys } from "../../core/request-rules.js";
import { isPlainObject } from "../../core/validation.js";
import { billingGroupId, directoryGroupId, organizationGroupId, teamMemberId } from "../ids.js";
import { ADMIN_LIMITS, BILLING_GROUP_TYPES } from "./constants.js";
import { isDateText, nonBlankText } from "./request-fields.js";
import { pageEntries } from "./requests-pagination.js";

// Request rules of the three group families. Each family's routes take only its own ids (../ids.ts); team
// directory and organization groups share their body rules.

/** The `{groupId}` of a team directory group route: team_group_…. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team directory group) */
export const DirectoryGroupPathSchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ groupId: directoryGroupId("`groupId`") }, "the path"),
);

/** The `{groupId}` of an organization group route: g_… (the public grp_… id is refused). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const OrganizationGroupPathSchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ groupId: organizationGroupId("`groupId`") }, "the path"),
);

/** The `{groupId}` of a billing group route: group_…. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export const BillingGroupPathSchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ groupId: billingGroupId("`groupId`") }, "the path"),
);

/** POST /teams/directory-groups and POST /organizations/groups: a non-blank `name`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const GroupCreateBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ name: nonBlankText("`name`") }, "the request body"),
);

const GROUP_UPDATE_FIELDS = ["name", "monthlySpendingLimitDollars", "clearMonthlySpendingLimitDollars"] as const;
const MAX_LIMIT = ADMIN_LIMITS.maxGroupSpendingLimitDollars;

/**
 * PATCH of a team directory or organization group: at least one field; the limit is whole dollars
 * 0..2147483647 and never sent together with `clearMonthlySpendingLimitDollars`.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export const GroupUpdateBodySchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    openObject(
      {
        name: v.optional(nonBlankText("`name`")),
        monthlySpendingLimitDollars: v.optional(
          v.pipe(
            v.number(
              "[type] `monthlySpendingLimitDollars` must be a whole number of dollars; to remove the limit send `clearMonthlySpendingLimitDollars: true` instead",
            ),
            v.integer("[integer] `monthlySpendingLimitDollars` must be a whole number of dollars"),
            v.minValue(0, "[min_value] `monthlySpendingLimitDollars` must be at least 0"),
            v.maxValue(MAX_LIMIT, `[max_value] \`monthlySpendingLimitDollars\` must be at most ${MAX_LIMIT}`),
          ),
        ),
        clearMonthlySpendingLimitDollars: v.optional(
          v.literal(
            true,
            "[one_of] `clearMonthlySpendingLimitDollars` must be true (it removes the limit); leave it out otherwise",
          ),
        ),
      },
      "the request body",
    ),
    atLeastOneOf(GROUP_UPDATE_FIELDS),
    v.rawCheck(({ dataset, addIssue }) => {
      const body: unknown = dataset.value;
      if (!isPlainObject(body)) return;
      if (body.monthlySpendingLimitDollars !== undefined && body.clearMonthlySpendingLimitDollars !== undefined) {
        addIssue({
          message:
            "[exclusive] `clearMonthlySpendingLimitDollars` cannot be sent with `monthlySpendingLimitDollars`; set a limit or clear it, not both",
          path: [pathItem(body, "clearMonthlySpendingLimitDollars", body.clearMonthlySpendingLimitDollars)],
        });
      }
    }),
  ),
);

/**
 * Bulk add or remove of a team directory or organization group's members: `userIds`, user_ ids, at most 100.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits)
 */
export const GroupMemberIdsBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    {
      userIds: v.pipe(
        arrayOf(teamMemberId("each entry of `userIds`"), "`userIds`"),
        maxItems(ADMIN_LIMITS.maxGroupMemberIds, "`userIds`", "split it into calls of 100"),
      ),
    },
    "the request body",
  ),
);

/** GET /teams/directory-groups and its members: `page`, `pageSize` (larger than 200 is clamped). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const DirectoryGroupsQuerySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(pageEntries("directoryGroups.list"), "the list query"),
);

/** GET /organizations/groups: `page`, `pageSize` (clamped to 200), exact `name` (blank lists all). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const OrgGroupsQuerySchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ ...pageEntries("org.groups.list"), name: v.optional(anyText("`name`")) }, "the list query"),
);

/** GET /teams/groups and /teams/groups/{groupId}: `billingCycle`, a date string (default: current cycle). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const BillingGroupsQuerySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    {
      billingCycle: v.optional(
        v.pipe(
          nonBlankText("`billingCycle`"),
          v.check(
            (text) => text.trim() === "" || isDateText(text),
            "[date] `billingCycle` must be an ISO 8601 date of a real day, such as 2025-01-31",
          ),
        ),
      ),
    },
    "the query",
  ),
);

/** POST /teams/groups: `name` required, `type` BILLING (the default). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const BillingGroupCreateBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    { name: nonBlankText("`name`"), type: v.optional(oneOf(BILLING_GROUP_TYPES, "`type`")) },
    "the request body",
  ),
);

/**
 * PATCH /teams/groups/{groupId}: exactly one of `name` or `directoryGroupId` (a string, or null to detach).
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export const BillingGroupUpdateBodySchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    openObject(
      {
        name: v.optional(nonBlankText("`name`")),
        directoryGroupId: v.optional(
          v.nullable(
            v.pipe(
              v.string("[type] `directoryGroupId` must be a string id, or null to detach the directory group"),
              v.minLength(1, "[min_length] `directoryGroupId` must not be empty; send null to detach"),
            ),
          ),
        ),
      },
      "the request body",
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      const body: unknown = dataset.value;
      if (!isPlainObject(body)) return;
      const given = presentKeys(body, ["name", "directoryGroupId"]).length;
      if (given !== 1) {
        addIssue({
          message: `[exactly_one_of] send exactly one of \`name\` or \`directoryGroupId\` per update; this body has ${given === 0 ? "neither" : "both"} (send two updates to change both)`,
        });
      }
    }),
  ),
);

/**
 * POST and DELETE /teams/groups/{groupId}/members: `userIds` required; members must already be on the team and in
 * no other billing group.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export const BillingGroupMembersBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    {
      userIds: arrayOf(
        v.union(
          [nonBlankText("each entry of `userIds`"), integerField("each entry of `userIds`")],
          "[type] each entry of `userIds` must be a user id (a string or a whole number)",
        ),
        "`userIds`",
      ),
    },
    "the request body",
  ),
);

/** A new directory or organization group. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type GroupCreateParams = v.InferInput<typeof GroupCreateBodySchema>;
/** An update of a directory or organization group. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type GroupUpdateParams = v.InferInput<typeof GroupUpdateBodySchema>;
/** A new billing group. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type BillingGroupCreateParams = v.InferInput<typeof BillingGroupCreateBodySchema>;
/** An update of a billing group. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type BillingGroupUpdateParams = v.InferInput<typeof BillingGroupUpdateBodySchema>;
