import { argumentError } from "./arguments.js";
import { AbortError, AgentlineError } from "./errors.js";
import { sleep as defaultSleep } from "./signals.js";
import { boundedWait, waitCap } from "./wait.js";

/** How long a 429 without a usable `Retry-After` blocks a budget: the 60 s both the Admin API and the forge send. */
export const DEFAULT_RATE_LIMIT_BLOCK_MS = 60_000;

/** What a store answers to `take`: granted, or how long until the request could be granted. */
export type RateBudgetTake = { ok: true } | { ok: false; waitMs: number };

/**
 * Where budgets live. Async so that a KV store, a Durable Object or Redis can hold budgets shared
 * by several clients or processes. Keys are opaque: pass a hash (see `hashBudgetKey`), never
 * a raw API key, because stores may log or persist them.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits)
 */
export interface RateBudgetStore {
  /** Takes `cost` requests from the budget of `key` at time `now`, or says how long to wait. Must be atomic per key. */
  take(key: string, cost: number, capacity: number, intervalMs: number, now: number): Promise<RateBudgetTake>;
  /** Grants nothing for `key` before `until` (epoch ms), e.g. after a 429's `Retry-After`. */
  block(key: string, until: number, now: number): Promise<void>;
}

/** One key's budget as a store keeps it (plain data, so other stores can serialize it). */
export interface RateBudgetState {
  /** Times of the acquisitions still inside the window, ascending. At most `capacity` entries. */
  log: number[];
  /** Nothing is granted before this time (a 429's Retry-After). */
  blockedUntil: number;
}

/**
 * An in-memory {@link RateBudgetStore}, atomic within one JS realm (each call runs to completion
 * before it yields). Memory is O(capacity) per key: the window is a log of grant times; a key whose
 * grants and block have all expired is forgotten.
 */
export class MemoryRateBudgetStore implements RateBudgetStore {
  readonly #budgets = new Map<string, RateBudgetState & { idleAt: number }>();
  #calls = 0;

  /** Grants when fewer than `capacity` grants fall in `(now - intervalMs, now]`; else the wait until one expires. */
  take(key: string, cost: number, capacity: number, intervalMs: number, now: number): Promise<RateBudgetTake> {
    try {
      checkStoreCall("take", key, { intervalMs, now });
      const state = this.#state(key, now);
      const answer = takeFromLog(state, cost, capacity, intervalMs, now);
      if (answer.ok) state.idleAt = Math.max(state.idleAt, now + intervalMs);
      return Promise.resolve(answer);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Grants nothing for `key` before `until`. */
  block(key: string, until: number, now: number): Promise<void> {
    checkStoreCall("block", key, { until, now });
    const state = this.#state(key, now);
    state.blockedUntil = Math.max(state.blockedUntil, until);
    state.idleAt = Math.max(state.idleAt, until);
    return Promise.resolve();
  }

  /** How many keys are tracked (for tests and leak checks). */
  get size(): number {
    return this.#budgets.size;
  }

  #state(key: string, now: number): RateBudgetState & { idleAt: number } {
    // Every 256 calls, forget keys that hold neither a grant inside its window nor a block, so a
    // long-lived store does not grow with every key it ever saw.
    if (++this.#calls % 256 === 0) {
      for (const [other, state] of this.#budgets) if (state.idleAt <= now) this.#budgets.delete(other);
    }
    let state = this.#budgets.get(key);
    if (!state) {
      state = { log: [], blockedUntil: Number.NEGATIVE_INFINITY, idleAt: Number.NEGATIVE_INFINITY };
      this.#budgets.set(key, state);
    }
    return state;
  }
}

/** A store call's key and times, else an `invalid_argument` naming the first wrong one (every store checks so). */
export function checkStoreCall(operation: string, key: unknown, times: Record<string, unknown>): void {
  if (typeof key !== "string") throw argumentError(key, "key", operation, "a string");
  for (const [name, value] of Object.entries(times)) {
    if (typeof value !== "number" || Number.isNaN(value)) throw argumentError(value, name, operation, "milliseconds");
  }
}

/**
 * The decision every store makes, exported so that other stores (KV, Durable Objects) can apply it
 * to their own serialized state. Mutates `state` only when it grants.
 */
export function takeFromLog(
  state: RateBudgetState,
  cost: number,
  capacity: number,
  intervalMs: number,
  now: number,
): RateBudgetTake {
  checkCost(cost, capacity);
  if (now < state.blockedUntil) return { ok: false, waitMs: state.blockedUntil - now };
  // A grant at time t occupies the window until t + intervalMs (exclusive), so any half-open
  // window of length intervalMs holds at most `capacity` grants.
  let expired = 0;
  while (expired < state.log.length && (state.log[expired] as number) + intervalMs <= now) expired++;
  if (expired > 0) state.log.splice(0, expired);
  const excess = state.log.length + cost - capacity;
  if (excess <= 0) {
    // Keep the log sorted even if clocks of several processes disagree a little.
    for (let i = 0; i < cost; i++) insertSorted(state.log, now);
    return { ok: true };
  }
  const freesAt = (state.log[excess - 1] as number) + intervalMs;
  return { ok: false, waitMs: Math.max(1, freesAt - now) };
}

/** A take's `cost`, else the `invalid_option` every store throws: a whole number from 1 to `capacity`. */
export function checkCost(cost: number, capacity: number): void {
  if (!(Number.isInteger(cost) && cost > 0 && cost <= capacity)) {
    throw new AgentlineError(
      `A \`cost\` of ${String(cost)} can never fit a budget of ${String(capacity)}; use 1..capacity.`,
      { code: "invalid_option" },
    );
  }
}

function insertSorted(log: number[], time: number): void {
  let at = log.length;
  while (at > 0 && (log[at - 1] as number) > time) at--;
  log.splice(at, 0, time);
}

/** Reported before each wait of a rate budget (`RateBudgets.acquire`). */
export interface RateBudgetWait {
  /** The opaque budget key (never a raw API key). */
  key: string;
  /** The route family, e.g. `auditLogs`. */
  family: string;
  waitMs: number;
  /** 1 for the first wait of this acquisition, 2 for the next, … */
  attempt: number;
  /** How many slots the acquisition takes; present only when more than 1 (e.g. forge points). */
  cost?: number;
}

/** Options of {@link RateBudgets}; every one has a web default. */
export interface RateBudgetsOptions {
  /** Shared state; defaults to a fresh {@link MemoryRateBudgetStore}. Share one store to share budgets. */
  store?: RateBudgetStore;
  /** The window of a budget; the Admin API documents requests per minute. Default 60 000. */
  intervalMs?: number;
  now?: () => number;
  /** Must reject (e.g. with an `AbortError`) when `signal` fires; the default does. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  onWait?: (info: RateBudgetWait) => void;
  /**
   * The longest single wait `acquire` makes (default 60 000 ms, the clients pass their `maxRetryAfterMs`): a longer
   * one (a 429 asked for more) rejects at once with a `RateLimitError` carrying `retryAfter`.
   */
  maxWaitMs?: number | undefined;
}

/**
 * Proactive client-side rate budgets: waits before a request rather than earning a 429. Never grants
 * more than `capacity` acquisitions of one key in any window of `intervalMs`. A plain continuously
 * refilled token bucket could not promise that (it allows up to 2·capacity−1 per window), so each
 * grant holds its slot for exactly one interval.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits)
 */
export class RateBudgets {
  readonly #store: RateBudgetStore;
  readonly #intervalMs: number;
  readonly #now: () => number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #onWait: ((info: RateBudgetWait) => void) | undefined;
  readonly #maxWaitMs: number;

  constructor(options: RateBudgetsOptions = {}) {
    const intervalMs = options.intervalMs ?? 60_000;
    if (!(Number.isFinite(intervalMs) && intervalMs > 0)) {
      throw new AgentlineError("`intervalMs` must be a positive number of milliseconds.", { code: "invalid_option" });
    }
    this.#store = options.store ?? new MemoryRateBudgetStore();
    this.#intervalMs = intervalMs;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? defaultSleep;
    this.#onWait = options.onWait;
    this.#maxWaitMs = waitCap(options.maxWaitMs, "maxWaitMs");
  }

  /**
   * Resolves once `key` may spend `cost` (default 1) of `capacity` per interval; waits (abortably) until
   * then. A cost above 1 holds that many slots, e.g. the forge's per-operation points. A wait longer than
   * `maxWaitMs` (default: the `maxWaitMs` option) rejects at once with a `RateLimitError` carrying `retryAfter`.
   */
  async acquire(
    key: string,
    family: string,
    capacity: number,
    signal?: AbortSignal,
    cost = 1,
    maxWaitMs?: number,
  ): Promise<void> {
    if (!(Number.isInteger(capacity) && capacity > 0)) {
      throw new AgentlineError(`The budget of \`${family}\` must be a positive integer; got ${capacity}.`, {
        code: "invalid_option",
      });
    }
    const capMs = maxWaitMs === undefined ? this.#maxWaitMs : waitCap(maxWaitMs, "maxWaitMs");
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw new AbortError(undefined, signal.reason);
      const answer = await this.#store.take(key, cost, capacity, this.#intervalMs, this.#now());
      if (answer.ok) return;
      const waitMs = boundedWait(answer.waitMs, capMs, { budget: family });
      this.#onWait?.({ key, family, waitMs, attempt, ...(cost === 1 ? {} : { cost }) });
      await this.#sleep(waitMs, signal);
    }
  }

  /**
   * After a 429: grants nothing for `key` until `retryAfterMs` (default 60 s) from now, for every instance sharing
   * the store. A block longer than a caller's cap makes that caller's `acquire` reject at once until it passes.
   */
  penalize(key: string, retryAfterMs = DEFAULT_RATE_LIMIT_BLOCK_MS): Promise<void> {
    const now = this.#now();
    // NaN and negatives block nothing; an endless wait stays finite so stores that serialize it (JSON) keep it.
    const wait = retryAfterMs > 0 ? Math.min(retryAfterMs, Number.MAX_VALUE) : 0;
    return this.#store.block(key, now + wait, now);
  }
}

/**
 * An opaque budget key for a secret: `k_` plus 32 hex digits of its SHA-256, so a raw API key is
 * never a map key, a log field or a KV key. Append the family or scope yourself (`${hash}:auditLogs`).
 */
export async function hashBudgetKey(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret));
  let hex = "";
  for (const byte of new Uint8Array(digest).subarray(0, 16)) hex += byte.toString(16).padStart(2, "0");
  return `k_${hex}`;
}
