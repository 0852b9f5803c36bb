import { checkLedger, checkObject, checkText } from "./arguments.js";
import { LedgerDraft } from "./draft.js";
import { compact, refuse, storeRun } from "./ledger.js";
import { isCurrentAttempt } from "./select.js";
import { toInstant } from "./timestamps.js";
import type { CheckRunAttempt, CheckRunLedger, LedgerRefusal, LedgerTime } from "./types.js";

/** A stored re-request. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § States and transitions) */
export interface RerequestResult {
  readonly ok: true;
  readonly ledger: CheckRunLedger;
  readonly run: CheckRunAttempt;
  readonly outcome: "rerequested";
}

/** What a re-request needs: the time, who asks, and the head SHAs of the repository's open pull requests. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § States and transitions) */
export interface RerequestContext {
  readonly now: LedgerTime;
  /** The requesting principal's id; stored as `rerequestedBy`. */
  readonly by: string;
  /** Head SHAs of open pull requests. Omitted: not checked (the caller vouches for it); empty: none is open. */
  readonly openPullRequestHeads?: Iterable<string> | undefined;
}

/**
 * Re-requests a completed run: status `rerequested`, rerequestedAt and rerequestedBy set, conclusion and timings
 * kept (they still describe the old attempt). A second re-request while one is outstanding is AlreadyExists (409);
 * a run that is not rerequestable, not current, not on an open pull request's head or not completed is
 * FailedPrecondition (400). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § States and transitions)
 */
export function rerequest(
  ledger: CheckRunLedger,
  runId: string,
  ctx: RerequestContext,
): RerequestResult | LedgerRefusal {
  checkLedger(ledger, "rerequest");
  checkText(runId, "runId", "rerequest");
  checkObject(ctx, "ctx", "rerequest", "`{ now, by }`");
  checkText(ctx.by, "ctx.by", "rerequest");
  const now = toInstant(ctx.now, "ctx.now");
  const run = ledger.runs[runId];
  if (!run) return refuse("NotFound", `check run ${runId} was not found`);
  if (run.rerequestedAt !== undefined || run.status === "rerequested") {
    return refuse("AlreadyExists", "a re-request of this run is outstanding; wait for the app's new run");
  }
  if (!run.isRerequestable) return refuse("FailedPrecondition", "the run was not declared isRerequestable");
  if (!isCurrentAttempt(ledger, runId)) {
    return refuse("FailedPrecondition", "only the current attempt for its key can be re-requested");
  }
  if (ctx.openPullRequestHeads !== undefined && !new Set(ctx.openPullRequestHeads).has(run.sha)) {
    return refuse("FailedPrecondition", "the run is not on the current head of an open pull request");
  }
  if (run.status !== "completed") return refuse("FailedPrecondition", "only a completed run can be re-requested");
  const next: CheckRunAttempt = {
    ...run,
    status: "rerequested",
    rerequestedAt: now.text,
    rerequestedBy: ctx.by,
    updatedAt: now.text,
  };
  return { ok: true, ledger: storeRun(ledger, next), run: next, outcome: "rerequested" };
}

/** The ledger after a deadline sweep, and the runs it completed (each owes a repository.check_run.completed). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § States and transitions) */
export interface ExpireResult {
  readonly ledger: CheckRunLedger;
  readonly expired: readonly CheckRunAttempt[];
}

/**
 * Completes in_progress runs whose deadlineAt has passed: conclusion `timed_out`, completedAt set if absent,
 * deadlineAt cleared, externalUpdatedAt unchanged. Queued runs and runs without a deadline never expire.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § States and transitions)
 */
export function expireDeadlines(ledger: CheckRunLedger, now: LedgerTime): ExpireResult {
  checkLedger(ledger, "expireDeadlines");
  const at = toInstant(now);
  // The sweep runs often and rarely finds anything: the working copy is made only on the first expiry.
  let draft: LedgerDraft | undefined;
  const expired: CheckRunAttempt[] = [];
  for (const run of Object.values(ledger.runs)) {
    const deadline = ledger._instants[run.id]?.deadlineAt;
    if (run.status !== "in_progress" || deadline === undefined || at.ms <= deadline) continue;
    const done = compact<CheckRunAttempt>({
      ...run,
      status: "completed",
      conclusion: "timed_out",
      completedAt: run.completedAt ?? at.text,
      deadlineAt: undefined,
      updatedAt: at.text,
    });
    draft ??= new LedgerDraft(ledger);
    draft.storeRun(done);
    expired.push(done);
  }
  return { ledger: draft ? draft.ledger() : ledger, expired };
}
