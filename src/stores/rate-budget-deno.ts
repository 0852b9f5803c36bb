import { COUNT_OPTION, checkOptions, FUNCTION_OPTION, optionsObject } from "../core/arguments.js";
import { checkCost, checkStoreCall, type RateBudgetStore, type RateBudgetTake } from "../core/rate-budget.js";
import { sleep } from "../core/signals.js";
import { MAX_TIMER_DELAY_MS } from "../core/wait.js";
import { checkKv, type DenoKvKey, type DenoKvLike, KEY_PREFIX_OPTION, LOST_RACE, retryContended } from "./deno-kv.js";
import { blockStored, type RateBudgetWrite, takeStored } from "./rate-budget-stored.js";
import { kvExpireIn } from "./store-keys.js";

// Rate budgets shared by every isolate, process and region of an app, on Deno KV.

/** Options of {@link DenoKvRateBudgetStore}. */
export interface DenoKvRateBudgetStoreOptions {
  /** The keys' prefix. Default `["agentline", "rate-budget"]`. */
  prefix?: DenoKvKey;
  /** How many times a take or block is tried while other writers win the race (or hold the file). Default 64. */
  maxAttempts?: number;
  /** Waits between attempts (a few ms, jittered); default `setTimeout`. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A {@link RateBudgetStore} on Deno KV, shared by every isolate and process that opens the same KV: a take reads
 * the key's state, decides with the same window logic as the in-memory store, and commits only if the entry is
 * unchanged since the read (a versionstamp check); a commit that lost the race reads again and decides again.
 * Pass it as `rateBudgets: { store }` (AdminClient) or `new ForgePointsBudget({ store, reconcileUsed: false })`.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits)
 */
export class DenoKvRateBudgetStore implements RateBudgetStore {
  readonly #kv: DenoKvLike;
  readonly #prefix: DenoKvKey;
  readonly #maxAttempts: number;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(kv: DenoKvLike, options?: DenoKvRateBudgetStoreOptions) {
    checkKv(kv);
    const given = optionsObject(options, "options", false);
    checkOptions(given, "options", { prefix: KEY_PREFIX_OPTION, maxAttempts: COUNT_OPTION, sleep: FUNCTION_OPTION });
    this.#kv = kv;
    this.#prefix = given.prefix ?? ["agentline", "rate-budget"];
    this.#maxAttempts = given.maxAttempts ?? 64;
    this.#sleep = given.sleep ?? sleep;
  }

  /** Takes `cost` of `capacity` per `intervalMs` from `key`, atomically across every client of the KV. */
  take(key: string, cost: number, capacity: number, intervalMs: number, now: number): Promise<RateBudgetTake> {
    return Promise.resolve().then(() => {
      checkStoreCall("take", key, { intervalMs, now });
      checkCost(cost, capacity);
      return this.#update(key, now, (stored) => takeStored(stored, cost, capacity, intervalMs, now));
    });
  }

  /** Grants nothing for `key` before `until`, for every client of the KV. */
  async block(key: string, until: number, now: number): Promise<void> {
    checkStoreCall("block", key, { until, now });
    await this.#update(key, now, (stored) => ({ answer: { ok: true }, write: blockStored(stored, until) }));
  }

  async #update(
    key: string,
    now: number,
    update: (stored: unknown) => { answer: RateBudgetTake; write?: RateBudgetWrite | undefined },
  ): Promise<RateBudgetTake> {
    const kvKey = [...this.#prefix, key];
    const attempt = async (): Promise<RateBudgetTake | typeof LOST_RACE> => {
      const entry = await this.#kv.get(kvKey);
      const { answer, write } = update(entry.value);
      // A refusal changed nothing: the read was a consistent snapshot, so it stands without a write.
      if (!write) return answer;
      // KV forgets the entry once it holds nothing (a timer's range at most: a block that long is renewed by the
      // next 429 anyway), in whole milliseconds: KV refuses fractions, which a clock with fractions would give.
      const expireIn = kvExpireIn(Math.min(write.idleAt - now, MAX_TIMER_DELAY_MS));
      const committed = await this.#kv
        .atomic()
        .check({ key: kvKey, versionstamp: entry.versionstamp })
        .set(kvKey, write.value, { expireIn })
        .commit();
      return committed.ok ? answer : LOST_RACE;
    };
    return retryContended(attempt, {
      maxAttempts: this.#maxAttempts,
      sleep: this.#sleep,
      code: "rate_budget_contention",
      failure: "rate_budget_unavailable",
      what: "rate budget",
    });
  }
}
