import { CLOCK_OPTION, checkedClock, checkOptions, optionsObject } from "../core/arguments.js";
import { sleep } from "../core/signals.js";
import { checkKv, type DenoKvKey, type DenoKvLike, KEY_PREFIX_OPTION, retryContended } from "../stores/deno-kv.js";
import { kvExpireIn, storedKey } from "../stores/store-keys.js";
import type { InstallationToken, TokenCache } from "./installation-tokens.js";
import { checkTokenCacheCall, liveToken } from "./token-cache-checks.js";

/** Options of {@link DenoKvTokenCache}. */
export interface DenoKvTokenCacheOptions {
  /** The keys' prefix. Default `["agentline", "installation-token"]`. */
  prefix?: DenoKvKey;
  /** Milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
}

/**
 * A {@link TokenCache} on Deno KV, shared by every isolate and process that opens the same KV, so an app mints one
 * token per installation rather than one per isolate (`new ForgeApp({ tokenCache })`). Keys name the installation
 * and its narrowing, never a token; a token is dropped by KV once it expires and never returned after.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Authentication)
 */
export class DenoKvTokenCache implements TokenCache {
  readonly #kv: DenoKvLike;
  readonly #prefix: DenoKvKey;
  readonly #now: () => number;

  constructor(kv: DenoKvLike, options?: DenoKvTokenCacheOptions) {
    checkKv(kv);
    const given = optionsObject(options, "options", false);
    checkOptions(given, "options", { prefix: KEY_PREFIX_OPTION, now: CLOCK_OPTION });
    this.#kv = kv;
    this.#prefix = given.prefix ?? ["agentline", "installation-token"];
    this.#now = checkedClock(given.now);
  }

  /** The token under `key` while it has not expired. */
  async get(key: string): Promise<InstallationToken | undefined> {
    checkTokenCacheCall("get", key);
    // KV deletes `expireIn` entries some time after they expire, not at once: the expiry is checked here too.
    const kvKey = await this.#key(key);
    return this.#retry(async () => liveToken((await this.#kv.get(kvKey)).value, this.#now()));
  }

  /** Keeps `value` under `key` until it expires (an expired one is not kept). */
  async set(key: string, value: InstallationToken): Promise<void> {
    checkTokenCacheCall("set", key, value);
    const lifetime = value.expiresAt - this.#now();
    if (lifetime <= 0) return this.delete(key);
    const entry = { token: value.token, expiresAt: value.expiresAt };
    const kvKey = await this.#key(key);
    // KV refuses an `expireIn` with fractions or past its range: a clock with fractions must not lose the sharing.
    await this.#retry(() =>
      this.#kv
        .atomic()
        .set(kvKey, entry, { expireIn: kvExpireIn(lifetime) })
        .commit(),
    );
  }

  /** Forgets the token under `key`. */
  async delete(key: string): Promise<void> {
    checkTokenCacheCall("delete", key);
    const kvKey = await this.#key(key);
    await this.#retry(() => this.#kv.delete(kvKey));
  }

  // A key KV would merge with another (a lone surrogate) or refuse (over its 2 KiB keys: a token narrowed to many
  // repositories) is kept under its SHA-256.
  async #key(key: string): Promise<DenoKvKey> {
    return [...this.#prefix, await storedKey(key)];
  }

  // A local KV file answers "database is locked" while another isolate writes it: tried again, briefly.
  #retry<T>(task: () => Promise<T>): Promise<T> {
    return retryContended(task, {
      maxAttempts: 16,
      sleep,
      code: "token_cache_unavailable",
      failure: "token_cache_unavailable",
      what: "token cache",
    });
  }
}
