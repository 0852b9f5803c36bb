import {
  CLOCK_OPTION,
  checkedClock,
  checkOptions,
  expectArgument,
  hasMethods,
  isObject,
  optionsObject,
} from "../core/arguments.js";
import { AgentlineError } from "../core/errors.js";
import {
  type DurableObjectNamespaceLike,
  type DurableObjectStorageLike,
  type DurableObjectStubLike,
  scheduleSweep,
  shardOf,
  sweepExpired,
} from "../stores/durable-objects.js";
import { storedKey, utf8Length } from "../stores/store-keys.js";
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
    const key = await this.#key(id);
    if ((await this.#kv.get(key)) !== null) return false;
    // KV's smallest expirationTtl is 60 s, its largest an int32 of seconds (68 years).
    const expirationTtl = Math.min(2_147_483_647, Math.max(60, Math.ceil(ttlMs / 1000)));
    await this.#kv.put(key, "1", { expirationTtl });
    return true;
  }

  async release(id: string): Promise<void> {
    checkClaim(id, undefined, false);
    await this.#kv.delete(await this.#key(id));
  }

  // Workers KV refuses keys over 512 bytes: a longer id (or one it would merge with another) goes by its SHA-256.
  async #key(id: string): Promise<string> {
    return this.#prefix + (await storedKey(id, 512 - utf8Length(this.#prefix)));
  }
}

export type {
  DurableObjectNamespaceLike,
  DurableObjectStorageLike,
  DurableObjectStubLike,
} from "../stores/durable-objects.js";

const unavailable = (what: string, cause?: unknown) =>
  new AgentlineError(`The dedupe Durable Object ${what}.`, { code: "dedupe_unavailable", cause });

const CLAIM_URL = "https://dedupe.agentline.internal/claim";
const RELEASE_URL = "https://dedupe.agentline.internal/release";

/**
 * An atomic {@link DedupeStore} backed by {@link DedupeDurableObject}: each id always goes to the same object
 * (one of `shards`, picked by a hash of the id), which claims it in one storage transaction. An id storage would
 * merge with another or refuse (a lone surrogate, over 1 KiB) is sent as its SHA-256. Every isolate must use the same
 * `shards`: one that differs sends an id to another object, where it can be claimed twice.
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
    const answer = await this.#send(id, CLAIM_URL, { id: await storedKey(id), ttlMs });
    let claimed: unknown;
    try {
      claimed = ((await answer.json()) as { claimed?: unknown } | null)?.claimed;
    } catch (error) {
      throw unavailable("answered a claim with a body that is not JSON", error);
    }
    if (typeof claimed !== "boolean") throw unavailable("answered a claim without a `claimed` boolean");
    return claimed;
  }

  async release(id: string): Promise<void> {
    checkClaim(id, undefined, false);
    const answer = await this.#send(id, RELEASE_URL, { id: await storedKey(id) });
    await answer.body?.cancel();
  }

  /**
   * One request to the id's object: any failure (a throw, a non-2xx) rejects with `dedupe_unavailable`, so that a
   * release that did not happen is never taken for one (the forge's retry would be answered "duplicate").
   */
  async #send(id: string, url: string, body: object): Promise<Response> {
    let response: Response;
    try {
      response = await this.#stub(id).fetch(new Request(url, { method: "POST", body: JSON.stringify(body) }));
    } catch (error) {
      throw unavailable("could not be reached", error);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw unavailable(`answered ${response.status}`);
    }
    return response;
  }
}

const KEY_PREFIX = "id:";

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
    this.#now = checkedClock(given.now);
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
    // No later than a timer can wait (a ttl of years is no valid alarm time): the sweep re-examines it then.
    await scheduleSweep(this.#storage, now + ttlMs, now);
    return true;
  }

  /** Deletes expired ids and schedules the next sweep while any remain. */
  alarm(): Promise<void> {
    // Serialized with claims, so a sweep never deletes an id a claim has just renewed.
    return this.#serialized(() => this.#sweep());
  }

  #sweep(): Promise<void> {
    return sweepExpired<number>(this.#storage, KEY_PREFIX, this.#now(), (expiresAt) => expiresAt);
  }
}
