import { ValidationError } from "../core/errors.js";
import { fillPath, type PlaceholderKind, requireSegment } from "../core/paths.js";

/** A repository, by `{ owner, repo }` slugs (case-insensitive) or by `{ id }`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type ForgeRepoRef = { owner: string; repo: string } | { id: string };

/** The `{owner}/{repo}` path segment of a repository: `owner/repo`, or `_/{repoId}` for an id, URL-encoded. */
export function repoPath(ref: ForgeRepoRef): string {
  const { owner, repo } = repoParams(ref);
  return `${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
}

/** The `{owner}` and `{repo}` placeholders of a repository path. */
export type RepoParams = { owner: string; repo: string };

/** The `{owner}` and `{repo}` placeholders of a reference (checked first): `_` and the id for `{ id }`. */
export function repoParams(ref: ForgeRepoRef): RepoParams {
  const checked = checkRepoRef(ref, "repo");
  return "id" in checked ? { owner: "_", repo: checked.id } : { owner: checked.owner, repo: checked.repo };
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

/**
 * Placeholders that are not plain ids. Paths of their own (`heads/feature/x`, `docs/a.md`, `main...feature/x`):
 * each segment is checked and encoded, the slashes between them kept. Free-form names (label names have no
 * character rules; a tree is also read by branch name): one segment, a `/` in them encoded. Pull request numbers:
 * 64-bit integers, which the forge sends and takes as strings of digits.
 */
export const FORGE_PLACEHOLDERS: Readonly<Record<string, PlaceholderKind>> = {
  ref: "path",
  path: "path",
  basehead: "path",
  labelName: "name",
  treeSha: "name",
  pullNumber: "digits",
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
  const repo = repository === undefined ? {} : repoParams(repository);
  return fillPath(template, { ...repo, ...params }, operation, FORGE_PLACEHOLDERS);
}
