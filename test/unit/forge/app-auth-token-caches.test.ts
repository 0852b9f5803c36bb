// Installation tokens through token caches that fail, never answer or are shared, a large refresh margin, and an
// installation client's narrowing, against the forge written from the spec in token-forge.ts.
import { describe, expect, it } from "vitest";
import { AgentlineError } from "../../../src/core/errors.js";
import { ForgeApp, type InstallationToken, MemoryTokenCache } from "../../../src/forge/index.js";
import { appOf, claimsOf, settle, tokenForge } from "./token-forge.js";

describe("a large tokenRefreshMarginMs", () => {
  it.each([300_000, 900_000])(
    "margin %i ms: tokens (capped at the JWT's 270 s) are still reused, not minted per call",
    async (margin) => {
      const forge = await tokenForge();
      const app = appOf(forge, { tokenRefreshMarginMs: margin });
      const client = app.installation("inst_1");
      for (let i = 0; i < 10; i++) {
        await client.installationRepos.list();
        forge.clock.now += 1_000;
      }
      expect(forge.mints()).toBe(1);
      // Still refreshed well before expiry: the token in use always has over a minute left.
      forge.clock.now += 200_000;
      await client.installationRepos.list();
      expect(forge.mints()).toBe(2);
    },
  );
});

describe("a token cache that fails", () => {
  /** A cache whose reads and/or writes reject (a shared store that is down), counting the calls. */
  function failingCache(fail: { get?: boolean; set?: boolean }) {
    const inner = new MemoryTokenCache();
    const down = () => Promise.reject(new Error("store unavailable"));
    return {
      get: (key: string) => (fail.get ? down() : inner.get(key)),
      set: (key: string, value: InstallationToken) => (fail.set ? down() : inner.set(key, value)),
      delete: (key: string) => inner.delete(key),
    } as unknown as MemoryTokenCache;
  }

  it.each([
    ["writes", { set: true }],
    ["reads", { get: true }],
    ["reads and writes", { get: true, set: true }],
  ])("failing %s: calls still succeed on the token minted, and 10 calls mint once", async (_, fail) => {
    const forge = await tokenForge();
    const app = appOf(forge, { tokenCache: failingCache(fail) });
    const client = app.installation("inst_1");
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i++) {
      outcomes.push(
        await Promise.resolve(client.installationRepos.list()).then(
          () => "ok",
          (error: unknown) => String(error),
        ),
      );
    }
    expect(outcomes).toEqual(Array(10).fill("ok"));
    expect(forge.mints()).toBe(1);
  });
});

describe("a token cache that never answers", () => {
  it("the caller's abort and timeoutMs end the wait for its read (an AgentlineError), nothing minted or sent", async () => {
    const forge = await tokenForge();
    const hanging = {
      get: () => new Promise<undefined>(() => {}),
      set: async () => {},
      delete: async () => {},
    } as unknown as MemoryTokenCache;
    const client = appOf(forge, { tokenCache: hanging }).installation("inst_1");
    const controller = new AbortController();
    const aborted = Promise.resolve(client.installationRepos.list({}, { signal: controller.signal })).catch(
      (error: unknown) => error,
    );
    await settle();
    controller.abort();
    const timedOut = Promise.resolve(client.installationRepos.list({}, { timeoutMs: 20 })).catch(
      (error: unknown) => error,
    );
    const winner = await Promise.race([
      Promise.all([aborted, timedOut]),
      new Promise((resolve) => setTimeout(() => resolve("still waiting after 2 s"), 2_000)),
    ]);
    expect(winner).not.toBe("still waiting after 2 s");
    for (const error of winner as unknown[]) expect(error).toBeInstanceOf(AgentlineError);
    expect(forge.log).toEqual([]);
  });

  it("a write that never answers costs only the sharing: calls succeed on the token minted, 10 calls mint once", async () => {
    const forge = await tokenForge();
    const hanging = {
      get: async () => undefined,
      set: () => new Promise<void>(() => {}),
      delete: async () => {},
    } as unknown as MemoryTokenCache;
    const client = appOf(forge, { tokenCache: hanging }).installation("inst_1");
    const calls = (async () => {
      const outcomes: string[] = [];
      for (let i = 0; i < 10; i++) {
        outcomes.push(await Promise.resolve(client.installationRepos.list()).then(() => "ok", String));
      }
      return outcomes;
    })();
    const outcome = await Promise.race([
      calls,
      new Promise((resolve) => setTimeout(() => resolve("still waiting after 2 s"), 2_000)),
    ]);
    expect(outcome).toEqual(Array(10).fill("ok"));
    expect(forge.mints()).toBe(1);
  });
});

describe("one token cache shared by several apps", () => {
  it("never hands one app's (or one forge's) token to another app with the same installation id", async () => {
    const forge = await tokenForge();
    const cache = new MemoryTokenCache();
    const minters = new Map<string, string>();
    /** The forge's fetch, recording which app (its JWT's iss) and which host each token was minted for. */
    const recording =
      (host: string) =>
      async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
        const request = new Request(input, init);
        const response = await forge.fetch(request.clone());
        if (request.url.endsWith("/access_tokens") && response.ok) {
          const iss = (claimsOf((request.headers.get("authorization") ?? "").slice(7)) as { iss?: string }).iss;
          const { token } = (await response.clone().json()) as { token: string };
          minters.set(token, `${iss}@${host}`);
        }
        return response;
      };
    const apps = [
      ["app_a", "https://forge.one.example"],
      ["app_b", "https://forge.one.example"],
      ["app_a", "https://forge.two.example"],
    ] as const;
    for (const [appId, baseUrl] of apps) {
      const app = new ForgeApp({
        appId,
        privateKey: forge.privateKey,
        baseUrl,
        fetch: recording(new URL(baseUrl).host),
        now: () => forge.clock.now,
        pointsBudget: false,
        tokenCache: cache,
      });
      const { token } = await app.installationToken("inst_1");
      expect(minters.get(token)).toBe(`${appId}@${new URL(baseUrl).host}`);
    }
    expect(forge.mints()).toBe(3);
  });
});

describe("a revoked token in a store shared by two instances of one app", () => {
  it("the instance answered late keeps the token the other one re-minted: one re-mint in all", async () => {
    const forge = await tokenForge();
    const cache = new MemoryTokenCache();
    const first = appOf(forge, { tokenCache: cache }).installation("inst_1");
    const second = appOf(forge, { tokenCache: cache }).installation("inst_1");
    await first.installationRepos.list();
    await second.installationRepos.list(); // reads the shared token
    expect(forge.mints()).toBe(1);
    forge.revoked.add([...forge.issued.keys()][0] as string);
    forge.holdGets(1);
    const late = Promise.resolve(second.installationRepos.list()); // started, held at the forge with the old token
    for (let i = 0; i < 50 && forge.gets() < 3; i++) await settle();
    await first.installationRepos.list(); // refused, re-mints, retries
    forge.releaseOne();
    await late;
    expect(forge.mints()).toBe(2);
  });
});

describe("an installation client's narrowing", () => {
  it("is the one it was made with: changing the caller's arrays later widens nothing", async () => {
    const forge = await tokenForge();
    const app = appOf(forge);
    const scopes = ["repository:contents:read"];
    const repositoryIds = ["repo_1"];
    const client = app.installation("inst_1", { scopes, repositoryIds });
    scopes.push("repository:contents:write");
    repositoryIds.length = 0;
    await client.installationRepos.list();
    const grant = [...forge.issued.values()][0];
    expect(grant).toMatchObject({ scopes: ["repository:contents:read"], repositoryIds: ["repo_1"] });
  });
});
