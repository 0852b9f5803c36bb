import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { integerAtLeast, integerBetween, requestObject as openObject } from "../../core/request-fields.js";
import { ADMIN_LIMITS } from "./constants.js";
import { nonBlankText } from "./request-fields.js";

/** How a route treats a page size above its maximum: the server clamps it, or answers 400. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits) */
export type PageSizeOverflow = "clamp" | "reject";

/** A route's documented page-size bounds. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits) */
export interface PageSizeLimit {
  /** The documented default; `undefined` where the spec does not show it. */
  defaultSize?: number;
  /** The documented maximum; `undefined` where there is none. */
  max?: number;
  /** What happens above `max`. */
  overflow?: PageSizeOverflow;
}

/**
 * Documented page sizes (`pageSize`, or `limit` on the cursor lists) per route. Routes marked `clamp` are clamped
 * by the server, so the client clamps too (`clampPageSize`) instead of refusing; `reject` routes answer 400, so the
 * request check refuses larger values.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits)
 */
export const PAGE_SIZE_LIMITS: Readonly<Partial<Record<string, PageSizeLimit>>> = {
  "auditLogs.list": { defaultSize: 100 },
  "usage.events": { defaultSize: 100, max: 1000, overflow: "reject" },
  "directoryGroups.list": { defaultSize: 50, max: 200, overflow: "clamp" },
  "directoryGroups.members": { defaultSize: 50, max: 200, overflow: "clamp" },
  "org.members.list": { max: 200, overflow: "clamp" },
  "org.groups.list": { defaultSize: 50, max: 200, overflow: "clamp" },
  "org.groups.members": { defaultSize: 50, max: 200, overflow: "clamp" },
  "org.usage.events": { defaultSize: 10 },
  "org.usage.daily": { defaultSize: 1000 },
  "org.spend.list": { defaultSize: 100 },
  "assistantBot.teamRules.list": { defaultSize: 50, max: ADMIN_LIMITS.maxCursorLimit, overflow: "reject" },
  "assistantBot.setupManifests.list": { defaultSize: 50, max: ADMIN_LIMITS.maxCursorLimit, overflow: "reject" },
};

/** `page`: a whole number from 1. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
export const PageNumberSchema = /* @__PURE__ */ lazySchema(() => integerAtLeast("`page`", 1));

/**
 * `pageSize` of `route`: a whole number from 1, at most the route's maximum where the server refuses larger
 * values; a clamped route's larger value passes (the client clamps it before sending).
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits)
 */
// @__NO_SIDE_EFFECTS__
export function pageSizeSchema(route: string, label = "`pageSize`") {
  const limit = PAGE_SIZE_LIMITS[route];
  if (limit?.max !== undefined && limit.overflow === "reject") return integerBetween(label, 1, limit.max);
  return integerAtLeast(label, 1);
}

/** The `page` and `pageSize` entries of `route`'s query or body, both optional. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
// @__NO_SIDE_EFFECTS__
export function pageEntries(route: string) {
  return { page: v.optional(PageNumberSchema), pageSize: v.optional(pageSizeSchema(route)) };
}

/** The query of a page-numbered list (`page`, `pageSize`) of `route`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
// @__NO_SIDE_EFFECTS__
export function pageQuerySchema(route: string) {
  return openObject(pageEntries(route), "the list query");
}

/**
 * The query of the assistant-bot cursor lists (team rules, setup manifests): `limit` 1..100 and a `cursor` taken
 * from the previous page's `nextCursor`.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export const CursorQuerySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    {
      limit: v.optional(integerBetween("`limit`", 1, ADMIN_LIMITS.maxCursorLimit)),
      cursor: v.optional(nonBlankText("`cursor`")),
    },
    "the list query",
  ),
);

/** `page` and `pageSize` of a page-numbered list. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
export interface PageQueryParams {
  page?: number;
  pageSize?: number;
}

/** What the cursor lists accept. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type CursorQueryParams = v.InferInput<typeof CursorQuerySchema>;
