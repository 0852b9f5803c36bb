import type { ValidationIssue } from "../core/errors.js";
import { checkRequest } from "../core/schema.js";
import type { AdminRouteName } from "./routes.js";
import {
  type CursorQueryParams,
  CursorQuerySchema,
  PAGE_SIZE_LIMITS,
  type PageQueryParams,
  pageQuerySchema,
} from "./schemas/requests-pagination.js";
import { issuesOf, queryObject } from "./validate-support.js";

/**
 * `pageSize` as the server will use it: above the maximum of a route whose server clamps (directory groups, their
 * members, organization groups, their members, organization members: 200) it becomes that maximum; everywhere
 * else it is returned unchanged (routes that refuse larger values are caught by the request check instead).
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits)
 */
export function clampPageSize(route: AdminRouteName, pageSize: number): number {
  const limit = PAGE_SIZE_LIMITS[route];
  if (limit?.overflow !== "clamp" || limit.max === undefined) return pageSize;
  return Math.min(pageSize, limit.max);
}

/** Every rule a page-numbered list query (`page`, `pageSize`) of `route` breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits) */
export function checkPageQuery(route: AdminRouteName, query?: unknown): ValidationIssue[] {
  return issuesOf(pageQuerySchema(route), queryObject(query));
}

/** The page query of `route`, or a thrown request `ValidationError`; larger sizes of clamped routes pass. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits) */
export function assertPageQuery(route: AdminRouteName, query?: unknown, context: string = route): PageQueryParams {
  return checkRequest(pageQuerySchema(route), queryObject(query), context);
}

/** Every rule a cursor list query (`limit` 1..100, `cursor`) breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkCursorQuery(query?: unknown): ValidationIssue[] {
  return issuesOf(CursorQuerySchema, queryObject(query));
}

/** The cursor list query, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertCursorQuery(query?: unknown, context = "listTeamRules"): CursorQueryParams {
  return checkRequest(CursorQuerySchema, queryObject(query), context);
}
