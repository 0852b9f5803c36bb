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

/** The cache key of a token: the installation and its narrowing, order-insensitive. */
export function tokenCacheKey(installationId: string, narrowing: TokenNarrowing = {}): string {
  const scopes = [...(narrowing.scopes ?? [])].sort().join(" ");
  const repos = [...(narrowing.repositoryIds ?? [])].sort().join(",");
  return `${installationId}|${scopes}|${repos}`;
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

  /** A token with at least `refreshMarginMs` left, from the cache or freshly minted. */
  async get(installationId: string, narrowing: TokenNarrowing = {}): Promise<InstallationToken> {
    const key = tokenCacheKey(installationId, narrowing);
    const cached = await this.#cache.get(key);
    if (cached && cached.expiresAt - this.#now() > this.#refreshMarginMs) return cached;
    let pending = this.#inFlight.get(key);
    if (!pending) {
      pending = this.#mint(installationId, narrowing)
        .then(async (token) => {
          await this.#cache.set(key, token);
          return token;
        })
        .finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return pending;
  }

  /** Forgets a token (after the forge answered 401 to it). */
  async invalidate(installationId: string, narrowing: TokenNarrowing = {}): Promise<void> {
    await this.#cache.delete(tokenCacheKey(installationId, narrowing));
  }
}
