import type { AdminRouteFamily } from "../../admin/operations.js";

/** Requests and 429s of one route family. */
export interface AdminFamilyStats {
  requests: number;
  rateLimited: number;
}

/** What `fake.admin.stats` reports: every admin request answered, and those refused with 429. */
export interface AdminStats {
  /** Admin and Organization API requests the fake answered (injected faults excluded). */
  requests: number;
  /** Of those, refused by the per-family rate limits (429). */
  rateLimited: number;
  /** Per route family: requests that reached the rate check, and the 429s among them. */
  byFamily: Partial<Record<AdminRouteFamily, AdminFamilyStats>>;
}

const WINDOW_MS = 60_000;

/**
 * The documented per-family budgets, per team or organization, over a rolling minute of the fake
 * clock. A refused request does not use budget. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Limits)
 */
export class AdminRateLimiter {
  private readonly windows = new Map<string, number[]>();
  private stats: AdminStats = { requests: 0, rateLimited: 0, byFamily: {} };

  constructor(private readonly limits: Readonly<Record<AdminRouteFamily, number>> | false) {}

  /** Counts one answered admin request. */
  countRequest(): void {
    this.stats.requests += 1;
  }

  /** Whether `principal` may make one more `family` request at `now`; records it when so. */
  admit(principal: string, family: AdminRouteFamily, now: number): boolean {
    const familyStats = this.stats.byFamily[family] ?? { requests: 0, rateLimited: 0 };
    this.stats.byFamily[family] = familyStats;
    familyStats.requests += 1;
    if (this.limits === false) return true;
    const bucket = `${principal}|${family}`;
    const recent = (this.windows.get(bucket) ?? []).filter((at) => at > now - WINDOW_MS);
    if (recent.length >= this.limits[family]) {
      this.windows.set(bucket, recent);
      familyStats.rateLimited += 1;
      this.stats.rateLimited += 1;
      return false;
    }
    recent.push(now);
    this.windows.set(bucket, recent);
    return true;
  }

  /** A copy of the counters. */
  snapshot(): AdminStats {
    return structuredClone(this.stats);
  }

  /** Zeroes the counters (the rate windows stay). */
  resetStats(): void {
    this.stats = { requests: 0, rateLimited: 0, byFamily: {} };
  }

  /** Zeroes the counters and forgets every window. */
  reset(): void {
    this.resetStats();
    this.windows.clear();
  }
}
