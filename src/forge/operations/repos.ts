// Repository operations: the repository itself, grants, mirrors, contents and Git data.
import { CreateFromFilesSchema, CreateRefSchema, GrepSchema } from "../schemas/git-contents.js";
import {
  ChangedFilesPageSchema,
  CommitSchema,
  ContentsSchema,
  GrepResultSchema,
  MatchingRefsPageSchema,
  TreeSchema,
} from "../schemas/git-responses.js";
import { RepositorySchema } from "../schemas/namespace.js";
import { PageQuerySchema } from "../schemas/page-query.js";
import { GrantSelectorSchema, MirrorSchema, SyncMirrorRequestSchema } from "../schemas/repo-admin.js";
import {
  ActiveTransitionJobsSchema,
  CreateFromFilesResponseSchema,
  GitRefSchema,
  OwnerGrantSchema,
  OwnerGrantsListSchema,
  RepoGrantSchema,
  RepoGrantsListSchema,
  SyncMirrorResponseSchema,
  TransitionJobSchema,
} from "../schemas/repo-responses.js";
import {
  MirrorTransitionSchema,
  OwnerGrantRequestSchema,
  RepoGrantRequestSchema,
  RepoSettingsSchema,
} from "../schemas/repo-settings.js";
import { op, paged, REPO, USER, withExpectedHeadSha } from "./entry.js";

const METADATA_READ = "repository:metadata:read";
const CONTENTS_READ = "repository:contents:read";
const CONTENTS_WRITE = "repository:contents:write";
const REPO_PATH = "/repos/{owner}/{repo}";
const page = { query: PageQuerySchema };

/** The repository, its settings and grants, and an owner's grants. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const REPOSITORY_OPERATIONS = {
  // Assumed: the spec names Get Repo without a path; GitHub's shape, which every shown repository path extends.
  "repo.get": op("GET", REPO_PATH, REPO, METADATA_READ, 1, { assumed: true, response: RepositorySchema }),
  // Set-to-value settings: safe to repeat.
  "repo.update": op("PATCH", REPO_PATH, REPO, "repository:settings:write", 5, {
    idempotent: true,
    body: RepoSettingsSchema,
    response: RepositorySchema,
  }),
  "repo.grants.list": op("GET", `${REPO_PATH}/grants`, REPO, "repository:settings:read", 1, {
    ...page,
    response: RepoGrantsListSchema,
    list: paged("grants"),
  }),
  // An upsert; delete is idempotent by the spec.
  "repo.grants.upsert": op("POST", `${REPO_PATH}/grants`, REPO, "repository:settings:write", 5, {
    idempotent: true,
    body: RepoGrantRequestSchema,
    response: RepoGrantSchema,
  }),
  "repo.grants.delete": op("DELETE", `${REPO_PATH}/grants`, REPO, "repository:settings:write", 5, {
    idempotent: true,
    // Idempotent by the spec (a repeat answers 204); a forge that answers a repeat 404 meets this call's own removal.
    goneOnRetry: true,
    body: GrantSelectorSchema,
  }),
  "owner.grants.list": op("GET", "/owners/{ownerSlug}/grants", REPO, "namespace:settings:read", 1, {
    ...page,
    response: OwnerGrantsListSchema,
    list: paged("grants"),
  }),
  "owner.grants.upsert": op("POST", "/owners/{ownerSlug}/grants", REPO, "namespace:settings:write", 5, {
    idempotent: true,
    body: OwnerGrantRequestSchema,
    response: OwnerGrantSchema,
  }),
  "owner.grants.delete": op("DELETE", "/owners/{ownerSlug}/grants", REPO, "namespace:settings:write", 5, {
    idempotent: true,
    // Idempotent by the spec (a repeat answers 204); a forge that answers a repeat 404 meets this call's own removal.
    goneOnRetry: true,
    body: GrantSelectorSchema,
  }),
} as const;

/** Mirrored repositories. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Mirrored repositories) */
export const MIRROR_OPERATIONS = {
  // A repeat while the first job runs is refused ("no active job"), after it would start another move.
  "mirror.transition": op("POST", `${REPO_PATH}/mirror:transition`, USER, "repository:mirror:write", 10, {
    body: MirrorTransitionSchema,
    response: TransitionJobSchema,
  }),
  "mirror.forceCutover": op("POST", `${REPO_PATH}/mirror:forceCutover`, USER, "repository:mirror:write", 10, {
    response: MirrorSchema,
  }),
  // "repeat succeeds" (spec).
  "mirror.detach": op("DELETE", `${REPO_PATH}/mirror`, USER, "repository:mirror:delete", 5, { idempotent: true }),
  "mirror.job": op("GET", `${REPO_PATH}/mirror/transition-jobs/{jobId}`, REPO, METADATA_READ, 1, {
    response: TransitionJobSchema,
  }),
  "mirror.activeJobs": op("GET", `${REPO_PATH}/mirror/transition-jobs:active`, REPO, METADATA_READ, 1, {
    response: ActiveTransitionJobsSchema,
  }),
  // Cost not shown: it writes refs server-side, so it is budgeted as an ordinary write. Syncing a ref to
  // upstream twice leaves it where once would.
  "mirror.sync": op("POST", `${REPO_PATH}:syncMirror`, REPO, CONTENTS_READ, 5, {
    idempotent: true,
    body: SyncMirrorRequestSchema,
    response: SyncMirrorResponseSchema,
  }),
} as const;

/** Commits, contents, search, archives and Git data. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const CONTENTS_OPERATIONS = {
  // Assumed: GitHub's path; `{ref}` is a SHA, branch or tag. Heavier read: 5 (spec, Limits).
  "commits.get": op("GET", `${REPO_PATH}/commits/{ref}`, REPO, CONTENTS_READ, 5, {
    assumed: true,
    response: CommitSchema,
  }),
  // Assumed: shaped like the shown compare files route (`/compare/{basehead}/files`). Heavier read: 5.
  "commits.files": op("GET", `${REPO_PATH}/commits/{ref}/files`, REPO, CONTENTS_READ, 5, {
    assumed: true,
    ...page,
    response: ChangedFilesPageSchema,
    list: paged("files"),
  }),
  // Assumed: GitHub's path, `?ref=` selects the commit.
  "contents.get": op("GET", `${REPO_PATH}/contents/{path}`, REPO, CONTENTS_READ, 1, {
    assumed: true,
    response: ContentsSchema,
  }),
  // Assumed: GitHub's path beside the shown /git/refs; `recursive=true` recurses (spec, Versioning).
  "git.tree": op("GET", `${REPO_PATH}/git/trees/{treeSha}`, REPO, CONTENTS_READ, 1, {
    assumed: true,
    response: TreeSchema,
  }),
  "contents.tarball": op("GET", `${REPO_PATH}/tarball/{ref}`, REPO, CONTENTS_READ, 5),
  "contents.compareFiles": op("GET", `${REPO_PATH}/compare/{basehead}/files`, REPO, CONTENTS_READ, 5, {
    ...page,
    response: ChangedFilesPageSchema,
    list: paged("files"),
  }),
  // A read sent as POST.
  "contents.grep": op("POST", `${REPO_PATH}:grep`, REPO, CONTENTS_READ, 5, {
    idempotent: true,
    body: GrepSchema,
    response: GrepResultSchema,
  }),
  // Same sha returns the existing ref (spec).
  "git.createRef": op("POST", `${REPO_PATH}/git/refs`, REPO, CONTENTS_WRITE, 5, {
    idempotent: true,
    body: CreateRefSchema,
    response: GitRefSchema,
  }),
  // Not idempotent: if the branch is recreated in between, a repeat deletes the new one and closes its pulls.
  "git.deleteRef": op("DELETE", `${REPO_PATH}/git/refs/{ref}`, REPO, CONTENTS_WRITE, 5, { idempotent: false }),
  // `expectedHeadSha` must equal the tip, so a repeat after success is refused rather than applied twice.
  "git.createFromFiles": op("POST", `${REPO_PATH}/git/commits:createFromFiles`, REPO, CONTENTS_WRITE, 10, {
    idempotent: withExpectedHeadSha,
    body: CreateFromFilesSchema,
    response: CreateFromFilesResponseSchema,
  }),
  "git.matchingRefs": op("GET", `${REPO_PATH}/git/matching-refs`, REPO, CONTENTS_READ, 1, {
    ...page,
    response: MatchingRefsPageSchema,
    list: paged("refs"),
  }),
  // Assumed: the spec names Get Git Ref without a path; GitHub's singular /git/ref/{ref} (e.g. pull/7/merge).
  "git.getRef": op("GET", `${REPO_PATH}/git/ref/{ref}`, REPO, CONTENTS_READ, 1, {
    assumed: true,
    response: GitRefSchema,
  }),
} as const;
