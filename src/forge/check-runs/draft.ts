import { instantOf, parseRfc3339 } from "./timestamps.js";
import type { CheckRunAttempt, CheckRunLedger, CheckSuiteAttempt, LedgerIdFactory, StoredInstants } from "./types.js";

// A ledger being written by one call: copied once, written in place, indexed, then frozen back into a ledger.
// Writing the immutable ledger record by record copied every map per post, so a batch of n runs cost O(n²)
// (10,000 runs took minutes); a draft makes a call O(ledger + posts).

const defaultIds: LedgerIdFactory = (kind, sequence) =>
  `${kind === "suite" ? "cs" : "cr"}_${String(sequence).padStart(12, "0")}`;

const suiteKey = (sha: string, actor: string, key: string, externalId: string) =>
  JSON.stringify([sha, actor, key, externalId]);
const runKey = (suiteId: string, key: string, externalId: string) => JSON.stringify([suiteId, key, externalId]);

/** A mutable working copy of a ledger, with the lookups a post needs. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export class LedgerDraft {
  readonly #suites: Record<string, CheckSuiteAttempt>;
  readonly #runs: Record<string, CheckRunAttempt>;
  readonly #instants: Record<string, StoredInstants>;
  #sequence: number;
  readonly #suiteIndex = new Map<string, CheckSuiteAttempt>();
  readonly #runIndex = new Map<string, CheckRunAttempt>();
  /** Ids of runs with an outstanding re-request (rerequestedAt set). */
  readonly #rerequested = new Set<string>();

  constructor(ledger: CheckRunLedger) {
    this.#suites = { ...ledger.suites };
    this.#runs = { ...ledger.runs };
    this.#instants = { ...ledger._instants };
    this.#sequence = ledger._sequence;
    for (const suite of Object.values(this.#suites)) this.#indexSuite(suite);
    for (const run of Object.values(this.#runs)) this.#indexRun(run);
  }

  #indexSuite(suite: CheckSuiteAttempt): void {
    this.#suiteIndex.set(suiteKey(suite.sha, suite.actor, suite.key, suite.externalId), suite);
  }

  #indexRun(run: CheckRunAttempt): void {
    this.#runIndex.set(runKey(run.suiteId, run.key, run.externalId), run);
    if (run.rerequestedAt !== undefined) this.#rerequested.add(run.id);
    else this.#rerequested.delete(run.id);
  }

  issueId(kind: "suite" | "run", newId: LedgerIdFactory | undefined): string {
    this.#sequence += 1;
    return (newId ?? defaultIds)(kind, this.#sequence);
  }

  findSuite(sha: string, actor: string, key: string, externalId: string): CheckSuiteAttempt | undefined {
    return this.#suiteIndex.get(suiteKey(sha, actor, key, externalId));
  }

  findRun(suiteId: string, key: string, externalId: string): CheckRunAttempt | undefined {
    return this.#runIndex.get(runKey(suiteId, key, externalId));
  }

  suite(id: string): CheckSuiteAttempt | undefined {
    return this.#suites[id];
  }

  instants(id: string): StoredInstants | undefined {
    return this.#instants[id];
  }

  /** Runs with an outstanding re-request, as stored now. */
  rerequestedRuns(): CheckRunAttempt[] {
    return [...this.#rerequested].flatMap((id) => {
      const run = this.#runs[id];
      return run ? [run] : [];
    });
  }

  storeRun(run: CheckRunAttempt): void {
    const previous = this.#runs[run.id];
    if (previous) this.#runIndex.delete(runKey(previous.suiteId, previous.key, previous.externalId));
    this.#runs[run.id] = run;
    this.#instants[run.id] = {
      createdAt: parseRfc3339(run.createdAt) ?? 0,
      externalUpdatedAt: instantOf(run.externalUpdatedAt),
      startedAt: instantOf(run.startedAt),
      completedAt: instantOf(run.completedAt),
      rerequestedAt: instantOf(run.rerequestedAt),
      deadlineAt: instantOf(run.deadlineAt),
    };
    this.#indexRun(run);
  }

  storeSuite(suite: CheckSuiteAttempt): void {
    const previous = this.#suites[suite.id];
    if (previous) this.#suiteIndex.delete(suiteKey(previous.sha, previous.actor, previous.key, previous.externalId));
    this.#suites[suite.id] = suite;
    this.#instants[suite.id] = { createdAt: parseRfc3339(suite.createdAt) ?? 0 };
    this.#indexSuite(suite);
  }

  /** The written ledger (a new record; the draft's source ledger is untouched). */
  ledger(): CheckRunLedger {
    return { suites: this.#suites, runs: this.#runs, _instants: this.#instants, _sequence: this.#sequence };
  }
}
