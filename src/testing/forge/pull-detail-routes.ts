// What the fake forge derives from a pull request's branches: its versions, changed files and commits, and its
// mergeability. No file store is read: files and commits are fabricated from the head SHA, stable per head, so the
// same pull answers the same diff until its head moves. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only)
import { isPending, runsForCommit } from "../../forge/check-runs.js";
import { FORGE_OPERATIONS } from "../../forge/operations.js";
import { isoTime } from "../clock.js";
import { reply } from "../responses.js";
import { ForgeFailure } from "./errors.js";
import { paginate } from "./pagination.js";
import { queryObject } from "./query.js";
import { checkSchema, type ForgePull, fakeSha, isNative, pullRoute, type RepoData } from "./repo-state.js";
import type { FakeForgeRoute } from "./route.js";
import type { ForgeRepository } from "./state.js";

/** One version of a pull request: its head and base when it was recorded; numbers count from 1. */
export interface PullVersion {
  number: string;
  headSha: string;
  baseSha: string;
}

/** A changed file and how many lines each side of the diff has (anchors are checked against these). */
export interface PullFileRecord {
  path: string;
  status: "added" | "modified" | "removed";
  /** Lines on the LEFT (base) side; 0 for an added file. */
  baseLines: number;
  /** Lines on the RIGHT (head) side; 0 for a removed file. */
  headLines: number;
  additions: number;
  deletions: number;
  sha?: string;
}

const VERSIONS = new WeakMap<RepoData, Map<string, PullVersion[]>>();

/**
 * The versions of a pull request, oldest first. While it is open, a head or base that moved since the last
 * version records a new one; a closed or merged pull request keeps the versions it had.
 */
export function pullVersions(data: RepoData, pull: ForgePull): PullVersion[] {
  let byPull = VERSIONS.get(data);
  if (!byPull) {
    byPull = new Map();
    VERSIONS.set(data, byPull);
  }
  let versions = byPull.get(pull.number);
  if (!versions) {
    versions = [];
    byPull.set(pull.number, versions);
  }
  const last = versions.at(-1);
  if (!last || (pull.state === "open" && (last.headSha !== pull.headSha || last.baseSha !== pull.baseSha))) {
    versions.push({ number: String(versions.length + 1), headSha: pull.headSha, baseSha: pull.baseSha });
  }
  return versions;
}

/** The latest version of a pull request. */
export function latestVersion(data: RepoData, pull: ForgePull): PullVersion {
  return pullVersions(data, pull).at(-1) as PullVersion;
}

// A deterministic stream of small numbers for a seed: the same seed always fabricates the same data.
function numbers(seed: string): () => number {
  let drawn = 0;
  return () => Number.parseInt(fakeSha(`${seed}:${drawn++}`).slice(0, 6), 16);
}

const DIRECTORIES = ["src", "src/lib", "test", "docs"];
const EXTENSIONS = [".ts", ".md", ".json"];
const STATUSES = ["modified", "added", "removed"] as const;

/**
 * The files a pull request changes at one head: 3 to 7, sorted by path, the first always modified and the
 * second always added, so every diff has lines on both sides and a file with no LEFT side.
 */
export function pullFiles(repo: ForgeRepository, pull: ForgePull, headSha: string): PullFileRecord[] {
  const next = numbers(`${repo.id}:${pull.head}:${headSha}:files`);
  const count = 3 + (next() % 5);
  const files: PullFileRecord[] = [];
  for (let i = 0; i < count; i++) {
    const status = i === 0 ? "modified" : i === 1 ? "added" : (STATUSES[next() % STATUSES.length] ?? "modified");
    const directory = DIRECTORIES[next() % DIRECTORIES.length] as string;
    const extension = EXTENSIONS[next() % EXTENSIONS.length] as string;
    const baseLines = status === "added" ? 0 : 10 + (next() % 190);
    const headLines = status === "removed" ? 0 : 10 + (next() % 190);
    const touched = Math.min(baseLines, headLines);
    const deletions = status === "added" ? 0 : status === "removed" ? baseLines : 1 + (next() % touched);
    const additions = status === "removed" ? 0 : status === "added" ? headLines : deletions + headLines - baseLines;
    files.push({
      path: `${directory}/${pull.head.replace(/[^a-z0-9]+/gi, "-")}-${i + 1}${extension}`,
      status,
      baseLines,
      headLines,
      additions: Math.max(additions, 0),
      deletions,
      ...(status === "removed" ? {} : { sha: fakeSha(`${headSha}:blob:${i}`) }),
    });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A file as List Pull Request Files answers it. */
function fileView(file: PullFileRecord): Record<string, unknown> {
  return {
    path: file.path,
    status: file.status,
    additions: file.additions,
    deletions: file.deletions,
    changes: file.additions + file.deletions,
    ...(file.sha === undefined ? {} : { sha: file.sha }),
  };
}

/** The commits of a pull request, oldest first: 2 to 5, chained from the first version's base; the last is the head. */
function pullCommits(repo: ForgeRepository, data: RepoData, pull: ForgePull): Record<string, unknown>[] {
  const versions = pullVersions(data, pull);
  const head = (versions.at(-1) as PullVersion).headSha;
  const count = 2 + (numbers(`${repo.id}:${pull.head}:${head}:commits`)() % 4);
  const commits: Record<string, unknown>[] = [];
  let parent = (versions[0] as PullVersion).baseSha;
  for (let i = 0; i < count; i++) {
    const sha = i === count - 1 ? head : fakeSha(`${head}:commit:${i}`);
    commits.push({
      sha,
      message: `${pull.title} (part ${i + 1} of ${count})`,
      author: { name: "Fake Author", email: "author@example.invalid" },
      committedAt: isoTime(pull.createdAt - (count - i) * 60_000),
      parents: [{ sha: parent }],
    });
    parent = sha;
  }
  return commits;
}

/** A pull request reference as blockers and evaluations name it. */
export function pullReference(repo: ForgeRepository, pull: ForgePull): Record<string, unknown> {
  return {
    id: pull.id,
    number: pull.number,
    repository: { id: repo.id, name: repo.name, fullName: `${repo.owner.slug}/${repo.name}` },
  };
}

// Conclusions that let a pull request merge; any other conclusion of a completed run blocks it.
const PASSING = new Set(["success", "neutral", "skipped"]);

/**
 * Why a pull request cannot merge, as `{kind, message, pullRequest}` blockers: `closed` or `merged` state,
 * `base_missing` when its base branch is gone, and `checks_pending` / `checks_failed` from the current check runs
 * on its head (the fake has no required-checks configuration: every reported check counts as required).
 */
export function mergeBlockers(data: RepoData, repo: ForgeRepository, pull: ForgePull): Record<string, unknown>[] {
  const reference = pullReference(repo, pull);
  const blocker = (kind: string, message: string) => ({ kind, message, pullRequest: reference });
  if (pull.state === "merged") return [blocker("merged", `Pull request ${pull.number} is already merged.`)];
  if (pull.state !== "open") return [blocker("closed", `Pull request ${pull.number} is closed.`)];
  const blockers: Record<string, unknown>[] = [];
  if (!data.branches.has(pull.base)) blockers.push(blocker("base_missing", `The base branch ${pull.base} is gone.`));
  const runs = runsForCommit(data.ledger, pull.headSha);
  const pending = runs.filter(isPending).map((run) => run.key);
  const failed = runs
    .filter((run) => !isPending(run) && !PASSING.has(run.conclusion ?? ""))
    .map((run) => `${run.key} (${run.conclusion ?? "no conclusion"})`);
  if (pending.length > 0) blockers.push(blocker("checks_pending", `Checks still running: ${pending.join(", ")}.`));
  if (failed.length > 0) blockers.push(blocker("checks_failed", `Checks failed: ${failed.join(", ")}.`));
  return blockers;
}

/** Files, commits and mergeability of a pull request. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only) */
export const pullDetailRoutes: readonly FakeForgeRoute[] = [
  pullRoute("pulls.files", (context, { repo, data, pull }) => {
    const head = latestVersion(data, pull).headSha;
    const page = paginate(pullFiles(repo, pull, head), context.query, `pull-files:${repo.id}:${pull.number}:${head}`);
    return reply({ files: page.items.map(fileView), nextPageToken: page.nextPageToken });
  }),
  pullRoute("pulls.commits", (context, { repo, data, pull }) => {
    const head = latestVersion(data, pull).headSha;
    // A token bound to the head: commits that moved mid-pagination reject it (400), as the spec's compare does.
    const page = paginate(
      pullCommits(repo, data, pull),
      context.query,
      `pull-commits:${repo.id}:${pull.number}:${head}`,
    );
    return reply({ commits: page.items, nextPageToken: page.nextPageToken });
  }),
  pullRoute("pulls.mergeability", (context, { repo, data, pull }) => {
    const query = queryObject(context.query) as Record<string, unknown>;
    checkSchema(FORGE_OPERATIONS["pulls.mergeability"].query, query, "mergeability query");
    if (!isNative(repo))
      throw new ForgeFailure("FailedPrecondition", "Mergeability is not evaluated for mirrored repositories.");
    const expected = query.expectedHeadSha as string | undefined;
    if (expected !== undefined && expected.toLowerCase() !== pull.headSha.toLowerCase())
      throw new ForgeFailure("Aborted", `The head of pull request ${pull.number} moved to ${pull.headSha}.`);
    const blockers = mergeBlockers(data, repo, pull);
    return reply({
      verdict: blockers.length === 0 ? "mergeable" : "blocked",
      blockers,
      evaluatedPullRequests: [pullReference(repo, pull)],
    });
  }),
];
