import type { HttpMethod, Operation } from "../core/operation.js";

/** Which kind of key an operation takes. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Authentication) */
export type AdminKeyKind = "team" | "organization";

/** An operation family with its own documented rate budget. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits) */
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

/** One Team Admin or Organization API operation: the core declaration plus its key kind, scopes and rate family. */
export interface AdminOperation extends Operation {
  keyKind: AdminKeyKind;
  /**
   * Scopes that may call it (any one suffices; `admin:*` always does; `[]`: only `admin:*`). `undefined` where the
   * spec does not say which scope a team operation needs.
   */
  scopes?: readonly string[] | undefined;
  family?: AdminRouteFamily | undefined;
}

/** A team-key operation (keeps the entry's literal types for the table). */
export function team<const E extends Omit<AdminOperation, "method" | "path" | "keyKind">>(
  method: HttpMethod,
  path: string,
  extra: E = {} as E,
) {
  return { method, path, keyKind: "team" as const, ...extra };
}

/** An organization-key operation. */
export function org<const E extends Omit<AdminOperation, "method" | "path" | "keyKind">>(
  method: HttpMethod,
  path: string,
  extra: E = {} as E,
) {
  return { method, path, keyKind: "organization" as const, ...extra };
}
