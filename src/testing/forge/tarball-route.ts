// Repository archives of the fake forge. The first request for a commit streams application/gzip; later ones answer
// 302 with a signed download address (valid 15 minutes) that this file also serves. A `fetch` follows that redirect
// by itself, so the fake does what a following `fetch` would show its caller: it answers 302 only to requests made
// with `redirect: "manual"`, and serves the archive to the others. Entries sit in one top-level directory
// `{ownerSlug}-{repoName}-{shortSha}/`, after a PAX global header holding the commit id (as `git archive` writes).
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only)
import type { Reply } from "../responses.js";
import { ForgeFailure } from "./errors.js";
import { type GitCommit, treeEntries } from "./git-store.js";
import { type RepoData, repoData } from "./repo-state.js";
import type { FakeForgeContext, FakeForgeRoute } from "./route.js";
import type { ForgeRepository, ForgeState } from "./state.js";
import { gzipStream, type TarEntry, tarStream } from "./tar-archive.js";

/** How long a signed download address works. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Other constants) */
export const SIGNED_TARBALL_TTL_MS = 15 * 60_000;

interface SignedDownload {
  repo: ForgeRepository;
  commit: GitCommit;
  expiresAt: number;
}

const SERVED = new WeakMap<RepoData, Set<string>>();
const DOWNLOADS = new WeakMap<ForgeState, Map<string, SignedDownload>>();

function archiveEntries(repo: ForgeRepository, commit: GitCommit): Iterable<TarEntry> {
  const top = `${repo.owner.slug}-${repo.name}-${commit.sha.slice(0, 7)}`;
  const mtime = Math.floor(commit.author.at / 1000);
  const tree = { sha: commit.treeSha, prefix: "", commit };
  const entries: TarEntry[] = [{ path: top, type: "directory", mode: 0o755, mtime }];
  for (const entry of treeEntries(tree, true)) {
    const path = `${top}/${entry.path}`;
    const file = commit.files.get(entry.path);
    if (entry.type === "tree" || !file) entries.push({ path, type: "directory", mode: 0o755, mtime });
    else if (file.mode === "symlink")
      entries.push({ path, type: "symlink", mode: 0o777, mtime, linkTarget: new TextDecoder().decode(file.bytes) });
    else
      entries.push({ path, type: "file", mode: file.mode === "executable" ? 0o755 : 0o644, mtime, bytes: file.bytes });
  }
  return entries;
}

function archiveReply(repo: ForgeRepository, commit: GitCommit): Reply {
  const name = `${repo.owner.slug}-${repo.name}-${commit.sha.slice(0, 7)}.tar.gz`;
  const tar = tarStream(archiveEntries(repo, commit), {
    comment: commit.sha,
    mtime: Math.floor(commit.author.at / 1000),
  });
  return {
    status: 200,
    stream: gzipStream(tar),
    headers: { "content-type": "application/gzip", "content-disposition": `attachment; filename=${name}` },
  };
}

/** The answer to Get Repo Tarball for a resolved commit: the archive, or the signed address to it. */
export function tarballReply(context: FakeForgeContext, repo: ForgeRepository, commit: GitCommit): Reply {
  const data = repoData(context.state, repo);
  let served = SERVED.get(data);
  if (!served) {
    served = new Set();
    SERVED.set(data, served);
  }
  const first = !served.has(commit.sha);
  served.add(commit.sha);
  if (first || context.request.redirect !== "manual") return archiveReply(repo, commit);
  let downloads = DOWNLOADS.get(context.state);
  if (!downloads) {
    downloads = new Map();
    DOWNLOADS.set(context.state, downloads);
  }
  const token = context.state.newId("dl");
  downloads.set(token, { repo, commit, expiresAt: context.now + SIGNED_TARBALL_TTL_MS });
  return { status: 302, headers: { location: `${context.issuer}/downloads/tarballs/${token}` } };
}

/** The signed download address: no credential, no points; refused once expired. */
export const tarballDownloadRoute: FakeForgeRoute = {
  method: "GET",
  pattern: "/downloads/tarballs/:token",
  credential: "none",
  cost: 0,
  handle(context) {
    const download = DOWNLOADS.get(context.state)?.get(context.params.token ?? "");
    if (!download) throw new ForgeFailure("NotFound", "No such download.");
    if (context.now >= download.expiresAt)
      throw new ForgeFailure("PermissionDenied", "The signed download address expired; request the tarball again.");
    return archiveReply(download.repo, download.commit);
  },
};
