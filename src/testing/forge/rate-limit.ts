// Points per rolling minute per principal. A window opens at the first charged request of a burst and
// lasts 60 s; the spec's X-RateLimit-Reset advertises a full 60 s from each response, so it is computed
// from the response time, not from the window. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Rate limits (points per rolling minute, per authenticated principal))

const WINDOW_MS = 60_000;

/** The four numbers of `GET /rate_limit` (`resources.core` and `rate`). */
export interface RateLimitSnapshot {
  limit: number;
  remaining: number;
  reset: number;
  used: number;
}

/** What `fake.forge.stats` reports for one principal (`app:<id>`, `installation:<id>`, `user:<id>`). */
export interface ForgePrincipalStats {
  limit: number;
  /** Points used in the current window. */
  used: number;
  remaining: number;
  /** Points charged since creation or reset, over all windows. */
  totalCharged: number;
  /** Requests answered 429 because the budget was spent. */
  rejected: number;
}

interface Window {
  start: number;
  used: number;
  limit: number;
  totalCharged: number;
  rejected: number;
}

/** The outcome of charging one request: admitted or not, and the headers its answer carries. */
export interface ChargeResult {
  admitted: boolean;
  headers: Record<string, string>;
}

/** Per-principal point accounting for the forge's REST API. */
export class ForgeRateLimiter {
  private readonly windows = new Map<string, Window>();

  private window(principal: string, limit: number, now: number): Window {
    let window = this.windows.get(principal);
    if (!window) {
      window = { start: now, used: 0, limit, totalCharged: 0, rejected: 0 };
      this.windows.set(principal, window);
    } else if (now >= window.start + WINDOW_MS || window.used === 0) {
      window.start = now;
      window.used = 0;
    }
    window.limit = limit;
    return window;
  }

  /** The budget of a principal right now, without charging. */
  peek(principal: string, limit: number, now: number): RateLimitSnapshot {
    const window = this.windows.get(principal);
    const used = window && now < window.start + WINDOW_MS ? window.used : 0;
    return { limit, remaining: Math.max(0, limit - used), reset: resetSeconds(now), used };
  }

  /** Charges `cost` points, or refuses when the budget has fewer left. */
  charge(principal: string, limit: number, cost: number, now: number): ChargeResult {
    const window = this.window(principal, limit, now);
    const admitted = window.used + cost <= limit;
    if (admitted) {
      window.used += cost;
      window.totalCharged += cost;
    } else {
      window.rejected += 1;
    }
    const remaining = admitted ? limit - window.used : 0;
    const headers: Record<string, string> = {
      "x-ratelimit-limit": String(limit),
      "x-ratelimit-remaining": String(remaining),
      "x-ratelimit-used": String(window.used),
      "x-ratelimit-reset": String(resetSeconds(now)),
      "x-ratelimit-resource": "core",
    };
    if (!admitted) headers["retry-after"] = "60";
    return { admitted, headers };
  }

  /** Every principal seen so far. */
  snapshot(now: number): Record<string, ForgePrincipalStats> {
    const out: Record<string, ForgePrincipalStats> = {};
    for (const [principal, window] of this.windows) {
      const used = now < window.start + WINDOW_MS ? window.used : 0;
      out[principal] = {
        limit: window.limit,
        used,
        remaining: Math.max(0, window.limit - used),
        totalCharged: window.totalCharged,
        rejected: window.rejected,
      };
    }
    return out;
  }

  /** Forgets every window and count. */
  reset(): void {
    this.windows.clear();
  }
}

function resetSeconds(now: number): number {
  return Math.floor(now / 1000) + WINDOW_MS / 1000;
}
