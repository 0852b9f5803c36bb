// Pull request comments and their threads. A comment anchored `inline` or to a `file` opens a thread on one
// version of the pull request; a comment naming a `threadId` replies in it. Reviews add their comments through
// the same planning, so one bad anchor is refused before anything is stored.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only)
import { parseRfc3339 } from "../../forge/check-runs/timestamps.js";
import { FORGE_OPERATIONS } from "../../forge/operations.js";
import { isoTime } from "../clock.js";
import { reply } from "../responses.js";
import { ForgeFailure, invalidArgument } from "./errors.js";
import { paginate } from "./pagination.js";
import { latestVersion, type PullVersion, pullFiles, pullReference, pullVersions } from "./pull-detail-routes.js";
import { queryObject } from "./query.js";
import {
  actorOf,
  callerId,
  checkSchema,
  type ForgePull,
  objectBody,
  pullRoute,
  type RepoData,
  repoData,
  tableRoute,
} from "./repo-state.js";
import type { FakeForgeContext, FakeForgeRoute } from "./route.js";
import { grantsScope } from "./scopes.js";
import type { ForgeRepository } from "./state.js";
import { emitCommentCreated } from "./webhooks/pull-events.js";

/** Where a thread sits in the diff: a line range on one side of a file, or a whole file. */
export type ThreadAnchor =
  | { kind: "inline"; path: string; side: string; startLine: number; endLine: number }
  | { kind: "file"; path: string };

/** A comment thread (the OpenAPI CommentThread) on one version of a pull request. */
export interface StoredThread {
  id: string;
  pullNumber: string;
  version: PullVersion;
  anchor: ThreadAnchor;
  resolvedAt?: number;
  createdAt: number;
  updatedAt: number;
}

/** A stored comment; `reviewId` when a review posted it. */
export interface StoredComment {
  id: string;
  pullNumber: string;
  threadId: string;
  body: string;
  authorId: string;
  reviewId?: string;
  createdAt: number;
  updatedAt: number;
}

/** A repository's threads and comments (comments in creation order). */
export interface Conversation {
  threads: Map<string, StoredThread>;
  comments: StoredComment[];
}

/** A checked comment: its body and the thread it joins, or the anchor of the thread it opens. */
export interface PlannedComment {
  body: string;
  thread: StoredThread | { version: PullVersion; anchor: ThreadAnchor };
}

/** The diff sides an inline anchor may name: LEFT (base) or RIGHT (head). */
export const COMMENT_SIDES: readonly string[] = ["LEFT", "RIGHT"];

const CONVERSATIONS = new WeakMap<RepoData, Conversation>();

/** The threads and comments of a repository. */
export function conversationOf(data: RepoData): Conversation {
  let conversation = CONVERSATIONS.get(data);
  if (!conversation) {
    conversation = { threads: new Map(), comments: [] };
    CONVERSATIONS.set(data, conversation);
  }
  return conversation;
}

function versionNamed(data: RepoData, pull: ForgePull, value: unknown, field: string): PullVersion {
  if (value === undefined) return latestVersion(data, pull);
  const version = pullVersions(data, pull).find((candidate) => candidate.number === value);
  if (!version) throw invalidArgument(field, `names no version of pull request ${pull.number}.`);
  return version;
}

/** The anchor of an inline or file comment, checked against the files of its version; anchors past a file's end are refused. */
function anchorOf(
  repo: ForgeRepository,
  pull: ForgePull,
  version: PullVersion,
  input: Record<string, unknown>,
  prefix: string,
): ThreadAnchor {
  const inline = input.inline as Record<string, unknown> | undefined;
  const kind = inline === undefined ? "file" : "inline";
  const target = (inline ?? input.file) as Record<string, unknown>;
  const path = target.path as string;
  const file = pullFiles(repo, pull, version.headSha).find((candidate) => candidate.path === path);
  if (!file) throw invalidArgument(`${prefix}${kind}.path`, "is not a file this pull request changes.");
  if (!inline) return { kind: "file", path };
  const side = inline.side as string;
  if (!COMMENT_SIDES.includes(side)) throw invalidArgument(`${prefix}inline.side`, "must be LEFT or RIGHT.");
  const startLine = inline.startLine as number;
  const endLine = (inline.endLine as number | undefined) ?? startLine;
  const lines = side === "LEFT" ? file.baseLines : file.headLines;
  if (endLine > lines) {
    const field = inline.endLine === undefined ? "startLine" : "endLine";
    throw invalidArgument(`${prefix}inline.${field}`, `is beyond the end of the file (${lines} lines on ${side}).`);
  }
  return { kind: "inline", path, side, startLine, endLine };
}

/**
 * Checks a schema-valid comment against its pull request: the thread it replies in (NotFound when the pull has
 * no such thread), or its version and anchor (InvalidArgument naming `prefix` + the field).
 */
export function planComment(
  data: RepoData,
  repo: ForgeRepository,
  pull: ForgePull,
  input: Record<string, unknown>,
  prefix = "",
): PlannedComment {
  const body = input.body as string;
  if (typeof input.threadId === "string") {
    const thread = conversationOf(data).threads.get(input.threadId);
    if (!thread || thread.pullNumber !== pull.number)
      throw new ForgeFailure("NotFound", `Thread ${input.threadId} was not found on pull request ${pull.number}.`);
    return { body, thread };
  }
  const version = versionNamed(data, pull, input.versionNumber, `${prefix}versionNumber`);
  return { body, thread: { version, anchor: anchorOf(repo, pull, version, input, prefix) } };
}

/** Stores a planned comment (opening its thread when new) and returns it. */
export function addComment(
  context: FakeForgeContext,
  data: RepoData,
  pull: ForgePull,
  plan: PlannedComment,
  reviewId?: string,
): StoredComment {
  const conversation = conversationOf(data);
  const planned = plan.thread;
  let thread: StoredThread;
  if ("id" in planned) {
    thread = planned;
    thread.updatedAt = context.now;
  } else {
    thread = {
      id: context.state.newId("th"),
      pullNumber: pull.number,
      ...planned,
      createdAt: context.now,
      updatedAt: context.now,
    };
    conversation.threads.set(thread.id, thread);
  }
  const comment: StoredComment = {
    id: context.state.newId("cmt"),
    pullNumber: pull.number,
    threadId: thread.id,
    body: plan.body,
    authorId: callerId(context),
    ...(reviewId === undefined ? {} : { reviewId }),
    createdAt: context.now,
    updatedAt: context.now,
  };
  conversation.comments.push(comment);
  return comment;
}

/**
 * {@link addComment}, then delivers `pull_request.comment.created`: the comment that opens its thread carries the
 * diff anchor, a reply only the thread id. Review comments go through here too.
 */
export function addCommentAndEmit(
  context: FakeForgeContext,
  data: RepoData,
  repo: ForgeRepository,
  pull: ForgePull,
  plan: PlannedComment,
  reviewId?: string,
): StoredComment {
  const opensThread = !("id" in plan.thread);
  const comment = addComment(context, data, pull, plan, reviewId);
  emitCommentCreated(context.state, repo, pullReference(repo, pull), commentView(data, repo, comment), opensThread);
  return comment;
}

/** Removes a comment; the thread goes with its last comment. */
export function removeComment(data: RepoData, comment: StoredComment): void {
  const conversation = conversationOf(data);
  conversation.comments = conversation.comments.filter((held) => held !== comment);
  if (!conversation.comments.some((held) => held.threadId === comment.threadId))
    conversation.threads.delete(comment.threadId);
}

/** Whether the caller may delete what others wrote: the spec asks for repository:contents:write. */
export function mayDeleteOthers(context: FakeForgeContext): boolean {
  const principal = context.principal;
  const held =
    principal?.kind === "installation" ? principal.token.scopes : principal?.kind === "user" ? principal.scopes : [];
  return grantsScope(held, "repository:contents:write");
}

/** A thread as the forge answers it: anchor, version, resolution and timestamps. */
export function threadView(thread: StoredThread): Record<string, unknown> {
  const { anchor } = thread;
  return {
    id: thread.id,
    version: { ...thread.version },
    path: anchor.path,
    ...(anchor.kind === "inline" ? { side: anchor.side, startLine: anchor.startLine, endLine: anchor.endLine } : {}),
    ...(thread.resolvedAt === undefined ? {} : { resolvedAt: isoTime(thread.resolvedAt) }),
    createdAt: isoTime(thread.createdAt),
    updatedAt: isoTime(thread.updatedAt),
  };
}

/** A comment as the forge answers it, with its full thread. */
export function commentView(data: RepoData, repo: ForgeRepository, comment: StoredComment): Record<string, unknown> {
  const thread = conversationOf(data).threads.get(comment.threadId) as StoredThread;
  const pull = data.pulls.find((candidate) => candidate.number === comment.pullNumber) as ForgePull;
  return {
    id: comment.id,
    body: comment.body,
    author: actorOf(comment.authorId),
    thread: threadView(thread),
    pullRequest: pullReference(repo, pull),
    ...(comment.reviewId === undefined ? {} : { reviewId: comment.reviewId }),
    createdAt: isoTime(comment.createdAt),
    updatedAt: isoTime(comment.updatedAt),
  };
}

function commentOf(data: RepoData, context: FakeForgeContext): StoredComment {
  const id = context.params.commentId ?? "";
  const comment = conversationOf(data).comments.find((held) => held.id === id);
  if (!comment) throw new ForgeFailure("NotFound", `Comment ${id} was not found.`);
  return comment;
}

const COMMENT_QUERY = { numbers: ["pageSize"], arrays: ["threadIds"] } as const;

/** The comments of one pull request matching the list filters (`since`/`until` inclusive, on `updatedAt`). */
function listed(
  data: RepoData,
  pull: ForgePull,
  context: FakeForgeContext,
): { comments: StoredComment[]; filter: string } {
  const query = queryObject(context.query, COMMENT_QUERY) as Record<string, unknown>;
  const { pageSize: _size, pageToken: _token, ...filters } = query;
  checkSchema(FORGE_OPERATIONS["comments.list"].query, filters, "comment list query");
  const threadIds = filters.threadIds === undefined ? undefined : new Set(filters.threadIds as string[]);
  const since = typeof filters.since === "string" ? parseRfc3339(filters.since) : undefined;
  const until = typeof filters.until === "string" ? parseRfc3339(filters.until) : undefined;
  const comments = conversationOf(data).comments.filter(
    (comment) =>
      comment.pullNumber === pull.number &&
      (threadIds === undefined || threadIds.has(comment.threadId)) &&
      (since === undefined || comment.updatedAt >= since) &&
      (until === undefined || comment.updatedAt <= until),
  );
  const filter = JSON.stringify([threadIds === undefined ? null : [...threadIds].sort(), filters.since, filters.until]);
  return { comments, filter };
}

/** Comment and thread routes. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only) */
export const commentRoutes: readonly FakeForgeRoute[] = [
  pullRoute("comments.create", (context, { repo, data, pull }) => {
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["comments.create"].body, body, "comment");
    const comment = addCommentAndEmit(context, data, repo, pull, planComment(data, repo, pull, body));
    return reply(commentView(data, repo, comment));
  }),
  pullRoute("comments.list", (context, { repo, data, pull }) => {
    const { comments, filter } = listed(data, pull, context);
    const page = paginate(comments, context.query, `comments:${repo.id}:${pull.number}`, filter);
    return reply({
      comments: page.items.map((comment) => commentView(data, repo, comment)),
      nextPageToken: page.nextPageToken,
    });
  }),
  tableRoute("comments.get", (context, repo) => {
    const data = repoData(context.state, repo);
    return reply(commentView(data, repo, commentOf(data, context)));
  }),
  tableRoute("comments.update", (context, repo) => {
    const data = repoData(context.state, repo);
    const comment = commentOf(data, context);
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["comments.update"].body, body, "comment update");
    // The spec is silent on who may edit: only the author, as on every forge we know.
    if (comment.authorId !== callerId(context))
      throw new ForgeFailure("PermissionDenied", `Only the author may edit comment ${comment.id}.`);
    comment.body = body.body as string;
    comment.updatedAt = context.now;
    return reply(commentView(data, repo, comment));
  }),
  tableRoute("comments.delete", (context, repo) => {
    const data = repoData(context.state, repo);
    const comment = commentOf(data, context);
    if (comment.authorId !== callerId(context) && !mayDeleteOthers(context))
      throw new ForgeFailure(
        "PermissionDenied",
        `Deleting another author's comment needs the repository:contents:write scope.`,
      );
    removeComment(data, comment);
    return { status: 204 };
  }),
  tableRoute("threads.update", (context, repo) => {
    const data = repoData(context.state, repo);
    const id = context.params.threadId ?? "";
    const thread = conversationOf(data).threads.get(id);
    if (!thread) throw new ForgeFailure("NotFound", `Thread ${id} was not found.`);
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["threads.update"].body, body, "thread update");
    // Idempotent: resolving a resolved thread keeps its first resolvedAt and moves nothing.
    if (body.resolved === true && thread.resolvedAt === undefined) {
      thread.resolvedAt = context.now;
      thread.updatedAt = context.now;
    } else if (body.resolved === false && thread.resolvedAt !== undefined) {
      delete thread.resolvedAt;
      thread.updatedAt = context.now;
    }
    return reply(threadView(thread));
  }),
];
