// Fixtures shared by the check-run ledger tests.
import type { CheckRunPost, LedgerRefusal } from "../../../src/forge/check-runs.js";

export const BASE = Date.UTC(2025, 0, 1, 12);
/** The RFC 3339 instant `seconds` after BASE. */
export const at = (seconds: number) => new Date(BASE + seconds * 1000).toISOString();
export const SHA = "a".repeat(40);
export const APP = "app_1";

/** A queued post of run `lint` in suite `ci`, overridable field by field. */
export function post(overrides: Partial<CheckRunPost> = {}): CheckRunPost {
  return {
    sha: SHA,
    suite: { key: "ci", externalId: "suite-1" },
    key: "lint",
    externalId: "run-1",
    status: "queued",
    externalUpdatedAt: at(0),
    ...overrides,
  };
}

/** Unwraps an accepted ledger result; a refusal fails the test with its kind and message. */
export function ok<T extends { ok: true }>(result: T | LedgerRefusal): T {
  if (!result.ok) throw new Error(`refused: ${result.error.kind} ${result.error.message}`);
  return result;
}
