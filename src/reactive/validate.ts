import { ValidationError } from "../core/errors.js";

// Option checks of the reactive entry points: a bad call fails before any request, naming the field and the rule.

/** A non-empty string, else a ValidationError (`required`). */
export function requireText(value: unknown, path: string, context: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new ValidationError([{ path, rule: "required", message: `\`${path}\` must be a non-empty string` }], {
      context,
    });
  }
  return value;
}

/** An optional finite number > 0 (milliseconds), else a ValidationError (`positive`). */
export function optionalPositive(value: unknown, path: string, context: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new ValidationError([{ path, rule: "positive", message: `\`${path}\` must be a finite number > 0` }], {
      context,
    });
  }
  return value;
}

/** An optional integer >= 0, else a ValidationError (`integer`). */
export function optionalCount(value: unknown, path: string, context: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new ValidationError([{ path, rule: "integer", message: `\`${path}\` must be an integer >= 0` }], {
      context,
    });
  }
  return value;
}
