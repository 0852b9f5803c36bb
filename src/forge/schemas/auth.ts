import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { openEnum, responseObject } from "../../core/schema.js";
import { timestampField } from "./request-fields.js";

// Forge responses are parsed leniently: unknown fields and enum values pass through; fields the spec
// calls optional may be absent. 64-bit integers stay strings.

/** `{slug, id, type}` of an installation target or repository owner. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Installation) */
export const OwnerRefSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    slug: v.string(),
    id: v.optional(v.string()),
    type: v.optional(openEnum(["team", "user"] as const)),
  }),
);

/** An app. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § App) */
export const AppSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.string(),
    displayName: v.optional(v.string()),
    webhookUrl: v.optional(v.string()),
    events: v.optional(v.array(v.string())),
    createdAt: v.optional(v.string()),
    updatedAt: v.optional(v.string()),
    installationRedirectUris: v.optional(v.array(v.string())),
    namespaceSlug: v.optional(v.string()),
    description: v.optional(v.string()),
    websiteUrl: v.optional(v.string()),
    defaultScopes: v.optional(v.array(v.string())),
  }),
);

/** An installation of an app. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Installation) */
export const InstallationSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.string(),
    appId: v.string(),
    target: v.optional(OwnerRefSchema),
    createdAt: v.optional(v.string()),
    updatedAt: v.optional(v.string()),
    repoSelectionMode: v.optional(openEnum(["all", "selected"] as const)),
    scopes: v.optional(v.array(v.string())),
    installedBy: v.optional(
      responseObject({
        id: v.optional(v.string()),
        email: v.optional(v.string()),
        displayName: v.optional(v.string()),
        handle: v.optional(v.string()),
      }),
    ),
    suspendedAt: v.optional(v.string()),
    deletedAt: v.optional(v.string()),
  }),
);

/** A page of installations; `nextPageToken` is empty on the last page. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export const InstallationsPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    installations: v.array(InstallationSchema),
    nextPageToken: v.optional(v.string(), ""),
  }),
);

/** 200 of POST /app/installations/{id}/access_tokens; `expiresAt` must be RFC 3339 (the token cache runs on it). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export const AccessTokenResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ token: v.string(), expiresAt: timestampField("`expiresAt`") }),
);

/** A repository summary as the installation repository list returns it. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Repository) */
export const RepositorySummarySchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.string(),
    name: v.string(),
    fullName: v.optional(v.string()),
    owner: v.optional(OwnerRefSchema),
    defaultBranch: v.optional(v.string()),
    mirror: v.optional(
      responseObject({
        source: v.optional(v.string()),
        sourceId: v.optional(v.string()),
        status: v.optional(v.string()),
      }),
    ),
    visibility: v.optional(openEnum(["internal", "private"] as const)),
    // Read-only merge settings and timestamps: list entries are sparse (Get Repo adds the full timestamps).
    allowMergeCommit: v.optional(v.boolean()),
    allowSquashMerge: v.optional(v.boolean()),
    deleteBranchOnMerge: v.optional(v.boolean()),
    createdAt: v.optional(v.string()),
    updatedAt: v.optional(v.string()),
    pushedAt: v.optional(v.string()),
    cloneUrl: v.optional(v.string()),
  }),
);

/** A page of the installation's repositories. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export const InstallationReposPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    repositories: v.array(RepositorySummarySchema),
    nextPageToken: v.optional(v.string(), ""),
    repoSelectionMode: v.optional(v.string()),
  }),
);

const BudgetSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ limit: v.number(), remaining: v.number(), reset: v.number(), used: v.number() }),
);

/** 200 of GET /rate_limit (prefer `resources.core`). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export const RateLimitResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    resources: responseObject({ core: BudgetSchema }),
    rate: v.optional(BudgetSchema),
  }),
);

/** An app. */
export type App = v.InferOutput<typeof AppSchema>;
/** An installation. */
export type Installation = v.InferOutput<typeof InstallationSchema>;
/** A page of installations. */
export type InstallationsPage = v.InferOutput<typeof InstallationsPageSchema>;
/** A repository summary. */
export type RepositorySummary = v.InferOutput<typeof RepositorySummarySchema>;
/** A page of installation repositories. */
export type InstallationReposPage = v.InferOutput<typeof InstallationReposPageSchema>;
/** The rate-limit budget. */
export type RateLimitResponse = v.InferOutput<typeof RateLimitResponseSchema>;
