// The check-run ledger: a pure model of the forge's check-run semantics, shared by the fake forge (server side)
// and the reactive layer (client side). Plain data in, plain data out; time is always passed in.
export { applyBatch, applyPost, postApplies } from "./check-runs/apply.js";
export { createCheckRunLedger } from "./check-runs/ledger.js";
export {
  type ExpireResult,
  expireDeadlines,
  type RerequestContext,
  type RerequestResult,
  rerequest,
} from "./check-runs/lifecycle.js";
export {
  currentRun,
  currentSuite,
  isCurrentAttempt,
  isPending,
  readOutcome,
  runsForCommit,
  runsForSuite,
} from "./check-runs/select.js";
export type {
  BatchResult,
  CheckRunAttempt,
  CheckRunLedger,
  CheckRunOutcome,
  CheckRunPost,
  CheckRunStatus,
  CheckSuiteAttempt,
  LedgerErrorKind,
  LedgerIdFactory,
  LedgerRefusal,
  LedgerTime,
  PostContext,
  PostResult,
} from "./check-runs/types.js";
export {
  CHECK_RUN_FUTURE_TOLERANCE_MS,
  CHECK_RUN_MAX_DEADLINE_MS,
  validateCheckRunPost,
} from "./check-runs/validate.js";
