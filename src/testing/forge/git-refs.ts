// Ref names of the fake forge: branches (`refs/heads/<b>`), the refs of pull requests (`refs/pull/<n>/head`, and
// `refs/pull/<n>/merge` while open), and how a `{ref}` in a path or query resolves to a commit: a ref in any of its
// spellings, a branch name, a full commit id or an unambiguous abbreviation.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only)
import { ForgeFailure } from "./errors.js";
import { addCommit, type GitCommit, type GitStore, gitStore, mergeSnapshots } from "./git-store.js";
import { type ForgePull, fakeSha, type RepoData, syncPulls } from "./repo-state.js";
import { type ForgeRepository, SEED_ADMIN } from "./state.js";

/** A ref and the commit it points at. */
export interface RefEntry {
  ref: string;
  sha: string;
}

/** The branch of `refs/heads/<b>` or `heads/<b>`, else undefined. */
export function branchOfRef(ref: string): string | undefined {
  const branch = ref.startsWith("refs/heads/") ? ref.slice(11) : ref.startsWith("heads/") ? ref.slice(6) : undefined;
  return branch === "" ? undefined : branch;
}

/** Why a branch name breaks Git's ref-name rules, or undefined when it is fine. */
export function branchNameProblem(branch: string): string | undefined {
  if (/[\s~^:?*[\\]/.test(branch) || [...branch].some((char) => char.charCodeAt(0) < 0x20 || char === "\u007f"))
    return "contains a space, control or special character";
  if (branch.includes("..") || branch.includes("//") || branch.includes("@{")) return "contains .., // or @{";
  if (branch.endsWith("/") || branch.endsWith(".") || branch.endsWith(".lock")) return "ends with /, . or .lock";
  if (branch.split("/").some((part) => part.startsWith(".") || part.startsWith("-") || part === ""))
    return "has a component starting with . or -";
  return undefined;
}

/**
 * The preview merge of an open pull request (what `refs/pull/<n>/merge` points at): its head merged into its
 * base, id derived from both, so it stays the same until either moves.
 */
export function pullMergeCommit(store: GitStore, pull: ForgePull): GitCommit | undefined {
  const base = store.commits.get(pull.baseSha);
  const head = store.commits.get(pull.headSha);
  if (!base || !head) return undefined;
  return addCommit(store, {
    sha: fakeSha(`merge:${base.sha}:${head.sha}`),
    parents: [base.sha, head.sha],
    message: `Merge ${head.sha} into ${base.sha}`,
    author: { name: SEED_ADMIN.displayName, email: SEED_ADMIN.email, at: Math.max(base.author.at, head.author.at) },
    files: mergeSnapshots(store, base, head),
  });
}

/** Every ref of a repository, sorted by name: branches, then each pull request's head and (open) merge refs. */
export function allRefs(data: RepoData, repo: ForgeRepository): RefEntry[] {
  const store = gitStore(data, repo);
  syncPulls(data);
  const refs: RefEntry[] = [...data.branches].map(([branch, sha]) => ({ ref: `refs/heads/${branch}`, sha }));
  for (const pull of data.pulls) {
    refs.push({ ref: `refs/pull/${pull.number}/head`, sha: pull.headSha });
    const merge = pull.state === "open" ? pullMergeCommit(store, pull) : undefined;
    if (merge) refs.push({ ref: `refs/pull/${pull.number}/merge`, sha: merge.sha });
  }
  return refs.sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
}

/** The ref `name` names (`heads/main`, `refs/heads/main`, `pull/7/merge`, …), or undefined. */
export function findRef(data: RepoData, repo: ForgeRepository, name: string): RefEntry | undefined {
  const full = name.startsWith("refs/") ? name : `refs/${name}`;
  return allRefs(data, repo).find((entry) => entry.ref === full);
}

const HEX = /^[0-9a-f]{4,64}$/;

/** The commit a ref, branch name or (abbreviated) commit id names, or undefined. */
export function resolveCommit(data: RepoData, repo: ForgeRepository, name: string): GitCommit | undefined {
  const store = gitStore(data, repo);
  const branchTip = data.branches.get(name);
  if (branchTip !== undefined) return store.commits.get(branchTip);
  const ref = name.startsWith("refs/") || /^(heads|pull)\//.test(name) ? findRef(data, repo, name) : undefined;
  if (ref) return store.commits.get(ref.sha);
  const lower = name.toLowerCase();
  if (!HEX.test(lower)) return undefined;
  const exact = store.commits.get(lower);
  if (exact) return exact;
  const candidates = [...store.commits.keys()].filter((sha) => sha.startsWith(lower));
  return candidates.length === 1 ? store.commits.get(candidates[0] as string) : undefined;
}

/** {@link resolveCommit}, or NotFound naming what was asked for. */
export function requireCommit(data: RepoData, repo: ForgeRepository, name: string): GitCommit {
  const commit = resolveCommit(data, repo, name);
  if (!commit) throw new ForgeFailure("NotFound", `No commit, branch or ref ${name} in this repository.`);
  return commit;
}
