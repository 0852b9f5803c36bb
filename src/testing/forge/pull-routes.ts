// Pull requests, core only: create, list, get, update, merge. Stacks are not modelled; files, commits, versions and
// mergeability live in pull-detail-routes.ts. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only)
import { parseRfc3339 } from "../../forge/check-runs/timestamps.js";
import { FORGE_OPERATIONS } from "../../forge/operations.js";
import { isoTime } from "../clock.js";
import { reply } from "../responses.js";
import { ForgeFailure, invalidArgument } from "./errors.js";
import { byName } from "./label-routes.js";
import { paginate } from "./pagination.js";
import { mergeBlockers, pullVersions } from "./pull-detail-routes.js";
import { queryObject } from "./query.js";
import {
  actorOf,
  callerId,
  checkSchema,
  type ForgePull,
  isNative,
  labelView,
  nextSha,
  objectBody,
  pullRoute,
  type RepoData,
  repoData,
  syncPulls,
  tableRoute,
} from "./repo-state.js";
import type { FakeForgeContext, FakeForgeRoute } from "./route.js";
import type { ForgeRepository } from "./state.js";
import { emitPullLifecycle } from "./webhooks/pull-events.js";
import { emitPushed, ZERO_SHA } from "./webhooks/repository-events.js";

/** A pull request as the forge answers it; `number` is a string. */
export function pullView(pull: ForgePull, repo: ForgeRepository, data: RepoData): Record<string, unknown> {
  return {
    id: pull.id,
    number: pull.number,
    title: pull.title,
    body: pull.body,
    state: pull.state,
    author: pull.author,
    repository: {
      id: repo.id,
      name: repo.name,
      fullName: `${repo.owner.slug}/${repo.name}`,
      owner: { slug: repo.owner.slug, id: repo.owner.id, type: repo.owner.type },
    },
    head: { ref: pull.head, sha: pull.headSha },
    base: { ref: pull.base, sha: pull.baseSha },
    labels: data.labels
      .filter((label) => pull.labelIds.includes(label.id))
      .sort(byName)
      .map(labelView),
    createdAt: isoTime(pull.createdAt),
    updatedAt: isoTime(pull.updatedAt),
    ...(pull.closedAt === undefined ? {} : { closedAt: isoTime(pull.closedAt) }),
    ...(pull.mergedAt === undefined ? {} : { mergedAt: isoTime(pull.mergedAt) }),
    ...(pull.mergeCommitSha === undefined ? {} : { mergeCommitSha: pull.mergeCommitSha }),
    ...(pull.mergeMethod === undefined ? {} : { mergeMethod: pull.mergeMethod }),
  };
}

const shortBranch = (ref: string) => ref.replace(/^refs\/heads\//, "");

/** The branch a body field names; it must exist (InvalidArgument naming the field). */
function existingBranch(data: RepoData, value: string, field: "base" | "head"): string {
  const branch = shortBranch(value);
  if (!data.branches.has(branch)) throw invalidArgument(field, `names no branch of this repository (${branch}).`);
  return branch;
}

// Stacks are not modelled by the fake: refusing beats silently dropping the parent.
function refuseStack(body: Record<string, unknown>): void {
  if (body.parentPullRequest !== undefined)
    throw invalidArgument("parentPullRequest", "stacked pull requests are not modelled by the fake forge.");
}

const SORT_FIELDS = ["state", "sortBy", "direction", "since", "until", "author", "base", "headSha"] as const;

function listQuery(context: FakeForgeContext): Record<string, string | undefined> {
  const query = queryObject(context.query) as Record<string, unknown>;
  const { pageSize: _size, pageToken: _token, ...filters } = query;
  checkSchema(FORGE_OPERATIONS["pulls.list"].query, filters, "pull request list query");
  return Object.fromEntries(SORT_FIELDS.map((key) => [key, filters[key] as string | undefined]));
}

function listed(data: RepoData, filters: Record<string, string | undefined>): ForgePull[] {
  const state = filters.state ?? "open";
  const sortBy = filters.sortBy === "updated" ? "updatedAt" : "createdAt";
  const since = filters.since === undefined ? undefined : parseRfc3339(filters.since);
  const until = filters.until === undefined ? undefined : parseRfc3339(filters.until);
  const base = filters.base === undefined ? undefined : shortBranch(filters.base);
  const matching = data.pulls.filter(
    (pull) =>
      (state === "all" || (state === "closed" ? pull.state !== "open" : pull.state === state)) &&
      (since === undefined || pull[sortBy] >= since) &&
      (until === undefined || pull[sortBy] <= until) &&
      (base === undefined || pull.base === base) &&
      (filters.headSha === undefined || pull.headSha.toLowerCase() === filters.headSha.toLowerCase()) &&
      (filters.author === undefined || Object.values(pull.author).some((actor) => hasId(actor, filters.author))),
  );
  const sign = filters.direction === "asc" ? 1 : -1;
  return matching.sort((a, b) => sign * (a[sortBy] - b[sortBy] || Number(a.number) - Number(b.number)));
}

function hasId(actor: unknown, id: string | undefined): boolean {
  return typeof actor === "object" && actor !== null && (actor as { id?: unknown }).id === id;
}

function closePull(pull: ForgePull, now: number): void {
  pull.state = "closed";
  pull.closedAt = now;
  pull.updatedAt = now;
}

/** Pull request routes. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only) */
export const pullRoutes: readonly FakeForgeRoute[] = [
  tableRoute("pulls.create", (context, repo) => {
    const data = repoData(context.state, repo);
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["pulls.create"].body, body, "pull request");
    refuseStack(body);
    const base = existingBranch(data, body.base as string, "base");
    const head = existingBranch(data, body.head as string, "head");
    if (head === base) throw invalidArgument("head", "must differ from base.");
    const pull: ForgePull = {
      id: context.state.newId("pr"),
      number: String(data.nextPullNumber),
      title: body.title as string,
      body: typeof body.body === "string" ? body.body : "",
      state: "open",
      head,
      base,
      headSha: data.branches.get(head) as string,
      baseSha: data.branches.get(base) as string,
      author: actorOf(callerId(context)),
      labelIds: [],
      createdAt: context.now,
      updatedAt: context.now,
    };
    data.nextPullNumber += 1;
    data.pulls.push(pull);
    pullVersions(data, pull);
    const view = pullView(pull, repo, data);
    emitPullLifecycle(context.state, repo, "pull_request.created", view, pull.author);
    return reply(view);
  }),
  tableRoute("pulls.list", (context, repo) => {
    const data = repoData(context.state, repo);
    syncPulls(data);
    const filters = listQuery(context);
    const page = paginate(listed(data, filters), context.query, `pulls:${repo.id}`, JSON.stringify(filters));
    return reply({
      pullRequests: page.items.map((pull) => pullView(pull, repo, data)),
      nextPageToken: page.nextPageToken,
    });
  }),
  pullRoute("pulls.get", (_context, { repo, data, pull }) => reply(pullView(pull, repo, data))),
  pullRoute("pulls.update", (context, { repo, data, pull }) => {
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["pulls.update"].body, body, "pull request update");
    refuseStack(body);
    if (body.state !== undefined && body.state !== "closed" && body.state !== "open")
      throw invalidArgument("state", "can only be set to closed.");
    const closing = body.state === "closed" && pull.state === "open";
    if ((body.base !== undefined || body.state === "open") && pull.state !== "open")
      throw new ForgeFailure("FailedPrecondition", `Pull request ${pull.number} is ${pull.state}.`);
    if (body.base !== undefined) {
      const base = existingBranch(data, body.base as string, "base");
      if (base === pull.head) throw invalidArgument("base", "must differ from the head branch.");
      pull.base = base;
      pull.baseSha = data.branches.get(base) as string;
    }
    if (typeof body.title === "string") pull.title = body.title;
    if (typeof body.body === "string") pull.body = body.body;
    pull.updatedAt = context.now;
    if (closing) closePull(pull, context.now);
    const view = pullView(pull, repo, data);
    if (closing) emitPullLifecycle(context.state, repo, "pull_request.closed", view, actorOf(callerId(context)));
    return reply(view);
  }),
  pullRoute("pulls.merge", (context, { repo, data, pull }) => {
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["pulls.merge"].body, body, "merge request");
    if (!isNative(repo))
      throw new ForgeFailure("FailedPrecondition", "Pull requests of mirrored repositories cannot be merged.");
    if (pull.state === "merged")
      throw new ForgeFailure("FailedPrecondition", `Pull request ${pull.number} is already merged.`);
    if (pull.state !== "open") throw new ForgeFailure("FailedPrecondition", `Pull request ${pull.number} is closed.`);
    const expected = body.expectedHeadSha as string | undefined;
    if (expected !== undefined && expected.toLowerCase() !== pull.headSha.toLowerCase())
      throw new ForgeFailure(
        "Aborted",
        `The head of pull request ${pull.number} moved to ${pull.headSha}; re-read it and retry.`,
      );
    // What mergeability reports as blocking (a missing base, pending or failed checks) refuses the merge too.
    const blockers = mergeBlockers(data, repo, pull);
    if (blockers.length > 0)
      throw new ForgeFailure(
        "FailedPrecondition",
        `Pull request ${pull.number} cannot merge: ${blockers.map((blocker) => blocker.message).join(" ")}`,
      );
    const requested = body.mergeMethod as "merge" | "squash" | undefined;
    const method = requested ?? (repo.allowMergeCommit ? "merge" : "squash");
    const allowed = method === "merge" ? repo.allowMergeCommit : repo.allowSquashMerge;
    if (!allowed)
      throw new ForgeFailure("FailedPrecondition", `The repository does not allow ${method} merges.`, [
        { field: "mergeMethod", description: `${method} is disabled in the repository settings.` },
      ]);
    const sha = nextSha(data, repo);
    const baseBefore = data.branches.get(pull.base) as string;
    data.branches.set(pull.base, sha);
    const deletesHead = repo.deleteBranchOnMerge && pull.head !== repo.defaultBranch;
    if (deletesHead) data.branches.delete(pull.head);
    Object.assign(pull, {
      state: "merged",
      baseSha: sha,
      mergedAt: context.now,
      closedAt: context.now,
      updatedAt: context.now,
      mergeCommitSha: sha,
      mergeMethod: method,
    });
    repo.pushedAt = context.now;
    const view = pullView(pull, repo, data);
    const actor = actorOf(callerId(context));
    emitPullLifecycle(context.state, repo, "pull_request.merged", view, actor);
    // A merge pushes its base (and, with deleteBranchOnMerge, deletes its head) without a pusher (spec).
    emitPushed(context.state, repo, { branch: pull.base, before: baseBefore, after: sha });
    if (!deletesHead) return reply(view);
    emitPushed(context.state, repo, { branch: pull.head, before: pull.headSha, after: ZERO_SHA });
    // As with Delete Ref, other open pull requests headed by the deleted branch are closed.
    for (const other of data.pulls) {
      if (other.state !== "open" || other.head !== pull.head) continue;
      closePull(other, context.now);
      emitPullLifecycle(context.state, repo, "pull_request.closed", pullView(other, repo, data), actor);
    }
    return reply(view);
  }),
];
