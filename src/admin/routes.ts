/** Which kind of key a route takes. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Authentication) */
export type AdminKeyKind = "team" | "organization";

/** A route family with its own documented rate budget. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits) */
export type AdminRouteFamily =
  | "auditLogs"
  | "dailyUsage"
  | "usageEvents"
  | "organizationUsage"
  | "spendLimit"
  | "bulkSpendLimits"
  | "removeMember"
  | "groups"
  | "billingGroupWrites"
  | "modelAccess";

/** Documented budgets, requests per minute, per family (per team or organization). */
export const ADMIN_RATE_LIMITS: Readonly<Record<AdminRouteFamily, number>> = {
  auditLogs: 20,
  dailyUsage: 20,
  usageEvents: 60,
  organizationUsage: 20,
  spendLimit: 250,
  bulkSpendLimits: 20,
  removeMember: 50,
  groups: 20,
  billingGroupWrites: 20,
  modelAccess: 20,
};

/** One Admin or Organization API operation. */
export interface AdminRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path template without version prefix; `{name}` placeholders are filled URL-encoded. */
  path: string;
  keyKind: AdminKeyKind;
  /**
   * Scopes that may call it (any one suffices; `admin:*` always does). `undefined` where the spec
   * does not say which scope a team route needs.
   */
  scopes?: readonly string[];
  family?: AdminRouteFamily;
  /** Safe to repeat after an ambiguous failure (reads sent as POST, set-to-value writes). */
  idempotent?: boolean;
  /** Not shown in the spec; the default path is our best knowledge (README "Assumptions"). */
  assumed?: boolean;
}

const team = (method: AdminRoute["method"], path: string, extra: Partial<AdminRoute> = {}): AdminRoute => ({
  method,
  path,
  keyKind: "team",
  ...extra,
});
const org = (method: AdminRoute["method"], path: string, extra: Partial<AdminRoute> = {}): AdminRoute => ({
  method,
  path,
  keyKind: "organization",
  ...extra,
});

const DIRECTORY_READ = ["read:*"] as const;
const MODELS_READ = ["models:read", "models:*"] as const;
const MODELS_WRITE = ["models:*"] as const;
const ORG_MEMBERS_READ = ["members:read", "members:*"] as const;
const ORG_MEMBERS = ["members:*"] as const;
const ORG_USAGE = ["usage:*"] as const;

/**
 * Every Team Admin and Organization API route. The team single-model route is not shown in the spec:
 * its default mirrors the organization single-model route and is marked assumed.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints)
 */
export const ADMIN_ROUTES = {
  // Team Admin API
  listMembers: team("GET", "/teams/members"),
  listAuditLogs: team("GET", "/teams/audit-logs", { family: "auditLogs" }),
  teamDailyUsage: team("POST", "/teams/daily-usage-data", { family: "dailyUsage", idempotent: true }),
  teamSpend: team("POST", "/teams/spend", { idempotent: true }),
  teamUsageEvents: team("POST", "/teams/filtered-usage-events", { family: "usageEvents", idempotent: true }),
  setSpendLimit: team("POST", "/teams/user-spend-limit", { family: "spendLimit", idempotent: true }),
  setSpendLimits: team("POST", "/teams/user-spend-limits", { family: "bulkSpendLimits", idempotent: true }),
  removeMember: team("POST", "/teams/remove-member", { family: "removeMember" }),
  listBlocklists: team("GET", "/settings/repo-blocklists/repos"),
  upsertBlocklists: team("POST", "/settings/repo-blocklists/repos/upsert", { idempotent: true }),
  deleteBlocklist: team("DELETE", "/settings/repo-blocklists/repos/{repoId}"),
  listDirectoryGroups: team("GET", "/teams/directory-groups", { family: "groups", scopes: DIRECTORY_READ }),
  getDirectoryGroup: team("GET", "/teams/directory-groups/{groupId}", { family: "groups", scopes: DIRECTORY_READ }),
  createDirectoryGroup: team("POST", "/teams/directory-groups", { family: "groups", scopes: [] }),
  updateDirectoryGroup: team("PATCH", "/teams/directory-groups/{groupId}", {
    family: "groups",
    scopes: [],
    idempotent: true,
  }),
  deleteDirectoryGroup: team("DELETE", "/teams/directory-groups/{groupId}", { family: "groups", scopes: [] }),
  listDirectoryGroupMembers: team("GET", "/teams/directory-groups/{groupId}/members", {
    family: "groups",
    scopes: DIRECTORY_READ,
  }),
  addDirectoryGroupMembers: team("POST", "/teams/directory-groups/{groupId}/members/bulk-add", {
    family: "groups",
    scopes: [],
    idempotent: true,
  }),
  removeDirectoryGroupMembers: team("POST", "/teams/directory-groups/{groupId}/members/bulk-remove", {
    family: "groups",
    scopes: [],
    idempotent: true,
  }),
  listBillingGroups: team("GET", "/teams/groups"),
  getBillingGroup: team("GET", "/teams/groups/{groupId}"),
  createBillingGroup: team("POST", "/teams/groups", { family: "billingGroupWrites" }),
  updateBillingGroup: team("PATCH", "/teams/groups/{groupId}", { family: "billingGroupWrites", idempotent: true }),
  deleteBillingGroup: team("DELETE", "/teams/groups/{groupId}", { family: "billingGroupWrites" }),
  addBillingGroupMembers: team("POST", "/teams/groups/{groupId}/members", {
    family: "billingGroupWrites",
    idempotent: true,
  }),
  removeBillingGroupMembers: team("DELETE", "/teams/groups/{groupId}/members", { family: "billingGroupWrites" }),
  getModelAccess: team("GET", "/teams/model-access/configuration", { family: "modelAccess", scopes: MODELS_READ }),
  setModelAccess: team("PUT", "/teams/model-access/configuration", { family: "modelAccess", scopes: MODELS_WRITE }),
  listModelProviders: team("GET", "/teams/model-access/providers", { family: "modelAccess", scopes: MODELS_READ }),
  setModelProvider: team("PUT", "/teams/model-access/providers/{provider}", {
    family: "modelAccess",
    scopes: MODELS_WRITE,
  }),
  listProviderModels: team("GET", "/teams/model-access/providers/{provider}/models", {
    family: "modelAccess",
    scopes: MODELS_READ,
  }),
  setProviderModel: team("PUT", "/teams/model-access/providers/{provider}/models/{model}", {
    family: "modelAccess",
    scopes: MODELS_WRITE,
    assumed: true,
  }),
  enableAssistantBot: team("POST", "/assistant-bot/enable", { idempotent: true }),
  disableAssistantBot: team("POST", "/assistant-bot/disable", { idempotent: true }),
  getBotCapabilities: team("GET", "/assistant-bot/capabilities"),
  updateBotCapabilities: team("PATCH", "/assistant-bot/capabilities", { idempotent: true }),
  getBotAutoReview: team("GET", "/assistant-bot/auto-review"),
  setBotAutoReview: team("PUT", "/assistant-bot/auto-review"),
  getBotAccess: team("GET", "/assistant-bot/access"),
  setBotAccess: team("PUT", "/assistant-bot/access"),
  getBotNetwork: team("GET", "/assistant-bot/network"),
  setBotNetwork: team("PUT", "/assistant-bot/network"),
  listTeamRules: team("GET", "/assistant-bot/team-rules"),
  createTeamRule: team("POST", "/assistant-bot/team-rules"),
  updateTeamRule: team("PATCH", "/assistant-bot/team-rules/{ruleId}", { idempotent: true }),
  deleteTeamRule: team("DELETE", "/assistant-bot/team-rules/{ruleId}"),
  listSetupManifests: team("GET", "/assistant-bot/setup-manifests"),
  putSetupManifest: team("PUT", "/assistant-bot/setup-manifests/{manifestId}"),
  deleteSetupManifest: team("DELETE", "/assistant-bot/setup-manifests/{manifestId}"),

  // Organization API
  orgListMembers: org("GET", "/organizations/members", { scopes: ORG_MEMBERS_READ }),
  orgSyncMemberships: org("POST", "/organizations/team-memberships/sync", { scopes: ORG_MEMBERS, idempotent: true }),
  orgPooledUsage: org("POST", "/organizations/pooled-usage", {
    scopes: ORG_USAGE,
    family: "organizationUsage",
    idempotent: true,
  }),
  orgUsageEvents: org("POST", "/organizations/filtered-usage-events", {
    scopes: ORG_USAGE,
    family: "organizationUsage",
    idempotent: true,
  }),
  orgDailyUsage: org("POST", "/organizations/daily-usage-data", {
    scopes: ORG_USAGE,
    family: "organizationUsage",
    idempotent: true,
  }),
  orgSpend: org("POST", "/organizations/spend", { scopes: ORG_USAGE, family: "organizationUsage", idempotent: true }),
  orgListModelAccess: org("GET", "/organizations/teams/model-access/configuration", {
    scopes: MODELS_READ,
    family: "modelAccess",
  }),
  orgGetModelAccess: org("GET", "/organizations/teams/{teamId}/model-access/configuration", {
    scopes: MODELS_READ,
    family: "modelAccess",
  }),
  orgSetModelAccess: org("PUT", "/organizations/teams/{teamId}/model-access/configuration", {
    scopes: MODELS_WRITE,
    family: "modelAccess",
  }),
  orgSetModelAccessBulk: org("PUT", "/organizations/teams/model-access/configuration", {
    scopes: MODELS_WRITE,
    family: "modelAccess",
  }),
  orgListModelProviders: org("GET", "/organizations/teams/{teamId}/model-access/providers", {
    scopes: MODELS_READ,
    family: "modelAccess",
  }),
  orgSetModelProvider: org("PUT", "/organizations/teams/{teamId}/model-access/providers/{provider}", {
    scopes: MODELS_WRITE,
    family: "modelAccess",
  }),
  orgSetProviderModel: org("PUT", "/organizations/teams/{teamId}/model-access/providers/{provider}/models/{model}", {
    scopes: MODELS_WRITE,
    family: "modelAccess",
  }),
  orgSetModelProviderBulk: org("PUT", "/organizations/teams/model-access/providers/{provider}", {
    scopes: MODELS_WRITE,
    family: "modelAccess",
  }),
  orgSetProviderModelBulk: org("PUT", "/organizations/teams/model-access/providers/{provider}/models/{model}", {
    scopes: MODELS_WRITE,
    family: "modelAccess",
  }),
  orgListGroups: org("GET", "/organizations/groups", { scopes: ORG_MEMBERS, family: "groups" }),
  orgGetGroup: org("GET", "/organizations/groups/{groupId}", { scopes: ORG_MEMBERS, family: "groups" }),
  orgCreateGroup: org("POST", "/organizations/groups", { scopes: ORG_MEMBERS, family: "groups" }),
  orgUpdateGroup: org("PATCH", "/organizations/groups/{groupId}", {
    scopes: ORG_MEMBERS,
    family: "groups",
    idempotent: true,
  }),
  orgDeleteGroup: org("DELETE", "/organizations/groups/{groupId}", { scopes: ORG_MEMBERS, family: "groups" }),
  orgListGroupMembers: org("GET", "/organizations/groups/{groupId}/members", { scopes: ORG_MEMBERS, family: "groups" }),
  orgAddGroupMembers: org("POST", "/organizations/groups/{groupId}/members/bulk-add", {
    scopes: ORG_MEMBERS,
    family: "groups",
    idempotent: true,
  }),
  orgRemoveGroupMembers: org("POST", "/organizations/groups/{groupId}/members/bulk-remove", {
    scopes: ORG_MEMBERS,
    family: "groups",
    idempotent: true,
  }),
} as const satisfies Record<string, AdminRoute>;

/** The name of an Admin or Organization operation in {@link ADMIN_ROUTES}. */
export type AdminRouteName = keyof typeof ADMIN_ROUTES;

/**
 * Whether a key with `scope` may call `route`: `admin:*` always may; a route that lists scopes
 * needs one of them; `[]` means only `admin:*`; a route without a documented scope accepts any key
 * of the right kind.
 */
export function scopeAllows(route: AdminRoute, scope: string | undefined): boolean {
  if (scope === "admin:*") return true;
  if (route.scopes === undefined) return true;
  return scope !== undefined && route.scopes.includes(scope);
}
