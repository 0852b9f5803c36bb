import type { AdminOperationName } from "../../admin/operations.js";
import { auditHandlers } from "./audit-routes.js";
import { billingGroupHandlers } from "./billing-group-routes.js";
import { blocklistHandlers } from "./blocklist-routes.js";
import { botListHandlers } from "./bot-list-routes.js";
import { botHandlers } from "./bot-routes.js";
import type { AdminHandler } from "./context.js";
import { groupHandlers } from "./group-routes.js";
import { membersHandlers } from "./members-routes.js";
import { modelAccessBulkHandlers } from "./model-access-bulk-routes.js";
import { modelAccessHandlers } from "./model-access-routes.js";
import { orgHandlers } from "./org-routes.js";
import { orgUsageHandlers } from "./org-usage-routes.js";
import { spendLimitHandlers } from "./spend-limit-routes.js";
import { teamUsageHandlers } from "./team-usage-routes.js";

/** Every handler, keyed by operation; the dispatcher refuses to start if one is missing. */
export const ADMIN_HANDLERS: Partial<Record<AdminOperationName, AdminHandler>> = {
  ...membersHandlers,
  ...auditHandlers,
  ...teamUsageHandlers,
  ...spendLimitHandlers,
  ...blocklistHandlers,
  ...groupHandlers,
  ...billingGroupHandlers,
  ...modelAccessHandlers,
  ...modelAccessBulkHandlers,
  ...botHandlers,
  ...botListHandlers,
  ...orgHandlers,
  ...orgUsageHandlers,
};
