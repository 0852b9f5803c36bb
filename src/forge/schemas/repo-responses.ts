import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { openEnum, responseObject } from "../../core/schema.js";
import { NextPageTokenSchema } from "./references.js";

// Repository-level responses: rulesets, text search, Git data, grants, mirrors, comparisons. A tarball is
// binary (application/gzip or a 302 to a signed address) and has no schema.

/** A ruleset. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const RulesetSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.string(),
    name: v.string(),
    description: v.optional(v.string()),
    enforcement: v.optional(openEnum(["active", "evaluate", "disabled"] as const)),
    kind: v.optional(openEnum(["merge_branch", "push_branch", "push_tag", "push_repository"] as const)),
    includedRefNames: v.optional(v.array(v.string()), []),
    excludedRefNames: v.optional(v.array(v.string()), []),
    rules: v.optional(v.array(responseObject({})), []),
    bypassActors: v.optional(v.array(responseObject({})), []),
  }),
);

/** The ruleset list (not paginated). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const RulesetsListSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ rulesets: v.array(RulesetSchema) }),
);

/** POST :grep; the lines are complete only when `limitHit` is false. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const GrepResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    lines: v.array(responseObject({})),
    limitHit: v.optional(v.boolean(), false),
  }),
);

/** POST git/commits:createFromFiles. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const CreateFromFilesResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    sha: v.string(),
    treeSha: v.string(),
    previousHeadSha: v.string(),
  }),
);

/** A Git ref (its full shape is not shown: `ref` and `sha` are read when present). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const GitRefSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ ref: v.string(), sha: v.optional(v.string()) }),
);

// A grant's principal: its shape is not shown (requests name one by id string or object); an object is read as one.
const GrantPrincipalSchema = /* @__PURE__ */ lazySchema(() =>
  v.union([v.string(), responseObject({ id: v.optional(v.string()) })]),
);

const GrantPrincipals = /* @__PURE__ */ lazySchema(() => ({
  user: v.optional(GrantPrincipalSchema),
  group: v.optional(GrantPrincipalSchema),
  teamGroup: v.optional(GrantPrincipalSchema),
}));

/** A direct repository grant. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const RepoGrantSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    ...GrantPrincipals,
    permission: openEnum(["read", "write", "admin", "custom"] as const),
  }),
);

/** An owner grant (admin grants listed first). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const OwnerGrantSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    ...GrantPrincipals,
    permission: openEnum([
      "PERMISSION_READ",
      "PERMISSION_CONTRIBUTOR",
      "PERMISSION_WRITE",
      "PERMISSION_ADMIN",
      "PERMISSION_CUSTOM",
    ] as const),
  }),
);

/** The repository grant list. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const RepoGrantsListSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    grants: v.array(RepoGrantSchema),
    nextPageToken: NextPageTokenSchema,
  }),
);

/** The owner grant list. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const OwnerGrantsListSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    grants: v.array(OwnerGrantSchema),
    nextPageToken: NextPageTokenSchema,
  }),
);

/** POST :syncMirror: `synced` is true on 200, false on 202 (pending). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const SyncMirrorResponseSchema = /* @__PURE__ */ lazySchema(() => responseObject({ synced: v.boolean() }));

/** Mirror transition job statuses. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § States and transitions) */
export const TRANSITION_JOB_STATUSES = [
  "queued",
  "running",
  "succeeded",
  "failed_rolled_back",
  "requires_attention",
  "superseded",
] as const;

/** A mirror transition job; poll `status`, `phase` is display detail. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const TransitionJobSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.optional(v.string()),
    transition: v.optional(v.string()),
    status: openEnum(TRANSITION_JOB_STATUSES),
    attemptCount: v.optional(v.union([v.number(), v.string()])),
    lastErrorCode: v.optional(v.union([v.number(), v.string()])),
    lastErrorMessage: v.optional(v.string()),
    phase: v.optional(v.string()),
  }),
);

/** GET mirror/transition-jobs:active: an empty object when the repository never transitioned. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const ActiveTransitionJobsSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    activeJob: v.optional(TransitionJobSchema),
    lastJob: v.optional(TransitionJobSchema),
  }),
);

/** A page of compared files (head against the merge base). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const CompareFilesPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    files: v.array(responseObject({})),
    nextPageToken: NextPageTokenSchema,
  }),
);

/** A ruleset. */
export type Ruleset = v.InferOutput<typeof RulesetSchema>;
/** The grep answer. */
export type GrepResponse = v.InferOutput<typeof GrepResponseSchema>;
/** The commit made from files. */
export type CreateFromFilesResponse = v.InferOutput<typeof CreateFromFilesResponseSchema>;
/** A Git ref. */
export type GitRef = v.InferOutput<typeof GitRefSchema>;
/** A repository grant. */
export type RepoGrant = v.InferOutput<typeof RepoGrantSchema>;
/** An owner grant. */
export type OwnerGrant = v.InferOutput<typeof OwnerGrantSchema>;
/** The sync answer. */
export type SyncMirrorResponse = v.InferOutput<typeof SyncMirrorResponseSchema>;
/** A mirror transition job. */
export type TransitionJob = v.InferOutput<typeof TransitionJobSchema>;
/** The active and last transition jobs. */
export type ActiveTransitionJobs = v.InferOutput<typeof ActiveTransitionJobsSchema>;
/** A page of compared files. */
export type CompareFilesPage = v.InferOutput<typeof CompareFilesPageSchema>;
