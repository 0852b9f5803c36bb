// Repository routes: repositories, settings, grants, mirrors, contents and Git data.
import { op, REPO, USER } from "./route.js";

const METADATA_READ = "repository:metadata:read";
const CONTENTS_READ = "repository:contents:read";
const CONTENTS_WRITE = "repository:contents:write";

/** Repositories, settings and grants. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const REPOSITORY_ROUTES = {
  // Assumed: the spec names Get Repo without a path; GitHub's shape, which every shown repository path extends.
  getRepo: op("GET", "/repos/{owner}/{repo}", REPO, METADATA_READ, 1, { assumed: true }),
  // Assumed: namespace-owned creations live under /namespaces/{namespaceSlug}/… (apps, installations).
  createRepo: op("POST", "/namespaces/{namespaceSlug}/repos", USER, "namespace:repositories:create", 10, {
    idempotent: false,
    assumed: true,
  }),
  // Assumed: the namespace's repositories, beside createRepo (GitHub: GET /orgs/{org}/repos). Scope not shown.
  listRepos: op("GET", "/namespaces/{namespaceSlug}/repos", REPO, METADATA_READ, 1, { assumed: true }),
  // Set-to-value fields: applying twice equals applying once.
  updateRepoSettings: op("PATCH", "/repos/{owner}/{repo}", REPO, "repository:settings:write", 5, { idempotent: true }),
  listRepoGrants: op("GET", "/repos/{owner}/{repo}/grants", REPO, "repository:settings:read", 1),
  // An upsert; delete is idempotent by the spec.
  upsertRepoGrant: op("POST", "/repos/{owner}/{repo}/grants", REPO, "repository:settings:write", 5, {
    idempotent: true,
  }),
  deleteRepoGrant: op("DELETE", "/repos/{owner}/{repo}/grants", REPO, "repository:settings:write", 5, {
    idempotent: true,
  }),
  listOwnerGrants: op("GET", "/owners/{ownerSlug}/grants", REPO, "namespace:settings:read", 1),
  upsertOwnerGrant: op("POST", "/owners/{ownerSlug}/grants", REPO, "namespace:settings:write", 5, { idempotent: true }),
  deleteOwnerGrant: op("DELETE", "/owners/{ownerSlug}/grants", REPO, "namespace:settings:write", 5, {
    idempotent: true,
  }),
} as const;

/** Mirrored repositories. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Mirrored repositories) */
export const MIRROR_ROUTES = {
  // A repeat while the first job runs is refused ("no active job"), after it would start another move.
  transitionMirror: op("POST", "/repos/{owner}/{repo}/mirror:transition", USER, "repository:mirror:write", 10, {
    idempotent: false,
  }),
  forceMirrorCutover: op("POST", "/repos/{owner}/{repo}/mirror:forceCutover", USER, "repository:mirror:write", 10, {
    idempotent: false,
  }),
  // "repeat succeeds" (spec).
  detachMirror: op("DELETE", "/repos/{owner}/{repo}/mirror", USER, "repository:mirror:delete", 5, {
    idempotent: true,
  }),
  getTransitionJob: op("GET", "/repos/{owner}/{repo}/mirror/transition-jobs/{jobId}", REPO, METADATA_READ, 1),
  getActiveTransitionJobs: op("GET", "/repos/{owner}/{repo}/mirror/transition-jobs:active", REPO, METADATA_READ, 1),
  // Cost not shown: it writes refs server-side, so it is budgeted as an ordinary write. Syncing a ref to
  // upstream twice leaves it where once would.
  syncMirror: op("POST", "/repos/{owner}/{repo}:syncMirror", REPO, CONTENTS_READ, 5, { idempotent: true }),
} as const;

/** Commits, contents, search, archives and Git data. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const CONTENTS_ROUTES = {
  // Assumed: GitHub's path; `{ref}` is a SHA, branch or tag. Heavier read: 5 (spec, Limits).
  getCommit: op("GET", "/repos/{owner}/{repo}/commits/{ref}", REPO, CONTENTS_READ, 5, { assumed: true }),
  // Assumed: shaped like the shown compare files route (`/compare/{basehead}/files`). Heavier read: 5.
  listCommitFiles: op("GET", "/repos/{owner}/{repo}/commits/{ref}/files", REPO, CONTENTS_READ, 5, { assumed: true }),
  // Assumed: GitHub's path, `?ref=` selects the commit.
  getContents: op("GET", "/repos/{owner}/{repo}/contents/{path}", REPO, CONTENTS_READ, 1, { assumed: true }),
  // Assumed: GitHub's path beside the shown /git/refs; `recursive=true` recurses (spec, Versioning).
  getTree: op("GET", "/repos/{owner}/{repo}/git/trees/{treeSha}", REPO, CONTENTS_READ, 1, { assumed: true }),
  getTarball: op("GET", "/repos/{owner}/{repo}/tarball/{ref}", REPO, CONTENTS_READ, 5),
  listCompareFiles: op("GET", "/repos/{owner}/{repo}/compare/{basehead}/files", REPO, CONTENTS_READ, 5),
  // A read sent as POST.
  grep: op("POST", "/repos/{owner}/{repo}:grep", REPO, CONTENTS_READ, 5, { idempotent: true }),
  // Same sha returns the existing ref (spec).
  createRef: op("POST", "/repos/{owner}/{repo}/git/refs", REPO, CONTENTS_WRITE, 5, { idempotent: true }),
  // Not idempotent: if the branch is recreated in between, a repeat deletes the new one and closes its pulls.
  deleteRef: op("DELETE", "/repos/{owner}/{repo}/git/refs/{ref}", REPO, CONTENTS_WRITE, 5, { idempotent: false }),
  // `expectedHeadSha` must equal the tip, so a repeat after success is refused rather than applied twice.
  createCommitFromFiles: op("POST", "/repos/{owner}/{repo}/git/commits:createFromFiles", REPO, CONTENTS_WRITE, 10, {
    idempotent: "with-expected-head-sha",
  }),
  listMatchingRefs: op("GET", "/repos/{owner}/{repo}/git/matching-refs", REPO, CONTENTS_READ, 1),
  // Assumed: the spec names Get Git Ref without a path; GitHub's singular /git/ref/{ref} (e.g. pull/7/merge).
  getRef: op("GET", "/repos/{owner}/{repo}/git/ref/{ref}", REPO, CONTENTS_READ, 1, { assumed: true }),
} as const;
