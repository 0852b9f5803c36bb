import { ValidationError } from "../core/errors.js";
import { fillPath, type PlaceholderKind, requireSegment } from "../core/paths.js";
import { APP_MANAGEMENT_ROUTES, APP_ROUTES, META_ROUTES } from "./routes/app.js";
import { CHECK_ROUTES, LABEL_ROUTES, RULESET_ROUTES } from "./routes/checks.js";
import { COMMENT_ROUTES, PULL_LABEL_ROUTES, PULL_ROUTES, REVIEW_ROUTES } from "./routes/pulls.js";
import { CONTENTS_ROUTES, MIRROR_ROUTES, REPOSITORY_ROUTES } from "./routes/repos.js";
import type { ForgeRoute } from "./routes/route.js";

export {
  FORGE_USER_ONLY_SCOPES,
  type ForgeCredentialKind,
  type ForgeIdempotency,
  type ForgeMethod,
  type ForgeRoute,
} from "./routes/route.js";

/**
 * Every Code Forge operation: method, path under the forge prefix, credentials, scope, point cost and
 * retry class. Routes marked `assumed` have no path in the spec; each says why its default was chosen,
 * and every route can be overridden (see {@link resolveForgeRoutes}).
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Endpoints)
 */
export const FORGE_ROUTES = {
  ...META_ROUTES,
  ...APP_ROUTES,
  ...APP_MANAGEMENT_ROUTES,
  ...REPOSITORY_ROUTES,
  ...MIRROR_ROUTES,
  ...CONTENTS_ROUTES,
  ...PULL_ROUTES,
  ...COMMENT_ROUTES,
  ...REVIEW_ROUTES,
  ...PULL_LABEL_ROUTES,
  ...LABEL_ROUTES,
  ...RULESET_ROUTES,
  ...CHECK_ROUTES,
} as const satisfies Record<string, ForgeRoute>;

/** The name of a forge operation in {@link FORGE_ROUTES}. */
export type ForgeRouteName = keyof typeof FORGE_ROUTES;

/** Per-operation overrides (typically `method` and/or `path`; `cost` for a changed price). */
export type ForgeRoutesOverride = Partial<Record<ForgeRouteName, Partial<ForgeRoute>>>;

/** The routes table with the caller's overrides applied; an overridden route is no longer `assumed`. */
export function resolveForgeRoutes(overrides: ForgeRoutesOverride | undefined): Record<ForgeRouteName, ForgeRoute> {
  const out = { ...FORGE_ROUTES } as Record<ForgeRouteName, ForgeRoute>;
  for (const [name, override] of Object.entries(overrides ?? {}) as Array<[ForgeRouteName, Partial<ForgeRoute>]>) {
    if (!(name in out) || override === undefined) continue;
    out[name] = { ...out[name], ...override, assumed: false };
  }
  return out;
}

/** A repository, by `{ owner, repo }` slugs (case-insensitive) or by `{ id }`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type ForgeRepoRef = { owner: string; repo: string } | { id: string };

/** The `{owner}/{repo}` path segment of a repository: `owner/repo`, or `_/{repoId}` for an id, URL-encoded. */
export function repoPath(ref: ForgeRepoRef): string {
  return encodeRepo(ref, "repoPath");
}

function encodeRepo(ref: ForgeRepoRef, operation: string): string {
  const checked = checkRepoRef(ref, operation);
  if ("id" in checked) return `_/${encodeURIComponent(checked.id)}`;
  return `${encodeURIComponent(checked.owner)}/${encodeURIComponent(checked.repo)}`;
}

/**
 * A repository reference checked before any request: an object with `owner` and `repo`, or `id`, each one path
 * segment; else a `ValidationError` naming `repository.owner`, `repository.repo` or `repository.id`.
 */
export function checkRepoRef(ref: unknown, operation: string): ForgeRepoRef {
  if (typeof ref !== "object" || ref === null) {
    throw new ValidationError(
      [
        {
          path: "repository",
          rule: "required",
          message:
            "`repository` must be `{ owner, repo }` or `{ id }`; call `forge.repo(owner, name)` or `forge.repo({ id })`",
        },
      ],
      { context: operation },
    );
  }
  if ("id" in ref) return { id: requireSegment(ref.id, "repository.id", operation) };
  const { owner, repo } = ref as { owner?: unknown; repo?: unknown };
  const checkedOwner = requireSegment(owner, "repository.owner", operation);
  // `_` in the owner position means "by id"; a slug pair must never be read that way.
  if (checkedOwner === "_") {
    throw new ValidationError(
      [{ path: "repository.owner", rule: "reserved", message: "`_` is reserved for `{ id }` references" }],
      { context: operation },
    );
  }
  return { owner: checkedOwner, repo: requireSegment(repo, "repository.repo", operation) };
}

// Placeholders that are not plain ids. Paths of their own (`heads/feature/x`, `docs/a.md`, `main...feature/x`):
// each segment is checked and encoded, the slashes between them kept. Free-form names (label names have no
// character rules; a tree is also read by branch name): one segment, a `/` in them encoded.
const PLACEHOLDER_KINDS: Readonly<Record<string, PlaceholderKind>> = {
  ref: "path",
  path: "path",
  basehead: "path",
  labelName: "name",
  treeSha: "name",
};

/**
 * Fills a forge path template: `{owner}/{repo}` from `repository` (see {@link repoPath}), every other
 * `{name}` from `params`, URL-encoded; every value is checked to stay in its segment(s) first.
 */
export function fillForgePath(
  template: string,
  params: Readonly<Record<string, string>>,
  repository?: ForgeRepoRef,
  operation = "route",
): string {
  const withRepo =
    repository === undefined ? template : template.replace("{owner}/{repo}", () => encodeRepo(repository, operation));
  return fillPath(withRepo, params, operation, PLACEHOLDER_KINDS);
}
