import { argumentError, isObject } from "../../core/arguments.js";
import type { CheckRunLedger } from "./types.js";

// Argument checks of the ledger's public functions: a wrong argument (no ledger, a missing context) fails with an
// `invalid_argument` naming it, not with a TypeError from deep inside a selection. Plain data is never copied here.

/** Checks that `ledger` is a ledger (from `createCheckRunLedger()`, or the `ledger` of an earlier result). */
export function checkLedger(ledger: unknown, operation: string): asserts ledger is CheckRunLedger {
  const value = ledger as Partial<CheckRunLedger> | undefined;
  if (!isObject(value) || !isObject(value.runs) || !isObject(value.suites) || !isObject(value._instants)) {
    throw argumentError(
      ledger,
      "ledger",
      operation,
      "a check-run ledger (createCheckRunLedger(), or a result's `ledger`)",
    );
  }
}

/** Checks that an argument `name` is an object; `expected` says what to pass. */
export function checkObject(value: unknown, name: string, operation: string, expected: string): void {
  if (!isObject(value)) throw argumentError(value, name, operation, expected);
}

/** Checks that an argument `name` is a string (an id, a SHA). */
export function checkText(value: unknown, name: string, operation: string): void {
  if (typeof value !== "string") throw argumentError(value, name, operation, "a string");
}
