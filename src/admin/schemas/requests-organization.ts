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
import { maxItems, minItems, presentKeys } from "../../core/request-rules.js";
import { isPlainObject } from "../../core/validation.js";
import { ADMIN_LIMITS, ORGANIZATION_SPEND_SORT_KEYS, SORT_DIRECTIONS } from "./constants.js";
import { dateRange, emailField, epochMsField, nonBlankText } from "./request-fields.js";
import { pageEntries } from "./requests-pagination.js";

// Request rules of the organization routes: membership sync, pooled usage, usage events, daily usage and spend.
// Groups and model access live with their team counterparts.

/** `organizationId`: required on every organization POST body; it must match the key's organization. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const OrganizationIdSchema = /* @__PURE__ */ lazySchema(() => nonBlankText("`organizationId`"));

// @__NO_SIDE_EFFECTS__
function teamIdList(label: string) {
  return arrayOf(integerField(`each entry of ${label}`), label);
}

/**
 * One sync entry: `userId` (whole number or string id) and exactly one of `teamIds` (the complete target set, at
 * most 100) or `destinationTeamId` (the same as `teamIds` of one).
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key))
 */
export const SyncEntrySchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    openObject(
      {
        userId: v.union(
          [integerField("`userId`"), nonBlankText("`userId`")],
          "[type] `userId` must be a whole number or a string id",
        ),
        teamIds: v.optional(
          v.pipe(
            teamIdList("`teamIds`"),
            maxItems(ADMIN_LIMITS.maxSyncTeamIds, "`teamIds`", "a user can be synced to at most 100 teams at once"),
          ),
        ),
        destinationTeamId: v.optional(integerField("`destinationTeamId`")),
      },
      "each sync entry",
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      const entry: unknown = dataset.value;
      if (!isPlainObject(entry)) return;
      const given = presentKeys(entry, ["teamIds", "destinationTeamId"]).length;
      if (given !== 1) {
        addIssue({
          message: `[exactly_one_of] each entry needs exactly one of \`teamIds\` (the complete set of teams) or \`destinationTeamId\` (one team); this one has ${given === 0 ? "neither" : "both"}`,
        });
      }
    }),
  ),
);

const SyncUserListSchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(arrayOf(SyncEntrySchema, "`users`"), minItems(1, "`users`")),
);

/**
 * `users` of any length (non-empty), every entry checked: what the client checks before splitting a long list
 * into requests of 500.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key))
 */
export const SyncEntriesSchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ users: SyncUserListSchema }, "the request body"),
);

/**
 * POST /organizations/team-memberships/sync: `organizationId` and 1..500 `users`.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key))
 */
export const OrgSyncBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    {
      organizationId: OrganizationIdSchema,
      users: v.pipe(
        SyncUserListSchema,
        maxItems(ADMIN_LIMITS.maxSyncUsers, "`users`", "`org.teamMemberships.sync` splits longer lists"),
      ),
    },
    "the request body",
  ),
);

/** POST /organizations/pooled-usage. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const OrgPooledUsageBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ organizationId: OrganizationIdSchema }, "the request body"),
);

/**
 * POST /organizations/filtered-usage-events: `teamIds` (default all teams, each linked to the organization),
 * inclusive epoch-ms bounds, filters.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key))
 */
export const OrgUsageEventsBodySchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    openObject(
      {
        organizationId: OrganizationIdSchema,
        teamIds: v.optional(teamIdList("`teamIds`")),
        startDate: v.optional(epochMsField("`startDate`")),
        endDate: v.optional(epochMsField("`endDate`")),
        userId: v.optional(
          v.union(
            [integerField("`userId`"), nonBlankText("`userId`")],
            "[type] `userId` must be a whole number or a string id",
          ),
        ),
        email: v.optional(anyText("`email`")),
        serviceAccountId: v.optional(nonBlankText("`serviceAccountId`")),
        ...pageEntries("org.usage.events"),
      },
      "the request body",
    ),
    dateRange("startDate", "endDate"),
  ),
);

// @__NO_SIDE_EFFECTS__
function emailOrEmails(label: string) {
  return v.union(
    [emailField(label), arrayOf(emailField(`each entry of ${label}`), label)],
    `[type] ${label} must be an email address or an array of them`,
  );
}

/**
 * POST /organizations/daily-usage-data: epoch-ms range of at most 30 days, paginated by user; `userEmails` is an
 * alias of `userEmail`, so send one of them.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key))
 */
export const OrgDailyUsageBodySchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    openObject(
      {
        organizationId: OrganizationIdSchema,
        startDate: v.optional(epochMsField("`startDate`")),
        endDate: v.optional(epochMsField("`endDate`")),
        teamIds: v.optional(teamIdList("`teamIds`")),
        userEmail: v.optional(emailOrEmails("`userEmail`")),
        userEmails: v.optional(emailOrEmails("`userEmails`")),
        ...pageEntries("org.usage.daily"),
      },
      "the request body",
    ),
    dateRange("startDate", "endDate", ADMIN_LIMITS.maxDateRangeDays),
    v.rawCheck(({ dataset, addIssue }) => {
      const body: unknown = dataset.value;
      if (isPlainObject(body) && presentKeys(body, ["userEmail", "userEmails"]).length === 2) {
        addIssue({
          message: "[exclusive] `userEmails` is an alias of `userEmail`; send only one of them",
          path: [pathItem(body, "userEmails", body.userEmails)],
        });
      }
    }),
  ),
);

/** POST /organizations/spend. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const OrgSpendBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    {
      organizationId: OrganizationIdSchema,
      teamIds: v.optional(teamIdList("`teamIds`")),
      sortBy: v.optional(oneOf(ORGANIZATION_SPEND_SORT_KEYS, "`sortBy`")),
      sortDirection: v.optional(oneOf(SORT_DIRECTIONS, "`sortDirection`")),
      ...pageEntries("org.spend.list"),
    },
    "the request body",
  ),
);

/** GET /organizations/members: `page`, `pageSize` (larger than 200 is clamped). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const OrgMembersQuerySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(pageEntries("org.members.list"), "the list query"),
);

/** One sync entry. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export type SyncEntry = v.InferInput<typeof SyncEntrySchema>;
