import {
  CLOCK_OPTION,
  COUNT_OPTION,
  checkedClock,
  checkOptions,
  expectArgument,
  isNumberFrom,
  isText,
  optionsObject,
} from "../core/arguments.js";

// Deduplication of deliveries on `webhook-id`: the forge retries and redelivers, so the same delivery can
// arrive more than once. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events)

/**
 * Where handled delivery ids are remembered. `claim` must be atomic: of two concurrent claims of one id,
 * exactly one resolves true. `release` forgets an id so a redelivery runs again (after a handler failed).
 */
export interface DedupeStore {
  /** True when `id` was not claimed within the last `ttlMs`: the caller handles the delivery. */
  claim(id: string, ttlMs: number): Promise<boolean>;
  /** Forgets a claim. */
  release(id: string): Promise<void>;
}

/** How long a delivery id is remembered by default: the forge keeps deliveries redeliverable for seven days. */
export const DEFAULT_DEDUPE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Checks the arguments of {@link DedupeStore.claim} (without `ttlMs`: of `release`), for every store. */
export function checkClaim(id: string, ttlMs?: number, claiming = true): void {
  expectArgument(isText(id), "id", "the delivery id (webhook-id), a non-empty string");
  if (claiming) expectArgument(isNumberFrom(Number.MIN_VALUE)(ttlMs), "ttlMs", "milliseconds > 0");
}

export { COUNT_OPTION } from "../core/arguments.js";

/** What {@link MemoryDedupeStore} takes. */
export interface MemoryDedupeStoreOptions {
  /** The most ids kept; the least recently seen go first. Default 10 000. */
  maxEntries?: number;
  /** Milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
}

/**
 * An in-memory {@link DedupeStore} (LRU + TTL) for one process or isolate. Atomic within it; separate
 * isolates (several Workers, several servers) each have their own, so use a shared store there.
 */
export class MemoryDedupeStore implements DedupeStore {
  // id → expiry (ms). A Map iterates in insertion order, so the first entry is the least recently seen.
  readonly #entries = new Map<string, number>();
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options?: MemoryDedupeStoreOptions) {
    const given = optionsObject(options, "options", false);
    checkOptions(given, "options", { maxEntries: COUNT_OPTION, now: CLOCK_OPTION });
    this.#maxEntries = given.maxEntries ?? 10_000;
    this.#now = checkedClock(given.now);
  }

  /** How many ids are held (expired ones included until they are swept). */
  get size(): number {
    return this.#entries.size;
  }

  async claim(id: string, ttlMs: number): Promise<boolean> {
    checkClaim(id, ttlMs);
    // Synchronous from here on: no other claim can interleave, which is what makes it atomic.
    const now = this.#now();
    const expiresAt = this.#entries.get(id);
    this.#entries.delete(id);
    if (expiresAt !== undefined && expiresAt > now) {
      this.#entries.set(id, expiresAt); // seen again: now the most recent
      return false;
    }
    this.#entries.set(id, now + ttlMs);
    for (const [oldest, expiry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && expiry > now) break;
      this.#entries.delete(oldest);
    }
    return true;
  }

  async release(id: string): Promise<void> {
    checkClaim(id, undefined, false);
    this.#entries.delete(id);
  }
}
