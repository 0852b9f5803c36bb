import { ApiError, ConnectionError, TimeoutError } from "./errors.js";
import { boundedWait } from "./wait.js";

/** Statuses worth another attempt. 429 was not processed, so it is safe for every operation. */
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/** Everything the retry decision looks at; also what `shouldRetry` and `beforeRetry` receive. */
export interface RetryState {
  /** The attempt that just failed, from 1. */
  attempt: number;
  maxRetries: number;
  /** Whether repeating the operation can never apply it twice (GET, DELETE, a create with an id, …). */
  idempotent: boolean;
  error: unknown;
  /** The HTTP status when the failure was an API error. */
  status: number | undefined;
  /** What the server asked for in `Retry-After`, in ms. */
  retryAfterMs: number | undefined;
  method: string;
  path: string;
}

/** Per-client knobs of the retry policy. */
export interface RetryPolicy {
  maxRetries: number;
  /** The longest `Retry-After` honoured; a longer one fails the call at once (see {@link boundedWait}). Default 60 000 ms. */
  maxRetryAfterMs: number;
  /** First backoff ceiling (ms); doubles each attempt up to `maxBackoffMs`. */
  initialBackoffMs: number;
  maxBackoffMs: number;
  /** Overrides the decision; return `undefined` to keep the default. */
  shouldRetry?: ((state: RetryState & { defaultDecision: boolean }) => boolean | undefined) | undefined;
  random: () => number;
}

/**
 * The default decision, in order:
 * 1. out of attempts → no;
 * 2. a 429 → yes (the request was not processed);
 * 3. a connection failure or timeout → only when idempotent (it may have been applied);
 * 4. 408 / 5xx in the retryable set → only when idempotent;
 * 5. anything else (other 4xx, validation, abort) → no.
 */
export function defaultRetryDecision(state: RetryState): boolean {
  if (state.attempt > state.maxRetries) return false;
  const { error } = state;
  if (error instanceof ApiError) {
    if (error.status === 429) return true;
    return RETRYABLE_STATUSES.has(error.status) && state.idempotent;
  }
  if (error instanceof ConnectionError || error instanceof TimeoutError) return state.idempotent;
  return false;
}

/** The default decision, then the caller's override. */
export function decideRetry(policy: RetryPolicy, state: RetryState): boolean {
  const defaultDecision = defaultRetryDecision(state);
  if (!policy.shouldRetry || state.attempt > state.maxRetries) return defaultDecision;
  return policy.shouldRetry({ ...state, defaultDecision }) ?? defaultDecision;
}

/**
 * How long to wait before the next attempt: the server's `Retry-After` when given, otherwise exponential backoff
 * with full jitter (never above `maxRetryAfterMs` either). Throws the server's error, with a hint saying so, when
 * `Retry-After` asks for more than `maxRetryAfterMs`: the call then fails at once and the caller decides.
 */
export function retryDelayMs(policy: RetryPolicy, state: RetryState): number {
  if (state.retryAfterMs !== undefined && state.error instanceof ApiError) {
    return boundedWait(state.retryAfterMs, policy.maxRetryAfterMs, { error: state.error });
  }
  const ceiling = Math.min(policy.maxBackoffMs, policy.initialBackoffMs * 2 ** (state.attempt - 1));
  return Math.min(Math.floor(policy.random() * ceiling), policy.maxRetryAfterMs);
}
