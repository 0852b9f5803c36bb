// Installation tokens against a forge written here from the spec (Code Forge API § Credentials, § Fully described
// operations): it checks each app JWT with WebCrypto, mints `oit_` tokens per installation (narrowing only, at most
// 15 minutes and never past the JWT's exp), refuses a revoked or foreign token with 401, and counts every request.
import { describe, expect, it } from "vitest";
import { AgentlineError, AuthenticationError } from "../../../src/core/errors.js";
import { type InstallationToken, MemoryTokenCache } from "../../../src/forge/index.js";
import { appOf, settle, tokenForge } from "./token-forge.js";

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
