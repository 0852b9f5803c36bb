import { describe, expect, it } from "vitest";
import { AuthenticationError, NotFoundError } from "../../../src/core/errors.js";
import { ForgeApp } from "../../../src/forge/forge-app.js";
import { ForgeClient } from "../../../src/forge/forge-client.js";
import { MemoryTokenCache } from "../../../src/forge/installation-tokens.js";
import { generateAppKeyPair } from "../../../src/forge/keys.js";
import { createFakeService } from "../../../src/testing/index.js";

const MINT_PATH = /\/v1\/forge\/app\/installations\/[^/]+\/access_tokens$/;

async function forgeSetup(options: { tokenCache?: MemoryTokenCache } = {}) {
  let now = Date.parse("2026-11-21T12:00:00Z");
  const fake = createFakeService({ now: () => now });
  const keys = await generateAppKeyPair();
  const { appId, installationId } = fake.forge.registerApp({ publicKeyPem: keys.publicKey });
  if (!installationId) throw new Error("the fake installed no app");
  const app = new ForgeApp({
    appId,
    privateKey: keys.privateKey,
    baseUrl: "http://127.0.0.1:9",
    fetch: fake.fetch,
    now: () => now,
    sleep: async () => {},
    tokenCache: options.tokenCache,
  });
  const mints = () => fake.requests.filter((r) => r.method === "POST" && MINT_PATH.test(r.path)).length;
  return {
    fake,
    app,
    appId,
    installationId,
    mints,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("ForgeApp against the fake forge", () => {
  it("reads the app and its installations with app JWTs the forge accepts", async () => {
    const { app, appId, installationId } = await forgeSetup();
    expect((await app.getApp()).id).toBe(appId);
    const installations = await app.installations.list().toArray();
    expect(installations.map((i) => i.id)).toContain(installationId);
    expect((await app.installations.get(installationId)).appId).toBe(appId);
  });

  it("mints once for 50 calls, refreshes before expiry, and keys the cache by narrowing", async () => {
    const { app, installationId, mints, advance } = await forgeSetup();
    const forge = app.installation(installationId);
    for (let i = 0; i < 50; i++) await forge.installationRepos.list();
    expect(mints()).toBe(1);
    const { expiresAt } = await app.installationToken(installationId);
    advance(expiresAt - Date.parse("2026-11-21T12:00:00Z") - 30_000); // 30 s left: inside the 60 s margin
    await forge.installationRepos.list();
    expect(mints()).toBe(2);
    await app.installationToken(installationId, { scopes: ["repository:metadata:read"] });
    expect(mints()).toBe(3);
    const git = await app.gitCredentials(installationId);
    expect(git.username).toBe("x-access-token");
    expect(git.password).toMatch(/^oit_/);
  });

  it("caps a token's lifetime at the minting JWT's exp, so every mint signs a fresh JWT", async () => {
    const { app, installationId, advance } = await forgeSetup();
    const before = Date.parse("2026-11-21T12:00:00Z");
    await app.appJwt(); // a JWT signed now would cap a later token early
    advance(200_000);
    const { expiresAt } = await app.installationToken(installationId);
    expect(expiresAt).toBeGreaterThan(before + 200_000 + 260_000);
  });

  it("coalesces concurrent mints into one", async () => {
    const { app, installationId, mints } = await forgeSetup();
    const tokens = await Promise.all(Array.from({ length: 10 }, () => app.installationToken(installationId)));
    expect(new Set(tokens.map((t) => t.token)).size).toBe(1);
    expect(mints()).toBe(1);
  });

  it("drops a token the forge refuses (401) and retries once with a fresh one", async () => {
    const cache = new MemoryTokenCache();
    const { app, installationId, mints } = await forgeSetup({ tokenCache: cache });
    await cache.set(`${installationId}||`, {
      token: "oit_revokedrevokedrevoked",
      expiresAt: Date.parse("2027-01-01T00:00:00Z"),
    });
    const page = await app.installation(installationId).installationRepos.list();
    expect(page.items.length).toBeGreaterThan(0);
    expect(mints()).toBe(1);
  });

  it("says clearly when the installation was deleted, and never puts a token or JWT in the error", async () => {
    const { app, fake, installationId } = await forgeSetup();
    const token = (await app.installationToken(installationId)).token;
    fake.forge.deleteInstallation(installationId);
    const error = (await app
      .installation(installationId)
      .installationRepos.list()
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toContain("a new installation is required");
    expect(JSON.stringify(error)).not.toContain(token);
    expect(error.message).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    // A client holding the old token directly (no refresh): the forge refuses it with 401.
    const direct = new ForgeClient({ token, baseUrl: "http://127.0.0.1:9", fetch: fake.fetch, maxRetries: 0 });
    const stale = (await direct.installationRepos.list().catch((e: unknown) => e)) as Error;
    expect(stale).toBeInstanceOf(AuthenticationError);
    expect(stale.message).not.toContain(token);
  });
});

describe("points budget", () => {
  it("adopts the server's smaller budget from X-RateLimit-Limit and waits instead of meeting a 429", async () => {
    let now = Date.parse("2026-11-21T12:00:00Z");
    const fake = createFakeService({ now: () => now, forge: { rateLimits: { installation: 5 } } });
    const statuses: number[] = [];
    const fetch = async (request: Request) => {
      const response = await fake.fetch(request);
      statuses.push(response.status);
      return response;
    };
    const keys = await generateAppKeyPair();
    const { appId, installationId } = fake.forge.registerApp({ publicKeyPem: keys.publicKey });
    const waits: number[] = [];
    const { ForgePointsBudget } = await import("../../../src/forge/points-budget.js");
    const budget = new ForgePointsBudget({
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
      onWait: (wait) => void waits.push(wait.waitMs),
    });
    const app = new ForgeApp({
      appId,
      privateKey: keys.privateKey,
      baseUrl: "http://127.0.0.1:9",
      fetch,
      now: () => now,
      pointsBudget: budget,
    });
    const forge = app.installation(installationId as string);
    for (let i = 0; i < 12; i++) await forge.installationRepos.list();
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect(waits.length).toBeGreaterThan(0);
  });
});
