import { AbortError, TimeoutError, ValidationError } from "../core/errors.js";
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
 * The narrowing checked before it keys a cache entry (a non-array would throw a raw TypeError there, a BigInt one
 * when serialized) and copied, so that changing the caller's arrays later changes no client's token. Entries must be
 * non-empty strings; the mint's body schema checks the rest.
 */
export function checkNarrowing(narrowing: TokenNarrowing, context: string): TokenNarrowing {
  const checked: { scopes?: string[]; repositoryIds?: string[] } = {};
  for (const field of ["scopes", "repositoryIds"] as const) {
    const list: unknown = narrowing[field];
    if (list === undefined) continue;
    if (!Array.isArray(list) || !list.every((entry) => typeof entry === "string" && entry !== "")) {
      throw new ValidationError(
        [{ path: field, rule: "type", message: `\`${field}\` must be an array of non-empty strings` }],
        { context },
      );
    }
    checked[field] = [...list];
  }
  return checked;
}

/**
 * The cache key of a token: the app and forge it is for (`owner`: one store may serve several apps, or a staging and
 * a production forge, whose installation ids may coincide), the installation and its narrowing, order-insensitive.
 * JSON, so that no id, scope or repository id can end one part and start the next (`inst_a|` is not `inst_a`
 * narrowed to `|`).
 */
export function tokenCacheKey(installationId: string, narrowing: TokenNarrowing = {}, owner = ""): string {
  const scopes = [...(narrowing.scopes ?? [])].sort();
  const repos = [...(narrowing.repositoryIds ?? [])].sort();
  return JSON.stringify(owner === "" ? [installationId, scopes, repos] : [owner, installationId, scopes, repos]);
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
  readonly #owner: string;
  readonly #inFlight = new Map<string, Promise<InstallationToken>>();
  /**
   * The last mint per key and the tick it finished at. A cache read that started before that tick may answer what the
   * store held before the mint (a store with latency): that miss is stale, and the mint's token is the answer. So is
   * every miss after the store failed to keep the token (`unstored`), or failed to read.
   */
  readonly #minted = new Map<string, { token: InstallationToken; tick: number; unstored: boolean }>();
  #tick = 0;
  #mints = 0;

  constructor(options: {
    cache?: TokenCache | undefined;
    mint: (installationId: string, narrowing: TokenNarrowing) => Promise<InstallationToken>;
    now: () => number;
    refreshMarginMs?: number | undefined;
    /** Whose tokens these are (the app id and forge address), so that apps sharing a store never swap tokens. */
    owner?: string | undefined;
  }) {
    this.#cache = options.cache ?? new MemoryTokenCache();
    this.#mint = options.mint;
    this.#now = options.now;
    this.#refreshMarginMs = options.refreshMarginMs ?? 60_000;
    this.#owner = options.owner ?? "";
  }

  /**
   * A token with at least `refreshMarginMs` left, from the cache or freshly minted. `wait` bounds this caller's wait
   * for a mint (an `AbortError` or `TimeoutError`); the mint goes on for every other caller sharing it.
   */
  async get(installationId: string, narrowing: TokenNarrowing = {}, wait?: TokenWait): Promise<InstallationToken> {
    const key = tokenCacheKey(installationId, narrowing, this.#owner);
    let pending = this.#inFlight.get(key);
    if (pending) return waitFor(pending, wait);
    const readAt = ++this.#tick;
    // A store that is down reads as unknown (this realm's last mint is used then): it costs the sharing, not the call.
    // The read of a store that may hang is bounded by the caller's signal and timeout, as the mint is.
    const read = await waitFor(
      attempt(() => this.#cache.get(key)).then(
        (value) => ({ value }),
        () => undefined,
      ),
      this.#cache instanceof MemoryTokenCache ? undefined : wait,
    );
    const cached = read?.value;
    if (cached && this.#fresh(cached)) return cached;
    pending = this.#inFlight.get(key);
    if (!pending) {
      const minted = this.#minted.get(key);
      const storeSilent = read === undefined || minted?.unstored === true;
      if (minted && (storeSilent || minted.tick > readAt) && this.#fresh(minted.token)) return minted.token;
      pending = this.#mint(installationId, narrowing)
        .then((token) => {
          // The token is good at once: the store's write goes on without the callers, so a store that fails or never
          // answers loses only the sharing. Until it confirms, this realm's own mint is what its callers take.
          this.#remember(key, token, true);
          void attempt(() => this.#cache.set(key, token)).then(
            () => {
              if (this.#minted.get(key)?.token === token) this.#remember(key, token, false);
            },
            () => undefined,
          );
          return token;
        })
        .finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return waitFor(pending, wait);
  }

  /**
   * Forgets a token after the forge answered 401 to it. With `refused` (the token refused), a newer token is kept: a
   * call answered late with the old token must not drop the one that another call's refresh just minted. A store
   * that fails is left as it is: the next reader of the refused token meets the 401 and refreshes in turn.
   */
  async invalidate(installationId: string, narrowing: TokenNarrowing = {}, refused?: string): Promise<void> {
    const key = tokenCacheKey(installationId, narrowing, this.#owner);
    const minted = this.#minted.get(key);
    if (refused === undefined || minted?.token.token === refused) this.#minted.delete(key);
    if (refused !== undefined) {
      const cached = await attempt(() => this.#cache.get(key)).catch(() => undefined);
      if (cached !== undefined && cached.token !== refused) return;
    }
    await attempt(() => this.#cache.delete(key)).catch(() => {});
  }

  #remember(key: string, token: InstallationToken, unstored: boolean): void {
    // Every 256 mints, forget the mints whose tokens expired, so an app of many installations does not grow forever.
    if (++this.#mints % 256 === 0) {
      const now = this.#now();
      for (const [other, minted] of this.#minted) if (minted.token.expiresAt <= now) this.#minted.delete(other);
    }
    this.#minted.set(key, { token, tick: ++this.#tick, unstored });
  }

  #fresh(token: InstallationToken): boolean {
    return token.expiresAt - this.#now() > this.#refreshMarginMs;
  }
}

/** A store call as a promise, also when the store throws rather than rejects. */
function attempt<T>(call: () => Promise<T>): Promise<T> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * A shared mint (or a store read) as one caller waits for it: rejected at once when its signal fires (`AbortError`) or its timeout
 * passes (`TimeoutError`), listener and timer removed either way; the mint itself is not cancelled.
 */
function waitFor<T>(pending: Promise<T>, wait: TokenWait | undefined): Promise<T> {
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
      (value) => {
        done();
        resolve(value);
      },
      (error: unknown) => {
        done();
        reject(error);
      },
    );
  });
}
