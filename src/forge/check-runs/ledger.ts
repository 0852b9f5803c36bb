import type { ValidationIssue } from "../../core/errors.js";
import { instantOf, parseRfc3339 } from "./timestamps.js";
import type {
  CheckRunAttempt,
  CheckRunLedger,
  CheckSuiteAttempt,
  LedgerErrorKind,
  LedgerIdFactory,
  LedgerRefusal,
} from "./types.js";

/** An empty ledger. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export function createCheckRunLedger(): CheckRunLedger {
  return { suites: {}, runs: {}, _instants: {}, _sequence: 0 };
}

// Zero-padded so that ids sort as strings in issue order; ties in selection break on ids.
const defaultIds: LedgerIdFactory = (kind, sequence) =>
  `${kind === "suite" ? "cs" : "cr"}_${String(sequence).padStart(12, "0")}`;

/** The next id and the ledger that has issued it. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export function issueId(
  ledger: CheckRunLedger,
  kind: "suite" | "run",
  newId: LedgerIdFactory | undefined,
): [string, CheckRunLedger] {
  const sequence = ledger._sequence + 1;
  return [(newId ?? defaultIds)(kind, sequence), { ...ledger, _sequence: sequence }];
}

/** The ledger with a run written (instants parsed here, once). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export function storeRun(ledger: CheckRunLedger, run: CheckRunAttempt): CheckRunLedger {
  const instants = {
    createdAt: parseRfc3339(run.createdAt) ?? 0,
    externalUpdatedAt: instantOf(run.externalUpdatedAt),
    startedAt: instantOf(run.startedAt),
    completedAt: instantOf(run.completedAt),
    rerequestedAt: instantOf(run.rerequestedAt),
    deadlineAt: instantOf(run.deadlineAt),
  };
  return {
    ...ledger,
    runs: { ...ledger.runs, [run.id]: run },
    _instants: { ...ledger._instants, [run.id]: instants },
  };
}

/** The ledger with a suite written. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export function storeSuite(ledger: CheckRunLedger, suite: CheckSuiteAttempt): CheckRunLedger {
  return {
    ...ledger,
    suites: { ...ledger.suites, [suite.id]: suite },
    _instants: { ...ledger._instants, [suite.id]: { createdAt: parseRfc3339(suite.createdAt) ?? 0 } },
  };
}

/** A copy without the keys whose value is undefined, so stored records carry only set fields. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export function compact<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

const STATUS: Record<LedgerErrorKind, 400 | 404 | 409> = {
  InvalidArgument: 400,
  FailedPrecondition: 400,
  NotFound: 404,
  AlreadyExists: 409,
};

/** A refusal with the forge's status for its kind. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export function refuse(kind: LedgerErrorKind, message: string, issues: readonly ValidationIssue[] = []): LedgerRefusal {
  return { ok: false, error: { kind, status: STATUS[kind], message, issues } };
}
