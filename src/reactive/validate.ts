import { ValidationError } from "../core/errors.js";

// Option checks of the reactive entry points: a bad call fails before any request, naming the field and the rule.

/**
 * An id that goes into a request path: a non-empty string that stays in its segment, else a ValidationError
 * (`required`, `path_segment`). The client's own check, reused: the same rule and message, and no second copy
 * in a bundle that holds both.
 */
export { requireSegment as requireText } from "../core/paths.js";

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
