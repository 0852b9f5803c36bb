/**
 * The longest delay every runtime's timers accept (2³¹−1 ms, about 24.8 days). Node fires a longer `setTimeout` at
 * once (with a `TimeoutOverflowWarning`), so a server asking for a huge wait would otherwise turn a pause into a spin.
 */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** The default cap on any one wait the SDK makes because a server or a budget asked for it (`maxRetryAfterMs`). */
export const DEFAULT_MAX_WAIT_MS = 60_000;

/**
 * A delay safe to hand to `setTimeout`: a whole number of ms in `[0, 2³¹−1]`. `NaN` and negatives become 0; anything
 * longer than a timer can hold is clamped (callers cap their waits far below this; this is the last line).
 */
export function timerDelay(ms: number): number {
  if (Number.isNaN(ms) || ms <= 0) return 0;
  return Math.min(Math.ceil(ms), MAX_TIMER_DELAY_MS);
}
