import { lazySchema } from "../core/lazy-schema.js";
import { requestObject as openObject } from "../core/request-fields.js";
import { team } from "./operation-types.js";
import * as s from "./schemas/index.js";
import { nonBlankText } from "./schemas/request-fields.js";
import { pageQuerySchema } from "./schemas/requests-pagination.js";

// The Team Admin API (team key). Provider and model ids are free-form catalog names (see the policy's placeholders).

const DIRECTORY_READ = ["read:*"] as const;
const MODELS_READ = ["models:read", "models:*"] as const;
const MODELS_WRITE = ["models:*"] as const;

/** `{provider}` (and `{model}`) of a model-access path: required, non-blank. */
export const ProviderPathSchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ provider: nonBlankText("`provider`") }, "the path"),
);
/** `{provider}` and `{model}` of a model-access path. */
export const ModelPathSchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ provider: nonBlankText("`provider`"), model: nonBlankText("`model`") }, "the path"),
);
const GroupMembersQuerySchema = /* @__PURE__ */ lazySchema(() => pageQuerySchema("listDirectoryGroupMembers"));

const dirGroup = { family: "groups", params: s.DirectoryGroupPathSchema } as const;
const billing = { params: s.BillingGroupPathSchema } as const;
const models = { family: "modelAccess", scopes: MODELS_READ } as const;
const modelWrites = { family: "modelAccess", scopes: MODELS_WRITE } as const;

/** The Team Admin API's operations (part of `ADMIN_OPERATIONS`). */
export const ADMIN_TEAM_OPERATIONS = {
  listMembers: team("GET", "/teams/members", { response: s.ListMembersResponseSchema }),
  listAuditLogs: team("GET", "/teams/audit-logs", {
    family: "auditLogs",
    query: s.AuditLogsQuerySchema,
    response: s.AuditLogsResponseSchema,
  }),
  teamDailyUsage: team("POST", "/teams/daily-usage-data", {
    family: "dailyUsage",
    idempotent: true,
    body: s.DailyUsageBodySchema,
    response: s.TeamDailyUsageResponseSchema,
  }),
  teamSpend: team("POST", "/teams/spend", {
    idempotent: true,
    body: s.TeamSpendBodySchema,
    response: s.TeamSpendResponseSchema,
  }),
  teamUsageEvents: team("POST", "/teams/filtered-usage-events", {
    family: "usageEvents",
    idempotent: true,
    body: s.UsageEventsBodySchema,
    response: s.UsageEventsResponseSchema,
  }),
  setSpendLimit: team("POST", "/teams/user-spend-limit", {
    family: "spendLimit",
    idempotent: true,
    body: s.SetSpendLimitBodySchema,
    response: s.SetSpendLimitResponseSchema,
  }),
  setSpendLimits: team("POST", "/teams/user-spend-limits", {
    family: "bulkSpendLimits",
    idempotent: true,
    body: s.SetSpendLimitsBodySchema,
    response: s.SetSpendLimitsResponseSchema,
  }),
  removeMember: team("POST", "/teams/remove-member", {
    family: "removeMember",
    body: s.RemoveMemberBodySchema,
    response: s.RemoveMemberResponseSchema,
  }),
  listBlocklists: team("GET", "/settings/repo-blocklists/repos", { response: s.BlocklistsResponseSchema }),
  upsertBlocklists: team("POST", "/settings/repo-blocklists/repos/upsert", {
    idempotent: true,
    body: s.BlocklistUpsertBodySchema,
    response: s.BlocklistsResponseSchema,
  }),
  deleteBlocklist: team("DELETE", "/settings/repo-blocklists/repos/{repoId}", { params: s.BlocklistRepoIdSchema }),
  listDirectoryGroups: team("GET", "/teams/directory-groups", {
    family: "groups",
    scopes: DIRECTORY_READ,
    query: s.DirectoryGroupsQuerySchema,
    response: s.DirectoryGroupListResponseSchema,
  }),
  getDirectoryGroup: team("GET", "/teams/directory-groups/{groupId}", {
    ...dirGroup,
    scopes: DIRECTORY_READ,
    response: s.DirectoryGroupResponseSchema,
  }),
  createDirectoryGroup: team("POST", "/teams/directory-groups", {
    family: "groups",
    scopes: [],
    body: s.GroupCreateBodySchema,
    response: s.DirectoryGroupResponseSchema,
  }),
  updateDirectoryGroup: team("PATCH", "/teams/directory-groups/{groupId}", {
    ...dirGroup,
    scopes: [],
    idempotent: true,
    body: s.GroupUpdateBodySchema,
    response: s.DirectoryGroupResponseSchema,
  }),
  deleteDirectoryGroup: team("DELETE", "/teams/directory-groups/{groupId}", { ...dirGroup, scopes: [] }),
  listDirectoryGroupMembers: team("GET", "/teams/directory-groups/{groupId}/members", {
    ...dirGroup,
    scopes: DIRECTORY_READ,
    query: GroupMembersQuerySchema,
    response: s.GroupMembersResponseSchema,
  }),
  addDirectoryGroupMembers: team("POST", "/teams/directory-groups/{groupId}/members/bulk-add", {
    ...dirGroup,
    scopes: [],
    idempotent: true,
    body: s.GroupMemberIdsBodySchema,
    response: s.GroupMembersAddedSchema,
  }),
  removeDirectoryGroupMembers: team("POST", "/teams/directory-groups/{groupId}/members/bulk-remove", {
    ...dirGroup,
    scopes: [],
    idempotent: true,
    body: s.GroupMemberIdsBodySchema,
    response: s.GroupMembersRemovedSchema,
  }),
  listBillingGroups: team("GET", "/teams/groups", {
    query: s.BillingGroupsQuerySchema,
    response: s.BillingGroupListResponseSchema,
  }),
  getBillingGroup: team("GET", "/teams/groups/{groupId}", {
    ...billing,
    query: s.BillingGroupsQuerySchema,
    response: s.BillingGroupResponseSchema,
  }),
  createBillingGroup: team("POST", "/teams/groups", {
    family: "billingGroupWrites",
    body: s.BillingGroupCreateBodySchema,
    response: s.BillingGroupWriteResponseSchema,
  }),
  updateBillingGroup: team("PATCH", "/teams/groups/{groupId}", {
    ...billing,
    family: "billingGroupWrites",
    idempotent: true,
    body: s.BillingGroupUpdateBodySchema,
    response: s.BillingGroupWriteResponseSchema,
  }),
  deleteBillingGroup: team("DELETE", "/teams/groups/{groupId}", { ...billing, family: "billingGroupWrites" }),
  addBillingGroupMembers: team("POST", "/teams/groups/{groupId}/members", {
    ...billing,
    family: "billingGroupWrites",
    idempotent: true,
    body: s.BillingGroupMembersBodySchema,
    response: s.BillingGroupWriteResponseSchema,
  }),
  removeBillingGroupMembers: team("DELETE", "/teams/groups/{groupId}/members", {
    ...billing,
    family: "billingGroupWrites",
    body: s.BillingGroupMembersBodySchema,
    response: s.BillingGroupWriteResponseSchema,
  }),
  getModelAccess: team("GET", "/teams/model-access/configuration", { ...models, response: s.ModelAccessConfigSchema }),
  setModelAccess: team("PUT", "/teams/model-access/configuration", {
    ...modelWrites,
    body: s.ModelAccessConfigBodySchema,
    response: s.ModelAccessConfigSchema,
  }),
  listModelProviders: team("GET", "/teams/model-access/providers", {
    ...models,
    response: s.ModelProvidersResponseSchema,
  }),
  setModelProvider: team("PUT", "/teams/model-access/providers/{provider}", {
    ...modelWrites,
    params: ProviderPathSchema,
    body: s.ProviderToggleBodySchema,
  }),
  listProviderModels: team("GET", "/teams/model-access/providers/{provider}/models", {
    ...models,
    params: ProviderPathSchema,
    response: s.ProviderModelsResponseSchema,
  }),
  setProviderModel: team("PUT", "/teams/model-access/providers/{provider}/models/{model}", {
    ...modelWrites,
    assumed: true,
    params: ModelPathSchema,
    body: s.ModelToggleBodySchema,
  }),
  enableAssistantBot: team("POST", "/assistant-bot/enable", { idempotent: true }),
  disableAssistantBot: team("POST", "/assistant-bot/disable", { idempotent: true }),
  getBotCapabilities: team("GET", "/assistant-bot/capabilities", { response: s.BotCapabilitiesSchema }),
  updateBotCapabilities: team("PATCH", "/assistant-bot/capabilities", {
    idempotent: true,
    body: s.BotCapabilitiesPatchSchema,
    response: s.BotCapabilitiesSchema,
  }),
  getBotAutoReview: team("GET", "/assistant-bot/auto-review", { response: s.AutoReviewPolicySchema }),
  setBotAutoReview: team("PUT", "/assistant-bot/auto-review", {
    body: s.AutoReviewBodySchema,
    response: s.AutoReviewPolicySchema,
  }),
  getBotAccess: team("GET", "/assistant-bot/access", { response: s.BotAccessSchema }),
  setBotAccess: team("PUT", "/assistant-bot/access", { body: s.BotAccessBodySchema, response: s.BotAccessSchema }),
  getBotNetwork: team("GET", "/assistant-bot/network", { response: s.BotNetworkSchema }),
  setBotNetwork: team("PUT", "/assistant-bot/network", { body: s.BotNetworkBodySchema, response: s.BotNetworkSchema }),
  listTeamRules: team("GET", "/assistant-bot/team-rules", {
    query: s.CursorQuerySchema,
    response: s.TeamRulesPageSchema,
    list: { items: "teamRules", next: "nextCursor", cursor: "cursor" },
  }),
  createTeamRule: team("POST", "/assistant-bot/team-rules", {
    body: s.TeamRuleCreateBodySchema,
    response: s.TeamRuleResponseSchema,
  }),
  updateTeamRule: team("PATCH", "/assistant-bot/team-rules/{ruleId}", {
    idempotent: true,
    params: s.TeamRulePathSchema,
    body: s.TeamRuleUpdateBodySchema,
    response: s.TeamRuleResponseSchema,
  }),
  deleteTeamRule: team("DELETE", "/assistant-bot/team-rules/{ruleId}", { params: s.TeamRulePathSchema }),
  listSetupManifests: team("GET", "/assistant-bot/setup-manifests", {
    query: s.CursorQuerySchema,
    response: s.SetupManifestsPageSchema,
    list: { items: "manifests", next: "nextCursor", cursor: "cursor" },
  }),
  putSetupManifest: team("PUT", "/assistant-bot/setup-manifests/{manifestId}", {
    params: s.ManifestPathSchema,
    body: s.SetupManifestBodySchema,
    response: s.SetupManifestResponseSchema,
  }),
  deleteSetupManifest: team("DELETE", "/assistant-bot/setup-manifests/{manifestId}", { params: s.ManifestPathSchema }),
} as const;
