// A key set fetch goes through the caller's own `fetch` (a proxy's client, a service binding): what it throws, and
// what a body that is not JSON makes the JSON parser say, may quote a credential the SDK never held (a proxy's
// `Bearer …`, an installation token, a JWT). A KeySetUnavailableError is logged as it is, so no surface of it, down
// the cause chain, may show one; it still says what failed (the engine error's name and code).
import { describe, expect, it } from "vitest";
import { ForgeKeys } from "../../../src/webhooks/keys.js";
import { verifyInstallationReceipt } from "../../../src/webhooks/receipt.js";
import { surfacesOf } from "../core/secret-echo.js";

const ISSUER = "https://forge.example/v1/forge";
const b64url = (json: unknown) => btoa(JSON.stringify(json)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
/** A receipt well-formed enough that its key is looked up (its signature is never reached). */
const RECEIPT = `${b64url({ alg: "EdDSA", kid: "k1", typ: "forge-installation-receipt+jwt" })}.${b64url({ iss: ISSUER })}.${"A".repeat(86)}`;
const CREDENTIALS: Record<string, string> = {
  "bearer token": "Bearer prx_9f8e7d6c5b4a39281706f5e4",
  "installation token": "ghs_0123456789abcdefABCDEF0123456789abcd",
  jwt: "eyJhbGciOiJFZERTQSJ9.eyJpc3MiOiJhcHAifQ.c2lnbmF0dXJlc2lnbmF0dXJlc2ln",
  "basic pair": `Basic ${btoa("proxyuser:proxy-pass-0123456789")}`,
};

/** Ways the fetch fails with the credential in what comes back. */
const FAILURES: Record<string, (credential: string) => () => Promise<Response>> = {
  "thrown message": (c) => async () => {
    throw new TypeError(`proxy refused (authorization: ${c})`);
  },
  "nested cause with a code": (c) => async () => {
    throw new TypeError("fetch failed", {
      cause: Object.assign(new Error(`connect via ${c}`), { code: "ECONNREFUSED", header: c }),
    });
  },
  "rejected plain object": (c) => () => Promise.reject({ message: c, code: "EPIPE" }),
  "body not JSON quoting it": (c) => async () => new Response(`"${c}" <- not a key set`, { status: 200 }),
};

async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
}

describe("ForgeKeys: what the caller's fetch throws never shows a credential", () => {
  const total = Object.keys(CREDENTIALS).length * Object.keys(FAILURES).length;
  it(`${total} failures × 2 surfaces (getKeys, verifyInstallationReceipt): 0 show the credential`, async () => {
    const leaks: string[] = [];
    let errors = 0;
    for (const [kind, credential] of Object.entries(CREDENTIALS)) {
      const secretPart = credential.replace(/^(Bearer|Basic) /, "");
      for (const [how, fail] of Object.entries(FAILURES)) {
        const keys = () => new ForgeKeys({ jwksUrl: `${ISSUER}/keys`, issuer: ISSUER, fetch: fail(credential) });
        const thrown = [
          await errorOf(() => keys().getKeys()),
          await errorOf(() => verifyInstallationReceipt(RECEIPT, { keys: keys(), appId: "app_1" })),
        ];
        for (const error of thrown) {
          expect(error, `${kind} / ${how}`).toMatchObject({ reason: "keys_unavailable" });
          errors++;
          for (const [surface, text] of surfacesOf(error))
            if (text.includes(secretPart)) leaks.push(`${kind} / ${how} / ${surface}`);
        }
      }
    }
    expect(errors).toBe(total * 2);
    expect(leaks).toEqual([]);
  });

  it("still names what failed: the engine error's name and code", async () => {
    const keys = new ForgeKeys({ jwksUrl: `${ISSUER}/keys`, fetch: FAILURES["nested cause with a code"]?.("x") });
    const error = (await errorOf(() => keys.getKeys())) as Error;
    expect(error.message).toContain(
      "GET https://forge.example/v1/forge/keys: the request failed (TypeError: ECONNREFUSED)",
    );
  });
});
