// The caller's AbortSignal across every auth path of a forge call: an app call (its JWT signed on the way), an
// installation call that finds its token cached, mints it, shares another call's mint, meets a 401 and re-mints,
// or fails in the mint (500, 401, a bad answer); ended by success, an error, an abort or a timeout. After every
// outcome no abort listener may be left on the signal.
import { describe, expect, it } from "vitest";
import { AgentlineError } from "../../../src/core/errors.js";
import { ForgeApp } from "../../../src/forge/index.js";
import { countedSignal } from "../counted-signal.js";

const BASE = "https://forge.adv-listeners.example";

type Mode = "ok" | "mint500" | "mint401" | "mintBadBody" | "revokedOnce" | "hangMint" | "hangGet" | "get500";

/** A store like a shared one: not the in-memory default, so its reads are bounded by the caller's signal. */
function asyncStore() {
  const entries = new Map<string, { token: string; expiresAt: number }>();
  return {
    get: async (key: string) => entries.get(key),
    set: async (key: string, value: { token: string; expiresAt: number }) => void entries.set(key, value),
    delete: async (key: string) => void entries.delete(key),
  };
}

async function forgeWith(mode: Mode, store = false) {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const valid = new Set<string>();
  let revoked = mode === "revokedOnce";
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/v1\/forge/, "");
    const bearer = (request.headers.get("authorization") ?? "").replace(/^Bearer /, "");
    const hang = () =>
      new Promise<Response>((_, reject) => {
        const fail = () => reject(request.signal.reason ?? new DOMException("aborted", "AbortError"));
        if (request.signal.aborted) fail();
        request.signal.addEventListener("abort", fail, { once: true });
      });
    const rpc = (status: number, code: number) => Response.json({ code, message: "scripted", details: [] }, { status });
    if (path.endsWith("/access_tokens")) {
      if (mode === "hangMint") return hang();
      if (mode === "mint500") return rpc(500, 13);
      if (mode === "mint401") return rpc(401, 16);
      if (mode === "mintBadBody") return Response.json({ token: 5 }, { status: 201 });
      const token = `oit_${crypto.randomUUID().replaceAll("-", "")}`;
      valid.add(token);
      return Response.json({ token, expiresAt: new Date(Date.now() + 600_000).toISOString() }, { status: 201 });
    }
    if (path === "/app") return Response.json({ id: "app_l", displayName: "l" });
    if (mode === "hangGet") return hang();
    if (mode === "get500") return rpc(500, 13);
    if (revoked && valid.has(bearer)) {
      revoked = false;
      valid.delete(bearer);
    }
    if (!valid.has(bearer)) return rpc(401, 16);
    return Response.json({ repositories: [], nextPageToken: "", repoSelectionMode: "all" });
  };
  const app = new ForgeApp({
    appId: "app_l",
    privateKey: pair.privateKey,
    baseUrl: BASE,
    fetch,
    maxRetries: 1,
    sleep: async () => {},
    pointsBudget: false,
    ...(store ? { tokenCache: asyncStore() } : {}),
  });
  return app;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("caller signals over auth paths", () => {
  const modes: Mode[] = ["ok", "mint500", "mint401", "mintBadBody", "revokedOnce", "get500"];
  const starts = ["cold", "cached", "shared"] as const;
  for (const mode of modes) {
    for (const start of starts) {
      it.each([false, true])(
        `${mode}, token ${start}, a shared store %s: no listener left, an AgentlineError on failure`,
        async (store) => {
          const app = await forgeWith(mode, store);
          const client = app.installation("inst_1");
          if (start === "cached" && (mode === "ok" || mode === "revokedOnce" || mode === "get500")) {
            await app.installationToken("inst_1");
          }
          const other =
            start === "shared" ? Promise.resolve(app.installationToken("inst_1")).catch(() => {}) : undefined;
          const counted = countedSignal();
          const outcome = await Promise.resolve(client.installationRepos.list({}, { signal: counted.signal })).then(
            () => "ok",
            (error: unknown) => error,
          );
          await other;
          if (outcome !== "ok") expect(outcome).toBeInstanceOf(AgentlineError);
          expect(counted.attached()).toBe(0);
        },
      );
    }
  }

  for (const mode of ["hangMint", "hangGet"] as const) {
    it.each([false, true])(
      `${mode}, a shared store %s: an abort and a timeout each end the call, no listener left`,
      async (store) => {
        const app = await forgeWith(mode, store);
        const client = app.installation("inst_1");
        const counted = countedSignal();
        const call = Promise.resolve(client.installationRepos.list({}, { signal: counted.signal })).then(
          () => "ok",
          (error: unknown) => error,
        );
        for (let i = 0; i < 20; i++) await settle();
        counted.controller.abort();
        expect(await call).toBeInstanceOf(AgentlineError);
        expect(counted.attached()).toBe(0);

        const timed = countedSignal();
        const outcome = await Promise.resolve(
          client.installationRepos.list({}, { signal: timed.signal, timeoutMs: 20 }),
        ).then(
          () => "ok",
          (error: unknown) => error,
        );
        expect(outcome).toBeInstanceOf(AgentlineError);
        expect(timed.attached()).toBe(0);
      },
    );
  }

  it("app calls: success and abort leave no listener", async () => {
    const app = await forgeWith("ok");
    const counted = countedSignal();
    await app.getApp({ signal: counted.signal });
    await app.getApp({ signal: counted.signal });
    expect(counted.attached()).toBe(0);
    const aborted = countedSignal();
    aborted.controller.abort();
    const error = await Promise.resolve(app.getApp({ signal: aborted.signal })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentlineError);
    expect(aborted.attached()).toBe(0);
  });
});
