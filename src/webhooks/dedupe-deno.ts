import { CLOCK_OPTION, checkedClock, checkOptions, optionsObject } from "../core/arguments.js";
import { checkKv, type DenoKvKey, type DenoKvLike, KEY_PREFIX_OPTION, retryContended } from "../stores/deno-kv.js";
import { kvExpireIn, storedKey } from "../stores/store-keys.js";
import { checkClaim, type DedupeStore } from "./dedupe.js";

// A dedupe store on Deno KV, typed by the few methods it uses (no Deno types needed).

export type { DenoKvAtomicLike, DenoKvKey, DenoKvLike } from "../stores/deno-kv.js";

/**
 * An atomic {@link DedupeStore} on Deno KV: a claim commits only if the id's entry is unchanged since it was
 * read (a versionstamp check), so of two concurrent claims exactly one wins, across isolates and regions.
 * The expiry is stored in the value too: KV deletes `expireIn` entries some time after they expire, not at once.
 * An id KV would merge with another or refuse (a lone surrogate, over its 2 KiB keys) is kept under its SHA-256.
 */
export class DenoKvDedupeStore implements DedupeStore {
  readonly #kv: DenoKvLike;
  readonly #prefix: DenoKvKey;
  readonly #now: () => number;

  constructor(kv: DenoKvLike, options?: { prefix?: DenoKvKey; now?: () => number }) {
    checkKv(kv);
    const given = optionsObject(options, "options", false);
    checkOptions(given, "options", {
      prefix: KEY_PREFIX_OPTION,
      now: CLOCK_OPTION,
    });
    this.#kv = kv;
    this.#prefix = given.prefix ?? ["agentline", "webhook-id"];
    this.#now = checkedClock(given.now);
  }

  async claim(id: string, ttlMs: number): Promise<boolean> {
    checkClaim(id, ttlMs);
    const key = [...this.#prefix, await storedKey(id)];
    // A commit that lost the race lost it to another claim: that one won, this one answers false.
    return this.#retry(async () => {
      const now = this.#now();
      const entry = await this.#kv.get<number>(key);
      if (typeof entry.value === "number" && entry.value > now) return false;
      const result = await this.#kv
        .atomic()
        .check({ key, versionstamp: entry.versionstamp })
        .set(key, now + ttlMs, { expireIn: kvExpireIn(ttlMs) })
        .commit();
      return result.ok;
    });
  }

  async release(id: string): Promise<void> {
    checkClaim(id, undefined, false);
    const key = [...this.#prefix, await storedKey(id)];
    await this.#retry(() => this.#kv.delete(key));
  }

  // A local KV file answers "database is locked" while another isolate writes it: tried again, briefly. Any other
  // failure of KV rejects as `dedupe_unavailable`.
  #retry<T>(task: () => Promise<T>): Promise<T> {
    return retryContended(task, {
      maxAttempts: 16,
      // A plain timer: the SDK's abortable sleep would pull the core chunk into every webhook receiver.
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      code: "dedupe_unavailable",
      failure: "dedupe_unavailable",
      what: "dedupe store",
    });
  }
}
