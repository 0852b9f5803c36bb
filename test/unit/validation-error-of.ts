import { ValidationError } from "../../src/core/errors.js";

/** The `ValidationError` that `run` throws; any other outcome fails the test. */
export function validationErrorOf(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error("expected a ValidationError");
}
