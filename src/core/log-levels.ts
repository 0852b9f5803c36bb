import { AbortError, AgentlineError, ApiError, ConnectionError, TimeoutError } from "./errors.js";
import type { Logger, LogLevel, LogRecord } from "./options.js";

const RANK: Readonly<Record<LogLevel, number>> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/**
 * What an error shows of a wrong `logLevel`: a short word as is (`"verbose"`), anything else by its type and length
 * only, since a value in the wrong option may be a key (`logLevel: apiKey`) and no part of it may be printed.
 */
function shownLevel(value: unknown): string {
  if (typeof value !== "string") return typeof value;
  return /^[A-Za-z]{1,12}$/.test(value) ? JSON.stringify(value) : `a string of ${value.length} characters`;
}

/** Which levels a client passes on to its logger. */
export interface LogThreshold {
  off: boolean;
  allows(level: LogRecord["level"]): boolean;
}

/**
 * The client's threshold: the `logLevel` asked for, else `debug` when a logger was passed (it filters on its own),
 * else `off`. An unknown level is refused at construction rather than silently logging nothing.
 */
export function logThreshold(level: unknown, logger: Logger | undefined): LogThreshold {
  const chosen = level ?? (logger ? "debug" : "off");
  if (typeof chosen !== "string" || !Object.hasOwn(RANK, chosen)) {
    throw new AgentlineError(
      `\`logLevel\` must be one of ${Object.keys(RANK).join(", ")} (got ${shownLevel(chosen)}).`,
      { code: "invalid_option" },
    );
  }
  const rank = RANK[chosen as LogLevel];
  return { off: rank === 0, allows: (candidate) => RANK[candidate] <= rank };
}

/**
 * The level of a call's final failure: the caller's own cancellation is `debug`; the service failing (5xx, a
 * dropped connection, a timeout, a 2xx body that is not JSON) is `error`; what needs configuration or the spec's
 * attention (401, 403, 429, a response that breaks the spec) is `warn`; any other 4xx is `info`, since callers
 * routinely expect and handle them (a 404 checked for, a 409 retried).
 */
export function failureLevel(error: unknown): LogRecord["level"] {
  if (error instanceof AbortError) return "debug";
  if (error instanceof ApiError) {
    if (error.status >= 500) return "error";
    if (error.status === 401 || error.status === 403 || error.status === 429) return "warn";
    return "info";
  }
  if (error instanceof ConnectionError || error instanceof TimeoutError) return "error";
  return "warn";
}

/** What a log record says of the error that ended a call. */
export function errorFields(error: unknown): Partial<LogRecord> {
  if (error instanceof ApiError)
    return { status: error.status, errorCode: error.code, requestId: error.requestId, message: error.message };
  if (error instanceof AgentlineError) return { errorCode: error.code, message: error.message };
  return { message: String(error) };
}
