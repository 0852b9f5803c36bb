import { AgentlineError, ValidationError } from "./errors.js";

// Checks at the top of public constructors and functions, so a wrong argument fails with the SDK's own error
// naming the argument (not "Cannot destructure property … of undefined" from deep inside). Plain JavaScript
// callers, and TypeScript callers past an `as`, get the same protection. The convention: `invalid_argument` for a
// function's own arguments (call options, callbacks, clients), `invalid_option` for a constructor's options and for
// a field of an argument (`options.keys`), a request `ValidationError` for what becomes the request (bodies,
// queries, ids). Every helper is a small pure function: a bundle carries only those it calls (the webhook
// receiver's is size-sensitive, so its checks use the short form, `expectArgument`).

/**
 * Whether a value is a non-null object that is not an array (class instances included). A revoked `Proxy` is none:
 * every look at it throws, so it is refused like any other wrong argument instead of escaping as a TypeError.
 */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !isArrayOrRevoked(value);

function isArrayOrRevoked(value: object): boolean {
  try {
    return Array.isArray(value);
  } catch {
    return true;
  }
}

/** Whether a value is undefined or passes `ok` (an optional argument). */
export const optional = (value: unknown, ok: (value: unknown) => unknown): boolean =>
  value === undefined || !!ok(value);

/** Whether a value is a function. */
/**
 * A name (a header name, an operation name) as an error may show it: a plain word of letters, `.` and `-` is quoted;
 * anything else may be a key given in the wrong place and is shown by its length only.
 */
export const shownName = (name: string, quote: (name: string) => string = JSON.stringify): string =>
  /^[A-Za-z][A-Za-z.-]{0,39}$/.test(name) ? quote(name) : `<a name of ${name.length} characters>`;

export const isFunction = (value: unknown): boolean => typeof value === "function";

/** Whether a value is a non-empty string. */
export const isText = (value: unknown): value is string => typeof value === "string" && value !== "";

/** Whether a value is a finite number at least `min`. */
export const isNumberFrom =
  (min: number) =>
  (value: unknown): boolean =>
    Number.isFinite(value) && (value as number) >= min;

/** Whether a value is an object with every named method. */
export const hasMethods =
  (...names: string[]) =>
  (value: unknown): boolean =>
    typeof value === "object" && value !== null && names.every((name) => typeof (value as never)[name] === "function");

/** Whether a value is an absolute URL. */
export function isAbsoluteUrl(value: unknown): boolean {
  try {
    return isText(value) && !!new URL(value);
  } catch {
    return false;
  }
}

/** What a wrong value was, for a message: never the value itself (it may be a secret). */
function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value !== "object") return `a ${typeof value}`;
  try {
    return Array.isArray(value) ? "an array" : "an object";
  } catch {
    return "a revoked Proxy";
  }
}

/** The error for a wrong `name`: a field of an argument (`options.keys`) is an option, anything else an argument. */
function invalid(name: string, message: string): AgentlineError {
  return new AgentlineError(message, { code: name.includes(".") ? "invalid_option" : "invalid_argument" });
}

/** Throws the SDK's error for a wrong argument or option: "`name` must be <expected>." (the short form). */
export function badArgument(name: string, expected: string): never {
  throw invalid(name, `\`${name}\` must be ${expected}.`);
}

/** Checks one argument: throws the short-form error unless `ok`. */
export function expectArgument(ok: unknown, name: string, expected: string): void {
  if (!ok) badArgument(name, expected);
}

/** What one option must be: a check, and the words its error uses (`"a function"`). */
export type OptionRule = readonly [check: (value: unknown) => unknown, expected: string];

/** A function option (a callback, an injected `fetch`). */
export const FUNCTION_OPTION: OptionRule = [isFunction, "a function"];
/** A clock option, `now`. */
export const CLOCK_OPTION: OptionRule = [isFunction, "a function returning epoch ms"];
/**
 * A clock option read through a check (`Date.now` when unset): a reading that is no finite number throws
 * `invalid_option` naming the option, where NaN would fail every comparison (a claim or token that never expires, a
 * key set always stale) and an engine would throw on `new Date(NaN)`.
 */
export function checkedClock(now: (() => unknown) | undefined, name = "options.now"): () => number {
  if (now === undefined) return Date.now;
  return () => {
    const ms = Number(now());
    if (!Number.isFinite(ms)) badArgument(name, "a function returning epoch ms (a finite number)");
    return ms;
  };
}
/**
 * The error for an argument that throws when read (a getter that throws, a revoked `Proxy`): an `AgentlineError`
 * naming what could not be read, with what it threw as `cause`, rather than that raw error.
 */
export function unreadableArgument(context: string, what: string, code: string, cause: unknown): AgentlineError {
  return new AgentlineError(`${context}: ${what} could not be read (a getter or proxy threw while it was checked).`, {
    code,
    cause,
  });
}

/** A non-empty string option. */
export const TEXT_OPTION: OptionRule = [isText, "a non-empty string"];
/** An absolute URL option. */
export const URL_OPTION: OptionRule = [isAbsoluteUrl, "an absolute URL"];
/** A nested options object. */
export const OBJECT_OPTION: OptionRule = [isObject, "an object"];
/** A boolean option. */
export const BOOLEAN_OPTION: OptionRule = [(value) => typeof value === "boolean", "true or false"];

/** A count option (`maxEntries`, `shards`, `maxAttempts`): a whole number of 1 or more. */
export const COUNT_OPTION: OptionRule = [
  (value) => Number.isInteger(value) && (value as number) > 0,
  "an integer >= 1",
];

/** A number option of `min` or more, in `unit` (`"ms"`, `"seconds"`). */
export const numberOption = (min: number, unit: string): OptionRule => [isNumberFrom(min), `${unit} >= ${min}`];

/**
 * Checks the optional fields of the options object `value` (named `name`) by their rules: an absent field passes,
 * a wrong one throws the short-form error naming it (`options.now`). One table per call site keeps the checks of the
 * webhook receiver, which ships in every worker, to a few bytes each.
 */
export function checkOptions(value: object, name: string, rules: Record<string, OptionRule>): void {
  for (const key in rules) {
    const [check, expected] = rules[key] as OptionRule;
    let ok: boolean;
    try {
      ok = optional((value as Record<string, unknown>)[key], check);
    } catch (error) {
      // A getter or proxy (the option or something inside it) that throws: this option's fault, named.
      throw unreadableArgument(name, `\`${name}.${key}\``, "invalid_option", error);
    }
    expectArgument(ok, `${name}.${key}`, expected);
  }
}

/** An options argument that is an object (or absent when not `required`, giving `{}`); else the short-form error. */
export function optionsObject<T>(value: T, name = "options", required = true): NonNullable<T> | Record<string, never> {
  expectArgument(required ? isObject(value) : optional(value, isObject), name, "an object of options");
  return value ?? {};
}

/** The error for a function argument `name` that is not what it `expected`, saying which call and what it got. */
export function argumentError(value: unknown, name: string, operation: string, expected: string): AgentlineError {
  return invalid(name, `${operation}: \`${name}\` must be ${expected}; got ${describe(value)}.`);
}

/**
 * A constructor's options object, else an `invalid_option` AgentlineError showing what to pass. Answers a shallow
 * copy, read once here: a getter or proxy that throws is named as the options' fault, never an engine error later.
 */
export function requireOptions<T extends object>(options: unknown, owner: string, example: string): T {
  if (!isObject(options)) {
    throw new AgentlineError(`${owner} needs an options object, such as ${example}; got ${describe(options)}.`, {
      code: "invalid_option",
    });
  }
  try {
    return { ...options } as T;
  } catch (error) {
    throw unreadableArgument(owner, "its options", "invalid_option", error);
  }
}

/**
 * An optional object argument of a function (call options, stream options, a callback bag): `undefined` gives
 * `{}`; anything but an object is an `invalid_argument` AgentlineError naming `name`.
 */
export function optionalArgument<T extends object>(value: T | undefined, name: string, operation: string): T {
  if (value === undefined) return {} as T;
  if (!isObject(value)) throw argumentError(value, name, operation, "an object or omitted");
  return value;
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
  // Read once, here: a getter or proxy that throws is this argument's fault, named, not an engine error later on.
  try {
    return { ...value };
  } catch (error) {
    throw unreadableArgument(operation, `\`${name}\``, "invalid_argument", error);
  }
}

/**
 * Checks the client context a resource is built with, else an `invalid_argument` saying where resources come
 * from: their client builds them (`client.agents`, `forge.repo(owner, repo).pulls`); nobody else has a context.
 */
export function requireClientContext(context: unknown, owner: string): void {
  if (!isObject(context) || !isObject(context.operations)) {
    throw argumentError(context, "context", owner, "a client's context: take the resource from its client");
  }
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

/** `value[key]`, an object, from an object argument `name`; else an `invalid_argument` saying what to pass. */
export function argumentField<T>(value: unknown, key: string, name: string, operation: string, expected: string): T {
  let field: unknown;
  try {
    field = isObject(value) ? value[key] : undefined;
  } catch (error) {
    throw unreadableArgument(operation, `\`${name}\``, "invalid_argument", error);
  }
  if (!isObject(field)) throw argumentError(value, name, operation, expected);
  return field as T;
}

/** Whether a value is an empty array (false for anything else, a revoked `Proxy` included). */
export function isEmptyList(value: unknown): boolean {
  try {
    return Array.isArray(value) && value.length === 0;
  } catch {
    return false; // a revoked Proxy: left to the list's own check, which refuses it by name
  }
}
