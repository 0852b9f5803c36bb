import { FORGE_OPERATIONS } from "../../forge/operations.js";
import { reply } from "../responses.js";
import { ForgeFailure, invalidArgument } from "./errors.js";
import { allRefs, branchNameProblem, branchOfRef, findRef, type RefEntry, requireCommit } from "./git-refs.js";
import { addCommit, type GitFile, type GitFileMode, gitFile, gitStore, treeEntries } from "./git-store.js";
import { paginate } from "./pagination.js";
import { pullView } from "./pull-routes.js";
import {
  actorOf,
  callerId,
  checkSchema,
  nextSha,
  objectBody,
  type RepoData,
  repoData,
  syncPulls,
  tableRoute,
} from "./repo-state.js";
import type { FakeForgeContext, FakeForgeRoute } from "./route.js";
import type { ForgeRepository } from "./state.js";
import { emitPullLifecycle } from "./webhooks/pull-events.js";
import { emitPushed, ZERO_SHA } from "./webhooks/repository-events.js";

const refView = (entry: RefEntry) => ({ ref: entry.ref, sha: entry.sha });

/** The branch a path or body `ref` names (branches only), else InvalidArgument on `field`. */
function branchNamed(ref: string, field: string): string {
  const branch = branchOfRef(ref);
  if (branch === undefined)
    throw invalidArgument(
      field,
      "must name a branch as refs/heads/<branch> or heads/<branch>; tags and other refs are not supported.",
    );
  return branch;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeContent(change: Record<string, unknown>, field: string): Uint8Array {
  const content = change.content as string;
  if (change.encoding !== "base64") return new TextEncoder().encode(content);
  const clean = content.replace(/\s+/g, "");
  if (!BASE64.test(clean) || clean.length % 4 === 1) throw invalidArgument(`${field}.content`, "is not valid base64.");
  try {
    return Uint8Array.from(atob(clean), (char) => char.charCodeAt(0));
  } catch {
    throw invalidArgument(`${field}.content`, "is not valid base64.");
  }
}

function checkedPath(path: string, field: string): string {
  const parts = path.split("/");
  if (parts.some((part) => part === "" || part === "." || part === ".." || part === ".git"))
    throw invalidArgument(field, "must be a relative path without empty, ., .. or .git components.");
  return path;
}

/** The files of `tip` with `changes` applied; each broken change is InvalidArgument naming `files[i]`. */
function applyChanges(
  tip: ReadonlyMap<string, GitFile>,
  changes: readonly Record<string, unknown>[],
): Map<string, GitFile> {
  const files = new Map(tip);
  const seen = new Set<string>();
  changes.forEach((change, i) => {
    const field = `files[${i}]`;
    const path = checkedPath(change.path as string, `${field}.path`);
    if (seen.has(path)) throw invalidArgument(`${field}.path`, "appears in more than one file change.");
    seen.add(path);
    if (change.delete === true) {
      if (!files.delete(path))
        throw invalidArgument(`${field}.path`, "does not exist at expectedHeadSha; nothing to delete.");
      return;
    }
    files.set(path, gitFile(decodeContent(change, field), (change.mode as GitFileMode | undefined) ?? "file"));
  });
  // Git cannot hold `a` as a file and `a/b` below it at once.
  for (const path of seen) {
    if (!files.has(path)) continue;
    const clash = [...files.keys()].find((other) => other.startsWith(`${path}/`) || path.startsWith(`${other}/`));
    if (clash !== undefined)
      throw invalidArgument(
        `files[${changes.findIndex((c) => c.path === path)}].path`,
        `clashes with ${clash} (a file cannot also be a directory).`,
      );
  }
  return files;
}

// The spec lists only `expectedHeadSha` and `files`; `branch` (default: the default branch) and `message` are
// assumed, as the SDK sends them.
function targetBranch(body: Record<string, unknown>, data: RepoData, repo: ForgeRepository): string {
  if (body.branch === undefined) return repo.defaultBranch;
  if (typeof body.branch !== "string" || body.branch === "")
    throw invalidArgument("branch", "must be a non-empty string.");
  const branch = body.branch.replace(/^refs\/heads\//, "");
  if (!data.branches.has(branch)) throw invalidArgument("branch", `names no branch of this repository (${branch}).`);
  return branch;
}

function createFromFiles(context: FakeForgeContext, repo: ForgeRepository) {
  const data = repoData(context.state, repo);
  const body = objectBody(context);
  checkSchema(FORGE_OPERATIONS["git.createFromFiles"].body, body, "commit");
  if (body.message !== undefined && typeof body.message !== "string")
    throw invalidArgument("message", "must be a string.");
  const branch = targetBranch(body, data, repo);
  const store = gitStore(data, repo);
  const tip = data.branches.get(branch) as string;
  if ((body.expectedHeadSha as string).toLowerCase() !== tip)
    throw new ForgeFailure("Aborted", `The tip of ${branch} is ${tip}, not expectedHeadSha; re-read it and retry.`);
  const parent = store.commits.get(tip);
  if (!parent) throw new ForgeFailure("Internal", `The tip of ${branch} has no commit.`);
  const files = applyChanges(parent.files, body.files as Record<string, unknown>[]);
  const author = callerId(context);
  const commit = addCommit(store, {
    sha: nextSha(data, repo),
    parents: [tip],
    message:
      typeof body.message === "string" && body.message !== ""
        ? body.message
        : `Update ${Array.isArray(body.files) ? body.files.length : 0} file(s)`,
    author: { name: author, email: `${author}@users.noreply.forge.invalid`, at: context.now },
    files,
  });
  data.branches.set(branch, commit.sha);
  store.seenTips.set(branch, commit.sha);
  syncPulls(data);
  repo.pushedAt = context.now;
  emitPushed(context.state, repo, { branch, before: tip, after: commit.sha, pusher: actorOf(author) });
  return reply({ sha: commit.sha, treeSha: commit.treeSha, previousHeadSha: tip });
}

function createRef(context: FakeForgeContext, repo: ForgeRepository) {
  const data = repoData(context.state, repo);
  const body = objectBody(context);
  checkSchema(FORGE_OPERATIONS["git.createRef"].body, body, "ref");
  const branch = branchNamed(body.ref as string, "ref");
  const problem = branchNameProblem(branch);
  if (problem) throw invalidArgument("ref", `is not a valid branch name: it ${problem}.`);
  const sha = (body.sha as string).toLowerCase();
  if (!gitStore(data, repo).commits.has(sha)) throw invalidArgument("sha", "names no commit of this repository.");
  const current = data.branches.get(branch);
  if (current === sha) return reply(refView({ ref: `refs/heads/${branch}`, sha }));
  if (current !== undefined)
    throw new ForgeFailure("AlreadyExists", `Branch ${branch} already exists at another commit (${current}).`);
  const clash = [...data.branches.keys()].find(
    (other) => other.startsWith(`${branch}/`) || branch.startsWith(`${other}/`),
  );
  if (clash !== undefined)
    throw new ForgeFailure("AlreadyExists", `Branch ${clash} exists; ${branch} cannot sit beside it.`);
  data.branches.set(branch, sha);
  gitStore(data, repo).seenTips.set(branch, sha);
  emitPushed(context.state, repo, { branch, before: ZERO_SHA, after: sha, pusher: actorOf(callerId(context)) });
  return reply(refView({ ref: `refs/heads/${branch}`, sha }));
}

function deleteRef(context: FakeForgeContext, repo: ForgeRepository) {
  const data = repoData(context.state, repo);
  const branch = branchNamed(context.params.ref ?? "", "ref");
  if (!data.branches.has(branch)) throw new ForgeFailure("NotFound", `Branch ${branch} was not found.`);
  if (branch === repo.defaultBranch)
    throw new ForgeFailure("FailedPrecondition", `${branch} is the default branch and cannot be deleted.`);
  if (repo.mirror !== undefined)
    throw new ForgeFailure(
      "FailedPrecondition",
      "Branches of a mirrored repository follow its mirror and cannot be deleted here.",
    );
  syncPulls(data);
  const tip = data.branches.get(branch) as string;
  data.branches.delete(branch);
  gitStore(data, repo).seenTips.delete(branch);
  const actor = actorOf(callerId(context));
  // Pull requests headed by the deleted branch are closed (spec), each delivering pull_request.closed.
  for (const pull of data.pulls) {
    if (pull.state !== "open" || pull.head !== branch) continue;
    Object.assign(pull, { state: "closed", closedAt: context.now, updatedAt: context.now });
    emitPullLifecycle(context.state, repo, "pull_request.closed", pullView(pull, repo, data), actor);
  }
  repo.pushedAt = context.now;
  emitPushed(context.state, repo, { branch, before: tip, after: ZERO_SHA, pusher: actor });
  return { status: 204 };
}

/** Git data routes. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only) */
export const gitRoutes: readonly FakeForgeRoute[] = [
  tableRoute("git.createRef", createRef),
  tableRoute("git.getRef", (context, repo) => {
    const name = context.params.ref ?? "";
    const entry = findRef(repoData(context.state, repo), repo, name);
    if (!entry) throw new ForgeFailure("NotFound", `Ref ${name} was not found.`);
    return reply(refView(entry));
  }),
  tableRoute("git.deleteRef", deleteRef),
  tableRoute("git.matchingRefs", (context, repo) => {
    // Assumed: the prefix travels as `ref` (GitHub's path parameter of the same operation), `heads/feat` or
    // `refs/heads/feat`; none lists every ref.
    const raw = context.query.get("ref") ?? "";
    const prefix = raw === "" ? "refs/" : raw.startsWith("refs/") ? raw : `refs/${raw}`;
    const matching = allRefs(repoData(context.state, repo), repo).filter((entry) => entry.ref.startsWith(prefix));
    const page = paginate(matching, context.query, `refs:${repo.id}`, prefix);
    return reply({ refs: page.items.map(refView), nextPageToken: page.nextPageToken });
  }),
  tableRoute("git.createFromFiles", createFromFiles),
  tableRoute("git.tree", (context, repo) => {
    const data = repoData(context.state, repo);
    const name = context.params.treeSha ?? "";
    const store = gitStore(data, repo);
    const tree = store.trees.get(name.toLowerCase()) ?? store.trees.get(requireCommit(data, repo, name).treeSha);
    if (!tree) throw new ForgeFailure("NotFound", `Tree ${name} was not found.`);
    // Only `true` or `1` recurses (spec, Versioning).
    const recursive = ["true", "1"].includes(context.query.get("recursive") ?? "");
    const entries = treeEntries(tree, recursive).map((entry) => ({
      ...entry,
      ...(entry.size === undefined ? {} : { size: String(entry.size) }),
    }));
    return reply({ sha: tree.sha, tree: entries, truncated: false });
  }),
];
