// jose's signing part is loaded on the first JWT; `loadOnce` forgets a failed load so that the next call tries again
// (a bundle chunk that failed to download once). A ForgeApp whose first load failed must recover on a later call,
// not keep that failure for its lifetime.
import { describe, expect, it, vi } from "vitest";

const state = vi.hoisted(() => ({ failures: 1 }));
vi.mock("../../../src/forge/jwt-signing.js", async (importOriginal) => {
  if (state.failures > 0) {
    state.failures--;
    throw new TypeError("Failed to fetch dynamically imported module");
  }
  return importOriginal();
});

describe("a failed load of jose", () => {
  it("fails that call with module_load_failed, and a later call signs", async () => {
    const { ForgeApp, generateAppKeyPair } = await import("../../../src/forge/index.js");
    const keys = await generateAppKeyPair();
    const fetch = async () => Response.json({ id: "app_1", displayName: "x" });
    const app = new ForgeApp({ appId: "app_1", privateKey: keys.privateKey, baseUrl: "https://f.example", fetch });
    const first = await app.appJwt().catch((error: unknown) => error);
    expect(first).toMatchObject({ code: "module_load_failed" });
    // A new app loads it now (the loader forgot the failure) ...
    const other = new ForgeApp({ appId: "app_1", privateKey: keys.privateKey, baseUrl: "https://f.example", fetch });
    const otherJwt = await other.appJwt().catch((error: unknown) => `failed: ${String(error)}`);
    const sameJwt = await app.appJwt().catch((error: unknown) => `failed: ${String(error)}`);
    expect(otherJwt).toMatch(/^eyJ/);
    // ... and so does the app that met the failure.
    expect(sameJwt).toMatch(/^eyJ/);
  });
});
