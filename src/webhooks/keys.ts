import { KeySetUnavailableError } from "./errors.js";
import type { KeySetCache } from "./key-cache.js";
import {
  DEFAULT_KEY_SET_SECONDS,
  ed25519Keys,
  type ForgeVerificationKey,
  importEd25519Key,
  type KeySetSnapshot,
  parseCacheControl,
} from "./key-set.js";

/** What {@link ForgeKeys} takes. Give `baseUrl` (the service address) or `jwksUrl`. */
export interface ForgeKeysOptions {
  /** The service address: keys are read from `{baseUrl}/v1/forge/keys`, receipts are issued by `{baseUrl}/v1/forge`. */
  baseUrl?: string;
  /** The key set address itself, when it is not under `baseUrl`. */
  jwksUrl?: string;
  /** The receipts' `iss`; default `{baseUrl}/v1/forge`. */
  issuer?: string;
  /** Default: the global `fetch`. */
  fetch?: (request: Request) => Promise<Response>;
  /** Milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
  /**
   * The least time between two refreshes caused by a signature no key verifies (and between retries after
   * a failed fetch), so forged traffic cannot turn into a fetch storm. Default 30 000 ms.
   */
  refreshCooldownMs?: number;
  /** A cache shared between isolates (e.g. {@link workersKvKeySetCache}). */
  cache?: KeySetCache;
  /** Per-fetch time limit; default 10 000 ms. */
  timeoutMs?: number;
  /** Find the key set through OpenID discovery at this issuer instead (what {@link ForgeKeys.fromDiscovery} sets). */
  discoveryIssuer?: string;
}

interface LoadedKeySet {
  keys: ForgeVerificationKey[];
  fetchedAt: number;
  freshUntil: number;
  staleUntil: number;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/**
 * The forge's published Ed25519 keys, cached as the spec says: reused for `max-age` (600 s), kept up to
 * `stale-if-error` (600 s) more while refreshes fail, then refused (fail closed); refreshed early when no key
 * verifies a signature, at most once per cooldown; concurrent refreshes share one fetch. Each key is imported
 * once as a `CryptoKey`. Construct it once per isolate (module scope): it does no I/O until first used.
 * @see spec/forge-api.md#discovery-and-keys
 */
export class ForgeKeys {
  /** The `iss` of the forge's receipts, when known (`{baseUrl}/v1/forge`, or the discovery issuer). */
  readonly issuer: string | undefined;
  readonly #fetch: (request: Request) => Promise<Response>;
  readonly #now: () => number;
  readonly #cooldownMs: number;
  readonly #timeoutMs: number;
  readonly #cache: KeySetCache | undefined;
  readonly #discovery: string | undefined;
  #jwksUrl: string | undefined;
  #current: LoadedKeySet | undefined;
  #inflight: Promise<void> | undefined;
  #lastAttemptAt = -Infinity;
  #lastFailureAt = -Infinity;
  #imported = new Map<string, Promise<CryptoKey>>();

  constructor(options: ForgeKeysOptions) {
    const forge = options.baseUrl && `${trimSlash(options.baseUrl)}/v1/forge`;
    this.#discovery = options.discoveryIssuer && trimSlash(options.discoveryIssuer);
    this.#jwksUrl = options.jwksUrl ?? (forge && `${forge}/keys`);
    if (!this.#jwksUrl && !this.#discovery) {
      throw new TypeError("ForgeKeys needs `baseUrl`, `jwksUrl` or `discoveryIssuer`.");
    }
    this.issuer = options.issuer ?? (this.#discovery || forge);
    this.#fetch = options.fetch ?? ((request) => globalThis.fetch(request));
    this.#now = options.now ?? Date.now;
    this.#cooldownMs = options.refreshCooldownMs ?? 30_000;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#cache = options.cache;
  }

  /**
   * Keys found through OpenID discovery: `{issuerUrl}/.well-known/openid-configuration` is read on first use,
   * its `issuer` must equal `issuerUrl`, and its `jwks_uri` is the key set. @see spec/forge-api.md#discovery-and-keys
   */
  static fromDiscovery(
    issuerUrl: string,
    options: Omit<ForgeKeysOptions, "baseUrl" | "jwksUrl" | "discoveryIssuer"> = {},
  ): ForgeKeys {
    return new ForgeKeys({ ...options, discoveryIssuer: issuerUrl });
  }

  /**
   * The active keys: the cached set while fresh, else a refresh; while refreshes fail, the last good set for
   * up to its stale-if-error window. Throws {@link KeySetUnavailableError} when no usable set is left.
   */
  async getKeys(): Promise<readonly ForgeVerificationKey[]> {
    const current = this.#current;
    if (current && this.#now() < current.freshUntil) return current.keys;
    let failure: unknown;
    // After a failed fetch, wait out the cooldown before the next one (the stale set serves meanwhile).
    if (this.#inflight || this.#now() - this.#lastFailureAt >= this.#cooldownMs) {
      failure = await this.#refresh(false).then(
        () => undefined,
        (error: unknown) => error,
      );
    }
    const after = this.#current;
    if (after && this.#now() < after.staleUntil) return after.keys;
    // Nothing usable: fail closed (the cause, when there is one, says what the last fetch hit).
    throw new KeySetUnavailableError(
      "No forge key set: fetching failed and no copy within stale-if-error is left.",
      failure,
    );
  }

  /**
   * Called when no active key verifies a signature: refreshes the set unless one was fetched (or tried)
   * within the cooldown, sharing a refresh already under way. Resolves true when new keys arrived, so the
   * caller should try again. Never throws.
   */
  async refreshOnMiss(): Promise<boolean> {
    if (!this.#inflight && this.#now() - this.#lastAttemptAt < this.#cooldownMs) return false;
    const before = this.#imported;
    try {
      await this.#refresh(true);
    } catch {
      return false;
    }
    return [...this.#imported.keys()].some((x) => !before.has(x));
  }

  #refresh(onMiss: boolean): Promise<void> {
    this.#inflight ??= this.#load(onMiss).finally(() => {
      this.#inflight = undefined;
    });
    return this.#inflight;
  }

  async #load(onMiss: boolean): Promise<void> {
    const now = this.#now();
    this.#lastAttemptAt = now;
    const shared = await this.#cache?.get().catch(() => undefined);
    const newer = shared && shared.fetchedAt > (this.#current?.fetchedAt ?? -Infinity);
    // Another isolate's copy will do when it is fresh (for a miss: fetched within the cooldown, so it may
    // already hold the key that just rotated in).
    if (newer) {
      const ageMs = now - shared.fetchedAt;
      const fresh = onMiss
        ? ageMs < this.#cooldownMs
        : ageMs < 1000 * (shared.maxAgeSeconds ?? DEFAULT_KEY_SET_SECONDS);
      if (fresh && (await this.#adopt(shared).then(Boolean, () => false))) return;
    }
    try {
      const response = await this.#get(this.#jwksUrl ?? (await this.#discover()));
      const snapshot: KeySetSnapshot = {
        jwks: await response.json(),
        fetchedAt: this.#now(),
        ...parseCacheControl(response.headers.get("cache-control")),
      };
      await this.#adopt(snapshot);
      await this.#cache?.set(snapshot).catch(() => undefined);
    } catch (error) {
      this.#lastFailureAt = now;
      // A newer copy from the shared cache still beats ours while the network is down.
      if (newer) await this.#adopt(shared).catch(() => undefined);
      throw error;
    }
  }

  async #adopt(snapshot: KeySetSnapshot): Promise<true> {
    const jwks = ed25519Keys(snapshot.jwks);
    const imported = new Map<string, Promise<CryptoKey>>();
    const keys: ForgeVerificationKey[] = [];
    for (const jwk of jwks) {
      // Each public key is imported once, however many refreshes publish it again.
      const key = this.#imported.get(jwk.x) ?? importEd25519Key(jwk);
      imported.set(jwk.x, key);
      keys.push({ kid: jwk.kid, key: await key });
    }
    const maxAgeMs = 1000 * (snapshot.maxAgeSeconds ?? DEFAULT_KEY_SET_SECONDS);
    const staleMs = 1000 * (snapshot.staleIfErrorSeconds ?? DEFAULT_KEY_SET_SECONDS);
    this.#imported = imported;
    this.#current = {
      keys,
      fetchedAt: snapshot.fetchedAt,
      freshUntil: snapshot.fetchedAt + maxAgeMs,
      staleUntil: snapshot.fetchedAt + maxAgeMs + staleMs,
    };
    return true;
  }

  async #discover(): Promise<string> {
    const issuer = this.#discovery as string;
    const document = (await (await this.#get(`${issuer}/.well-known/openid-configuration`)).json()) as {
      issuer?: unknown;
      jwks_uri?: unknown;
    };
    if (typeof document.jwks_uri !== "string" || trimSlash(String(document.issuer)) !== issuer) {
      throw new TypeError(`The discovery document is not ${issuer}'s or has no jwks_uri.`);
    }
    this.#jwksUrl = document.jwks_uri;
    return document.jwks_uri;
  }

  async #get(url: string): Promise<Response> {
    const signal = AbortSignal.timeout?.(this.#timeoutMs) ?? null;
    const response = await this.#fetch(new Request(url, { headers: { accept: "application/json" }, signal }));
    if (!response.ok) {
      await response.body?.cancel();
      throw new TypeError(`GET ${url}: ${response.status}`);
    }
    return response;
  }
}
