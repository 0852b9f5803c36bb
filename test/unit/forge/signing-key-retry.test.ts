// Registering a signing key is not idempotent in effect: a repeat of a request whose answer was lost meets
// AlreadyExists (409) for a key that *was* registered (spec: Code Forge API § Fully described operations). So an
// ambiguous failure is surfaced as it is, never re-sent and turned into a misleading 409.
import { describe, expect, it } from "vitest";
import { ApiError, ConflictError } from "../../../src/core/errors.js";
import { ForgeClient } from "../../../src/forge/index.js";
import { MINI_BASE_URL, miniForge, rpcError } from "./mini-forge.js";

const LINE = "POST /apps/app_1/signing_keys";

async function setup(first: ReturnType<typeof rpcError>) {
  const forge = await miniForge({
    routes: { [LINE]: [first, rpcError(409, 6, "signing key already registered")] },
  });
  const client = new ForgeClient({
    token: "utok_user",
    baseUrl: MINI_BASE_URL,
    fetch: forge.fetch,
    sleep: async () => {},
    random: () => 0.5,
  });
  return { forge, client };
}

describe("apps.signingKeys.create after an ambiguous failure", () => {
  it.each([
    ["500", rpcError(500, 13, "internal")],
    ["503", rpcError(503, 14, "unavailable")],
  ])("a %s is reported once, not re-sent into a 409", async (_label, first) => {
    const { forge, client } = await setup(first);
    const error = await client.apps.signingKeys.create("app_1", { publicKey: forge.keys.publicKey }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(forge.count(LINE)).toBe(1);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(ConflictError);
    expect((error as ApiError).status).toBe(first.status);
  });

  it("a lost connection is reported once, not re-sent", async () => {
    const forge = await miniForge();
    let sent = 0;
    const client = new ForgeClient({
      token: "utok_user",
      baseUrl: MINI_BASE_URL,
      fetch: async () => {
        sent += 1;
        if (sent === 1) throw new TypeError("fetch failed");
        return new Response(JSON.stringify({ code: 6, message: "exists", details: [] }), { status: 409 });
      },
      sleep: async () => {},
      random: () => 0.5,
    });
    const error = await client.apps.signingKeys.create("app_1", { publicKey: forge.keys.publicKey }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(sent).toBe(1);
    expect(error).not.toBeInstanceOf(ConflictError);
  });

  it("a 429 (not processed) is still retried", async () => {
    const forge = await miniForge({
      routes: {
        [LINE]: [rpcError(429, 8, "rate limited", { "retry-after": "1" }), { status: 200, body: { kid: "abc" } }],
      },
    });
    const client = new ForgeClient({
      token: "utok_user",
      baseUrl: MINI_BASE_URL,
      fetch: forge.fetch,
      sleep: async () => {},
      random: () => 0.5,
    });
    await expect(client.apps.signingKeys.create("app_1", { publicKey: forge.keys.publicKey })).resolves.toMatchObject({
      kid: "abc",
    });
    expect(forge.count(LINE)).toBe(2);
  });
});
