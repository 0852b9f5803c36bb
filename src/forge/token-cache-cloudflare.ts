import { CLOCK_OPTION, COUNT_OPTION, checkedClock, checkOptions, isText, optionsObject } from "../core/arguments.js";
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
} from "../stores/durable-objects.js";
import { storedKey } from "../stores/store-keys.js";
import type { InstallationToken, TokenCache } from "./installation-tokens.js";
import { checkTokenCacheCall, liveToken } from "./token-cache-checks.js";

// Installation tokens shared by every isolate of an app, on Cloudflare Durable Objects. A token travels only in
// request and response bodies (never in a URL or header that request logs and traces keep) and is stored under a key
// that names the installation and its narrowing, never the token.

const ORIGIN = "https://token-cache.agentline.internal";
const FAILURE = "token_cache_unavailable";

/** Options of {@link DurableObjectTokenCache}. */
export interface DurableObjectTokenCacheOptions {
  /** How many objects the keys are spread over. Default 4. */
  shards?: number;
  /** Milliseconds since the epoch (what a token's `expiresAt` is compared with); default `Date.now`. */
  now?: () => number;
}

/**
 * A {@link TokenCache} shared by every isolate, Worker and region of an app, backed by {@link TokenCacheDurableObject}:
 * the app mints one token per installation rather than one per isolate (`new ForgeApp({ tokenCache })`). An expired
 * token is never returned, and the object's alarm deletes it.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Authentication)
 */
export class DurableObjectTokenCache<Id = unknown> implements TokenCache {
  readonly #namespace: DurableObjectNamespaceLike<Id>;
  readonly #shards: number;
  readonly #now: () => number;

  constructor(namespace: DurableObjectNamespaceLike<Id>, options?: DurableObjectTokenCacheOptions) {
    checkNamespace(namespace, "TokenCacheDurableObject (env.TOKEN_CACHE)");
    const given = optionsObject(options, "options", false);
    checkOptions(given, "options", { shards: COUNT_OPTION, now: CLOCK_OPTION });
    this.#namespace = namespace;
    this.#shards = given.shards ?? 4;
    this.#now = checkedClock(given.now);
  }

  /** The token under `key` while it has not expired. */
  async get(key: string): Promise<InstallationToken | undefined> {
    checkTokenCacheCall("get", key);
    const now = this.#now();
    const answer = await this.#ask<{ value?: unknown } | null>("/get", { key, now });
    return liveToken(answer?.value, now);
  }

  /** Keeps `value` under `key` until it expires. */
  async set(key: string, value: InstallationToken): Promise<void> {
    checkTokenCacheCall("set", key, value);
    await this.#ask("/set", { key, token: value.token, expiresAt: value.expiresAt, now: this.#now() });
  }

  /** Forgets the token under `key`. */
  async delete(key: string): Promise<void> {
    checkTokenCacheCall("delete", key);
    await this.#ask("/delete", { key });
  }

  // The key travels as storage keeps it: a key storage would merge with another (a lone surrogate) or refuse (over
  // its 2 KiB keys: a token narrowed to many repositories) goes as its SHA-256. Its shard is the key's own.
  async #ask<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const key = body.key as string;
    const stub = this.#namespace.get(this.#namespace.idFromName(`token-cache-${shardOf(key, this.#shards)}`));
    return askObject<T>(stub, ORIGIN + path, { ...body, key: await storedKey(key) }, FAILURE, "token cache");
  }
}

const KEY_PREFIX = "token:";

/**
 * The Durable Object behind {@link DurableObjectTokenCache}. Export it from your Worker and bind it
 * (`[[durable_objects.bindings]] name = "TOKEN_CACHE", class_name = "TokenCacheDurableObject"`, plus a migration).
 * An alarm deletes tokens once they expire.
 */
export class TokenCacheDurableObject {
  readonly #parts: ObjectParts;

  constructor(state: { storage: DurableObjectStorageLike }, _env?: unknown, options?: { now?: () => number }) {
    this.#parts = objectParts(state, options);
  }

  /** Answers the cache's `/get`, `/set` and `/delete` requests; anything else is a 400 (which never echoes a token). */
  async fetch(request: Request): Promise<Response> {
    const call = await readObjectRequest(request);
    const { key, token, expiresAt, now } = call?.body ?? {};
    if (!call || !isText(key)) return badObjectRequest();
    const storageKey = KEY_PREFIX + key;
    if (call.path === "/delete") {
      await this.#parts.serialized(() => this.#parts.storage.delete(storageKey));
      return Response.json({ deleted: true });
    }
    if (typeof now !== "number" || !Number.isFinite(now)) return badObjectRequest();
    if (call.path === "/get") {
      const value = liveToken(await this.#parts.storage.get(storageKey), now) ?? null;
      return Response.json({ value });
    }
    if (call.path !== "/set" || !isText(token) || typeof expiresAt !== "number" || !Number.isFinite(expiresAt)) {
      return badObjectRequest();
    }
    // `expiresAt` is on the caller's clock: what carries over to the object's is the lifetime left.
    const entry = { token, expiresAt };
    await this.#parts.serialized(() => putForgettable(this.#parts, storageKey, entry, expiresAt - now));
    return Response.json({ stored: true });
  }

  /** Deletes expired tokens and schedules the next sweep while any remain. */
  alarm(): Promise<void> {
    return sweepForgettable(this.#parts, KEY_PREFIX);
  }
}
