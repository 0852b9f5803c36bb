import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { oneOf, requestObject, requiredText } from "../../core/request-fields.js";
import { responseObject } from "../../core/schema.js";
import { RepositorySummarySchema } from "./auth.js";
import { NextPageTokenSchema } from "./references.js";
import { stringList } from "./request-fields.js";

// Namespace-level requests and responses: Create Repo, List Repos, the namespace app listing and
// Add Installation Repos. The spec shows none of Create Repo's fields; the rules below are assumed
// (GitHub's repository name rules) and listed in the README under "Assumptions".

/** The longest repository name accepted (assumed: GitHub's limit). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const MAX_REPO_NAME_LENGTH = 100;

// `*`, not `+`: an empty name is reported once, as `min_length`.
const REPO_NAME = /^[A-Za-z0-9._-]*$/;

/**
 * A repository name: 1..100 ASCII letters, digits, `.`, `_`, `-`; not `.` or `..` (path segments) and not
 * ending in `.git` (the clone address appends it). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
// @__NO_SIDE_EFFECTS__
function repoName(label: string) {
  return v.pipe(
    requiredText(label),
    v.maxLength(MAX_REPO_NAME_LENGTH, `[max_length] ${label} must be at most ${MAX_REPO_NAME_LENGTH} characters`),
    v.regex(REPO_NAME, `[repo_name] ${label} may hold only ASCII letters, digits, ".", "_" and "-"`),
    v.check(
      (name) => name !== "." && name !== ".." && !name.toLowerCase().endsWith(".git"),
      `[reserved] ${label} must not be "." or ".." or end in ".git" (the clone address adds .git itself)`,
    ),
  );
}

/**
 * The body of Create Repo (POST /namespaces/{namespaceSlug}/repos, assumed path): `name` required;
 * `visibility` (default private) and `defaultBranch` (default main) optional.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export const CreateRepoSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      name: repoName("`name`"),
      visibility: v.optional(oneOf(["internal", "private"] as const, "`visibility`")),
      defaultBranch: v.optional(requiredText("`defaultBranch`")),
    },
    "the repository",
  ),
);

/** The body of POST /namespaces/{namespaceSlug}/installations/{installationId}/repos. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const AddInstallationReposSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      repoIds: v.pipe(
        stringList("`repoIds`"),
        v.minLength(1, "[min_items] `repoIds` needs at least one repository id"),
      ),
    },
    "the repository selection",
  ),
);

/**
 * A repository as Get Repo, Create Repo and List Repos return it: the summary plus the merge settings
 * (read-only) and full timestamps. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Repository (summary as returned by installation repository list))
 */
export const RepositorySchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ ...RepositorySummarySchema.entries }),
);

/** A page of a namespace's repositories (List Repos, assumed shape beside the installation list). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export const ReposPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    repositories: v.array(RepositorySchema),
    nextPageToken: NextPageTokenSchema,
  }),
);

/** An app as the namespace listing returns it: display metadata only. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § App) */
export const NamespaceAppSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.string(),
    displayName: v.optional(v.string()),
    description: v.optional(v.string()),
  }),
);

/** A page of a namespace's apps, newest first. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const NamespaceAppsPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    apps: v.array(NamespaceAppSchema),
    nextPageToken: NextPageTokenSchema,
  }),
);

/** What `namespace(slug).repos.create` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type CreateRepoParams = v.InferInput<typeof CreateRepoSchema>;
/** What `namespace(slug).installations.addRepos` sends. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type AddInstallationReposParams = v.InferInput<typeof AddInstallationReposSchema>;
/** A repository with its settings and timestamps. */
export type Repository = v.InferOutput<typeof RepositorySchema>;
/** A page of repositories. */
export type ReposPage = v.InferOutput<typeof ReposPageSchema>;
/** An app's display metadata. */
export type NamespaceApp = v.InferOutput<typeof NamespaceAppSchema>;
/** A page of a namespace's apps. */
export type NamespaceAppsPage = v.InferOutput<typeof NamespaceAppsPageSchema>;
