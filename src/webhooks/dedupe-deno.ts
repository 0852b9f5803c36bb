import { CLOCK_OPTION, checkedClock, checkOptions, optionsObject } from "../core/arguments.js";
import { checkKv, type DenoKvKey, type DenoKvLike, KEY_PREFIX_OPTION } from "../stores/deno-kv.js";
import { checkClaim, type DedupeStore } from "./dedupe.js";

// A dedupe store on Deno KV, typed by the few methods it uses (no Deno types needed).

export type { DenoKvAtomicLike, DenoKvKey, DenoKvLike } from "../stores/deno-kv.js";

/**
 * An atomic {@link DedupeStore} on Deno KV: a claim commits only if the id's entry is unchanged since it was
 * read (a versionstamp check), so of two concurrent claims exactly one wins, across isolates and regions.
 * The expiry is stored in the value too: KV deletes `expireIn` entries some time after they expire, not at once.
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
    const key = [...this.#prefix, id];
    const now = this.#now();
    const entry = await this.#kv.get<number>(key);
    if (typeof entry.value === "number" && entry.value > now) return false;
    const result = await this.#kv
      .atomic()
      .check({ key, versionstamp: entry.versionstamp })
      .set(key, now + ttlMs, { expireIn: ttlMs })
      .commit();
    return result.ok;
  }

  async release(id: string): Promise<void> {
    checkClaim(id, undefined, false);
    await this.#kv.delete([...this.#prefix, id]);
  }
}
