import { COUNT_OPTION, checkOptions, optionsObject } from "../core/arguments.js";
import { AgentlineError } from "../core/errors.js";
import { checkCost, checkStoreCall, type RateBudgetStore, type RateBudgetTake } from "../core/rate-budget.js";
import {
  askObject,
  badObjectRequest,
  checkNamespace,
  type DurableObjectNamespaceLike,
  type DurableObjectStorageLike,
  type ObjectParts,
  objectParts,
  putForgettable,
  readObjectRequest,
  shardOf,
  sweepForgettable,
} from "./durable-objects.js";
import { blockStored, type RateBudgetWrite, takeStored } from "./rate-budget-stored.js";

// Rate budgets shared by every isolate of an app, on Cloudflare Durable Objects.

const TAKE_URL = "https://rate-budget.agentline.internal/take";
const BLOCK_URL = "https://rate-budget.agentline.internal/block";
const FAILURE = "rate_budget_unavailable";

/** Options of {@link DurableObjectRateBudgetStore}. */
export interface DurableObjectRateBudgetStoreOptions {
  /** How many objects the keys are spread over (a key always meets the same one). Default 8. */
  shards?: number;
}

/**
 * A {@link RateBudgetStore} shared by every isolate, Worker and region of an app, backed by
 * {@link RateBudgetDurableObject}: each key always goes to the same object (one of `shards`, by a hash of the key),
 * which takes or blocks in one storage write, one call at a time, so no window is ever overspent.
 * Pass it as `rateBudgets: { store }` (AdminClient) or `new ForgePointsBudget({ store, reconcileUsed: false })`.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits)
 */
export class DurableObjectRateBudgetStore<Id = unknown> implements RateBudgetStore {
  readonly #namespace: DurableObjectNamespaceLike<Id>;
  readonly #shards: number;

  constructor(namespace: DurableObjectNamespaceLike<Id>, options?: DurableObjectRateBudgetStoreOptions) {
    checkNamespace(namespace, "RateBudgetDurableObject (env.RATE_BUDGETS)");
    const given = optionsObject(options, "options", false);
    checkOptions(given, "options", { shards: COUNT_OPTION });
    this.#namespace = namespace;
    this.#shards = given.shards ?? 8;
  }

  /** Takes `cost` of `capacity` per `intervalMs` from `key` in its object, or says how long to wait. */
  async take(key: string, cost: number, capacity: number, intervalMs: number, now: number): Promise<RateBudgetTake> {
    checkStoreCall("take", key, { intervalMs, now });
    checkCost(cost, capacity);
    const answer = await askObject<Partial<RateBudgetTake>>(
      this.#stub(key),
      TAKE_URL,
      { key, cost, capacity, intervalMs, now },
      FAILURE,
      "rate budget",
    );
    if (answer?.ok === true) return { ok: true };
    // Anything but a refusal with a wait would make the caller spin (a wait of NaN is no wait): refuse it.
    const waitMs = answer?.ok === false ? answer.waitMs : undefined;
    if (typeof waitMs === "number" && waitMs > 0) return { ok: false, waitMs };
    throw new AgentlineError("The rate budget Durable Object answered something other than a take.", {
      code: FAILURE,
    });
  }

  /** Grants nothing for `key` before `until`, in every isolate. */
  async block(key: string, until: number, now: number): Promise<void> {
    checkStoreCall("block", key, { until, now });
    // JSON has no Infinity: an endless block is the largest finite time.
    const body = { key, until: Math.min(until, Number.MAX_VALUE), now };
    await askObject(this.#stub(key), BLOCK_URL, body, FAILURE, "rate budget");
  }

  #stub(key: string) {
    return this.#namespace.get(this.#namespace.idFromName(`rate-budget-${shardOf(key, this.#shards)}`));
  }
}

const KEY_PREFIX = "budget:";

/** The fields of a store's request (`until` for a block; `cost`, `capacity`, `intervalMs` for a take). */
interface StoreCall {
  key: string;
  cost: number;
  capacity: number;
  intervalMs: number;
  now: number;
  until: number;
}

/**
 * The Durable Object behind {@link DurableObjectRateBudgetStore}. Export it from your Worker and bind it
 * (`[[durable_objects.bindings]] name = "RATE_BUDGETS", class_name = "RateBudgetDurableObject"`, plus a migration).
 * Each take or block reads the key's state, decides with the same window logic as the in-memory store and writes it
 * in one `put`, one call at a time; an alarm forgets budgets whose grants and blocks have all expired.
 */
export class RateBudgetDurableObject {
  readonly #parts: ObjectParts;

  constructor(state: { storage: DurableObjectStorageLike }, _env?: unknown, options?: { now?: () => number }) {
    this.#parts = objectParts(state, options);
  }

  /** Answers the store's `/take` and `/block` requests; anything else is a 400. */
  async fetch(request: Request): Promise<Response> {
    const call = await readObjectRequest(request);
    if (!call || (call.path !== "/take" && call.path !== "/block")) return badObjectRequest();
    const { key, cost, capacity, intervalMs, now, until } = call.body as unknown as StoreCall;
    const taking = call.path === "/take";
    try {
      checkStoreCall(call.path, key, taking ? { intervalMs, now } : { until, now });
      if (taking) checkCost(cost, capacity);
    } catch {
      return badObjectRequest(); // the store checks every field first: only a foreign caller gets here
    }
    if (taking)
      return Response.json(await this.#parts.serialized(() => this.#take(key, cost, capacity, intervalMs, now)));
    await this.#parts.serialized(() => this.#write(key, now, (stored) => blockStored(stored, until)));
    return Response.json({ blocked: true });
  }

  async #take(key: string, cost: number, capacity: number, intervalMs: number, now: number): Promise<RateBudgetTake> {
    let answer: RateBudgetTake = { ok: false, waitMs: 1 };
    await this.#write(key, now, (stored) => {
      const taken = takeStored(stored, cost, capacity, intervalMs, now);
      answer = taken.answer;
      return taken.write;
    });
    return answer;
  }

  /** Reads `key`, applies `update`, and writes its result (if any) in one put; runs inside `serialized`. */
  async #write(key: string, now: number, update: (stored: unknown) => RateBudgetWrite | undefined): Promise<void> {
    const storageKey = KEY_PREFIX + key;
    const write = update(await this.#parts.storage.get(storageKey));
    // `idleAt` is on the callers' clock (`now`): what carries over to the object's is the span until then.
    if (write) await putForgettable(this.#parts, storageKey, write.value, write.idleAt - now);
  }

  /** Forgets budgets that hold nothing any more and schedules the next sweep while any remain. */
  alarm(): Promise<void> {
    return sweepForgettable(this.#parts, KEY_PREFIX);
  }
}
