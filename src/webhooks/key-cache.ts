import { expectArgument, hasMethods, isText, optional } from "../core/arguments.js";
import type { KeySetSnapshot } from "./key-set.js";

/**
 * A key-set cache shared between isolates (Workers KV, Deno KV, Redis…): {@link ForgeKeys} reads it before
 * going to the network and writes what it fetched, so a fleet of isolates fetches `/keys` about once per
 * max-age instead of once each. Errors of the cache are ignored (the network is the source of truth).
 * @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Discovery and keys)
 */
export interface KeySetCache {
  get(): Promise<KeySetSnapshot | null | undefined>;
  set(snapshot: KeySetSnapshot): Promise<void>;
}

/** The slice of a Workers KV namespace {@link workersKvKeySetCache} uses. */
export interface WorkersKvLike {
  get(key: string, type: "json"): Promise<unknown>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<unknown>;
}

function isSnapshot(value: unknown): value is KeySetSnapshot {
  const snapshot = value as KeySetSnapshot | null;
  return (
    typeof snapshot === "object" &&
    snapshot !== null &&
    typeof snapshot.fetchedAt === "number" &&
    Array.isArray(snapshot.jwks?.keys)
  );
}

/**
 * A {@link KeySetCache} on a Workers KV namespace. Entries expire from KV after max-age plus
 * stale-if-error (KV's minimum TTL is 60 s). @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Discovery and keys)
 */
// @__NO_SIDE_EFFECTS__
export function workersKvKeySetCache(kv: WorkersKvLike, key = "agentline:forge-keys"): KeySetCache {
  expectArgument(hasMethods("get", "put")(kv), "kv", "a Workers KV namespace binding (env.MY_KV)");
  expectArgument(optional(key, isText), "key", "a non-empty string");
  return {
    async get() {
      const value = await kv.get(key, "json");
      return isSnapshot(value) ? value : undefined;
    },
    async set(snapshot) {
      const ttl = (snapshot.maxAgeSeconds ?? 600) + (snapshot.staleIfErrorSeconds ?? 600);
      await kv.put(key, JSON.stringify(snapshot), { expirationTtl: Math.max(60, ttl) });
    },
  };
}
