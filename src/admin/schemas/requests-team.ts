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
import { maxItems, presentKeys } from "../../core/request-rules.js";
import { isPlainObject } from "../../core/validation.js";
import { isIdOfFamily, teamMemberId } from "../ids.js";
import { ADMIN_LIMITS, HOSTING_TYPES, SORT_DIRECTIONS, TEAM_SPEND_SORT_KEYS } from "./constants.js";
import { dateRange, emailField, epochMsField, nonBlankText, pathTo } from "./request-fields.js";
import { pageEntries } from "./requests-pagination.js";

// Request rules of the team routes for members, audit logs, usage, spend, spend limits and blocklists.

/** POST /teams/remove-member: exactly one of `userId` (user_ id) or `email`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const RemoveMemberBodySchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    openObject(
      { userId: v.optional(teamMemberId("`userId`")), email: v.optional(emailField("`email`")) },
      "the request body",
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      const body: unknown = dataset.value;
      if (!isPlainObject(body)) return;
      const given = presentKeys(body, ["userId", "email"]).length;
      if (given !== 1) {
        addIssue({
          message: `[exactly_one_of] name the member by exactly one of \`userId\` (a user_ id) or \`email\`; this body has ${given === 0 ? "neither" : "both"}`,
        });
      }
    }),
  ),
);

/**
 * Whole dollars, `null` to remove the limit, 0 for a $0 limit; required. Negative limits are refused.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
const SpendLimitDollarsSchema = /* @__PURE__ */ lazySchema(() =>
  v.nullable(
    v.pipe(
      v.number("[type] `spendLimitDollars` must be a whole number of dollars, or null to remove the limit"),
      v.integer("[integer] `spendLimitDollars` must be a whole number of dollars, or null to remove the limit"),
      v.minValue(0, "[min_value] `spendLimitDollars` must be at least 0 (0 sets a $0 limit; null removes it)"),
    ),
  ),
);

const spendLimitEntries = /* @__PURE__ */ lazySchema(() => ({
  userEmail: emailField("`userEmail`"),
  spendLimitDollars: SpendLimitDollarsSchema,
}));

/** POST /teams/user-spend-limit. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const SetSpendLimitBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(spendLimitEntries, "the request body"),
);

/** One row of a bulk spend-limit update. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const SpendLimitUpdateSchema = /* @__PURE__ */ lazySchema(() => openObject(spendLimitEntries, "each update"));

// Emails are unique across the whole list (compared trimmed and case-insensitively); a repeat names the first.
// @__NO_SIDE_EFFECTS__
function uniqueEmails<TInput>(): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const list: unknown = dataset.value;
    if (!Array.isArray(list)) return;
    const firstIndex = new Map<string, number>();
    list.forEach((row: unknown, index) => {
      if (!isPlainObject(row) || typeof row.userEmail !== "string") return;
      const key = row.userEmail.trim().toLowerCase();
      const earlier = firstIndex.get(key);
      if (earlier === undefined) {
        firstIndex.set(key, index);
        return;
      }
      addIssue({
        message: `[unique] this email already has an update at index ${earlier}; send one update per member`,
        path: [pathItem(list, index, row), pathItem(row, "userEmail", row.userEmail)],
      });
    });
  });
}

/**
 * `updates` of any length, every row checked and emails unique across the whole list: what the client checks
 * before it splits a long list into requests of 100.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export const SpendLimitUpdatesSchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ updates: v.pipe(arrayOf(SpendLimitUpdateSchema, "`updates`"), uniqueEmails()) }, "the request body"),
);

/** POST /teams/user-spend-limits (preview): one request of at most 100 updates. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const SetSpendLimitsBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    {
      updates: v.pipe(
        arrayOf(SpendLimitUpdateSchema, "`updates`"),
        uniqueEmails(),
        maxItems(ADMIN_LIMITS.maxSpendLimitUpdates, "`updates`", "`spendLimits.setMany` splits longer lists"),
      ),
    },
    "the request body",
  ),
);

const DAY_MS = 86_400_000;

// Audit bounds may be strings or numbers; they are compared only when both read as instants.
function instantOf(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value);
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

// Comma-separated list (string) or array: the entries it names, blanks dropped.
function listEntries(value: unknown): unknown[] | undefined {
  if (typeof value === "string") return value.split(",").filter((entry) => entry.trim() !== "");
  return Array.isArray(value) ? value : undefined;
}

// An automation id is a UUID; `*` asks for every automation.
const AUTOMATION_ID = /* @__PURE__ */ lazySchema(() => v.union([v.literal("*"), v.pipe(v.string(), v.uuid())]));

// @__NO_SIDE_EFFECTS__
function stringOrNumber(label: string) {
  return v.union([v.string(), v.number()], `[type] ${label} must be a string or a number (epoch milliseconds)`);
}

// @__NO_SIDE_EFFECTS__
function commaList(label: string) {
  return v.union(
    [v.string(), v.array(v.string(`[type] each entry of ${label} must be a string`))],
    `[type] ${label} must be a comma-separated string or an array of strings`,
  );
}

const NUMERIC_ID = /^\d{1,16}$/;
const USER_EMAIL = /* @__PURE__ */ lazySchema(() => v.pipe(v.string(), v.rfcEmail()));

// One entry of the audit-log `users` filter: an email, a numeric id or a user_ id (spec: GET /teams/audit-logs).
function isUserReference(entry: unknown): boolean {
  if (typeof entry === "number") return Number.isSafeInteger(entry) && entry >= 0;
  if (typeof entry !== "string") return false;
  const text = entry.trim();
  if (NUMERIC_ID.test(text)) return Number.isSafeInteger(Number(text));
  return isIdOfFamily(text, "teamMember") || v.is(USER_EMAIL, text);
}

/**
 * The audit-log `users` filter: a comma-separated string or a list of emails, numeric ids (digits or whole numbers) and
 * user_ ids, mixed. Every entry is checked (an entry is never echoed: emails are personal data) and sent trimmed as
 * one comma-separated value.
 */
// @__NO_SIDE_EFFECTS__
function userReferences(label: string) {
  return v.pipe(
    v.union(
      [v.string(), v.array(v.union([v.string(), v.number()]), `[type] each entry of ${label} must be a string`)],
      `[type] ${label} must be a comma-separated string or an array of emails, numeric ids and user_ ids`,
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      const value: unknown = dataset.value;
      const entries = typeof value === "string" ? value.split(",") : Array.isArray(value) ? value : [];
      entries.forEach((entry: unknown, index) => {
        if (isUserReference(entry)) return;
        const blank = typeof entry === "string" && entry.trim() === "";
        addIssue({
          message: blank
            ? `[min_length] entry ${index + 1} of ${label} is empty; name each user once, separated by commas`
            : `[user_ref] entry ${index + 1} of ${label} must be an email, a numeric user id or a user_ id`,
        });
      });
    }),
    v.transform((value: string | Array<string | number>) =>
      (typeof value === "string" ? value.split(",") : value).map((entry) => String(entry).trim()).join(","),
    ),
  );
}

/**
 * GET /teams/audit-logs query. `users` (emails, numeric ids or user_ ids, mixed) may name at most `pageSize`
 * (default 100) users; the range may span at most 30 days.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export const AuditLogsQuerySchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    openObject(
      {
        startTime: v.optional(stringOrNumber("`startTime`")),
        endTime: v.optional(stringOrNumber("`endTime`")),
        eventTypes: v.optional(commaList("`eventTypes`")),
        search: v.optional(anyText("`search`")),
        users: v.optional(userReferences("`users`")),
        ...pageEntries("auditLogs.list"),
      },
      "the audit-log query",
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      const query: unknown = dataset.value;
      if (!isPlainObject(query)) return;
      const users = listEntries(query.users);
      const pageSize = typeof query.pageSize === "number" ? query.pageSize : 100;
      if (users !== undefined && users.length > pageSize) {
        addIssue({
          message: `[max_items] \`users\` names ${users.length} users but the page holds ${pageSize}; raise \`pageSize\` or name fewer users`,
          path: [pathItem(query, "users", query.users)],
        });
      }
      const start = instantOf(query.startTime);
      const end = instantOf(query.endTime);
      if (start === undefined || end === undefined) return;
      const path = pathTo(query, "endTime", query.endTime);
      if (start > end) addIssue({ message: "[date_range] `endTime` is before `startTime`; swap them", path });
      else if (end - start > ADMIN_LIMITS.maxDateRangeDays * DAY_MS) {
        addIssue({
          message: `[max_range] the range from \`startTime\` to \`endTime\` spans more than ${ADMIN_LIMITS.maxDateRangeDays} days; split it`,
          path,
        });
      }
    }),
  ),
);

/**
 * POST /teams/daily-usage-data: `startDate` and `endDate` (epoch ms) required, at most 30 days apart; `page` and
 * `pageSize` go together.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export const DailyUsageBodySchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    openObject(
      {
        startDate: epochMsField("`startDate`"),
        endDate: epochMsField("`endDate`"),
        ...pageEntries("usage.daily"),
      },
      "the request body",
    ),
    dateRange("startDate", "endDate", ADMIN_LIMITS.maxDateRangeDays),
    v.rawCheck(({ dataset, addIssue }) => {
      const body: unknown = dataset.value;
      if (!isPlainObject(body)) return;
      const given = presentKeys(body, ["page", "pageSize"]);
      if (given.length === 1) {
        const missing = given[0] === "page" ? "pageSize" : "page";
        addIssue({
          message: `[together] send both \`page\` and \`pageSize\` to paginate, or neither; \`${missing}\` is missing`,
          path: [pathItem(body, missing, undefined)],
        });
      }
    }),
  ),
);

/**
 * POST /teams/filtered-usage-events: filters combine with AND; bounds inclusive; `pageSize` at most 1000;
 * `hostingType` one of the four documented values.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export const UsageEventsBodySchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    openObject(
      {
        startDate: v.optional(epochMsField("`startDate`")),
        endDate: v.optional(epochMsField("`endDate`")),
        userId: v.optional(integerField("`userId`")),
        email: v.optional(anyText("`email`")),
        serviceAccountId: v.optional(nonBlankText("`serviceAccountId`")),
        cloudAgentId: v.optional(nonBlankText("`cloudAgentId`")),
        automationId: v.optional(
          v.pipe(
            nonBlankText("`automationId`"),
            v.check(
              (text) => text.trim() === "" || v.is(AUTOMATION_ID, text),
              '[uuid] `automationId` must be an automation\'s UUID, or "*" for every automation',
            ),
          ),
        ),
        hostingType: v.optional(oneOf(HOSTING_TYPES, "`hostingType`")),
        ...pageEntries("usage.events"),
      },
      "the request body",
    ),
    dateRange("startDate", "endDate"),
  ),
);

/** POST /teams/spend. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const TeamSpendBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    {
      searchTerm: v.optional(anyText("`searchTerm`")),
      sortBy: v.optional(oneOf(TEAM_SPEND_SORT_KEYS, "`sortBy`")),
      sortDirection: v.optional(oneOf(SORT_DIRECTIONS, "`sortDirection`")),
      ...pageEntries("spend.list"),
    },
    "the request body",
  ),
);

/** One repository of a blocklist upsert: its URL and glob patterns. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Repository blocklist entry) */
export const BlocklistRepoInputSchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    {
      url: nonBlankText("`url`"),
      patterns: arrayOf(nonBlankText("each pattern"), "`patterns`"),
    },
    "each repository",
  ),
);

/** POST /settings/repo-blocklists/repos/upsert; replaces patterns only for the listed repositories. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const BlocklistUpsertBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ repos: arrayOf(BlocklistRepoInputSchema, "`repos`") }, "the request body"),
);

/** The `{repoId}` of DELETE /settings/repo-blocklists/repos/{repoId}. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const BlocklistRepoIdSchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ repoId: nonBlankText("`repoId`") }, "the path"),
);

/** What `members.remove` accepts. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type RemoveMemberParams = v.InferInput<typeof RemoveMemberBodySchema>;
/** What `spendLimits.set` accepts. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type SetSpendLimitParams = v.InferInput<typeof SetSpendLimitBodySchema>;
/** One bulk spend-limit update. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type SpendLimitUpdate = v.InferInput<typeof SpendLimitUpdateSchema>;
/** What the team usage-events call accepts. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type UsageEventsParams = v.InferInput<typeof UsageEventsBodySchema>;
/** One repository of a blocklist upsert. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Repository blocklist entry) */
export type BlocklistRepoInput = v.InferInput<typeof BlocklistRepoInputSchema>;
