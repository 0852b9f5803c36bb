import type { ValidationIssue } from "../../core/errors.js";

/** A check run's status; unknown values from a newer forge are kept as sent. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § States and transitions) */
export type CheckRunStatus = "queued" | "in_progress" | "completed" | "rerequested" | (string & {});

/** What a post did to the stored run. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export type CheckRunOutcome = "created" | "updated" | "unchanged" | "ignored_stale";

/** One suite attempt: an (actor, key, externalId) on a commit. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export interface CheckSuiteAttempt {
  readonly id: string;
  readonly sha: string;
  /** The posting principal's id (the owning app). */
  readonly actor: string;
  readonly key: string;
  readonly externalId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** One run attempt: a (suite, key, externalId), as stored. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check runs) */
export interface CheckRunAttempt {
  readonly id: string;
  readonly suiteId: string;
  readonly sha: string;
  readonly actor: string;
  readonly key: string;
  readonly externalId: string;
  readonly status: CheckRunStatus;
  readonly conclusion?: string | undefined;
  readonly externalUpdatedAt: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly startedAt?: string | undefined;
  readonly completedAt?: string | undefined;
  readonly deadlineAt?: string | undefined;
  readonly isRerequestable: boolean;
  readonly rerequestedAt?: string | undefined;
  readonly rerequestedBy?: string | undefined;
  /** Fields the ledger does not interpret (name, output, …), stored as posted and compared for `unchanged`. */
  readonly details?: Readonly<Record<string, unknown>> | undefined;
}

/** What an app posts for one run (the suite it belongs to, named by key and externalId). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export interface CheckRunPost {
  readonly sha: string;
  readonly suite: { readonly key: string; readonly externalId: string };
  readonly key: string;
  readonly externalId: string;
  readonly status: CheckRunStatus;
  readonly conclusion?: string | undefined;
  readonly externalUpdatedAt: string;
  readonly startedAt?: string | undefined;
  readonly completedAt?: string | undefined;
  readonly deadlineAt?: string | undefined;
  readonly isRerequestable?: boolean | undefined;
  readonly details?: Readonly<Record<string, unknown>> | undefined;
}

/** Epoch milliseconds of a stored record's timestamps, parsed once when the record is written. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export interface StoredInstants {
  readonly createdAt: number;
  readonly externalUpdatedAt?: number | undefined;
  readonly startedAt?: number | undefined;
  readonly completedAt?: number | undefined;
  readonly rerequestedAt?: number | undefined;
  readonly deadlineAt?: number | undefined;
}

/** Every suite and run attempt, as plain immutable data; update only through this module's functions. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export interface CheckRunLedger {
  readonly suites: Readonly<Record<string, CheckSuiteAttempt>>;
  readonly runs: Readonly<Record<string, CheckRunAttempt>>;
  /** Parsed instants by suite or run id (internal: keeps comparisons from re-parsing strings). */
  readonly _instants: Readonly<Record<string, StoredInstants>>;
  /** How many ids have been issued (internal). */
  readonly _sequence: number;
}

/** A point in time: epoch milliseconds or an RFC 3339 string. The ledger never reads a clock. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export type LedgerTime = number | string;

/** Makes a new id; ids of one kind must sort (as strings) in issue order, since ties break on them. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export type LedgerIdFactory = (kind: "suite" | "run", sequence: number) => string;

/** What a write needs besides the post: the time and who posts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export interface PostContext {
  readonly now: LedgerTime;
  /** The posting principal's id (an app id). */
  readonly actor: string;
  readonly newId?: LedgerIdFactory | undefined;
}

/** An error kind the forge answers with, and its HTTP status. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Errors) */
export type LedgerErrorKind = "InvalidArgument" | "FailedPrecondition" | "AlreadyExists" | "NotFound";

/** A refused write: nothing was stored. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Errors) */
export interface LedgerRefusal {
  readonly ok: false;
  readonly error: {
    readonly kind: LedgerErrorKind;
    readonly status: 400 | 404 | 409;
    readonly message: string;
    readonly issues: readonly ValidationIssue[];
  };
}

/** One judged post: the run as stored afterwards and what happened. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export interface PostResult {
  readonly ok: true;
  readonly ledger: CheckRunLedger;
  readonly suite: CheckSuiteAttempt;
  readonly run: CheckRunAttempt;
  readonly outcome: CheckRunOutcome;
}

/** A judged batch: one `{ run, outcome }` per post, in request order. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export interface BatchResult {
  readonly ok: true;
  readonly ledger: CheckRunLedger;
  readonly results: ReadonlyArray<{
    readonly suite: CheckSuiteAttempt;
    readonly run: CheckRunAttempt;
    readonly outcome: CheckRunOutcome;
  }>;
}
