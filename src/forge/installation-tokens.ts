import { AbortError, TimeoutError } from "../core/errors.js";
import { timerDelay } from "../core/wait.js";

/** An installation access token and when it expires (ms since the epoch). */
export interface InstallationToken {
  token: string;
  expiresAt: number;
}

/**
 * Where minted tokens are kept. Async so a shared store (Workers KV, Redis, a Durable Object) fits:
 * many instances of an app then mint once per installation instead of once each.
 */
export interface TokenCache {
  get(key: string): Promise<InstallationToken | undefined>;
  set(key: string, value: InstallationToken): Promise<void>;
  delete(key: string): Promise<void>;
}

/** The default: a Map in this realm. */
export class MemoryTokenCache implements TokenCache {
  readonly #entries = new Map<string, InstallationToken>();
  async get(key: string): Promise<InstallationToken | undefined> {
    return this.#entries.get(key);
  }
  async set(key: string, value: InstallationToken): Promise<void> {
    this.#entries.set(key, value);
  }
  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }
}

/** How a token is narrowed: scopes and repositories, each a subset of the installation's grant. */
export interface TokenNarrowing {
  scopes?: readonly string[] | undefined;
  repositoryIds?: readonly string[] | undefined;
}

/**
 * The cache key of a token: the installation and its narrowing, order-insensitive. JSON, so that no installation id,
 * scope or repository id can end one part and start the next (`inst_a|` is not `inst_a` narrowed to `|`).
 */
export function tokenCacheKey(installationId: string, narrowing: TokenNarrowing = {}): string {
  const scopes = [...(narrowing.scopes ?? [])].sort();
  const repos = [...(narrowing.repositoryIds ?? [])].sort();
  return JSON.stringify([installationId, scopes, repos]);
}

/** How long one caller waits for a token: its signal and its timeout (the mint itself goes on for the others). */
export interface TokenWait {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

/**
 * Mints and caches installation tokens: one per (installation, scopes, repositories), refreshed
 * `refreshMarginMs` before it expires; concurrent callers share one in-flight mint; `invalidate()`
 * drops a token the forge refused (401) so the next call mints anew.
 */
export class InstallationTokens {
  readonly #cache: TokenCache;
  readonly #mint: (installationId: string, narrowing: TokenNarrowing) => Promise<InstallationToken>;
  readonly #now: () => number;
  readonly #refreshMarginMs: number;
  readonly #inFlight = new Map<string, Promise<InstallationToken>>();
  /**
   * The last mint per key and the tick it finished at. A cache read that started before that tick may answer what the
   * store held before the mint (a store with latency): that miss is stale, and the mint's token is the answer.
   */
  readonly #minted = new Map<string, { token: InstallationToken; tick: number }>();
  #tick = 0;
  #mints = 0;

  constructor(options: {
    cache?: TokenCache | undefined;
    mint: (installationId: string, narrowing: TokenNarrowing) => Promise<InstallationToken>;
    now: () => number;
    refreshMarginMs?: number | undefined;
  }) {
    this.#cache = options.cache ?? new MemoryTokenCache();
    this.#mint = options.mint;
    this.#now = options.now;
    this.#refreshMarginMs = options.refreshMarginMs ?? 60_000;
  }

  /**
   * A token with at least `refreshMarginMs` left, from the cache or freshly minted. `wait` bounds this caller's wait
   * for a mint (an `AbortError` or `TimeoutError`); the mint goes on for every other caller sharing it.
   */
  async get(installationId: string, narrowing: TokenNarrowing = {}, wait?: TokenWait): Promise<InstallationToken> {
    const key = tokenCacheKey(installationId, narrowing);
    let pending = this.#inFlight.get(key);
    if (pending) return waitFor(pending, wait);
    const readAt = ++this.#tick;
    const cached = await this.#cache.get(key);
    if (cached && this.#fresh(cached)) return cached;
    pending = this.#inFlight.get(key);
    if (!pending) {
      const minted = this.#minted.get(key);
      if (minted && minted.tick > readAt && this.#fresh(minted.token)) return minted.token;
      pending = this.#mint(installationId, narrowing)
        .then(async (token) => {
          await this.#cache.set(key, token);
          this.#remember(key, token);
          return token;
        })
        .finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return waitFor(pending, wait);
  }

  /** Forgets a token (after the forge answered 401 to it). */
  async invalidate(installationId: string, narrowing: TokenNarrowing = {}): Promise<void> {
    const key = tokenCacheKey(installationId, narrowing);
    this.#minted.delete(key);
    await this.#cache.delete(key);
  }

  #remember(key: string, token: InstallationToken): void {
    // Every 256 mints, forget the mints whose tokens expired, so an app of many installations does not grow forever.
    if (++this.#mints % 256 === 0) {
      const now = this.#now();
      for (const [other, minted] of this.#minted) if (minted.token.expiresAt <= now) this.#minted.delete(other);
    }
    this.#minted.set(key, { token, tick: ++this.#tick });
  }

  #fresh(token: InstallationToken): boolean {
    return token.expiresAt - this.#now() > this.#refreshMarginMs;
  }
}

/**
 * A shared mint as one caller waits for it: rejected at once when its signal fires (`AbortError`) or its timeout
 * passes (`TimeoutError`), listener and timer removed either way; the mint itself is not cancelled.
 */
function waitFor(pending: Promise<InstallationToken>, wait: TokenWait | undefined): Promise<InstallationToken> {
  const signal = wait?.signal;
  const timeoutMs = wait?.timeoutMs;
  const timed = timeoutMs !== undefined && Number.isFinite(timeoutMs) && timeoutMs > 0;
  if (!signal && !timed) return pending;
  if (signal?.aborted) return Promise.reject(new AbortError(undefined, signal.reason));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      done();
      reject(new AbortError(undefined, signal?.reason));
    };
    const timer = timed
      ? setTimeout(() => {
          done();
          reject(new TimeoutError(timeoutMs));
        }, timerDelay(timeoutMs))
      : undefined;
    const done = () => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    pending.then(
      (token) => {
        done();
        resolve(token);
      },
      (error: unknown) => {
        done();
        reject(error);
      },
    );
  });
}
