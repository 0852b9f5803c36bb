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

/** Every attempt of each suite, and each suite's newest externalUpdatedAt: one pass over the runs per call. */
interface RunIndex {
  readonly bySuite: ReadonlyMap<string, readonly CheckRunAttempt[]>;
  readonly newest: ReadonlyMap<string, number>;
}

function indexRuns(ledger: CheckRunLedger): RunIndex {
  const bySuite = new Map<string, CheckRunAttempt[]>();
  const newest = new Map<string, number>();
  for (const run of Object.values(ledger.runs)) {
    const list = bySuite.get(run.suiteId);
    if (list) list.push(run);
    else bySuite.set(run.suiteId, [run]);
    const at = ledger._instants[run.id]?.externalUpdatedAt;
    if (at === undefined) continue;
    const held = newest.get(run.suiteId);
    if (held === undefined || at > held) newest.set(run.suiteId, at);
  }
  return { bySuite, newest };
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

/** The current attempt among one (sha, actor, key)'s suites: runs with the newest externalUpdatedAt win. */
function pickSuite(
  ledger: CheckRunLedger,
  candidates: readonly CheckSuiteAttempt[],
  index: RunIndex,
): CheckSuiteAttempt | undefined {
  const rank = (suite: CheckSuiteAttempt): [number, number, string] => {
    const created = ledger._instants[suite.id]?.createdAt ?? Number.NEGATIVE_INFINITY;
    // A suite without runs ranks by its createdAt.
    return [index.newest.get(suite.id) ?? created, created, suite.id];
  };
  let best: CheckSuiteAttempt | undefined;
  for (const suite of candidates) if (!best || compareNewestFirst(rank(suite), rank(best)) < 0) best = suite;
  return best;
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
  return candidates.length === 0 ? undefined : pickSuite(ledger, candidates, indexRuns(ledger));
}

/** The current run per key within one suite attempt (the second selection step only), oldest first. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export function runsForSuite(ledger: CheckRunLedger, suiteId: string): CheckRunAttempt[] {
  checkLedger(ledger, "runsForSuite");
  const attempts = Object.values(ledger.runs).filter((run) => run.suiteId === suiteId);
  return [...currentPerKey(ledger, attempts).values()].sort(byCreation(ledger));
}

/** The current suite attempt of every (actor, suite key) on a commit, oldest first. */
function currentSuitesOfCommit(ledger: CheckRunLedger, sha: string, index: RunIndex): CheckSuiteAttempt[] {
  const groups = new Map<string, CheckSuiteAttempt[]>();
  for (const suite of Object.values(ledger.suites)) {
    if (suite.sha !== sha) continue;
    const group = JSON.stringify([suite.actor, suite.key]);
    const list = groups.get(group);
    if (list) list.push(suite);
    else groups.set(group, [suite]);
  }
  const suites: CheckSuiteAttempt[] = [];
  for (const candidates of groups.values()) {
    const suite = pickSuite(ledger, candidates, index);
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
  const index = indexRuns(ledger);
  let best: CheckRunAttempt | undefined;
  for (const suite of currentSuitesOfCommit(ledger, query.sha, index)) {
    if (query.actor !== undefined && suite.actor !== query.actor) continue;
    if (query.suiteKey !== undefined && suite.key !== query.suiteKey) continue;
    const run = currentPerKey(ledger, index.bySuite.get(suite.id) ?? []).get(query.key);
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
  const attempts = Object.values(ledger.runs).filter((each) => each.suiteId === suite.id);
  return currentPerKey(ledger, attempts).get(run.key)?.id === run.id;
}

/** Latest attempts on a commit, filtered by exact run key (`checkName`) and status; oldest first. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function runsForCommit(
  ledger: CheckRunLedger,
  sha: string,
  filter: { checkName?: string | undefined; status?: CheckRunStatus | undefined } = {},
): CheckRunAttempt[] {
  checkLedger(ledger, "runsForCommit");
  checkObject(filter, "filter", "runsForCommit", "`{ checkName?, status? }`, or omitted");
  const index = indexRuns(ledger);
  return currentSuitesOfCommit(ledger, sha, index)
    .flatMap((suite) => [...currentPerKey(ledger, index.bySuite.get(suite.id) ?? []).values()])
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
