// Installation tokens against a forge written here from the spec (Code Forge API § Credentials, § Fully described
// operations): it checks each app JWT with WebCrypto, mints `oit_` tokens per installation (narrowing only, at most
// 15 minutes and never past the JWT's exp), refuses a revoked or foreign token with 401, and counts every request.
import { describe, expect, it } from "vitest";
import { AgentlineError, AuthenticationError } from "../../../src/core/errors.js";
import { ForgeApp, type InstallationToken, MemoryTokenCache } from "../../../src/forge/index.js";

const BASE = "https://forge.adv-tokens.example";
const APP = "app_tok";
const START = Date.parse("2026-11-28T12:00:00Z");

const bytes = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
const claimsOf = (jwt: string) =>
  JSON.parse(new TextDecoder().decode(bytes(jwt.split(".")[1] as string))) as { exp: number; iat: number };
const rpc = (status: number, code: number, message: string) =>
  Response.json({ code, message, details: [] }, { status, headers: { "x-request-id": `req_${crypto.randomUUID()}` } });

interface Issued {
  installationId: string;
  scopes: string[];
  repositoryIds: string[];
  expiresAt: number;
}

async function tokenForge(options: { lifetimeMs?: number } = {}) {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const clock = { now: START };
  const issued = new Map<string, Issued>();
  const revoked = new Set<string>();
  const log: string[] = [];
  /** Scripted answers for the next mints (status), in order; then normal mints. */
  const mintFailures: number[] = [];
  /** How many of the next GETs to hold, and the gates of those held (opened one by one). */
  let toHold = 0;
  const gates: Array<() => void> = [];
  const forge = {
    clock,
    issued,
    revoked,
    log,
    mintFailures,
    privateKey: pair.privateKey,
    mints: () => log.filter((line) => line.startsWith("POST ")).length,
    gets: () => log.filter((line) => line.startsWith("GET ")).length,
    holdGets(count: number) {
      toHold = count;
    },
    releaseOne() {
      gates.shift()?.();
    },
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/v1\/forge/, "");
      const bearer = (request.headers.get("authorization") ?? "").replace(/^Bearer /, "");
      const mint = /^\/app\/installations\/([^/]+)\/access_tokens$/.exec(path);
      if (mint && request.method === "POST") {
        const installationId = decodeURIComponent(mint[1] as string);
        log.push(`POST ${installationId}`);
        const [h, p, s] = bearer.split(".") as [string, string, string];
        const ok = await crypto.subtle
          .verify("Ed25519", pair.publicKey, bytes(s ?? ""), new TextEncoder().encode(`${h}.${p}`))
          .catch(() => false);
        if (!ok) return rpc(401, 16, "bad app JWT");
        const failure = mintFailures.shift();
        if (failure !== undefined) return rpc(failure, failure === 401 ? 16 : 13, "scripted mint failure");
        const body = (await request.json()) as { scopes?: string[]; repositoryIds?: string[] };
        const jwtExp = claimsOf(bearer).exp * 1000;
        const expiresAt = Math.min(clock.now + (options.lifetimeMs ?? 15 * 60_000), jwtExp);
        const token = `oit_${crypto.randomUUID().replaceAll("-", "")}`;
        issued.set(token, {
          installationId,
          scopes: body.scopes ?? [],
          repositoryIds: body.repositoryIds ?? [],
          expiresAt,
        });
        return Response.json({ token, expiresAt: new Date(expiresAt).toISOString() }, { status: 201 });
      }
      log.push(`GET ${path}${url.search}`);
      if (toHold > 0) {
        toHold--;
        await new Promise<void>((resolve) => gates.push(resolve));
      }
      const grant = issued.get(bearer);
      if (!grant || revoked.has(bearer) || grant.expiresAt <= clock.now) return rpc(401, 16, "unauthenticated");
      // The repository list names the installation the token belongs to, so a test sees whose token was used.
      return Response.json({
        repositories: [],
        nextPageToken: "",
        repoSelectionMode: grant.installationId,
      });
    },
  };
  return forge;
}

type TokenForge = Awaited<ReturnType<typeof tokenForge>>;

function appOf(forge: TokenForge, extra: Partial<ConstructorParameters<typeof ForgeApp>[0]> = {}) {
  return new ForgeApp({
    appId: APP,
    privateKey: forge.privateKey,
    baseUrl: BASE,
    fetch: forge.fetch,
    now: () => forge.clock.now,
    pointsBudget: false,
    maxRetries: 0,
    ...extra,
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("installation tokens against an independent forge", () => {
  it("never hands one installation's token to another (separators, unicode, prototype names)", async () => {
    const ids = [
      "inst_a",
      "inst_a|",
      "inst_a,",
      'inst_a"',
      "inst_a\\",
      "inst_a,[]",
      'inst_a",[],["',
      "inst_a ",
      " inst_a",
      "INST_A",
      "inst_é",
      "inst_e\u0301",
      "inst_😀",
      "inst_\u0000",
      "__proto__",
      "constructor",
      "toString",
      "hasOwnProperty",
      "valueOf",
      "prototype",
      "null",
      "undefined",
      "0",
      "[]",
      "{}",
      "%2F",
      "a%2Fb",
      "a?b",
      "a#b",
      "a;b",
      "a:b",
    ];
    for (const cache of [undefined, new MemoryTokenCache()]) {
      const forge = await tokenForge();
      const app = appOf(forge, cache ? { tokenCache: cache } : {});
      const tokens = new Map<string, InstallationToken>();
      const refused: string[] = [];
      for (const id of ids) {
        try {
          tokens.set(id, await app.installationToken(id));
        } catch (error) {
          expect(error).toBeInstanceOf(AgentlineError);
          refused.push(id);
        }
      }
      // Twice over, in reverse: each id gets back its own token, which the forge issued to that id.
      for (const id of [...ids].reverse()) {
        if (refused.includes(id)) continue;
        const again = await app.installationToken(id);
        expect(again.token).toBe(tokens.get(id)?.token);
        expect(forge.issued.get(again.token)?.installationId).toBe(id);
      }
      expect(new Set([...tokens.values()].map((each) => each.token)).size).toBe(tokens.size);
      expect(forge.mints()).toBe(tokens.size);
      // Refused before the network (a NUL, a backslash or an encoded slash in a path segment): never mixed up.
      expect(refused.filter((id) => !(id.includes("\u0000") || id.includes("\\") || /%2F/i.test(id)))).toEqual([]);
    }
  });

  it("sends the narrowing as given and keys the cache by it, order-insensitively", async () => {
    const forge = await tokenForge();
    const app = appOf(forge);
    const full = await app.installationToken("inst_1");
    const narrow = await app.installationToken("inst_1", {
      scopes: ["repository:contents:read", "repository:checks:write"],
      repositoryIds: ["repo_2", "repo_1"],
    });
    const reordered = await app.installationToken("inst_1", {
      scopes: ["repository:checks:write", "repository:contents:read"],
      repositoryIds: ["repo_1", "repo_2"],
    });
    const emptyLists = await app.installationToken("inst_1", { scopes: [], repositoryIds: [] });
    expect(reordered.token).toBe(narrow.token);
    expect(emptyLists.token).toBe(full.token);
    expect(full.token).not.toBe(narrow.token);
    expect(forge.issued.get(full.token)).toMatchObject({ scopes: [], repositoryIds: [] });
    expect(forge.issued.get(narrow.token)).toMatchObject({
      scopes: ["repository:contents:read", "repository:checks:write"],
      repositoryIds: ["repo_2", "repo_1"],
    });
    expect(forge.mints()).toBe(2);
  });

  it.each([
    ["scopes: 5", { scopes: 5 }],
    ["scopes: {}", { scopes: {} }],
    ["repositoryIds: a number", { repositoryIds: 7 }],
    ["repositoryIds: [1n]", { repositoryIds: [1n] }],
    ["scopes: a string", { scopes: "repository:contents:read" }],
  ])("refuses a narrowing with %s as an AgentlineError, minting nothing", async (_, narrowing) => {
    const forge = await tokenForge();
    const app = appOf(forge);
    const error = await app.installationToken("inst_1", narrowing as never).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AgentlineError);
    const viaClient = await Promise.resolve()
      .then(() => app.installation("inst_1", narrowing as never).installationRepos.list())
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(viaClient).toBeInstanceOf(AgentlineError);
    expect(forge.mints()).toBe(0);
  });

  it("refreshes at the margin, not before, not on every call", async () => {
    const forge = await tokenForge();
    const app = appOf(forge);
    const first = await app.installationToken("inst_1");
    // The JWT caps the token (270 s); the default margin is 60 s.
    forge.clock.now = first.expiresAt - 60_001;
    expect((await app.installationToken("inst_1")).token).toBe(first.token);
    forge.clock.now = first.expiresAt - 60_000;
    const second = await app.installationToken("inst_1");
    expect(second.token).not.toBe(first.token);
    for (let i = 0; i < 20; i++) await app.installationToken("inst_1");
    expect(forge.mints()).toBe(2);
  });

  it("mints once for concurrent callers across installation clients, installationToken and gitCredentials", async () => {
    const forge = await tokenForge();
    const app = appOf(forge);
    const calls = [
      ...Array.from({ length: 5 }, () => app.installation("inst_1").installationRepos.list()),
      ...Array.from({ length: 5 }, () => app.installationToken("inst_1")),
      app.gitCredentials("inst_1"),
    ];
    await Promise.all(calls);
    expect(forge.mints()).toBe(1);
  });

  it.each([500, 403, 401, 404])("a mint answered %i is not cached: the next call mints again", async (status) => {
    const forge = await tokenForge();
    const app = appOf(forge);
    forge.mintFailures.push(status);
    const results = await Promise.allSettled(Array.from({ length: 3 }, () => app.installationToken("inst_1")));
    expect(results.every((each) => each.status === "rejected")).toBe(true);
    expect(forge.mints()).toBe(1);
    const token = await app.installationToken("inst_1");
    expect(forge.issued.has(token.token)).toBe(true);
    expect(forge.mints()).toBe(2);
  });

  it("a 401 from the mint itself (the app JWT refused) is one mint per call, not retried as if the token were stale", async () => {
    const forge = await tokenForge();
    const app = appOf(forge);
    forge.mintFailures.push(401, 401, 401);
    const error = await app
      .installation("inst_1")
      .installationRepos.list()
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(forge.log).toEqual(["POST inst_1"]);
  });

  it("a revoked token: one re-mint and one retry, then success", async () => {
    const forge = await tokenForge();
    const app = appOf(forge);
    const client = app.installation("inst_1");
    await client.installationRepos.list();
    const old = [...forge.issued.keys()][0] as string;
    forge.revoked.add(old);
    await client.installationRepos.list();
    expect(forge.log).toEqual([
      "POST inst_1",
      "GET /installation/repos",
      "GET /installation/repos",
      "POST inst_1",
      "GET /installation/repos",
    ]);
  });

  it("a forge refusing every token: one re-mint and one retry, then the 401 — no loop", async () => {
    const forge = await tokenForge();
    const app = appOf(forge);
    const client = app.installation("inst_1");
    await client.installationRepos.list();
    const realIssue = forge.issued.set.bind(forge.issued);
    forge.issued.set = (token, grant) => {
      forge.revoked.add(token);
      return realIssue(token, grant);
    };
    forge.revoked.add([...forge.issued.keys()][0] as string);
    const error = await client.installationRepos.list().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(forge.log.slice(2)).toEqual(["GET /installation/repos", "POST inst_1", "GET /installation/repos"]);
  });

  it("concurrent calls refused with the same revoked token, answered at different times, re-mint once", async () => {
    const forge = await tokenForge();
    const app = appOf(forge);
    const client = app.installation("inst_1");
    await client.installationRepos.list();
    forge.revoked.add([...forge.issued.keys()][0] as string);
    // Three calls sent with the revoked token; their 401s arrive one after another, each after the previous call
    // already re-minted and retried.
    forge.holdGets(3);
    const calls = [0, 1, 2].map(() => Promise.resolve(client.installationRepos.list())); // started
    for (let i = 0; i < 50 && forge.gets() < 4; i++) await settle();
    expect(forge.gets()).toBe(4);
    for (const call of calls) {
      forge.releaseOne();
      await call;
    }
    expect(forge.mints()).toBe(2);
    // Each refused call was retried once: 1 + 3 + 3 GETs.
    expect(forge.gets()).toBe(7);
  });
});

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
