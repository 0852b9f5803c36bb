import { ValidationError } from "../core/errors.js";
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
 * @see spec/forge-api.md#endpoints
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

/** A repository, by `{ owner, repo }` slugs (case-insensitive) or by `{ id }`. @see spec/forge-api.md#operations-known-by-behavior-only */
export type ForgeRepoRef = { owner: string; repo: string } | { id: string };

/** The `{owner}/{repo}` path segment of a repository: `owner/repo`, or `_/{repoId}` for an id, URL-encoded. */
export function repoPath(ref: ForgeRepoRef): string {
  if ("id" in ref) return `_/${encodeURIComponent(requireSegment(ref.id, "repository.id"))}`;
  const owner = requireSegment(ref.owner, "repository.owner");
  // `_` in the owner position means "by id"; a slug pair must never be read that way.
  if (owner === "_") throw invalid("repository.owner", "reserved", "`_` is reserved for `{ id }` references");
  return `${encodeURIComponent(owner)}/${encodeURIComponent(requireSegment(ref.repo, "repository.repo"))}`;
}

// Placeholders whose values are paths of their own (`heads/feature/x`, `docs/a.md`, `main...feature/x`):
// each segment is encoded, the slashes between them are kept.
const MULTI_SEGMENT = new Set(["ref", "path", "basehead"]);

/**
 * Fills a forge path template: `{owner}/{repo}` from `repository` (see {@link repoPath}), every other
 * `{name}` from `params`, URL-encoded.
 */
export function fillForgePath(
  template: string,
  params: Readonly<Record<string, string>>,
  repository?: ForgeRepoRef,
): string {
  const withRepo = repository === undefined ? template : template.replace("{owner}/{repo}", () => repoPath(repository));
  return withRepo.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = requireSegment(params[name], name);
    return MULTI_SEGMENT.has(name) ? value.split("/").map(encodeURIComponent).join("/") : encodeURIComponent(value);
  });
}

function requireSegment(value: string | undefined, path: string): string {
  if (typeof value !== "string" || value === "")
    throw invalid(path, "required", `\`${path}\` must be a non-empty string`);
  return value;
}

function invalid(path: string, rule: string, message: string): ValidationError {
  return new ValidationError([{ path, rule, message }], { context: "route" });
}
