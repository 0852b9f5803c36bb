/**
 * The Team Admin and Organization API clients, their schemas and request checks.
 * @module agentline/admin
 */

export { PageNumberPromise } from "../core/page-pagination.js";
export * from "../core/public.js";
export { MemoryRateBudgetStore, type RateBudgetStore, type RateBudgetWait } from "../core/rate-budget.js";
export { AdminClient } from "./admin-client.js";
export { BulkPartialError, type BulkResult, type ChunkedReport, retryFailed } from "./bulk.js";
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
export type { BulkTeamsResult } from "./organization/model-access.js";
export type { SyncResult } from "./organization/usage-and-members.js";
export { OrganizationClient, type OrganizationClientOptions } from "./organization-client.js";
export * from "./schemas/index.js";
export type { SpendLimitsResult } from "./team/usage.js";
export { WindowedList } from "./windowed-list.js";
