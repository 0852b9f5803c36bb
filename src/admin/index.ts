/**
 * The Team Admin and Organization API clients, their operation table (schemas: `ADMIN_OPERATIONS[name].body`) and
 * the types of what they take and return.
 * @module agentline/admin
 */

export { PageNumberPromise } from "../core/page-pagination.js";
export * from "../core/public.js";
export { MemoryRateBudgetStore, type RateBudgetStore, type RateBudgetWait } from "../core/rate-budget.js";
export {
  DurableObjectRateBudgetStore,
  type DurableObjectRateBudgetStoreOptions,
  RateBudgetDurableObject,
} from "../stores/rate-budget-cloudflare.js";
export { DenoKvRateBudgetStore, type DenoKvRateBudgetStoreOptions } from "../stores/rate-budget-deno.js";
export { AdminClient } from "./admin-client.js";
export type { AdminBody, AdminOutput } from "./admin-types.js";
export {
  type BulkFailure,
  BulkPartialError,
  type BulkPartialErrorOptions,
  type BulkResult,
  type ChunkedReport,
  retryFailed,
} from "./bulk.js";
export type { BulkCallOptions, BulkRowsResult } from "./bulk-rows.js";
export type { AdminClientOptions, AdminRawRequest } from "./client-base.js";
export type { DateInput } from "./date-ranges.js";
export { type GroupMembersChange, GroupsResource } from "./groups-resource.js";
export { ID_FAMILY_NAMES, ID_PREFIXES, type IdFamily, MANIFEST_ID_PATTERN } from "./ids.js";
export { OperationFailedError } from "./operation-failed-error.js";
export {
  ADMIN_OPERATIONS,
  ADMIN_RATE_LIMITS,
  type AdminKeyKind,
  type AdminOperation,
  type AdminOperationName,
  type AdminRouteFamily,
} from "./operations.js";
export type { BulkTeamsResult, OrgModelAccessResource } from "./organization/model-access.js";
export type {
  OrgMembersResource,
  OrgSpendResource,
  OrgUsageResource,
  SyncResult,
  TeamMembershipsResource,
} from "./organization/usage-and-members.js";
export { OrganizationClient, type OrganizationClientOptions } from "./organization-client.js";
export * from "./schemas/constants.js";
export type {
  AccessModel,
  AccessProvider,
  AuditLogEvent,
  AutoReviewPolicy,
  BillingGroup,
  BlocklistEntry,
  BotAccess,
  BotCapabilities,
  BotNetwork,
  BulkTeamResult,
  DirectoryGroup,
  GroupMember,
  ModelAccessConfig,
  OrganizationGroup,
  OrgDailyUsageRow,
  OrgMember,
  OrgModelAccessRow,
  OrgSpendRow,
  OrgUsageEvent,
  SetupManifest,
  SpendLimitRowResult,
  SyncResultRow,
  TeamDailyUsageRow,
  TeamMember,
  TeamRule,
  TeamSpendRow,
  UsageEvent,
  UsagePool,
} from "./schemas/index.js";
export type {
  AutoReviewParams,
  BotAccessParams,
  BotCapabilitiesPatch,
  BotNetworkParams,
  SetupManifestParams,
  TeamRuleCreateParams,
  TeamRuleUpdateParams,
} from "./schemas/requests-assistant-bot.js";
export type {
  BillingGroupCreateParams,
  BillingGroupUpdateParams,
  GroupUpdateParams,
} from "./schemas/requests-groups.js";
export type { ModelAccessConfigParams, ModelParameterSetting } from "./schemas/requests-model-access.js";
export type { SyncEntry } from "./schemas/requests-organization.js";
export { PAGE_SIZE_LIMITS, type PageSizeLimit } from "./schemas/requests-pagination.js";
export type {
  BlocklistRepoInput,
  RemoveMemberParams,
  SetSpendLimitParams,
  SpendLimitUpdate,
} from "./schemas/requests-team.js";
export type { AssistantBotResource, SetupManifestsResource, TeamRulesResource } from "./team/assistant-bot.js";
export type { BillingGroupsResource, TeamModelAccessResource } from "./team/billing-and-models.js";
export type { AuditLogsParams, AuditLogsResource, MembersResource, RepoBlocklistsResource } from "./team/members.js";
export type {
  SpendLimitsResource,
  SpendLimitsResult,
  SpendResource,
  UsageEventsParams,
  UsageResource,
} from "./team/usage.js";
export { WindowedList } from "./windowed-list.js";
