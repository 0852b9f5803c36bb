import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { openEnum } from "../../core/schema.js";
import { AUDIT_APPLICATION_TYPES, AUDIT_EVENT_TYPES, TEAM_ROLES } from "./constants.js";
import { PagePaginationSchema } from "./envelopes.js";
import { responseObject } from "./response-object.js";

// Team members, the audit log, member removal and repository blocklists, as the team routes return them.
// Lenient objects (see ./response-object.ts): documented fields optional, unknown fields and enum values kept.

/** A team member; `id` is `user_<encoded>`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team member) */
export const TeamMemberSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      id: v.string(),
      email: v.string(),
      name: v.string(),
      role: openEnum(TEAM_ROLES),
      isRemoved: v.boolean(),
    },
    ["id"],
  ),
);

/** 200 of GET /teams/members. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const ListMembersResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ teamMembers: v.array(TeamMemberSchema) }, ["teamMembers"]),
);

/**
 * What an audit row carries about the event; assistant-bot routine rows identify the bot with `sand_agent_id`.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Audit log event)
 */
export const AuditEventDataSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ sand_agent_id: v.optional(v.string()) }),
);

/** One audit log row (snake_case, as on the wire). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Audit log event) */
export const AuditLogEventSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    // The spec does not type the id; both forms are kept as sent.
    event_id: v.union([v.string(), v.number()]),
    timestamp: v.string(),
    ip_address: v.string(),
    user_email: v.string(),
    event_type: openEnum(AUDIT_EVENT_TYPES),
    application_type: openEnum(AUDIT_APPLICATION_TYPES),
    event_data: AuditEventDataSchema,
  }),
);

/** The query the audit log answered, echoed; the spec does not type the dates (string or epoch ms). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Audit log event) */
export const AuditLogParamsSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    teamId: v.number(),
    startDate: v.union([v.string(), v.number()]),
    endDate: v.union([v.string(), v.number()]),
  }),
);

/** 200 of GET /teams/audit-logs. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Audit log event) */
export const AuditLogsResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      events: v.array(AuditLogEventSchema),
      pagination: PagePaginationSchema,
      params: AuditLogParamsSchema,
    },
    ["events"],
  ),
);

/** 200 of POST /teams/remove-member. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const RemoveMemberResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    success: v.boolean(),
    userId: v.string(),
    hasBillingCycleUsage: v.boolean(),
  }),
);

/**
 * A repository blocklist entry; `patterns` are globs (`*` blocks the whole repository, `**\/*.secret` any
 * subdirectory).
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Repository blocklist entry)
 */
export const BlocklistEntrySchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      id: v.string(),
      url: v.string(),
      patterns: v.array(v.string()),
    },
    ["id"],
  ),
);

/** 200 of GET /settings/repo-blocklists/repos and of the upsert. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const BlocklistsResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ repos: v.array(BlocklistEntrySchema) }, ["repos"]),
);

/** A team member. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team member) */
export type TeamMember = v.InferOutput<typeof TeamMemberSchema>;
/** 200 of GET /teams/members. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type ListMembersResponse = v.InferOutput<typeof ListMembersResponseSchema>;
/** An audit row's event data. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Audit log event) */
export type AuditEventData = v.InferOutput<typeof AuditEventDataSchema>;
/** One audit log row. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Audit log event) */
export type AuditLogEvent = v.InferOutput<typeof AuditLogEventSchema>;
/** The echoed audit query. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Audit log event) */
export type AuditLogParams = v.InferOutput<typeof AuditLogParamsSchema>;
/** 200 of GET /teams/audit-logs. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Audit log event) */
export type AuditLogsResponse = v.InferOutput<typeof AuditLogsResponseSchema>;
/** 200 of POST /teams/remove-member. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type RemoveMemberResponse = v.InferOutput<typeof RemoveMemberResponseSchema>;
/** A repository blocklist entry. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Repository blocklist entry) */
export type BlocklistEntry = v.InferOutput<typeof BlocklistEntrySchema>;
/** The blocklist entries. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type BlocklistsResponse = v.InferOutput<typeof BlocklistsResponseSchema>;
