import { describe, expect, it } from "vitest";
import { KeySetUnavailableError } from "../../../src/webhooks/errors.js";
import type { KeySetCache } from "../../../src/webhooks/key-cache.js";
import { workersKvKeySetCache } from "../../../src/webhooks/key-cache.js";
import { type KeySetSnapshot, parseCacheControl } from "../../../src/webhooks/key-set.js";
import { ForgeKeys } from "../../../src/webhooks/keys.js";
import { verifyWebhook } from "../../../src/webhooks/verify.js";
import { flakyKeysFetch, webhookSetup } from "./helpers.js";

describe("ForgeKeys", () => {
  it("fetches /keys once, reuses it for max-age (600 s), then refetches; each key is imported once", async () => {
    const setup = webhookSetup();
    const first = await setup.keys.getKeys();
    await setup.keys.getKeys();
    expect(setup.keyFetches()).toBe(1);
    const published = await setup.fake.forge.signingKeys();
    expect(first.map((key) => key.kid)).toEqual(published.map((key) => key.kid));
    expect(first[0]?.key.algorithm.name).toBe("Ed25519");
    expect(first[0]?.key.usages).toEqual(["verify"]);

    setup.advance(599_000);
    await setup.keys.getKeys();
    expect(setup.keyFetches()).toBe(1);
    setup.advance(2_000);
    const second = await setup.keys.getKeys();
    expect(setup.keyFetches()).toBe(2);
    // The same published key is not imported again.
    expect(second[0]?.key).toBe(first[0]?.key);
  });

  it("coalesces concurrent first fetches into one request", async () => {
    const setup = webhookSetup();
    const all = await Promise.all(Array.from({ length: 50 }, () => setup.keys.getKeys()));
    expect(setup.keyFetches()).toBe(1);
    expect(new Set(all.map((keys) => keys[0]?.key)).size).toBe(1);
  });

  it("keeps the last good keys up to stale-if-error (600 s more) during an outage, then fails closed", async () => {
    const setup = webhookSetup();
    let down = false;
    const keys = setup.newKeys({ fetch: flakyKeysFetch(setup.fake, () => down) });
    const good = await keys.getKeys();
    down = true;
    setup.advance(601_000); // expired: the refresh fails, the stale copy serves
    expect(await keys.getKeys()).toEqual(good);
    setup.advance(598_000); // 1 199 s after the fetch: still inside the window
    expect(await keys.getKeys()).toEqual(good);
    setup.advance(2_000); // 1 201 s: past max-age + stale-if-error
    await expect(keys.getKeys()).rejects.toBeInstanceOf(KeySetUnavailableError);
    // Back up: the next attempt after the cooldown recovers.
    down = false;
    setup.advance(30_000);
    expect((await keys.getKeys()).length).toBeGreaterThan(0);
  });

  it("retries a failed refresh at most once per cooldown, however many callers ask", async () => {
    const setup = webhookSetup();
    let attempts = 0;
    const fetch = (request: Request) => {
      if (new URL(request.url).pathname.endsWith("/keys")) attempts += 1;
      return attempts > 1 ? Promise.resolve(new Response("down", { status: 503 })) : setup.fake.fetch(request);
    };
    const keys = setup.newKeys({ fetch });
    await keys.getKeys();
    setup.advance(700_000);
    for (let i = 0; i < 200; i++) await keys.getKeys();
    expect(attempts).toBe(2);
    setup.advance(30_000);
    await keys.getKeys();
    expect(attempts).toBe(3);
  });

  it("fails closed on a cold start without the key set, and on a body without Ed25519 keys", async () => {
    const setup = webhookSetup();
    const down = setup.newKeys({ fetch: flakyKeysFetch(setup.fake, () => true) });
    await expect(down.getKeys()).rejects.toMatchObject({ reason: "keys_unavailable" });
    const empty = setup.newKeys({
      fetch: async () => Response.json({ keys: [{ kty: "RSA", n: "x", e: "AQAB" }] }),
    });
    await expect(empty.getKeys()).rejects.toBeInstanceOf(KeySetUnavailableError);
  });

  it("refreshes on a miss at most once per cooldown and reports whether new keys arrived", async () => {
    const setup = webhookSetup();
    await setup.keys.getKeys();
    // Fetched just now, but a key may have rotated in since: a miss still refreshes (nothing new here).
    expect(await setup.keys.refreshOnMiss()).toBe(false);
    expect(setup.keyFetches()).toBe(2);
    expect(await setup.keys.refreshOnMiss()).toBe(false); // a second miss: inside the cooldown, no fetch
    expect(setup.keyFetches()).toBe(2);
    setup.advance(29_999);
    expect(await setup.keys.refreshOnMiss()).toBe(false);
    expect(setup.keyFetches()).toBe(2);
    await setup.fake.forge.rotateKeys();
    setup.advance(1);
    expect(await setup.keys.refreshOnMiss()).toBe(true);
    expect(setup.keyFetches()).toBe(3);
    expect((await setup.keys.getKeys()).length).toBe(2);
  });

  it("finds the key set through OpenID discovery, and refuses a document for another issuer", async () => {
    const setup = webhookSetup();
    const keys = ForgeKeys.fromDiscovery(setup.fake.forge.issuer, { fetch: setup.fake.fetch, now: setup.now });
    expect(keys.issuer).toBe(setup.fake.forge.issuer);
    expect((await keys.getKeys()).length).toBe(1);
    const paths = setup.fake.requests.map((request) => request.path);
    expect(paths).toEqual(["/v1/forge/.well-known/openid-configuration", "/v1/forge/keys"]);

    const wrong = ForgeKeys.fromDiscovery("https://other.example/v1/forge", {
      fetch: (request) =>
        setup.fake.fetch(new Request(request.url.replace("https://other.example", setup.fake.baseUrl))),
    });
    const error = await wrong.getKeys().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KeySetUnavailableError);
    expect(String((error as Error).cause)).toMatch(/discovery document is not https:\/\/other\.example/);
  });

  it("shares fetched keys through a cache between isolates", async () => {
    const setup = webhookSetup();
    let stored: KeySetSnapshot | undefined;
    const cache: KeySetCache = {
      get: async () => stored,
      set: async (snapshot) => {
        stored = structuredClone(snapshot);
      },
    };
    await setup.newKeys({ cache }).getKeys();
    expect(stored?.maxAgeSeconds).toBe(600);
    expect(stored?.staleIfErrorSeconds).toBe(600);
    const other = setup.newKeys({ cache });
    expect((await other.getKeys()).length).toBe(1);
    expect(setup.keyFetches()).toBe(1);
    // A broken cache never breaks verification.
    const broken = setup.newKeys({ cache: { get: () => Promise.reject(new Error("kv down")), set: cache.set } });
    expect((await broken.getKeys()).length).toBe(1);
    expect(setup.keyFetches()).toBe(2);
  });

  it("stores the snapshot in Workers KV with a TTL of max-age plus stale-if-error", async () => {
    const setup = webhookSetup();
    const kv = new Map<string, { value: string; ttl: number | undefined }>();
    const cache = workersKvKeySetCache({
      get: async (key) => (kv.has(key) ? JSON.parse(kv.get(key)?.value as string) : null),
      put: async (key, value, options) => {
        kv.set(key, { value, ttl: options?.expirationTtl });
      },
    });
    await setup.newKeys({ cache }).getKeys();
    expect(kv.get("agentline:forge-keys")?.ttl).toBe(1200);
    await setup.newKeys({ cache }).getKeys();
    expect(setup.keyFetches()).toBe(1);
  });

  it("reads max-age and stale-if-error from Cache-Control", () => {
    expect(parseCacheControl("public, max-age=600, stale-if-error=600")).toEqual({
      maxAgeSeconds: 600,
      staleIfErrorSeconds: 600,
    });
    expect(parseCacheControl("no-store")).toEqual({ maxAgeSeconds: 0 });
    expect(parseCacheControl(null)).toEqual({});
    expect(parseCacheControl("max-age=abc")).toEqual({});
  });

  it("needs an address", () => {
    expect(() => new ForgeKeys({})).toThrow(/baseUrl/);
  });

  it("turns an unavailable key set into keys_unavailable for verifyWebhook", async () => {
    const setup = webhookSetup();
    const keys = setup.newKeys({ fetch: flakyKeysFetch(setup.fake, () => true) });
    await expect(verifyWebhook(await setup.delivery(), { keys, now: setup.now })).rejects.toMatchObject({
      reason: "keys_unavailable",
    });
  });
});
