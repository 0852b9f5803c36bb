import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { integerBetween, oneOf, requestObject } from "../../core/request-fields.js";
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

/** Check-run statuses a list may filter on. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
const CHECK_RUN_STATUS_FILTERS = ["queued", "in_progress", "completed", "rerequested"] as const;

/** The query of List Check Runs For Commit: `checkName` (exact), `status`, and the page. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const CheckRunsForCommitQuerySchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      checkName: v.optional(v.string("[type] `checkName` must be a string")),
      status: v.optional(oneOf(CHECK_RUN_STATUS_FILTERS, "`status`")),
      ...PAGE_QUERY_ENTRIES,
    },
    "the check-run list query",
  ),
);

/** What `checkRuns.listForCommit` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type CheckRunsForCommitParams = v.InferInput<typeof CheckRunsForCommitQuerySchema>;
