// Which check-run transitions deliver which `repository.check_run.*` event, and the emit helper: the events
// reach only the app that owns the run, carry the repository, suite and run (no pull request context, no
// top-level actor). @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § States and transitions)
import type { CheckRunAttempt, CheckRunOutcome } from "../../../forge/check-runs.js";
import type { ForgeRepository, ForgeState } from "../state.js";
import { emitRepositoryEvent, repositoryReference } from "./repository-events.js";

/** The check-run event types. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events) */
export type CheckRunEventType =
  | "repository.check_run.created"
  | "repository.check_run.completed"
  | "repository.check_run.rerequested";

/**
 * The events one judged post delivers. A new attempt delivers `created`; a post that leaves the run completed
 * delivers `completed` when the run was not completed before (a new attempt posted completed, an in-progress or
 * re-requested run answered) or its conclusion or completedAt changed. Reopening, unchanged and stale posts
 * deliver nothing. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § States and transitions)
 */
export function checkRunPostEvents(
  previous: CheckRunAttempt | undefined,
  run: CheckRunAttempt,
  outcome: CheckRunOutcome,
): CheckRunEventType[] {
  if (outcome !== "created" && outcome !== "updated") return [];
  const events: CheckRunEventType[] = outcome === "created" ? ["repository.check_run.created"] : [];
  const completedNow =
    run.status === "completed" &&
    (previous === undefined ||
      previous.status !== "completed" ||
      previous.conclusion !== run.conclusion ||
      previous.completedAt !== run.completedAt);
  if (completedNow) events.push("repository.check_run.completed");
  return events;
}

/**
 * Emits a check-run event to the run's owning app only (nothing when a user owns it): the repository
 * reference, `checkSuite` and `checkRun` as the REST routes answer them (`checkRun.rerequestedBy` on rerequested).
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
 */
export function emitCheckRunEvent(
  state: ForgeState,
  repo: ForgeRepository,
  type: CheckRunEventType,
  ownerId: string,
  views: { checkSuite: Record<string, unknown>; checkRun: Record<string, unknown> },
): void {
  emitRepositoryEvent(
    state,
    repo,
    type,
    { repository: repositoryReference(repo), checkSuite: views.checkSuite, checkRun: views.checkRun },
    ownerId,
  );
}
