/** The advertised budget: generous, so only injected faults ever exhaust it. */
const LIMIT = 1000;
const WINDOW_MS = 60_000;

/**
 * Counts requests in fixed one-minute windows of the fake clock and reports them as
 * `X-RateLimit-*` headers. It never refuses a request: 429s come from `rate_limit` faults only.
 */
export class RateBudget {
  private windowStart = Number.NEGATIVE_INFINITY;
  private used = 0;

  /** Counts one request at `now` and returns the headers for its answer. */
  consume(now: number): Record<string, string> {
    if (now >= this.windowStart + WINDOW_MS || now < this.windowStart) {
      this.windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
      this.used = 0;
    }
    this.used += 1;
    return {
      "x-ratelimit-limit": String(LIMIT),
      "x-ratelimit-remaining": String(Math.max(0, LIMIT - this.used)),
      "x-ratelimit-reset": String(Math.ceil((this.windowStart + WINDOW_MS) / 1000)),
    };
  }

  /** Starts over. */
  reset(): void {
    this.windowStart = Number.NEGATIVE_INFINITY;
    this.used = 0;
  }
}
