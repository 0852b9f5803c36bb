import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { integerBetween, requestObject } from "../../core/request-fields.js";
import { FORGE_LIMITS } from "./limits.js";

/** `pageSize` (1..100) and `pageToken`, shared by every paginated list. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export const PAGE_QUERY_ENTRIES = /* @__PURE__ */ lazySchema(() => ({
  pageSize: v.optional(integerBetween("`pageSize`", FORGE_LIMITS.minPageSize, FORGE_LIMITS.maxPageSize)),
  pageToken: v.optional(v.string("[type] `pageToken` must be a string")),
}));

/** The query of a paginated list that takes only `pageSize` and `pageToken`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export const PageQuerySchema = /* @__PURE__ */ lazySchema(() => requestObject(PAGE_QUERY_ENTRIES, "the page query"));

/** `pageSize` and `pageToken`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export type PageParams = v.InferInput<typeof PageQuerySchema>;
