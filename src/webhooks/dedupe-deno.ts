import { CLOCK_OPTION, checkOptions, expectArgument, hasMethods, optionsObject } from "../core/arguments.js";
import { checkClaim, type DedupeStore } from "./dedupe.js";

// A dedupe store on Deno KV, typed by the few methods it uses (no Deno types needed).

/** A Deno KV key. */
export type DenoKvKey = readonly (string | number | bigint | boolean | Uint8Array)[];

// A Deno KV key part: string, number, bigint, boolean or bytes.
const isKeyPart = (part: unknown): boolean =>
  ["string", "number", "bigint", "boolean"].includes(typeof part) || part instanceof Uint8Array;

/** The slice of `Deno.AtomicOperation` {@link DenoKvDedupeStore} uses. */
export interface DenoKvAtomicLike {
  check(...checks: { key: DenoKvKey; versionstamp: string | null }[]): DenoKvAtomicLike;
  set(key: DenoKvKey, value: unknown, options?: { expireIn?: number }): DenoKvAtomicLike;
  commit(): Promise<{ ok: boolean }>;
}

/** The slice of `Deno.Kv` {@link DenoKvDedupeStore} uses. */
export interface DenoKvLike {
  get<T = unknown>(key: DenoKvKey): Promise<{ value: T | null; versionstamp: string | null }>;
  atomic(): DenoKvAtomicLike;
  delete(key: DenoKvKey): Promise<void>;
}

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
    expectArgument(hasMethods("get", "atomic", "delete")(kv), "kv", "a Deno.Kv (await Deno.openKv())");
    const given = optionsObject(options, "options", false);
    checkOptions(given, "options", {
      prefix: [
        (prefix) => Array.isArray(prefix) && prefix.every(isKeyPart),
        'a Deno KV key prefix, like ["agentline", "webhook-id"]',
      ],
      now: CLOCK_OPTION,
    });
    this.#kv = kv;
    this.#prefix = given.prefix ?? ["agentline", "webhook-id"];
    this.#now = given.now ?? Date.now;
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
