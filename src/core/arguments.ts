import { AgentlineError, ValidationError } from "./errors.js";

// Checks at the top of public constructors and functions, so a wrong argument fails with the SDK's own error
// naming the argument (not "Cannot destructure property … of undefined" from deep inside). Plain JavaScript
// callers, and TypeScript callers past an `as`, get the same protection. The convention: `invalid_option` for a
// constructor's options, `invalid_argument` for a function's own arguments (call options, callbacks, clients),
// a request `ValidationError` for what becomes the request (bodies, queries, ids).

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** A constructor's options object, else an `invalid_option` AgentlineError showing what to pass. */
export function requireOptions<T extends object>(options: unknown, owner: string, example: string): T {
  if (!isObject(options)) {
    throw new AgentlineError(`${owner} needs an options object, such as ${example}; got ${describe(options)}.`, {
      code: "invalid_option",
    });
  }
  return options as T;
}

/**
 * An optional object argument of a function (call options, stream options, a callback bag): `undefined` gives
 * `{}`; anything but an object is an `invalid_argument` AgentlineError naming `name`.
 */
export function optionalArgument<T extends object>(value: T | undefined, name: string, operation: string): T {
  if (value === undefined) return {} as T;
  if (!isObject(value)) {
    throw new AgentlineError(`${operation}: \`${name}\` must be an object or omitted; got ${describe(value)}.`, {
      code: "invalid_argument",
    });
  }
  return value;
}

/** The `invalid_argument` AgentlineError for a function argument `name` that is not what it `expected`. */
export function argumentError(value: unknown, name: string, operation: string, expected: string): AgentlineError {
  return new AgentlineError(`${operation}: \`${name}\` must be ${expected}; got ${describe(value)}.`, {
    code: "invalid_argument",
  });
}

/**
 * A request object (the query parameters or body of one call): `undefined` gives `{}` unless `required`; anything
 * but an object is a request `ValidationError` naming `name` (rule `type`).
 */
export function requestObject<T extends object>(
  value: T | undefined,
  name: string,
  operation: string,
  required = false,
): T {
  if (value === undefined && !required) return {} as T;
  if (!isObject(value)) {
    const message = `\`${name}\` must be an object${required ? "" : " or omitted"}; got ${describe(value)}`;
    throw new ValidationError([{ path: name, rule: "type", message }], { context: operation });
  }
  return value;
}

/** `value[key]`, an object, from an object argument `name`; else an `invalid_argument` saying what to pass. */
export function argumentField<T>(value: unknown, key: string, name: string, operation: string, expected: string): T {
  if (!isObject(value) || !isObject(value[key])) throw argumentError(value, name, operation, expected);
  return value[key] as T;
}
