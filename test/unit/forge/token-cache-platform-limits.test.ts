// The shared token caches on stand-ins with the real engines' key encoding and limits: a token is never answered for
// another key (keys storage would merge), keys over the platforms' 2 KiB still share, a clock with fractions or a
// far expiry still stores, and what the engine refuses comes back as an AgentlineError that shows no token.
import { describe, expect, it } from "vitest";
import { AgentlineError } from "../../../src/core/errors.js";
import { tokenCacheKey } from "../../../src/forge/installation-tokens.js";
import { DurableObjectTokenCache, TokenCacheDurableObject } from "../../../src/forge/token-cache-cloudflare.js";
import { DenoKvTokenCache } from "../../../src/forge/token-cache-deno.js";
import { strictDenoKv, strictStorage } from "../core/strict-platform-stand-ins.js";

const HOUR = 3_600_000;

function objectCache(now?: () => number) {
  const object = new TokenCacheDurableObject({ storage: strictStorage() });
  const namespace = { idFromName: (name: string) => name, get: () => ({ fetch: (r: Request) => object.fetch(r) }) };
  return new DurableObjectTokenCache(namespace, { shards: 1, ...(now ? { now } : {}) });
}

const caches = () => [
  { name: "DenoKvTokenCache", cache: new DenoKvTokenCache(strictDenoKv()) },
  { name: "DurableObjectTokenCache", cache: objectCache() },
];

// Keys that differ, yet are one string once encoded as UTF-8 (lone surrogates become U+FFFD), or only by case,
// separators or the store's own prefix.
const KEYS = [
  "\ud800",
  "\udfff",
  "\ufffd",
  "k\ud83d",
  "k\ude00",
  "K\ud83d",
  "a:b",
  "a/b",
  "token:a",
  "a",
  "#a",
  "__proto__",
];

describe("the shared token caches never answer a token for another key", () => {
  for (const { name, cache } of caches()) {
    it(`${name}: ${KEYS.length} keys, each reads back its own token (0 wrong)`, async () => {
      const expiresAt = Date.now() + HOUR;
      for (const [i, key] of KEYS.entries()) await cache.set(key, { token: `tok_${i}`, expiresAt });
      let wrong = 0;
      for (const [i, key] of KEYS.entries()) if ((await cache.get(key))?.token !== `tok_${i}`) wrong++;
      expect(wrong).toBe(0);
    });

    it(`${name}: a key over the platform's 2 KiB (a token narrowed to 400 repositories) is kept and read`, async () => {
      const repositoryIds = Array.from({ length: 400 }, (_, i) => `repo-${1_000_000 + i}`);
      const long = tokenCacheKey("12345", { repositoryIds }, "app-1@https://forge.example");
      const other = tokenCacheKey(
        "12345",
        { repositoryIds: [...repositoryIds, "repo-x"] },
        "app-1@https://forge.example",
      );
      const expiresAt = Date.now() + HOUR;
      await cache.set(long, { token: "tok_long", expiresAt });
      expect(await cache.get(long)).toEqual({ token: "tok_long", expiresAt });
      expect(await cache.get(other)).toBeUndefined();
      await cache.delete(long);
      expect(await cache.get(long)).toBeUndefined();
    });
  }
});

describe("DenoKvTokenCache and what Deno KV refuses", () => {
  it("stores with a clock that has fractions (performance.now-based) and with a far expiry", async () => {
    const clocks = [() => Date.now() + 0.25, () => performance.timeOrigin + performance.now()];
    const failures: unknown[] = [];
    for (const now of clocks) {
      const cache = new DenoKvTokenCache(strictDenoKv(), { now });
      for (const expiresAt of [Date.now() + HOUR, Date.now() + HOUR + 0.5, Number.MAX_VALUE]) {
        try {
          await cache.set("k", { token: "tok_1", expiresAt });
          expect((await cache.get("k"))?.token).toBe("tok_1");
        } catch (error) {
          failures.push(error);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("a token over KV's 64 KiB values rejects as token_cache_unavailable, showing no token", async () => {
    const token = `ghs_${"s".repeat(70_000)}`;
    const error = await new DenoKvTokenCache(strictDenoKv())
      .set("k", { token, expiresAt: Date.now() + HOUR })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AgentlineError);
    expect((error as AgentlineError).code).toBe("token_cache_unavailable");
    expect(String((error as Error).message)).not.toContain("sss");
  });
});
