// The Admin and Organization APIs' enums and limits, in one place so request rules, response schemas, the fake
// service and the docs cannot drift apart. Response enums are open (unknown values pass through); request
// enums are closed because the server answers an unknown value with 400.

/** Team roles as documented ("e.g. member, owner"; admins are owners or free-owners). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team member) */
export const TEAM_ROLES = ["member", "owner", "free-owner"] as const;

/** Organization-level roles, independent of each team role. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const ORGANIZATION_ROLES = ["admin", "member"] as const;

/** Every documented audit event type (`eventTypes` filter values). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Events) */
export const AUDIT_EVENT_TYPES = [
  "login",
  "logout",
  "add_user",
  "remove_user",
  "update_user_role",
  "team_settings",
  "mcp_server_config",
  "team_api_key",
  "user_api_key",
  "privacy_mode",
  "user_spend_limit",
  "team_rule",
  "team_repo",
  "team_hook",
  "team_command",
  "create_directory_group",
  "delete_directory_group",
  "update_directory_group",
  "update_directory_group_permissions",
  "add_user_to_directory_group",
  "remove_user_from_directory_group",
  "reviewbot_installation",
  "reviewbot_installation_settings",
  "reviewbot_repo_settings",
  "reviewbot_team_rule",
  "reviewbot_team_settings",
  "reviewbot_bulk_repo_update",
  "assistant_bot_created",
  "assistant_bot_lifecycle",
  "sand_onboarding",
  "assistant_bot_access_changed",
  "assistant_bot_team_setup_manifest",
  "assistant_bot_group_settings",
  "assistant_bot_group_resource",
  "assistant_bot_resource",
  "assistant_bot_machine",
  "assistant_bot_vm",
  "assistant_bot_vm_bulk",
  "assistant_bot_routine",
  "mcp_authentication",
  "chat_account_link",
] as const;

/** Which application wrote an audit row; `""` when unknown (including older rows). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Audit log event) */
export const AUDIT_APPLICATION_TYPES = ["assistant_bot", "service", ""] as const;

/** `hostingType` filter of the team usage-events route; anything else is a 400. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const HOSTING_TYPES = ["CLOUD", "SELF_HOSTED", "SELF_HOSTED_POOL", "SELF_HOSTED_MACHINE"] as const;

/** `sortBy` of the team spend route. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const TEAM_SPEND_SORT_KEYS = ["amount", "date", "user"] as const;

/** `sortBy` of the organization spend route. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const ORGANIZATION_SPEND_SORT_KEYS = ["email", "name", "spendCents"] as const;

/** `sortDirection` of both spend routes. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const SORT_DIRECTIONS = ["asc", "desc"] as const;

/** Outcome of a single spend-limit update. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const SPEND_LIMIT_OUTCOMES = ["success", "error"] as const;

/** Row status of a bulk spend-limit update. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const SPEND_LIMIT_ROW_STATUSES = ["updated", "unchanged", "failed"] as const;

/** Billing group types; only BILLING is documented (and the default). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export const BILLING_GROUP_TYPES = ["BILLING"] as const;

/** Model access policy states. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § States and transitions) */
export const MODEL_ACCESS_STATES = ["unrestricted", "custom", "legacy"] as const;

/** What a new provider or model defaults to under a custom policy. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Model access configuration) */
export const MODEL_ACCESS_DEFAULTS = ["enabled", "disabled"] as const;

/** Row status of bulk model-access and membership-sync results. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const BULK_ROW_STATUSES = ["success", "error"] as const;

/** Assistant-bot template sharing levels (`null` = team default). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export const TEMPLATE_SHARING_LEVELS = ["all", "team_only", "none"] as const;

/** Assistant-bot local execution ceilings (`null` = no ceiling). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export const LOCAL_EXECUTION_LEVELS = ["never", "ask", "always"] as const;

/** Assistant-bot access modes. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export const BOT_ACCESS_MODES = ["all", "limited"] as const;

/** Assistant-bot network egress modes. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export const EGRESS_MODES = ["unset", "allow_all", "default_with_network_settings", "network_settings_only"] as const;

/** The scope a team rule carries. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export const TEAM_RULE_SCOPES = ["assistantBot"] as const;

/** Numeric limits of the Admin and Organization APIs. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits) */
export const ADMIN_LIMITS = {
  /** Updates per bulk spend-limit request; the client chunks longer lists. */
  maxSpendLimitUpdates: 100,
  /** User ids per group member bulk call (team directory and organization groups). */
  maxGroupMemberIds: 100,
  /** Team ids per bulk model-access request. */
  maxBulkTeamIds: 100,
  /** Entries per membership sync request; the client chunks longer lists. */
  maxSyncUsers: 500,
  /** `teamIds` per sync entry. */
  maxSyncTeamIds: 100,
  /** Whole dollars, per member, of a group spending limit. */
  maxGroupSpendingLimitDollars: 2_147_483_647,
  /** Entries per auto-review list (`rules.allow`, `rules.block`). */
  maxAutoReviewRules: 20,
  /** Characters per auto-review entry, after trimming. */
  maxAutoReviewRuleLength: 1000,
  /** Distinct group ids of a limited access policy. */
  maxAccessGroupIds: 100,
  /** `limit` of the team rules and setup manifests lists. */
  maxCursorLimit: 100,
  /** Days a date range of the audit-log and daily-usage routes may span. */
  maxDateRangeDays: 30,
  /** Team rules a team stores. */
  maxTeamRules: 50,
  /** Setup manifests a team stores. */
  maxSetupManifests: 100,
} as const;
