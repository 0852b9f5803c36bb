import { AgentlineError } from "../core/errors.js";

// Argument checks of agentline/webhooks: a wrong argument (undefined, null, another type, a missing required
// option) throws an AgentlineError that names it and says what to pass, never the engine's TypeError from deep
// inside. Positional arguments are `invalid_argument`, fields of an argument (`options.keys`, `scheme.prefix`)
// `invalid_option`. Small on purpose: the webhook receiver's bundle carries them.

/** A function argument or option value, as the checks see it. */
type Value = unknown;

/** Throws the SDK's error for a wrong argument: "`name` must be <expected>". */
export function badArgument(name: string, expected: string): never {
  throw new AgentlineError(`\`${name}\` must be ${expected}.`, {
    code: name.includes(".") ? "invalid_option" : "invalid_argument",
  });
}

/** Checks one argument: throws unless `ok`. */
export function expectArgument(ok: unknown, name: string, expected: string): void {
  if (!ok) badArgument(name, expected);
}

/** Whether a value is a non-null object (arrays and class instances included). */
export const isObject = (value: Value): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Whether a value is undefined or passes `ok` (an optional argument). */
export const optional = (value: Value, ok: (value: Value) => unknown): boolean => value === undefined || !!ok(value);

/** Whether a value is a function. */
export const isFunction = (value: Value): boolean => typeof value === "function";

/** Whether a value is a non-empty string. */
export const isText = (value: Value): value is string => typeof value === "string" && value !== "";

/** Whether a value is a finite number at least `min`. */
export const isNumberFrom =
  (min: number) =>
  (value: Value): boolean =>
    typeof value === "number" && value >= min && value < Number.POSITIVE_INFINITY;

/** Whether a value is an object with every named method. */
export const hasMethods =
  (...names: string[]) =>
  (value: Value): boolean =>
    isObject(value) && names.every((name) => typeof value[name] === "function");

/** Whether a value is an absolute URL. */
export function isAbsoluteUrl(value: Value): boolean {
  try {
    return isText(value) && !!new URL(value);
  } catch {
    return false;
  }
}

/** Checks that an options argument is an object (or absent when optional) and returns it. */
export function optionsObject<T>(value: T, name = "options", required = true): NonNullable<T> | Record<string, never> {
  expectArgument(required ? isObject(value) : optional(value, isObject), name, "an object of options");
  return value ?? {};
}
