import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { requestObject, requiredText } from "../../core/request-fields.js";
import { exactlyOneOf } from "../../core/request-rules.js";
import { responseObject } from "../../core/schema.js";

// Repository administration shapes the settings and response files do not cover: the principal selector of
// Delete Grant, the Sync Mirror body and the mirror that Force Cutover answers. The spec shows none of their
// fields beyond the principal kinds and `synced`; the rest is assumed (an entry for the README's Assumptions).

const PRINCIPALS = ["user", "group", "teamGroup"] as const;

// The principal's own shape is not shown: a non-empty id string or an object reference, as on upsert.
// @__NO_SIDE_EFFECTS__
function principal(label: string) {
  return v.union([requiredText(label), v.looseObject({})], `[type] ${label} must be an id string or an object`);
}

/**
 * Which grant Delete Grant removes: exactly one of `user`, `group`, `teamGroup` (sent as the DELETE body).
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export const GrantSelectorSchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    requestObject(
      {
        user: v.optional(principal("`user`")),
        group: v.optional(principal("`group`")),
        teamGroup: v.optional(principal("`teamGroup`")),
      },
      "the grant selector",
    ),
    exactlyOneOf(PRINCIPALS, "the grant selector"),
  ),
);

/**
 * The body of POST /repos/{o}/{r}:syncMirror: the one ref to sync (assumed field `ref`, a branch name or
 * `refs/heads/…`; the default branch when omitted). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export const SyncMirrorRequestSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject({ ref: v.optional(requiredText("`ref`")) }, "the mirror sync"),
);

/** A repository's mirror: upstream provider, upstream id and status. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Repository (summary as returned by installation repository list)) */
export const MirrorSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    source: v.optional(v.string()),
    sourceId: v.optional(v.string()),
    status: v.optional(v.string()),
  }),
);

/** What `grants.delete` accepts: the grant's principal. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type GrantSelector = v.InferInput<typeof GrantSelectorSchema>;
/** What `mirror.sync` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type SyncMirrorParams = v.InferInput<typeof SyncMirrorRequestSchema>;
/** A repository's mirror. */
export type Mirror = v.InferOutput<typeof MirrorSchema>;
