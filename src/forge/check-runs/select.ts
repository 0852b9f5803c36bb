import { checkLedger, checkObject } from "./arguments.js";
import type { CheckRunAttempt, CheckRunLedger, CheckRunOutcome, CheckRunStatus, CheckSuiteAttempt } from "./types.js";

// Selection follows the spec's two steps: the current suite attempt per (sha, actor, suite key), then the current
// run per run key within it. Every comparison uses instants parsed when the record was written.

/** Newer first: negative when `a` ranks before `b`. */
function compareNewestFirst(a: readonly [number, number, string], b: readonly [number, number, string]): number {
  if (a[0] !== b[0]) return b[0] - a[0];
  if (a[1] !== b[1]) return b[1] - a[1];
  return a[2] === b[2] ? 0 : a[2] < b[2] ? 1 : -1;
}

function runRank(ledger: CheckRunLedger, run: CheckRunAttempt): [number, number, string] {
  const at = ledger._instants[run.id];
  return [at?.externalUpdatedAt ?? Number.NEGATIVE_INFINITY, at?.createdAt ?? Number.NEGATIVE_INFINITY, run.id];
}

/** Every attempt stored in a suite, in no particular order. */
function attemptsInSuite(ledger: CheckRunLedger, suiteId: string): CheckRunAttempt[] {
  return Object.values(ledger.runs).filter((run) => run.suiteId === suiteId);
}

/** The current run per key among `runs`: newest externalUpdatedAt, ties by createdAt then id. */
function currentPerKey(ledger: CheckRunLedger, runs: readonly CheckRunAttempt[]): Map<string, CheckRunAttempt> {
  const best = new Map<string, CheckRunAttempt>();
  for (const run of runs) {
    const held = best.get(run.key);
    if (!held || compareNewestFirst(runRank(ledger, run), runRank(ledger, held)) < 0) best.set(run.key, run);
  }
  return best;
}

function byCreation(ledger: CheckRunLedger) {
  return (a: { id: string }, b: { id: string }): number => {
    const diff = (ledger._instants[a.id]?.createdAt ?? 0) - (ledger._instants[b.id]?.createdAt ?? 0);
    return diff !== 0 ? diff : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/** The current suite attempt for (sha, actor, key): runs with the newest externalUpdatedAt win. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export function currentSuite(
  ledger: CheckRunLedger,
  query: { sha: string; actor: string; key: string },
): CheckSuiteAttempt | undefined {
  checkLedger(ledger, "currentSuite");
  checkObject(query, "query", "currentSuite", "`{ sha, actor, key }`");
  const candidates = Object.values(ledger.suites).filter(
    (suite) => suite.sha === query.sha && suite.actor === query.actor && suite.key === query.key,
  );
  if (candidates.length === 0) return undefined;
  const newestRun = new Map<string, number>();
  for (const run of Object.values(ledger.runs)) {
    const at = ledger._instants[run.id]?.externalUpdatedAt;
    if (at === undefined) continue;
    const held = newestRun.get(run.suiteId);
    if (held === undefined || at > held) newestRun.set(run.suiteId, at);
  }
  const rank = (suite: CheckSuiteAttempt): [number, number, string] => {
    const created = ledger._instants[suite.id]?.createdAt ?? Number.NEGATIVE_INFINITY;
    // A suite without runs ranks by its createdAt.
    return [newestRun.get(suite.id) ?? created, created, suite.id];
  };
  return candidates.reduce((best, suite) => (compareNewestFirst(rank(suite), rank(best)) < 0 ? suite : best));
}

/** The current run per key within one suite attempt (the second selection step only), oldest first. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export function runsForSuite(ledger: CheckRunLedger, suiteId: string): CheckRunAttempt[] {
  checkLedger(ledger, "runsForSuite");
  return [...currentPerKey(ledger, attemptsInSuite(ledger, suiteId)).values()].sort(byCreation(ledger));
}

/** The current suite attempt of every (actor, suite key) on a commit, oldest first. */
function currentSuitesOfCommit(ledger: CheckRunLedger, sha: string): CheckSuiteAttempt[] {
  const groups = new Map<string, { actor: string; key: string }>();
  for (const suite of Object.values(ledger.suites)) {
    if (suite.sha === sha) groups.set(JSON.stringify([suite.actor, suite.key]), suite);
  }
  const suites: CheckSuiteAttempt[] = [];
  for (const { actor, key } of groups.values()) {
    const suite = currentSuite(ledger, { sha, actor, key });
    if (suite) suites.push(suite);
  }
  return suites.sort(byCreation(ledger));
}

/**
 * The current run for a run key on a commit: within each current suite attempt (narrowed by `actor` and
 * `suiteKey` when given), the newest attempt for the key. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics)
 */
export function currentRun(
  ledger: CheckRunLedger,
  query: { sha: string; key: string; actor?: string | undefined; suiteKey?: string | undefined },
): CheckRunAttempt | undefined {
  checkLedger(ledger, "currentRun");
  checkObject(query, "query", "currentRun", "`{ sha, key }`");
  let best: CheckRunAttempt | undefined;
  for (const suite of currentSuitesOfCommit(ledger, query.sha)) {
    if (query.actor !== undefined && suite.actor !== query.actor) continue;
    if (query.suiteKey !== undefined && suite.key !== query.suiteKey) continue;
    const run = currentPerKey(ledger, attemptsInSuite(ledger, suite.id)).get(query.key);
    if (run && (!best || compareNewestFirst(runRank(ledger, run), runRank(ledger, best)) < 0)) best = run;
  }
  return best;
}

/** Whether a run is the current attempt for its key (its suite is current and it is current within it). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export function isCurrentAttempt(ledger: CheckRunLedger, runId: string): boolean {
  checkLedger(ledger, "isCurrentAttempt");
  const run = ledger.runs[runId];
  const suite = run && ledger.suites[run.suiteId];
  if (!run || !suite) return false;
  const current = currentSuite(ledger, { sha: suite.sha, actor: suite.actor, key: suite.key });
  if (current?.id !== suite.id) return false;
  return currentPerKey(ledger, attemptsInSuite(ledger, suite.id)).get(run.key)?.id === run.id;
}

/** Latest attempts on a commit, filtered by exact run key (`checkName`) and status; oldest first. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function runsForCommit(
  ledger: CheckRunLedger,
  sha: string,
  filter: { checkName?: string | undefined; status?: CheckRunStatus | undefined } = {},
): CheckRunAttempt[] {
  checkLedger(ledger, "runsForCommit");
  checkObject(filter, "filter", "runsForCommit", "`{ checkName?, status? }`, or omitted");
  return currentSuitesOfCommit(ledger, sha)
    .flatMap((suite) => runsForSuite(ledger, suite.id))
    .filter((run) => filter.checkName === undefined || run.key === filter.checkName)
    .filter((run) => filter.status === undefined || run.status === filter.status)
    .sort(byCreation(ledger));
}

/** True unless the run is completed: queued, in_progress, rerequested and unknown statuses read as pending. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export function isPending(run: Pick<CheckRunAttempt, "status">): boolean {
  checkObject(run, "run", "isPending", "a check run");
  return run.status !== "completed";
}

const OUTCOMES: ReadonlySet<string> = new Set(["created", "updated", "unchanged", "ignored_stale"]);

/** A known outcome, or `"unknown"`: the stored run was returned but whether it was written is unknown. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export function readOutcome(value: unknown): CheckRunOutcome | "unknown" {
  return typeof value === "string" && OUTCOMES.has(value) ? (value as CheckRunOutcome) : "unknown";
}
