import {
  argumentError,
  BOOLEAN_OPTION,
  checkOptions,
  FUNCTION_OPTION,
  isFunction,
  isObject,
  type OptionRule,
  optional,
  unreadableArgument,
} from "./arguments.js";
import { AgentlineError, isAgentlineError } from "./errors.js";
import { checkHeaderRecord } from "./header-values.js";

// The options every client takes (BaseClientOptions) and the ones a call may override (CallOptions), checked when
// the client is made and when the call starts: a wrong one is an `invalid_option` naming it, never a TypeError at
// the first request, or a value quietly read as something else (`maxRetries: "2"`). `baseUrl`, `credentials`,
// `logLevel` and `maxRetryAfterMs` are checked where they are read.

/** A retry count: a whole number, 0 or more. */
const RETRIES_OPTION: OptionRule = [(value) => Number.isInteger(value) && (value as number) >= 0, "an integer >= 0"];
/** A timeout: more than 0 ms (`Infinity` for none). */
const TIMEOUT_OPTION: OptionRule = [
  (value) => typeof value === "number" && value > 0,
  "ms > 0 (Infinity for no timeout)",
];
const HOOK_KINDS = ["beforeRequest", "afterResponse", "beforeRetry"] as const;
/** `hooks`: an object whose lists hold functions only. */
const HOOKS_OPTION: OptionRule = [
  (value) =>
    isObject(value) &&
    HOOK_KINDS.every((kind) => optional(value[kind], (list) => Array.isArray(list) && list.every(isFunction))),
  `an object of hook lists (${HOOK_KINDS.join(", ")}: arrays of functions)`,
];
/** A logger: `console`, or any object with `debug`/`info`/`warn`/`error` methods. */
const LOGGER_OPTION: OptionRule = [isObject, "a console-compatible object (`console` works)"];

/** Checks a client's options that the transport reads. */
export function checkClientOptions(options: object): void {
  checkOptions(options, "options", {
    fetch: FUNCTION_OPTION,
    maxRetries: RETRIES_OPTION,
    timeoutMs: TIMEOUT_OPTION,
    shouldRetry: FUNCTION_OPTION,
    hooks: HOOKS_OPTION,
    logger: LOGGER_OPTION,
    identify: BOOLEAN_OPTION,
    sleep: FUNCTION_OPTION,
    now: FUNCTION_OPTION,
    random: FUNCTION_OPTION,
  });
  checkHeaderRecord((options as { headers?: unknown }).headers, "options.headers", "invalid_option");
}

/** An AbortSignal (any runtime's, or a compatible one): what a call listens to. */
const SIGNAL_OPTION: OptionRule = [
  (value) => isObject(value) && typeof value.aborted === "boolean" && typeof value.addEventListener === "function",
  "an AbortSignal",
];

/** Checks the options of one call (`signal`, `timeoutMs`, `maxRetries`, `headers`). */
export function checkCallOptions(options: unknown, operation = "request"): void {
  // A string, number, array or `true` where the options go is a mistake, not "no options".
  if (!isObject(options)) {
    const expected = "an object of call options (signal, timeoutMs, maxRetries, headers) or omitted";
    throw new AgentlineError(argumentError(options, "options", operation, expected).message, {
      code: "invalid_option",
    });
  }
  try {
    checkOptions(options, "options", { signal: SIGNAL_OPTION, timeoutMs: TIMEOUT_OPTION, maxRetries: RETRIES_OPTION });
    checkHeaderRecord((options as { headers?: unknown }).headers, "options.headers", "invalid_option");
  } catch (error) {
    if (isAgentlineError(error)) throw error;
    throw unreadableArgument("request", "`options`", "invalid_option", error);
  }
}
