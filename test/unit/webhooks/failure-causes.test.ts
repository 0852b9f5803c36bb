// Every error agentline/webhooks hands a caller is an AgentlineError, down the `cause` chain too: what a key set
// fetch hit (a non-2xx, a body without keys, a discovery document of another issuer) and a Durable Object dedupe
// store that answers an error. Each case is served by a small handler written here from the spec.
import { describe, expect, it } from "vitest";
import { isAgentlineError } from "../../../src/core/errors.js";
import { DurableObjectDedupeStore } from "../../../src/webhooks/dedupe-cloudflare.js";
import { KeySetUnavailableError } from "../../../src/webhooks/errors.js";
import { ForgeKeys } from "../../../src/webhooks/keys.js";

const ISSUER = "https://forge.example/v1/forge";

/** Every way a key set source can fail, as a `fetch` answering it and the keys reading through it. */
const FAILING_SOURCES: Record<string, () => ForgeKeys> = {
  "GET /keys answers 503": () =>
    new ForgeKeys({ jwksUrl: `${ISSUER}/keys`, fetch: async () => new Response("down", { status: 503 }) }),
  "GET /keys has no keys array": () =>
    new ForgeKeys({ jwksUrl: `${ISSUER}/keys`, fetch: async () => Response.json({ items: [] }) }),
  "GET /keys has no Ed25519 key": () =>
    new ForgeKeys({
      jwksUrl: `${ISSUER}/keys`,
      fetch: async () => Response.json({ keys: [{ kty: "RSA", n: "x", e: "AQAB" }] }),
    }),
  "discovery names another issuer": () =>
    ForgeKeys.fromDiscovery(ISSUER, {
      fetch: async () => Response.json({ issuer: "https://other.example", jwks_uri: `${ISSUER}/keys` }),
    }),
  "discovery answers 404": () =>
    ForgeKeys.fromDiscovery(ISSUER, { fetch: async () => new Response("no", { status: 404 }) }),
};

describe("agentline/webhooks: failures are AgentlineErrors down the cause chain", () => {
  it("a key set that cannot be read fails with KeySetUnavailableError whose cause is an AgentlineError", async () => {
    const raw: string[] = [];
    for (const [name, keys] of Object.entries(FAILING_SOURCES)) {
      const error = await keys()
        .getKeys()
        .then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
      expect(error, name).toBeInstanceOf(KeySetUnavailableError);
      const cause = (error as Error).cause;
      if (!isAgentlineError(cause)) raw.push(`${name}: ${String(cause)}`);
      else expect(cause.code, name).toBe("key_set_invalid");
    }
    expect(raw).toEqual([]);
  });

  it("a Durable Object dedupe store that answers 500 rejects with an AgentlineError", async () => {
    const namespace = {
      idFromName: (name: string) => name,
      get: () => ({ fetch: async () => new Response("boom", { status: 500 }) }),
    };
    const store = new DurableObjectDedupeStore(namespace, { shards: 1 });
    const error = await store.claim("msg_1", 60_000).catch((thrown: unknown) => thrown);
    expect(isAgentlineError(error)).toBe(true);
    expect(error).toMatchObject({ code: "dedupe_unavailable", message: expect.stringContaining("500") });
  });
});
