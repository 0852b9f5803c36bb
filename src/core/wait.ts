import { AgentlineError, type ApiError, RateLimitError } from "./errors.js";

/**
 * The longest delay every runtime's timers accept (2³¹−1 ms, about 24.8 days). Node fires a longer `setTimeout` at
 * once (with a `TimeoutOverflowWarning`), so a server asking for a huge wait would otherwise turn a pause into a spin.
 */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** The default cap on any one wait the SDK makes because a server or a budget asked for it (`maxRetryAfterMs`). */
export const DEFAULT_MAX_WAIT_MS = 60_000;

/** The `code` of the {@link RateLimitError} a rate budget fails with when its wait is longer than the cap. */
export const WAIT_EXCEEDS_CAP = "wait_exceeds_cap";

/**
 * A delay safe to hand to `setTimeout`: a whole number of ms in `[0, 2³¹−1]`. `NaN` and negatives become 0; anything
 * longer than a timer can hold is clamped (callers cap their waits far below this; this is the last line).
 */
export function timerDelay(ms: number): number {
  if (Number.isNaN(ms) || ms <= 0) return 0;
  return Math.min(Math.ceil(ms), MAX_TIMER_DELAY_MS);
}

/**
 * Checks a wait cap option (`maxRetryAfterMs`, `maxWaitMs`): `undefined` gives the 60 s default; 0 means "never
 * wait for a server or a budget". A cap above what a timer holds is lowered to it, so an honoured wait is never
 * cut short by a clamped timer.
 */
export function waitCap(value: number | undefined, option = "maxRetryAfterMs"): number {
  if (value === undefined) return DEFAULT_MAX_WAIT_MS;
  if (typeof value !== "number" || Number.isNaN(value) || value < 0) {
    throw new AgentlineError(`\`${option}\` must be 0 or more milliseconds; got ${String(value)}.`, {
      code: "invalid_option",
    });
  }
  return Math.min(value, MAX_TIMER_DELAY_MS);
}

/** The shortest pause between polls that a low cap can impose (a cap of 0 means "never wait for a server"). */
export const MIN_POLL_INTERVAL_MS = 1_000;

/**
 * The pause between two polls: the caller's interval, at most the client's cap (every wait is bounded by it), but
 * never shortened by the cap below {@link MIN_POLL_INTERVAL_MS}: a cap of 0 must not turn polling into a tight loop.
 */
export function pollInterval(requestedMs: number, capMs: number): number {
  return Math.min(requestedMs, Math.max(capMs, MIN_POLL_INTERVAL_MS), MAX_TIMER_DELAY_MS);
}

/** Who asked for a wait: the server (its error, carrying `Retry-After`), or a client-side rate budget by name. */
export type WaitAsker = { error: ApiError } | { budget: string };

/**
 * The one rule for every wait a server or a budget asks for: a wait of at most `capMs` is honoured (the ms to wait
 * is returned; `NaN` and negatives are 0); a longer one fails the call at once with a {@link RateLimitError} whose
 * `retryAfter` is what was asked, so the caller decides whether to come back then or raise the cap.
 */
export function boundedWait(requestedMs: number, capMs: number, asker: WaitAsker): number {
  const ms = Number.isNaN(requestedMs) || requestedMs < 0 ? 0 : requestedMs;
  if (ms <= capMs) return ms;
  const advice = `Try again after \`retryAfter\` seconds, or raise the client's \`maxRetryAfterMs\` to let the SDK wait.`;
  if ("error" in asker) {
    const { error } = asker;
    const hint = `the server asked to wait ${seconds(ms)} (Retry-After), longer than \`maxRetryAfterMs\` (${seconds(capMs)}): not retried. ${advice}`;
    throw error.withHint(error.hint ? `${error.hint}; ${hint}` : hint);
  }
  throw new RateLimitError({
    status: 429,
    code: WAIT_EXCEEDS_CAP,
    message:
      `the \`${asker.budget}\` rate budget grants nothing for ${seconds(ms)} (blocked by a 429's Retry-After, or full), ` +
      `longer than \`maxRetryAfterMs\` (${seconds(capMs)}): nothing was sent. ${advice}`,
    retryAfterMs: ms,
  });
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}
