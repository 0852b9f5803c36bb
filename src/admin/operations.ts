import type { AdminOperation } from "./operation-types.js";
import { ADMIN_ORGANIZATION_OPERATIONS } from "./operations-organization.js";
import { ADMIN_TEAM_OPERATIONS } from "./operations-team.js";

export {
  ADMIN_RATE_LIMITS,
  type AdminKeyKind,
  type AdminOperation,
  type AdminRouteFamily,
} from "./operation-types.js";

/**
 * Every Team Admin and Organization API operation, by name (the key of the clients' `routes` option). The team
 * single-model operation is not shown in the spec: its path mirrors the organization one and is marked assumed.
 * Schemas are reachable here: `ADMIN_OPERATIONS["members.remove"].body`.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints)
 */
export const ADMIN_OPERATIONS = {
  ...ADMIN_TEAM_OPERATIONS,
  ...ADMIN_ORGANIZATION_OPERATIONS,
} as const satisfies Record<string, AdminOperation>;

/** The name of an Admin or Organization operation in {@link ADMIN_OPERATIONS}. */
export type AdminOperationName = keyof typeof ADMIN_OPERATIONS;

/**
 * Whether a key with `scope` may call `operation`: `admin:*` always may; an operation that lists scopes needs one
 * of them; `[]` means only `admin:*`; one without a documented scope accepts any key of the right kind.
 */
export function scopeAllows(operation: AdminOperation, scope: string | undefined): boolean {
  if (scope === "admin:*") return true;
  if (operation.scopes === undefined) return true;
  return scope !== undefined && operation.scopes.includes(scope);
}
