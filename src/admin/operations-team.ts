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
const GroupMembersQuerySchema = /* @__PURE__ */ lazySchema(() => pageQuerySchema("directoryGroups.members"));

const dirGroup = { family: "groups", params: s.DirectoryGroupPathSchema } as const;
const billing = { params: s.BillingGroupPathSchema } as const;
const models = { family: "modelAccess", scopes: MODELS_READ } as const;
const modelWrites = { family: "modelAccess", scopes: MODELS_WRITE } as const;

// The 204 DELETEs are `goneOnRetry`: a retry's 404 after a lost answer is the earlier attempt's deletion. The member
// removals are not: their 404 says the group is absent, which removing members never causes.

/** The Team Admin API's operations (part of `ADMIN_OPERATIONS`). */
export const ADMIN_TEAM_OPERATIONS = {
  "members.list": team("GET", "/teams/members", { response: s.ListMembersResponseSchema }),
  "auditLogs.list": team("GET", "/teams/audit-logs", {
    family: "auditLogs",
    query: s.AuditLogsQuerySchema,
    response: s.AuditLogsResponseSchema,
  }),
  "usage.daily": team("POST", "/teams/daily-usage-data", {
    family: "dailyUsage",
    idempotent: true,
    body: s.DailyUsageBodySchema,
    response: s.TeamDailyUsageResponseSchema,
  }),
  "spend.list": team("POST", "/teams/spend", {
    idempotent: true,
    body: s.TeamSpendBodySchema,
    response: s.TeamSpendResponseSchema,
  }),
  "usage.events": team("POST", "/teams/filtered-usage-events", {
    family: "usageEvents",
    idempotent: true,
    body: s.UsageEventsBodySchema,
    response: s.UsageEventsResponseSchema,
  }),
  "spendLimits.set": team("POST", "/teams/user-spend-limit", {
    family: "spendLimit",
    idempotent: true,
    body: s.SetSpendLimitBodySchema,
    response: s.SetSpendLimitResponseSchema,
  }),
  "spendLimits.setMany": team("POST", "/teams/user-spend-limits", {
    family: "bulkSpendLimits",
    idempotent: true,
    body: s.SetSpendLimitsBodySchema,
    response: s.SetSpendLimitsResponseSchema,
  }),
  "members.remove": team("POST", "/teams/remove-member", {
    family: "removeMember",
    body: s.RemoveMemberBodySchema,
    response: s.RemoveMemberResponseSchema,
  }),
  "repoBlocklists.list": team("GET", "/settings/repo-blocklists/repos", { response: s.BlocklistsResponseSchema }),
  "repoBlocklists.upsert": team("POST", "/settings/repo-blocklists/repos/upsert", {
    idempotent: true,
    body: s.BlocklistUpsertBodySchema,
    response: s.BlocklistsResponseSchema,
  }),
  "repoBlocklists.delete": team("DELETE", "/settings/repo-blocklists/repos/{repoId}", {
    params: s.BlocklistRepoIdSchema,
    goneOnRetry: true,
  }),
  "directoryGroups.list": team("GET", "/teams/directory-groups", {
    family: "groups",
    scopes: DIRECTORY_READ,
    query: s.DirectoryGroupsQuerySchema,
    response: s.DirectoryGroupListResponseSchema,
  }),
  "directoryGroups.get": team("GET", "/teams/directory-groups/{groupId}", {
    ...dirGroup,
    scopes: DIRECTORY_READ,
    response: s.DirectoryGroupResponseSchema,
  }),
  "directoryGroups.create": team("POST", "/teams/directory-groups", {
    family: "groups",
    scopes: [],
    body: s.GroupCreateBodySchema,
    response: s.DirectoryGroupResponseSchema,
  }),
  "directoryGroups.update": team("PATCH", "/teams/directory-groups/{groupId}", {
    ...dirGroup,
    scopes: [],
    idempotent: true,
    body: s.GroupUpdateBodySchema,
    response: s.DirectoryGroupResponseSchema,
  }),
  "directoryGroups.delete": team("DELETE", "/teams/directory-groups/{groupId}", {
    ...dirGroup,
    scopes: [],
    goneOnRetry: true,
  }),
  "directoryGroups.members": team("GET", "/teams/directory-groups/{groupId}/members", {
    ...dirGroup,
    scopes: DIRECTORY_READ,
    query: GroupMembersQuerySchema,
    response: s.GroupMembersResponseSchema,
  }),
  "directoryGroups.addMembers": team("POST", "/teams/directory-groups/{groupId}/members/bulk-add", {
    ...dirGroup,
    scopes: [],
    idempotent: true,
    body: s.GroupMemberIdsBodySchema,
    response: s.GroupMembersAddedSchema,
  }),
  "directoryGroups.removeMembers": team("POST", "/teams/directory-groups/{groupId}/members/bulk-remove", {
    ...dirGroup,
    scopes: [],
    idempotent: true,
    body: s.GroupMemberIdsBodySchema,
    response: s.GroupMembersRemovedSchema,
  }),
  "billingGroups.list": team("GET", "/teams/groups", {
    query: s.BillingGroupsQuerySchema,
    response: s.BillingGroupListResponseSchema,
  }),
  "billingGroups.get": team("GET", "/teams/groups/{groupId}", {
    ...billing,
    query: s.BillingGroupsQuerySchema,
    response: s.BillingGroupResponseSchema,
  }),
  "billingGroups.create": team("POST", "/teams/groups", {
    family: "billingGroupWrites",
    body: s.BillingGroupCreateBodySchema,
    response: s.BillingGroupWriteResponseSchema,
  }),
  "billingGroups.update": team("PATCH", "/teams/groups/{groupId}", {
    ...billing,
    family: "billingGroupWrites",
    idempotent: true,
    body: s.BillingGroupUpdateBodySchema,
    response: s.BillingGroupWriteResponseSchema,
  }),
  "billingGroups.delete": team("DELETE", "/teams/groups/{groupId}", {
    ...billing,
    family: "billingGroupWrites",
    goneOnRetry: true,
  }),
  "billingGroups.addMembers": team("POST", "/teams/groups/{groupId}/members", {
    ...billing,
    family: "billingGroupWrites",
    idempotent: true,
    body: s.BillingGroupMembersBodySchema,
    response: s.BillingGroupWriteResponseSchema,
  }),
  "billingGroups.removeMembers": team("DELETE", "/teams/groups/{groupId}/members", {
    ...billing,
    family: "billingGroupWrites",
    body: s.BillingGroupMembersBodySchema,
    response: s.BillingGroupWriteResponseSchema,
  }),
  "modelAccess.get": team("GET", "/teams/model-access/configuration", {
    ...models,
    response: s.ModelAccessConfigSchema,
  }),
  "modelAccess.set": team("PUT", "/teams/model-access/configuration", {
    ...modelWrites,
    body: s.ModelAccessConfigBodySchema,
    response: s.ModelAccessConfigSchema,
  }),
  "modelAccess.providers": team("GET", "/teams/model-access/providers", {
    ...models,
    response: s.ModelProvidersResponseSchema,
  }),
  "modelAccess.setProvider": team("PUT", "/teams/model-access/providers/{provider}", {
    ...modelWrites,
    params: ProviderPathSchema,
    body: s.ProviderToggleBodySchema,
  }),
  "modelAccess.models": team("GET", "/teams/model-access/providers/{provider}/models", {
    ...models,
    params: ProviderPathSchema,
    response: s.ProviderModelsResponseSchema,
  }),
  "modelAccess.setModel": team("PUT", "/teams/model-access/providers/{provider}/models/{model}", {
    ...modelWrites,
    assumed: true,
    params: ModelPathSchema,
    body: s.ModelToggleBodySchema,
  }),
  "assistantBot.enable": team("POST", "/assistant-bot/enable", { idempotent: true }),
  "assistantBot.disable": team("POST", "/assistant-bot/disable", { idempotent: true }),
  "assistantBot.capabilities.get": team("GET", "/assistant-bot/capabilities", { response: s.BotCapabilitiesSchema }),
  "assistantBot.capabilities.update": team("PATCH", "/assistant-bot/capabilities", {
    idempotent: true,
    body: s.BotCapabilitiesPatchSchema,
    response: s.BotCapabilitiesSchema,
  }),
  "assistantBot.autoReview.get": team("GET", "/assistant-bot/auto-review", { response: s.AutoReviewPolicySchema }),
  "assistantBot.autoReview.set": team("PUT", "/assistant-bot/auto-review", {
    body: s.AutoReviewBodySchema,
    response: s.AutoReviewPolicySchema,
  }),
  "assistantBot.access.get": team("GET", "/assistant-bot/access", { response: s.BotAccessSchema }),
  "assistantBot.access.set": team("PUT", "/assistant-bot/access", {
    body: s.BotAccessBodySchema,
    response: s.BotAccessSchema,
  }),
  "assistantBot.network.get": team("GET", "/assistant-bot/network", { response: s.BotNetworkSchema }),
  "assistantBot.network.set": team("PUT", "/assistant-bot/network", {
    body: s.BotNetworkBodySchema,
    response: s.BotNetworkSchema,
  }),
  "assistantBot.teamRules.list": team("GET", "/assistant-bot/team-rules", {
    query: s.CursorQuerySchema,
    response: s.TeamRulesPageSchema,
    list: { items: "teamRules", next: "nextCursor", cursor: "cursor" },
  }),
  "assistantBot.teamRules.create": team("POST", "/assistant-bot/team-rules", {
    body: s.TeamRuleCreateBodySchema,
    response: s.TeamRuleResponseSchema,
  }),
  "assistantBot.teamRules.update": team("PATCH", "/assistant-bot/team-rules/{ruleId}", {
    idempotent: true,
    params: s.TeamRulePathSchema,
    body: s.TeamRuleUpdateBodySchema,
    response: s.TeamRuleResponseSchema,
  }),
  "assistantBot.teamRules.delete": team("DELETE", "/assistant-bot/team-rules/{ruleId}", {
    params: s.TeamRulePathSchema,
    goneOnRetry: true,
  }),
  "assistantBot.setupManifests.list": team("GET", "/assistant-bot/setup-manifests", {
    query: s.CursorQuerySchema,
    response: s.SetupManifestsPageSchema,
    list: { items: "manifests", next: "nextCursor", cursor: "cursor" },
  }),
  "assistantBot.setupManifests.put": team("PUT", "/assistant-bot/setup-manifests/{manifestId}", {
    params: s.ManifestPathSchema,
    body: s.SetupManifestBodySchema,
    response: s.SetupManifestResponseSchema,
  }),
  "assistantBot.setupManifests.delete": team("DELETE", "/assistant-bot/setup-manifests/{manifestId}", {
    params: s.ManifestPathSchema,
    goneOnRetry: true,
  }),
} as const;
