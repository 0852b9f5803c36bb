// Repository-scoped events the fake forge's routes emit: the shared emit helper (every installation reaching the
// repository, or only one app's), the repository reference, `repository.pushed` and `repository.metadata.updated`.
// Repositories mirrored in from upstream send none: the delivery engine drops them.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
import type { ForgeRepository, ForgeState } from "../state.js";
import { emitForgeEvent } from "./deliverer.js";

/** The commit id Git uses for "no commit": `before` of a created branch, `after` of a deleted one. */
export const ZERO_SHA = "0".repeat(40);

/** A RepositoryReference as event payloads carry it. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Common references) */
export function repositoryReference(repo: ForgeRepository): Record<string, unknown> {
  return {
    id: repo.id,
    name: repo.name,
    fullName: `${repo.owner.slug}/${repo.name}`,
    owner: { slug: repo.owner.slug, id: repo.owner.id, type: repo.owner.type },
  };
}

/**
 * Emits an event that happened in a repository, without waiting for its delivery: every installation reaching the
 * repository hears it, or only `onlyAppId`'s (check runs reach only the owning app). An `onlyAppId` that names
 * no app (a user posted it) delivers nothing. Call it after the state change succeeded.
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
 */
export function emitRepositoryEvent(
  state: ForgeState,
  repo: ForgeRepository,
  type: string,
  payload: Readonly<Record<string, unknown>>,
  onlyAppId?: string,
): void {
  if (onlyAppId !== undefined && !state.apps.has(onlyAppId)) return;
  const target = onlyAppId === undefined ? {} : { appId: onlyAppId };
  // Failures are recorded on the delivery (and retried); nothing to wait for here.
  emitForgeEvent(state, { type, repositoryId: repo.id, ...target, payload }).catch(() => {});
}

/** What moved in a push: one branch, from `before` to `after` (ZERO_SHA for a created or deleted branch). */
export interface PushedRef {
  branch: string;
  before: string;
  after: string;
  /** Who pushed, as an OriginActor; omitted for merges (spec). */
  pusher?: Record<string, unknown> | undefined;
}

/**
 * Emits `repository.pushed`: the repository, the ref, `before` and `after`, `created` / `deleted`, and the
 * `pusher` unless a merge made it. No commit list (spec). @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
 */
export function emitPushed(state: ForgeState, repo: ForgeRepository, push: PushedRef): void {
  emitRepositoryEvent(state, repo, "repository.pushed", {
    repository: repositoryReference(repo),
    ref: `refs/heads/${push.branch}`,
    before: push.before,
    after: push.after,
    created: push.before === ZERO_SHA,
    deleted: push.after === ZERO_SHA,
    ...(push.pusher === undefined ? {} : { pusher: push.pusher }),
  });
}

/**
 * Emits `repository.metadata.updated` with the full repository as it is after the write (the Get Repo view):
 * no delta, no actor. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
 */
export function emitMetadataUpdated(
  state: ForgeState,
  repo: ForgeRepository,
  snapshot: Readonly<Record<string, unknown>>,
): void {
  emitRepositoryEvent(state, repo, "repository.metadata.updated", { repository: snapshot });
}
