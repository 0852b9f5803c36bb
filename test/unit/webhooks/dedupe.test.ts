// The dedupe stores against small in-memory stand-ins of the platform APIs they sit on (Workers KV, a Durable
// Object's storage, Deno KV), each honest about its platform's consistency.
import { describe, expect, it } from "vitest";
import { MemoryDedupeStore } from "../../../src/webhooks/dedupe.js";
import {
  DedupeDurableObject,
  DurableObjectDedupeStore,
  type DurableObjectStorageLike,
  KvDedupeStore,
} from "../../../src/webhooks/dedupe-cloudflare.js";
import {
  type DenoKvAtomicLike,
  DenoKvDedupeStore,
  type DenoKvKey,
  type DenoKvLike,
} from "../../../src/webhooks/dedupe-deno.js";

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Deno KV in memory: versionstamps, atomic check + set, and reads that yield like the real one. */
function memoryDenoKv(): DenoKvLike & { entries: Map<string, { value: unknown; versionstamp: string }> } {
  const entries = new Map<string, { value: unknown; versionstamp: string }>();
  let version = 0;
  const id = (key: DenoKvKey) => JSON.stringify(key);
  return {
    entries,
    async get<T>(key: DenoKvKey) {
      await tick();
      const entry = entries.get(id(key));
      return { value: (entry?.value ?? null) as T | null, versionstamp: entry?.versionstamp ?? null };
    },
    atomic() {
      const checks: { key: DenoKvKey; versionstamp: string | null }[] = [];
      const sets: { key: DenoKvKey; value: unknown }[] = [];
      const op: DenoKvAtomicLike = {
        check: (...more) => {
          checks.push(...more);
          return op;
        },
        set: (key, value) => {
          sets.push({ key, value });
          return op;
        },
        commit: async () => {
          await tick();
          if (checks.some((check) => (entries.get(id(check.key))?.versionstamp ?? null) !== check.versionstamp)) {
            return { ok: false };
          }
          version += 1;
          for (const set of sets) entries.set(id(set.key), { value: set.value, versionstamp: String(version) });
          return { ok: true };
        },
      };
      return op;
    },
    async delete(key) {
      entries.delete(id(key));
    },
  };
}

/** A Durable Object's storage in memory (one object: requests are serialized by its input gate). */
function memoryStorage(): DurableObjectStorageLike & { map: Map<string, unknown>; alarm: number | null } {
  const map = new Map<string, unknown>();
  const storage = {
    map,
    alarm: null as number | null,
    get: async <T>(key: string) => map.get(key) as T | undefined,
    put: async <T>(key: string, value: T) => {
      map.set(key, value);
    },
    delete: async (key: string) => map.delete(key),
    list: async <T>(options: { prefix: string; limit?: number; startAfter?: string }) => {
      const keys = [...map.keys()].filter((key) => key.startsWith(options.prefix)).sort();
      const after = keys.filter((key) => options.startAfter === undefined || key > options.startAfter);
      return new Map(after.slice(0, options.limit ?? Infinity).map((key) => [key, map.get(key) as T]));
    },
    getAlarm: async () => storage.alarm,
    setAlarm: async (time: number) => {
      storage.alarm = time;
    },
  };
  return storage;
}

describe("MemoryDedupeStore", () => {
  it("claims an id once per TTL, releases on demand, and evicts the least recently seen", async () => {
    let now = 0;
    const store = new MemoryDedupeStore({ maxEntries: 3, now: () => now });
    expect(await store.claim("a", 1000)).toBe(true);
    expect(await store.claim("a", 1000)).toBe(false);
    now = 1000;
    expect(await store.claim("a", 1000)).toBe(true); // expired
    await store.release("a");
    expect(await store.claim("a", 1000)).toBe(true);
    for (const id of ["b", "c"]) await store.claim(id, 1000);
    expect(await store.claim("a", 1000)).toBe(false); // "a" seen again: most recent now
    await store.claim("d", 1000); // evicts "b", the least recently seen
    expect(store.size).toBe(3);
    expect(await store.claim("b", 1000)).toBe(true);
    expect(await store.claim("a", 1000)).toBe(false);
  });

  it("lets exactly one of many concurrent claims win", async () => {
    const store = new MemoryDedupeStore();
    const results = await Promise.all(Array.from({ length: 20 }, () => store.claim("same", 60_000)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe("KvDedupeStore", () => {
  it("claims through get + put with an expirationTtl of at least 60 s, and releases by delete", async () => {
    const kv = new Map<string, { value: string; ttl: number | undefined }>();
    const store = new KvDedupeStore({
      get: async (key) => kv.get(key)?.value ?? null,
      put: async (key, value, options) => {
        kv.set(key, { value, ttl: options?.expirationTtl });
      },
      delete: async (key) => kv.delete(key),
    });
    expect(await store.claim("m1", 5_000)).toBe(true);
    expect(kv.get("webhook-id:m1")?.ttl).toBe(60);
    expect(await store.claim("m1", 5_000)).toBe(false);
    await store.release("m1");
    expect(await store.claim("m1", 3_600_000)).toBe(true);
    expect(kv.get("webhook-id:m1")?.ttl).toBe(3600);
  });
});

describe("DurableObjectDedupeStore + DedupeDurableObject", () => {
  function binding(now: () => number) {
    const objects = new Map<string, { object: DedupeDurableObject; storage: ReturnType<typeof memoryStorage> }>();
    const namespace = {
      idFromName: (name: string) => name,
      get: (id: string) => {
        let entry = objects.get(id);
        if (!entry) {
          const storage = memoryStorage();
          entry = { object: new DedupeDurableObject({ storage }, {}, { now }), storage };
          objects.set(id, entry);
        }
        const { object } = entry;
        return { fetch: (request: Request) => object.fetch(request) };
      },
    };
    return { namespace, objects };
  }

  it("claims each id atomically in the object its hash picks, releases, and sweeps expired ids by alarm", async () => {
    let now = 1_000;
    const { namespace, objects } = binding(() => now);
    const store = new DurableObjectDedupeStore(namespace, { shards: 4 });
    const results = await Promise.all(Array.from({ length: 10 }, () => store.claim("msg_1", 60_000)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(objects.size).toBe(1);
    await store.release("msg_1");
    expect(await store.claim("msg_1", 60_000)).toBe(true);
    for (let i = 0; i < 40; i++) await store.claim(`msg_${i + 100}`, 1_000);
    expect(objects.size).toBeGreaterThan(1);
    now += 5_000;
    for (const { object, storage } of objects.values()) {
      expect(storage.alarm).not.toBeNull();
      await object.alarm();
    }
    const remaining = [...objects.values()].flatMap(({ storage }) => [...storage.map.keys()]);
    expect(remaining).toEqual(["id:msg_1"]);
  });

  it("answers 400 to a request that is not a claim or release", async () => {
    const object = new DedupeDurableObject({ storage: memoryStorage() });
    const bad = await object.fetch(new Request("https://x/claim", { method: "POST", body: "{}" }));
    expect(bad.status).toBe(400);
    const noTtl = await object.fetch(new Request("https://x/claim", { method: "POST", body: '{"id":"a"}' }));
    expect(noTtl.status).toBe(400);
  });
});

describe("DenoKvDedupeStore", () => {
  it("lets one of two concurrent claims commit (versionstamp check) and stores the expiry", async () => {
    let now = 0;
    const kv = memoryDenoKv();
    const store = new DenoKvDedupeStore(kv, { now: () => now });
    const results = await Promise.all([store.claim("m1", 1000), store.claim("m1", 1000), store.claim("m1", 1000)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(kv.entries.get(JSON.stringify(["agentline", "webhook-id", "m1"]))?.value).toBe(1000);
    expect(await store.claim("m1", 1000)).toBe(false);
    now = 1000; // expired, though KV has not deleted it yet
    expect(await store.claim("m1", 1000)).toBe(true);
    await store.release("m1");
    expect(await store.claim("m1", 1000)).toBe(true);
  });
});
