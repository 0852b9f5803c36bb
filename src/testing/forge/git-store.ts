// A small, deterministic in-memory Git model per repository of the fake forge: commits with parents, each holding
// a full snapshot of its files (path → bytes), and the directory trees of every snapshot. Branch tips stay in
// `repoData(...).branches` (pull requests read them there); a tip this store has not seen — a merge made by the pull
// routes, a branch set by a test — is turned into a commit on first read, so every tip always resolves.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only)
import { type GitFileMode, type SeedChanges, seedBranchChanges, seedMainChanges, seedRootChanges } from "./git-seed.js";
import { fakeSha, type RepoData, SEEDED_BRANCHES } from "./repo-state.js";
import { type ForgeRepository, SEED_ADMIN } from "./state.js";

// How a file is stored is declared with the seed, which this store imports (one way, no import circle).
export type { GitFileMode } from "./git-seed.js";

/** One stored file. */
export interface GitFile {
  bytes: Uint8Array;
  mode: GitFileMode;
  /** The blob id: a hash of mode-independent content, stable across commits. */
  sha: string;
}

/** Path → file; paths use `/` and never start with one. */
export type GitSnapshot = ReadonlyMap<string, GitFile>;

/** Who made a commit, and when (ms). */
export interface GitSignature {
  name: string;
  email: string;
  at: number;
}

/** One commit: its parents (first parent first), message, author and full snapshot. */
export interface GitCommit {
  sha: string;
  treeSha: string;
  parents: readonly string[];
  message: string;
  author: GitSignature;
  files: GitSnapshot;
  /** Directory → tree id of this snapshot; `""` is the root tree. */
  dirs: ReadonlyMap<string, string>;
}

/** A tree of some snapshot: the directory `prefix` (`""` for the root) of `commit`'s files. */
export interface GitTree {
  sha: string;
  prefix: string;
  commit: GitCommit;
}

/** The Git objects of one repository. */
export interface GitStore {
  readonly commits: Map<string, GitCommit>;
  readonly trees: Map<string, GitTree>;
  /** The tip of each branch when this store last looked (to parent commits it has to make up). */
  readonly seenTips: Map<string, string>;
  /** The seeded commit of the default branch. */
  readonly seedSha: string;
}

/** Git's mode string of a file mode (trees are `040000`). */
export const GIT_MODES: Readonly<Record<GitFileMode, string>> = {
  file: "100644",
  executable: "100755",
  symlink: "120000",
};

const encoder = new TextEncoder();

/** A deterministic 40-hex id of bytes (FNV-1a in five lanes); `kind` keeps blobs, trees and commits apart. */
export function hashBytes(kind: string, bytes: Uint8Array): string {
  const lanes = [0, 1, 2, 3, 4].map((lane) => (0x811c9dc5 ^ lane) >>> 0);
  const feed = (byte: number) => {
    for (let i = 0; i < 5; i++) lanes[i] = Math.imul((lanes[i] as number) ^ byte, 0x01000193 + 2 * i) >>> 0;
  };
  for (const byte of encoder.encode(`${kind}:${bytes.length}:`)) feed(byte);
  for (const byte of bytes) feed(byte);
  return lanes.map((lane) => lane.toString(16).padStart(8, "0")).join("");
}

/** A file from its bytes and mode. */
export function gitFile(bytes: Uint8Array, mode: GitFileMode = "file"): GitFile {
  return { bytes, mode, sha: hashBytes("blob", bytes) };
}

/** A text file. */
export function textFile(text: string, mode: GitFileMode = "file"): GitFile {
  return gitFile(encoder.encode(text), mode);
}

/** The directory of a path (`""` at the top). */
export function parentDir(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}

const depth = (dir: string) => (dir === "" ? 0 : dir.split("/").length);
const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Computes every directory's tree id of a snapshot, deepest first so each parent sees its subtrees' ids. */
function treeIds(files: GitSnapshot): Map<string, string> {
  const children = new Map<string, Array<{ mode: string; name: string; sha: string }>>([["", []]]);
  for (const [path, file] of files) {
    for (let dir = parentDir(path); !children.has(dir); dir = parentDir(dir)) children.set(dir, []);
    children
      .get(parentDir(path))
      ?.push({ mode: GIT_MODES[file.mode], name: path.slice(path.lastIndexOf("/") + 1), sha: file.sha });
  }
  const ids = new Map<string, string>();
  for (const dir of [...children.keys()].sort((a, b) => depth(b) - depth(a))) {
    const entries = (children.get(dir) ?? []).sort(byName).map((entry) => `${entry.mode} ${entry.name}\0${entry.sha}`);
    const sha = hashBytes("tree", encoder.encode(entries.join("\n")));
    ids.set(dir, sha);
    if (dir !== "")
      children.get(parentDir(dir))?.push({ mode: "040000", name: dir.slice(dir.lastIndexOf("/") + 1), sha });
  }
  return ids;
}

/** Stores a commit (its trees indexed) and returns it; an existing sha is returned as stored. */
export function addCommit(
  store: GitStore,
  input: { sha: string; parents: readonly string[]; message: string; author: GitSignature; files: GitSnapshot },
): GitCommit {
  const existing = store.commits.get(input.sha);
  if (existing) return existing;
  const dirs = treeIds(input.files);
  const commit: GitCommit = { ...input, treeSha: dirs.get("") as string, dirs };
  store.commits.set(commit.sha, commit);
  for (const [prefix, sha] of dirs) if (!store.trees.has(sha)) store.trees.set(sha, { sha, prefix, commit });
  return commit;
}

/** One entry of a tree listing; `path` is relative to the listed tree. */
export interface GitTreeEntry {
  path: string;
  type: "blob" | "tree";
  /** Git's mode string (`100644`, `100755`, `120000`, `040000`). */
  mode: string;
  sha: string;
  /** Blob size in bytes; trees have none. */
  size?: number;
}

/** The entries of a tree: its direct children, or with `recursive` every file and directory below it, by path. */
export function treeEntries(tree: GitTree, recursive: boolean): GitTreeEntry[] {
  const base = tree.prefix === "" ? "" : `${tree.prefix}/`;
  const entries: GitTreeEntry[] = [];
  for (const [dir, sha] of tree.commit.dirs) {
    if (dir === tree.prefix || !dir.startsWith(base)) continue;
    const path = dir.slice(base.length);
    if (recursive || !path.includes("/")) entries.push({ path, type: "tree", mode: "040000", sha });
  }
  for (const [full, file] of tree.commit.files) {
    if (!full.startsWith(base)) continue;
    const path = full.slice(base.length);
    if (recursive || !path.includes("/"))
      entries.push({ path, type: "blob", mode: GIT_MODES[file.mode], sha: file.sha, size: file.bytes.length });
  }
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Every commit reachable from `sha` (itself included), nearest first. */
export function ancestry(store: GitStore, sha: string): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const queue = [sha];
  while (queue.length > 0) {
    const next = queue.shift() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    order.push(next);
    queue.push(...(store.commits.get(next)?.parents ?? []));
  }
  return order;
}

/** The nearest common ancestor of two commits, or undefined for unrelated histories. */
export function mergeBase(store: GitStore, base: string, head: string): string | undefined {
  const ofBase = new Set(ancestry(store, base));
  return ancestry(store, head).find((sha) => ofBase.has(sha));
}

/** One changed path between two snapshots. */
export interface GitChange {
  path: string;
  status: "added" | "modified" | "removed";
  before?: GitFile;
  after?: GitFile;
}

/** The paths that differ between two snapshots, sorted by path. */
export function diffSnapshots(before: GitSnapshot, after: GitSnapshot): GitChange[] {
  const changes: GitChange[] = [];
  for (const [path, file] of after) {
    const old = before.get(path);
    if (!old) changes.push({ path, status: "added", after: file });
    else if (old.sha !== file.sha || old.mode !== file.mode)
      changes.push({ path, status: "modified", before: old, after: file });
  }
  for (const [path, file] of before) if (!after.has(path)) changes.push({ path, status: "removed", before: file });
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** `base` with the changes `head` made since their merge base (head wins where both changed a path). */
export function mergeSnapshots(store: GitStore, base: GitCommit, head: GitCommit): Map<string, GitFile> {
  const baseOf = mergeBase(store, base.sha, head.sha);
  const from = baseOf === undefined ? new Map<string, GitFile>() : (store.commits.get(baseOf)?.files ?? new Map());
  const merged = new Map(base.files);
  for (const change of diffSnapshots(from, head.files)) {
    if (change.after) merged.set(change.path, change.after);
    else merged.delete(change.path);
  }
  return merged;
}

const STORES = new WeakMap<RepoData, GitStore>();

function withChanges(files: GitSnapshot, changes: SeedChanges): Map<string, GitFile> {
  const out = new Map(files);
  for (const [path, change] of Object.entries(changes)) {
    if (change === null) out.delete(path);
    else out.set(path, textFile(change.text, change.mode));
  }
  return out;
}

function seed(repo: ForgeRepository): GitStore {
  const store: GitStore = {
    commits: new Map(),
    trees: new Map(),
    seenTips: new Map(),
    seedSha: fakeSha(`${repo.id}:${repo.defaultBranch}`),
  };
  const author = (hours: number) => ({
    name: SEED_ADMIN.displayName,
    email: SEED_ADMIN.email,
    at: repo.createdAt + hours * 3_600_000,
  });
  const root = addCommit(store, {
    sha: fakeSha(`${repo.id}:root`),
    parents: [],
    message: "Initial commit",
    author: author(0),
    files: withChanges(new Map(), seedRootChanges(repo)),
  });
  const main = addCommit(store, {
    sha: store.seedSha,
    parents: [root.sha],
    message: "Add sources, docs and a build script",
    author: author(1),
    files: withChanges(root.files, seedMainChanges(repo)),
  });
  if (repo.mirror === undefined) {
    SEEDED_BRANCHES.forEach((branch, i) => {
      const { message, changes } = seedBranchChanges(branch);
      const sha = fakeSha(`${repo.id}:${branch}`);
      addCommit(store, {
        sha,
        parents: [main.sha],
        message,
        author: author(2 + i),
        files: withChanges(main.files, changes),
      });
    });
  }
  return store;
}

/** A commit for a tip this store never saw: a merge of a pull request, or a copy of the branch's last known tip. */
function madeUpCommit(store: GitStore, data: RepoData, repo: ForgeRepository, branch: string, sha: string): GitCommit {
  // A branch this store never saw starts from the default branch as last seen.
  const from = store.seenTips.get(branch) ?? store.seenTips.get(repo.defaultBranch) ?? store.seedSha;
  const previous = store.commits.get(from) as GitCommit;
  const author = { name: SEED_ADMIN.displayName, email: SEED_ADMIN.email, at: repo.pushedAt };
  const pull = data.pulls.find((candidate) => candidate.mergeCommitSha === sha);
  const head = pull ? store.commits.get(pull.headSha) : undefined;
  if (pull && head) {
    return addCommit(store, {
      sha,
      parents: pull.mergeMethod === "squash" ? [previous.sha] : [previous.sha, head.sha],
      message: `${pull.mergeMethod === "squash" ? "Squash" : "Merge"} pull request #${pull.number}: ${pull.title}`,
      author,
      files: mergeSnapshots(store, previous, head),
    });
  }
  return addCommit(store, { sha, parents: [previous.sha], message: `Update ${branch}`, author, files: previous.files });
}

/** The Git store of a repository, seeded on first use and caught up with the current branch tips. */
export function gitStore(data: RepoData, repo: ForgeRepository): GitStore {
  let store = STORES.get(data);
  if (!store) {
    store = seed(repo);
    STORES.set(data, store);
  }
  // Plain tips first: a merge commit reads its pull request's head, which may itself be a tip to catch up on.
  const tips = [...data.branches].sort(
    ([, a], [, b]) =>
      Number(data.pulls.some((p) => p.mergeCommitSha === a)) - Number(data.pulls.some((p) => p.mergeCommitSha === b)),
  );
  for (const [branch, sha] of tips) {
    if (!store.commits.has(sha)) madeUpCommit(store, data, repo, branch, sha);
    store.seenTips.set(branch, sha);
  }
  return store;
}
