import { FORGE_OPERATIONS } from "../../forge/operations.js";
import { isoTime } from "../clock.js";
import { reply } from "../responses.js";
import { ForgeFailure, invalidArgument } from "./errors.js";
import { requireCommit } from "./git-refs.js";
import {
  diffSnapshots,
  GIT_MODES,
  type GitChange,
  type GitCommit,
  type GitFile,
  gitStore,
  mergeBase,
  treeEntries,
} from "./git-store.js";
import { type GrepQuery, grepSnapshot } from "./grep-search.js";
import { paginate } from "./pagination.js";
import { checkSchema, objectBody, repoData, tableRoute } from "./repo-state.js";
import type { FakeForgeContext, FakeForgeRoute } from "./route.js";
import type { ForgeRepository } from "./state.js";
import { tarballDownloadRoute, tarballReply } from "./tarball-route.js";

/** A commit as the forge answers it (the shape is not shown in the spec: Git's fields in camelCase). */
export function commitView(commit: GitCommit): Record<string, unknown> {
  const signature = { name: commit.author.name, email: commit.author.email, date: isoTime(commit.author.at) };
  return {
    sha: commit.sha,
    treeSha: commit.treeSha,
    parents: commit.parents.map((sha) => ({ sha })),
    message: commit.message,
    author: signature,
    committer: signature,
  };
}

const decoder = new TextDecoder("utf-8", { fatal: true });

function linesOf(file: GitFile | undefined): string[] | undefined {
  if (!file) return [];
  if (file.bytes.includes(0)) return undefined;
  try {
    const lines = decoder.decode(file.bytes).split(/\r?\n/);
    if (lines.at(-1) === "") lines.pop();
    return lines;
  } catch {
    return undefined;
  }
}

// Added and removed lines of one hunk around the common prefix and suffix; binary files count 0.
function lineCounts(change: GitChange): { additions: number; deletions: number } {
  const before = linesOf(change.before);
  const after = linesOf(change.after);
  if (!before || !after) return { additions: 0, deletions: 0 };
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end++;
  return { additions: after.length - start - end, deletions: before.length - start - end };
}

/** A changed file as commit files and comparisons list it. */
export function changedFileView(change: GitChange): Record<string, unknown> {
  const { additions, deletions } = lineCounts(change);
  return {
    path: change.path,
    status: change.status,
    sha: (change.after ?? change.before)?.sha,
    additions,
    deletions,
    changes: additions + deletions,
  };
}

/** Bytes as standard base64, built in slices so large files do not overflow the argument list. */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function refQuery(context: FakeForgeContext, repo: ForgeRepository): string {
  const ref = context.query.get("ref");
  return ref === null || ref === "" ? repo.defaultBranch : ref;
}

const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);
const contentType = (mode: string) => (mode === "120000" ? "symlink" : "file");

function contentsView(commit: GitCommit, path: string): Record<string, unknown> {
  const file = commit.files.get(path);
  if (file) {
    const type = file.mode === "symlink" ? "symlink" : "file";
    return {
      type,
      name: nameOf(path),
      path,
      sha: file.sha,
      size: String(file.bytes.length),
      mode: GIT_MODES[file.mode],
      encoding: "base64",
      content: toBase64(file.bytes),
      ...(type === "symlink" ? { target: new TextDecoder().decode(file.bytes) } : {}),
    };
  }
  const treeSha = commit.dirs.get(path);
  if (treeSha === undefined) throw new ForgeFailure("NotFound", `${path} does not exist at ${commit.sha}.`);
  const entries = treeEntries({ sha: treeSha, prefix: path, commit }, false).map((entry) => ({
    type: entry.type === "tree" ? "dir" : contentType(entry.mode),
    name: entry.path,
    path: `${path}/${entry.path}`,
    sha: entry.sha,
    mode: entry.mode,
    ...(entry.size === undefined ? {} : { size: String(entry.size) }),
  }));
  return { type: "dir", name: nameOf(path), path, sha: treeSha, entries };
}

function compareFiles(context: FakeForgeContext, repo: ForgeRepository) {
  const data = repoData(context.state, repo);
  const basehead = context.params.basehead ?? "";
  const split = basehead.indexOf("...");
  if (split <= 0 || split + 3 >= basehead.length) throw invalidArgument("basehead", "must be <base>...<head>.");
  const base = requireCommit(data, repo, basehead.slice(0, split));
  const head = requireCommit(data, repo, basehead.slice(split + 3));
  const store = gitStore(data, repo);
  const from = mergeBase(store, base.sha, head.sha);
  if (from === undefined)
    throw new ForgeFailure("NotFound", `${basehead} has no common history; there is nothing to compare.`);
  const changes = diffSnapshots((store.commits.get(from) as GitCommit).files, head.files);
  // Bound to the resolved commits: a branch that moves between pages makes the token stale (400).
  const page = paginate(changes, context.query, `compare:${repo.id}`, `${base.sha}...${head.sha}`);
  return reply({ files: page.items.map(changedFileView), nextPageToken: page.nextPageToken });
}

function grep(context: FakeForgeContext, repo: ForgeRepository) {
  const data = repoData(context.state, repo);
  const body = objectBody(context);
  checkSchema(FORGE_OPERATIONS["contents.grep"].body, body, "grep request");
  const query = body as unknown as GrepQuery & { ref?: string };
  // Larger context values are reduced to 10 (spec), never refused.
  const clamp = (lines: number | undefined) => (lines === undefined ? undefined : Math.min(lines, 10));
  const commit = requireCommit(data, repo, query.ref ?? repo.defaultBranch);
  const found = grepSnapshot(commit.files, {
    ...query,
    contextBefore: clamp(query.contextBefore),
    contextAfter: clamp(query.contextAfter),
  });
  return reply({ lines: found.lines, limitHit: found.limitHit });
}

/** Commit, contents, comparison, grep and archive routes. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only) */
export const contentsRoutes: readonly FakeForgeRoute[] = [
  tableRoute("commits.files", (context, repo) => {
    const data = repoData(context.state, repo);
    const commit = requireCommit(data, repo, context.params.ref ?? "");
    const parent = commit.parents[0] === undefined ? undefined : gitStore(data, repo).commits.get(commit.parents[0]);
    const changes = diffSnapshots(parent?.files ?? new Map(), commit.files);
    const page = paginate(changes, context.query, `commit-files:${repo.id}`, commit.sha);
    return reply({ files: page.items.map(changedFileView), nextPageToken: page.nextPageToken });
  }),
  tableRoute("commits.get", (context, repo) =>
    reply(commitView(requireCommit(repoData(context.state, repo), repo, context.params.ref ?? ""))),
  ),
  tableRoute("contents.get", (context, repo) => {
    const data = repoData(context.state, repo);
    const commit = requireCommit(data, repo, refQuery(context, repo));
    return reply(contentsView(commit, (context.params.path ?? "").replace(/^\/+|\/+$/g, "")));
  }),
  tableRoute("contents.compareFiles", compareFiles),
  tableRoute("contents.grep", grep),
  tableRoute("contents.tarball", (context, repo) => {
    const data = repoData(context.state, repo);
    if (data.branches.size === 0)
      throw new ForgeFailure("Aborted", "The repository is empty; there is nothing to archive.");
    return tarballReply(context, repo, requireCommit(data, repo, context.params.ref ?? ""));
  }),
  tarballDownloadRoute,
];
