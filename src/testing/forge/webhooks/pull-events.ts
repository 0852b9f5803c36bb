// Pull request events the fake forge's routes emit, with the payload fields the spec names: lifecycle
// (created, merged, closed), comments, labels, reviews and requested reviewers. The routes build the REST views;
// these helpers trim them to what an event carries. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
import type { ReviewerCandidate } from "../reviewer-candidates.js";
import type { ForgeRepository, ForgeState } from "../state.js";
import { emitRepositoryEvent, repositoryReference } from "./repository-events.js";

/** The pull request lifecycle events. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events) */
export type PullLifecycleEventType = "pull_request.created" | "pull_request.merged" | "pull_request.closed";

/**
 * Emits a pull request lifecycle event: the pull request as Get Pull answers it minus its labels (the merge
 * preview commit is never in the view: read the pull/{pullNumber}/merge ref), the repository, and who acted.
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
 */
export function emitPullLifecycle(
  state: ForgeState,
  repo: ForgeRepository,
  type: PullLifecycleEventType,
  pullView: Readonly<Record<string, unknown>>,
  actor: Record<string, unknown>,
): void {
  const { labels: _labels, ...pullRequest } = pullView;
  emitRepositoryEvent(state, repo, type, { pullRequest, repository: repositoryReference(repo), actor });
}

/**
 * Emits `pull_request.comment.created`. The comment that opened its thread carries the diff anchor (thread id,
 * version, path, and side, startLine, endLine when inline); a reply carries the thread id only.
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
 */
export function emitCommentCreated(
  state: ForgeState,
  repo: ForgeRepository,
  pullRequest: Readonly<Record<string, unknown>>,
  commentView: Readonly<Record<string, unknown>>,
  openedThread: boolean,
): void {
  const thread = commentView.thread as Record<string, unknown>;
  const { id, version, path, side, startLine, endLine } = thread;
  const anchor = openedThread
    ? { id, version, path, ...(side === undefined ? {} : { side, startLine, endLine }) }
    : { id };
  emitRepositoryEvent(state, repo, "pull_request.comment.created", {
    pullRequest,
    comment: { ...commentView, thread: anchor },
  });
}

/**
 * Emits `pull_request.label.added` (with the `actor`) or `.removed` (without): the pull request reference and
 * the label snapshot. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
 */
export function emitLabelEvent(
  state: ForgeState,
  repo: ForgeRepository,
  pullRequest: Readonly<Record<string, unknown>>,
  label: Readonly<Record<string, unknown>>,
  added: { actor: Record<string, unknown> } | undefined,
): void {
  const type = added ? "pull_request.label.added" : "pull_request.label.removed";
  emitRepositoryEvent(state, repo, type, { pullRequest, label, ...(added ? { actor: added.actor } : {}) });
}

/**
 * Emits `pull_request.review.submitted` or `.dismissed` (the same shape, with `review.dismissal` set).
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
 */
export function emitReviewEvent(
  state: ForgeState,
  repo: ForgeRepository,
  pullRequest: Readonly<Record<string, unknown>>,
  review: Readonly<Record<string, unknown>>,
): void {
  const type = review.dismissal === undefined ? "pull_request.review.submitted" : "pull_request.review.dismissed";
  emitRepositoryEvent(state, repo, type, { pullRequest, review });
}

/** The requested-reviewer events. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events) */
export type ReviewerEventType =
  | "pull_request.reviewer.added"
  | "pull_request.reviewer.removed"
  | "pull_request.reviewer.rerequested";

/**
 * A typed reviewer as events carry it: exactly one of `user` {id (user_), email} or `group` {id (grp_)}.
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
 */
export function typedReviewer(reviewer: ReviewerCandidate): Record<string, unknown> {
  if (reviewer.kind === "group") return { group: { id: reviewer.id } };
  return { user: { id: reviewer.id, ...(reviewer.email === undefined ? {} : { email: reviewer.email }) } };
}

/** Emits one requested-reviewer event. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events) */
export function emitReviewerEvent(
  state: ForgeState,
  repo: ForgeRepository,
  pullRequest: Readonly<Record<string, unknown>>,
  type: ReviewerEventType,
  reviewer: ReviewerCandidate,
): void {
  emitRepositoryEvent(state, repo, type, { pullRequest, reviewer: typedReviewer(reviewer) });
}
