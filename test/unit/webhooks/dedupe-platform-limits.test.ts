// The shared dedupe stores on stand-ins with the real engines' key encoding and limits: ids that storage would
// merge (lone surrogates), ids over the key limits, and ttls Deno KV's expireIn refuses. A claim of one id must never
// decide for another, and a legitimate claim must never fail on what the platform refuses.
import { describe, expect, it } from "vitest";
import { AgentlineError } from "../../../src/core/errors.js";
import {
  DedupeDurableObject,
  DurableObjectDedupeStore,
  KvDedupeStore,
} from "../../../src/webhooks/dedupe-cloudflare.js";
import { DenoKvDedupeStore } from "../../../src/webhooks/dedupe-deno.js";
import { strictDenoKv, strictStorage } from "../core/strict-platform-stand-ins.js";
import { memoryDenoKv, memoryStorage } from "../platform-stand-ins.js";

function objectStore(storage = strictStorage(), shards = 1) {
  const object = new DedupeDurableObject({ storage });
  const namespace = { idFromName: (name: string) => name, get: () => ({ fetch: (r: Request) => object.fetch(r) }) };
  return new DurableObjectDedupeStore(namespace, { shards });
}

const stores = () => [
  { name: "DenoKvDedupeStore", store: new DenoKvDedupeStore(strictDenoKv()) },
  { name: "DurableObjectDedupeStore", store: objectStore() },
];

// Ids that differ, yet are one string once encoded as UTF-8 (lone surrogates become U+FFFD), or only by case,
// normalization, separators, or the store's own prefix.
const DISTINCT_IDS = [
  ["\ud800", "\udfff", "\ufffd"],
  ["msg_\ud83d", "msg_\ude00", "msg_\ufffd"],
  ["a\udc00b", "a\ud800b"],
  ["msg_A", "msg_a"],
  ["\u00e9", "e\u0301"],
  ["a:b", "a/b", "a\u0000b", "a", "id:a"],
  ["__proto__", "constructor", "toString"],
  ["#x", "x"],
];

describe("the shared dedupe stores keep every id apart", () => {
  for (const { name, store } of stores()) {
    it(`${name}: ids that UTF-8 storage would merge are claimed apart (0 wrongly refused)`, async () => {
      let wronglyRefused = 0;
      for (const group of DISTINCT_IDS) {
        for (const id of group) if (!(await store.claim(id, 60_000))) wronglyRefused++;
      }
      expect(wronglyRefused).toBe(0);
    });

    it(`${name}: ids over the platform's 2 KiB key limit are claimed once, not refused by the engine`, async () => {
      const failures: unknown[] = [];
      let claims = 0;
      for (const id of ["x".repeat(2100), "\u00e9".repeat(1500), `${"y".repeat(4000)}-1`, `${"y".repeat(4000)}-2`]) {
        try {
          if (await store.claim(id, 60_000)) claims++;
          if (await store.claim(id, 60_000)) claims++; // the copy
          await store.release(id);
          if (await store.claim(id, 60_000)) claims++; // the redelivery after a release
        } catch (error) {
          failures.push(error);
        }
      }
      expect(failures).toEqual([]);
      expect(claims).toBe(8);
    });
  }
});

describe("ttls the platforms would refuse", () => {
  it("DenoKvDedupeStore claims with a fractional or very long ttl (expireIn takes whole ms up to its range)", async () => {
    const store = new DenoKvDedupeStore(strictDenoKv());
    const failures: unknown[] = [];
    for (const [i, ttlMs] of [1500.5, 0.25, 1e17, Number.MAX_VALUE].entries()) {
      await store.claim(`id-${i}`, ttlMs).catch((error: unknown) => failures.push(error));
    }
    expect(failures).toEqual([]);
  });

  it("DedupeDurableObject claims with a ttl past 2189: the alarm stays in workerd's range, the claim is answered", async () => {
    const storage = strictStorage();
    const store = objectStore(storage);
    await expect(store.claim("far", Number.MAX_VALUE)).resolves.toBe(true);
    await expect(store.claim("far", 1000)).resolves.toBe(false);
    expect(Number.isFinite(storage.alarm)).toBe(true);
  });
});

describe("DenoKvDedupeStore when KV fails", () => {
  it("rejects with an AgentlineError dedupe_unavailable, not the engine's raw error", async () => {
    const kv = memoryDenoKv();
    const broken = { ...kv, get: async () => Promise.reject(new TypeError("Database closed")) };
    const store = new DenoKvDedupeStore(broken);
    const error = await store.claim("id", 1000).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AgentlineError);
    expect((error as AgentlineError).code).toBe("dedupe_unavailable");
  });

  it("tries again while a local KV file answers 'database is locked' (another isolate writing)", async () => {
    const kv = memoryDenoKv();
    let locked = 2;
    const busy = {
      ...kv,
      get: <T>(key: readonly unknown[]) =>
        locked-- > 0
          ? Promise.reject(new TypeError("database is locked"))
          : kv.get<T>(key as Parameters<typeof kv.get>[0]),
    };
    const store = new DenoKvDedupeStore(busy);
    await expect(store.claim("id", 1000)).resolves.toBe(true);
  });
});

describe("concurrent claims on the stand-ins", () => {
  it("of many concurrent pairs (and releases racing them), never two winners", async () => {
    const kv = memoryDenoKv();
    const deno = [new DenoKvDedupeStore(kv), new DenoKvDedupeStore(kv)];
    // Two isolates' stores over one namespace: each id meets the one object of its shard.
    const objects = new Map<string, DedupeDurableObject>();
    const namespace = {
      idFromName: (name: string) => name,
      get: (name: string) => {
        if (!objects.has(name)) objects.set(name, new DedupeDurableObject({ storage: memoryStorage() }));
        return { fetch: (r: Request) => (objects.get(name) as DedupeDurableObject).fetch(r) };
      },
    };
    const object = [
      new DurableObjectDedupeStore(namespace, { shards: 4 }),
      new DurableObjectDedupeStore(namespace, { shards: 4 }),
    ];
    let doubles = 0;
    let none = 0;
    for (const pair of [deno, object]) {
      for (let round = 0; round < 50; round++) {
        const ids = Array.from({ length: 20 }, (_, i) => `d-${round}-${i}`);
        const results = await Promise.all(
          ids.map((id) => Promise.all([pair[0]?.claim(id, 60_000), pair[1]?.claim(id, 60_000)])),
        );
        doubles += results.filter(([a, b]) => a && b).length;
        none += results.filter(([a, b]) => !a && !b).length;
        // A release racing a fresh claim of the same id: either order, the id ends claimed exactly once.
        const raced = await Promise.all(
          ids.map((id) => Promise.all([pair[0]?.release(id), pair[1]?.claim(id, 60_000)])),
        );
        const after = await Promise.all(ids.map((id) => pair[0]?.claim(id, 60_000)));
        doubles += raced.filter(([, claimed], i) => claimed && after[i]).length;
      }
    }
    expect({ doubles, none }).toEqual({ doubles: 0, none: 0 });
  });
});

/** Workers KV in memory with its limits as local workerd enforces them: 512-byte keys, an int32 expirationTtl. */
function strictWorkersKv() {
  const map = new Map<string, string>();
  const checkKey = (key: string) => {
    const length = new TextEncoder().encode(key).length;
    if (length > 512)
      throw new Error(`KV PUT failed: 414 UTF-8 encoded length of ${length} exceeds key length limit of 512.`);
  };
  return {
    get: async (key: string) => {
      checkKey(key);
      return map.get(key) ?? null;
    },
    put: async (key: string, value: string, options?: { expirationTtl?: number }) => {
      checkKey(key);
      const ttl = options?.expirationTtl ?? 0;
      if (!(Math.abs(ttl) <= 2_147_483_647))
        throw new TypeError("Value out of range. Must be between -2147483648 and 2147483647 (inclusive).");
      map.set(key, value);
    },
    delete: async (key: string) => {
      checkKey(key);
      return map.delete(key);
    },
  };
}

describe("KvDedupeStore on Workers KV's limits", () => {
  it("claims ids over KV's 512-byte keys and ttls past its int32 expirationTtl (0 failures, each claimed once)", async () => {
    const store = new KvDedupeStore(strictWorkersKv());
    const failures: unknown[] = [];
    let claims = 0;
    for (const [id, ttlMs] of [
      ["x".repeat(600), 60_000],
      ["\u00e9".repeat(300), 60_000],
      ["far", 1e13],
      ["farther", Number.MAX_VALUE],
    ] as const) {
      try {
        if (await store.claim(id, ttlMs)) claims++;
        if (await store.claim(id, ttlMs)) claims++;
      } catch (error) {
        failures.push(error);
      }
    }
    expect(failures).toEqual([]);
    expect(claims).toBe(4);
  });
});
