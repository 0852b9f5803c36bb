// The dedupe stores against small in-memory stand-ins of the platform APIs they sit on (Workers KV, a Durable
// Object's storage, Deno KV), each honest about its platform's consistency.
import { describe, expect, it } from "vitest";
import { MemoryDedupeStore } from "../../../src/webhooks/dedupe.js";
import {
  DedupeDurableObject,
  DurableObjectDedupeStore,
  KvDedupeStore,
} from "../../../src/webhooks/dedupe-cloudflare.js";
import { DenoKvDedupeStore } from "../../../src/webhooks/dedupe-deno.js";
import { durableObjectBinding, memoryDenoKv, memoryStorage } from "../platform-stand-ins.js";

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
  const binding = (now: () => number) =>
    durableObjectBinding((storage) => new DedupeDurableObject({ storage }, {}, { now }));

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
