import { CLOCK_OPTION, checkOptions, expectArgument, hasMethods, isObject, optionsObject } from "../core/arguments.js";
import { AgentlineError } from "../core/errors.js";
import { COUNT_OPTION, checkClaim, type DedupeStore } from "./dedupe.js";

// Dedupe stores on Cloudflare Workers: KV (best-effort) and a Durable Object (atomic). Both are typed by the
// few methods they use, so they need neither @cloudflare/workers-types nor a `cloudflare:` import.

/** The slice of a Workers KV namespace {@link KvDedupeStore} uses. */
export interface KvDedupeNamespace {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<unknown>;
  delete(key: string): Promise<unknown>;
}

/**
 * A {@link DedupeStore} on Workers KV. Best-effort only: KV has no compare-and-set and is eventually consistent
 * (a write can take up to 60 s to be seen elsewhere), so two concurrent deliveries of one id on different
 * isolates can both claim it. Enough against retries spaced seconds apart; for exactly-once claims use
 * {@link DurableObjectDedupeStore}.
 */
export class KvDedupeStore implements DedupeStore {
  readonly #kv: KvDedupeNamespace;
  readonly #prefix: string;

  constructor(kv: KvDedupeNamespace, options?: { prefix?: string }) {
    expectArgument(hasMethods("get", "put", "delete")(kv), "kv", "a Workers KV namespace binding (env.MY_KV)");
    const given = optionsObject(options, "options", false);
    checkOptions(given, "options", { prefix: [(prefix) => typeof prefix === "string", "a string"] });
    this.#kv = kv;
    this.#prefix = given.prefix ?? "webhook-id:";
  }

  async claim(id: string, ttlMs: number): Promise<boolean> {
    checkClaim(id, ttlMs);
    const key = this.#prefix + id;
    if ((await this.#kv.get(key)) !== null) return false;
    // KV's smallest expirationTtl is 60 s.
    await this.#kv.put(key, "1", { expirationTtl: Math.max(60, Math.ceil(ttlMs / 1000)) });
    return true;
  }

  async release(id: string): Promise<void> {
    checkClaim(id, undefined, false);
    await this.#kv.delete(this.#prefix + id);
  }
}

/** A Durable Object stub: what `namespace.get(id)` returns. */
export interface DurableObjectStubLike {
  fetch(request: Request): Promise<Response>;
}

/** The slice of a Durable Object namespace binding {@link DurableObjectDedupeStore} uses. */
export interface DurableObjectNamespaceLike<Id = unknown> {
  idFromName(name: string): Id;
  get(id: Id): DurableObjectStubLike;
}

const CLAIM_URL = "https://dedupe.agentline.internal/claim";
const RELEASE_URL = "https://dedupe.agentline.internal/release";

function shardOf(id: string, shards: number): number {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (Math.imul(hash, 31) + id.charCodeAt(i)) | 0;
  return Math.abs(hash) % shards;
}

/**
 * An atomic {@link DedupeStore} backed by {@link DedupeDurableObject}: each id always goes to the same object
 * (one of `shards`, picked by a hash of the id), which claims it in one storage transaction.
 */
export class DurableObjectDedupeStore<Id = unknown> implements DedupeStore {
  readonly #namespace: DurableObjectNamespaceLike<Id>;
  readonly #shards: number;

  constructor(namespace: DurableObjectNamespaceLike<Id>, options?: { shards?: number }) {
    expectArgument(
      hasMethods("idFromName", "get")(namespace),
      "namespace",
      "a Durable Object namespace binding of DedupeDurableObject (env.WEBHOOK_DEDUPE)",
    );
    const given = optionsObject(options, "options", false);
    checkOptions(given, "options", { shards: COUNT_OPTION });
    this.#namespace = namespace;
    this.#shards = given.shards ?? 8;
  }

  #stub(id: string): DurableObjectStubLike {
    return this.#namespace.get(this.#namespace.idFromName(`webhook-dedupe-${shardOf(id, this.#shards)}`));
  }

  async claim(id: string, ttlMs: number): Promise<boolean> {
    checkClaim(id, ttlMs);
    const request = new Request(CLAIM_URL, { method: "POST", body: JSON.stringify({ id, ttlMs }) });
    const response = await this.#stub(id).fetch(request);
    if (!response.ok)
      throw new AgentlineError(`The dedupe Durable Object answered ${response.status}.`, {
        code: "dedupe_unavailable",
      });
    return ((await response.json()) as { claimed?: unknown }).claimed === true;
  }

  async release(id: string): Promise<void> {
    checkClaim(id, undefined, false);
    const response = await this.#stub(id).fetch(
      new Request(RELEASE_URL, { method: "POST", body: JSON.stringify({ id }) }),
    );
    await response.body?.cancel();
  }
}

/** The slice of `DurableObjectState.storage` {@link DedupeDurableObject} uses. */
export interface DurableObjectStorageLike {
  get<T>(key: string): Promise<T | undefined>;
  put<T>(key: string, value: T): Promise<void>;
  delete(key: string): Promise<boolean>;
  list<T>(options: { prefix: string; limit?: number; startAfter?: string }): Promise<Map<string, T>>;
  getAlarm(): Promise<number | null>;
  setAlarm(scheduledTime: number): Promise<void>;
}

const KEY_PREFIX = "id:";
const SWEEP_BATCH = 1000;

/**
 * The Durable Object behind {@link DurableObjectDedupeStore}. Export it from your Worker and bind it
 * (`[[durable_objects.bindings]]`). A claim reads then writes the id's expiry, one claim at a time inside
 * the (single-threaded) object, so the two steps are atomic. An alarm sweeps expired ids.
 */
export class DedupeDurableObject {
  readonly #storage: DurableObjectStorageLike;
  readonly #now: () => number;
  #tail: Promise<void> = Promise.resolve();

  constructor(state: { storage: DurableObjectStorageLike }, _env?: unknown, options?: { now?: () => number }) {
    expectArgument(
      hasMethods("get", "put", "delete", "list", "getAlarm", "setAlarm")((state as Partial<typeof state>)?.storage),
      "state",
      "the Durable Object's state (the constructor's first argument), with its `storage`",
    );
    const given = optionsObject(options, "options", false);
    checkOptions(given, "options", { now: CLOCK_OPTION });
    this.#storage = state.storage;
    this.#now = given.now ?? Date.now;
  }

  async fetch(request: Request): Promise<Response> {
    expectArgument(isObject(request) && typeof request.url === "string", "request", "the Request the store sent");
    const path = new URL(request.url).pathname;
    const body = (await request.json().catch(() => ({}))) as { id?: unknown; ttlMs?: unknown };
    if (request.method !== "POST" || typeof body.id !== "string" || body.id === "") {
      return new Response("bad request", { status: 400 });
    }
    const key = KEY_PREFIX + body.id;
    if (path === "/release") {
      await this.#serialized(() => this.#storage.delete(key));
      return Response.json({ released: true });
    }
    if (path !== "/claim" || typeof body.ttlMs !== "number" || !(body.ttlMs > 0)) {
      return new Response("bad request", { status: 400 });
    }
    return Response.json({ claimed: await this.#serialized(() => this.#claim(key, body.ttlMs as number)) });
  }

  // Claims run one after another: the object is single-threaded, so this alone makes read-then-write atomic,
  // whatever else the handler awaits (the input gate only covers storage calls).
  #serialized<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(task);
    this.#tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  async #claim(key: string, ttlMs: number): Promise<boolean> {
    const now = this.#now();
    const expiresAt = await this.#storage.get<number>(key);
    if (expiresAt !== undefined && expiresAt > now) return false;
    await this.#storage.put(key, now + ttlMs);
    if ((await this.#storage.getAlarm()) === null) await this.#storage.setAlarm(now + ttlMs);
    return true;
  }

  /** Deletes expired ids and schedules the next sweep while any remain. */
  alarm(): Promise<void> {
    // Serialized with claims, so a sweep never deletes an id a claim has just renewed.
    return this.#serialized(() => this.#sweep());
  }

  async #sweep(): Promise<void> {
    const now = this.#now();
    let next = Number.POSITIVE_INFINITY;
    let startAfter: string | undefined;
    for (;;) {
      const entries = await this.#storage.list<number>({
        prefix: KEY_PREFIX,
        limit: SWEEP_BATCH,
        ...(startAfter === undefined ? {} : { startAfter }),
      });
      for (const [key, expiresAt] of entries) {
        if (expiresAt <= now) await this.#storage.delete(key);
        else next = Math.min(next, expiresAt);
        startAfter = key;
      }
      if (entries.size < SWEEP_BATCH) break;
    }
    if (next !== Number.POSITIVE_INFINITY) await this.#storage.setAlarm(next);
  }
}
