// The installation-token caches that isolates share (a Durable Object, Deno KV), against in-memory stand-ins of their
// engines and the fake forge: two apps (two isolates) mint one token between them, an expired token is minted anew,
// and a token appears nowhere but in the value (no key, URL, header or error message holds it).
// The real engines run in test/workerd/stores.mjs and test/deno/stores.test.ts.
import { describe, expect, it } from "vitest";
import type { TokenCache } from "../../../src/forge/installation-tokens.js";
import { DurableObjectTokenCache, TokenCacheDurableObject } from "../../../src/forge/token-cache-cloudflare.js";
import { DenoKvTokenCache } from "../../../src/forge/token-cache-deno.js";
import { durableObjectBinding, memoryDenoKv, memoryStorage } from "../platform-stand-ins.js";
import { forgeSetup, requestsTo } from "./forge-fixtures.js";

/** Each shared cache on a fresh stand-in, and every place outside the value where a token could end up. */
const CACHES = {
  "Durable Object": (now: () => number) => {
    let objectNow = 0;
    const binding = durableObjectBinding(
      (storage) => new TokenCacheDurableObject({ storage }, {}, { now: () => objectNow }),
    );
    const cache = new DurableObjectTokenCache(binding.namespace, { now });
    const places = () => [
      ...binding.stubRequests.flatMap((request) => [request.url, ...[...request.headers].flat()]),
      ...[...binding.objects.values()].flatMap(({ storage }) => [...storage.map.keys()]),
    ];
    const sweep = async (ms: number) => {
      objectNow += ms;
      for (const { object } of binding.objects.values()) await object.alarm();
      return [...binding.objects.values()].reduce((sum, { storage }) => sum + storage.map.size, 0);
    };
    return { cache, places, sweep };
  },
  "Deno KV": (now: () => number) => {
    const kv = memoryDenoKv();
    const cache = new DenoKvTokenCache(kv, { now });
    return { cache, places: () => [...kv.entries.keys()], kv };
  },
} as const;

describe.each(Object.keys(CACHES) as (keyof typeof CACHES)[])("%s token cache", (name) => {
  it("two apps sharing it mint one token; once it expires the next caller mints a new one", async () => {
    const { fake, clock, now, appWith, installationId } = await forgeSetup({ users: [], install: {} });
    const { cache, places } = CACHES[name](now);
    const first = appWith({ tokenCache: cache });
    const second = appWith({ tokenCache: cache });
    const minted = await first.installationToken(installationId);
    expect(await second.installationToken(installationId)).toEqual(minted);
    expect(requestsTo(fake, "POST", "/access_tokens")).toBe(1);
    // Each app's own client uses the shared token too.
    await second.installation(installationId).request({ method: "GET", path: "/installation/repos" });
    expect(requestsTo(fake, "POST", "/access_tokens")).toBe(1);
    clock.t = minted.expiresAt; // expired (and well inside the refresh margin)
    expect(await cache.get(`${installationId}||`)).toBeUndefined();
    const renewed = await second.installationToken(installationId);
    expect(renewed.token).not.toBe(minted.token);
    expect(await first.installationToken(installationId)).toEqual(renewed);
    expect(requestsTo(fake, "POST", "/access_tokens")).toBe(2);
    for (const token of [minted.token, renewed.token]) {
      expect(places().filter((place) => place.includes(token))).toEqual([]);
    }
  });

  it("never keeps or returns an expired token, forgets on delete, and keeps only token and expiresAt", async () => {
    let now = 1_000_000;
    const { cache } = CACHES[name](() => now);
    await cache.set("inst|a|", { token: "tok_live", expiresAt: now + 5_000, extra: "dropped" } as never);
    await cache.set("inst|b|", { token: "tok_dead", expiresAt: now });
    expect(await cache.get("inst|a|")).toEqual({ token: "tok_live", expiresAt: now + 5_000 });
    expect(await cache.get("inst|b|")).toBeUndefined();
    await cache.delete("inst|a|");
    expect(await cache.get("inst|a|")).toBeUndefined();
    await cache.set("inst|a|", { token: "tok_live", expiresAt: now + 5_000 });
    now += 5_000;
    expect(await cache.get("inst|a|")).toBeUndefined();
  });

  it("refuses wrong calls with an AgentlineError naming the argument, never showing the token", async () => {
    const { cache } = CACHES[name](() => 0);
    const wrong: [string, () => Promise<unknown>][] = [
      ["key", () => cache.get("")],
      ["key", () => (cache as TokenCache).set(7 as never, { token: "t", expiresAt: 1 })],
      ["value", () => cache.set("k", { token: "tok_secret_value", expiresAt: "later" } as never)],
      ["value", () => cache.set("k", { token: "", expiresAt: 1 })],
      ["key", () => cache.delete(undefined as never)],
    ];
    for (const [field, call] of wrong) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toMatchObject({ name: "AgentlineError", code: "invalid_argument" });
      expect((error as Error).message).toContain(`\`${field}\``);
      expect((error as Error).message).not.toContain("tok_secret_value");
    }
  });
});

describe("the shared token caches' constructors", () => {
  it("refuse every wrong argument and option with an AgentlineError naming it (swept: 19 values)", () => {
    const namespace = durableObjectBinding((storage) => new TokenCacheDurableObject({ storage })).namespace;
    const rows: [(bad: unknown) => unknown, string, unknown[]][] = [
      [(bad) => new DurableObjectTokenCache(bad as never), "namespace", [undefined, null, {}, "TOKEN_CACHE"]],
      [(bad) => new DurableObjectTokenCache(namespace, { shards: bad as never }), "options.shards", [0, 1.5, "4"]],
      [(bad) => new DurableObjectTokenCache(namespace, { now: bad as never }), "options.now", [0, "now"]],
      [(bad) => new TokenCacheDurableObject(bad as never), "state", [undefined, {}, { storage: {} }]],
      [(bad) => new DenoKvTokenCache(bad as never), "kv", [undefined, null, {}]],
      [(bad) => new DenoKvTokenCache(memoryDenoKv(), { prefix: bad as never }), "options.prefix", ["x", [{}]]],
      [(bad) => new DenoKvTokenCache(memoryDenoKv(), { now: bad as never }), "options.now", [1, "now"]],
    ];
    const wrong: string[] = [];
    for (const [build, name, values] of rows) {
      for (const value of values) {
        const error = (() => {
          try {
            build(value);
          } catch (caught) {
            return caught as { code?: string; message: string };
          }
        })();
        const expected = name.includes(".") ? "invalid_option" : "invalid_argument";
        if (error?.code !== expected || !error.message.includes(`\`${name}\``))
          wrong.push(`${name} = ${String(value)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(rows.reduce((sum, [, , values]) => sum + values.length, 0)).toBe(19);
  });
});

describe("TokenCacheDurableObject", () => {
  it("deletes tokens by alarm once they expire, on its own clock whatever the callers' clock says", async () => {
    const { cache, sweep } = CACHES["Durable Object"](() => 50); // callers' clock far from the object's
    await cache.set("inst|a|", { token: "tok_short", expiresAt: 50 + 1_000 });
    await cache.set("inst|b|", { token: "tok_long", expiresAt: 50 + 60_000 });
    expect(await sweep(999)).toBe(2);
    expect(await sweep(1)).toBe(1);
    expect(await sweep(59_000)).toBe(0);
  });

  it("answers 400 without echoing a token, and the cache rejects a failing object with token_cache_unavailable", async () => {
    const object = new TokenCacheDurableObject({ storage: memoryStorage() });
    const post = (path: string, body: unknown) =>
      object.fetch(new Request(`https://x${path}`, { method: "POST", body: JSON.stringify(body) }));
    for (const [path, body] of [
      ["/set", { key: "k", token: "tok_secret_value", expiresAt: "soon", now: 0 }],
      ["/set", { key: "", token: "tok_secret_value", expiresAt: 1, now: 0 }],
      ["/get", { key: "k" }],
      ["/other", { key: "k", now: 0 }],
    ] as const) {
      const response = await post(path, body);
      expect(response.status).toBe(400);
      expect(await response.text()).not.toContain("tok_secret_value");
    }
    const failing = new DurableObjectTokenCache({
      idFromName: (name: string) => name,
      get: () => ({ fetch: async () => new Response("tok_secret_value leaked?", { status: 503 }) }),
    });
    const error = await failing.get("k").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "token_cache_unavailable", message: expect.stringContaining("503") });
    expect(String((error as Error).message)).not.toContain("tok_secret_value");
  });
});
