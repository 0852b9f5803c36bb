// verifyInstallationReceipt against receipts signed by hand (node:crypto, no jose) with keys a real HTTP key
// server publishes, per spec § Installation flow: header alg EdDSA, kid, typ forge-installation-receipt+jwt;
// claims iss {base_url}/v1/forge, aud app id, sub, exp, jti, state only when the install address carried one.
// Every refusal must be an InstallationReceiptError with the reason named here, and echo no token or state.
import { createHmac } from "node:crypto";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InstallationReceiptError } from "../../../src/webhooks/errors.js";
import { ForgeKeys } from "../../../src/webhooks/keys.js";
import { verifyInstallationReceipt } from "../../../src/webhooks/receipt.js";
import {
  DELIVERY_TIME,
  deliveryNow,
  type IndependentKey,
  type IndependentKeyServer,
  independentKey,
  signCompact,
  startKeyServer,
} from "./independent-forge.js";

const T = DELIVERY_TIME;
const now = deliveryNow;
const APP = "app_0001";
const STATE = "st_Vq3nR8xLk2PzW7yT";
const TYP = "forge-installation-receipt+jwt";
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

let forgeKey: IndependentKey;
let otherKey: IndependentKey;
let server: IndependentKeyServer;
let issuer: string;

beforeAll(async () => {
  forgeKey = independentKey();
  otherKey = independentKey();
  server = await startKeyServer([forgeKey.jwk, { ...otherKey.jwk, use: "enc" }]);
  issuer = `${server.baseUrl}/v1/forge`;
});
afterAll(() => server.close());

const claims = (extra: Record<string, unknown> = {}) => ({
  iss: issuer,
  aud: APP,
  sub: "inst_0001",
  namespace_id: "ns_0001",
  iat: T,
  exp: T + 300,
  jti: "rcpt_0001",
  installedBy: { id: "user_0001", email: "admin@example.com", displayName: "Ada" },
  state: STATE,
  ...extra,
});
const header = (extra: Record<string, unknown> = {}) => ({ alg: "EdDSA", kid: forgeKey.kid, typ: TYP, ...extra });
const receipt = (claimsExtra: Record<string, unknown> = {}, headerExtra: Record<string, unknown> = {}) =>
  signCompact(forgeKey, header(headerExtra), claims(claimsExtra));

/** "accepted" or the refusal's reason; anything but an InstallationReceiptError is reported as raw. */
async function outcome(token: string, options: Record<string, unknown> = {}): Promise<string> {
  const keys = (options.keys as ForgeKeys | undefined) ?? new ForgeKeys({ baseUrl: server.baseUrl, now });
  try {
    await verifyInstallationReceipt(token, { keys, appId: APP, now, expectedState: STATE, ...options });
    return "accepted";
  } catch (error) {
    if (error instanceof InstallationReceiptError) return error.reason;
    return `raw: ${String(error)}`;
  }
}

describe("verifyInstallationReceipt against an independent issuer", () => {
  it("accepts the genuine receipt, and one without state when none was sent", async () => {
    expect(await outcome(receipt())).toBe("accepted");
    expect(await outcome(receipt({ state: undefined }), { expectedState: undefined })).toBe("accepted");
    const keys = new ForgeKeys({ baseUrl: server.baseUrl, now });
    const verified = await verifyInstallationReceipt(receipt(), { keys, appId: APP, now, expectedState: STATE });
    expect(verified).toMatchObject({ installationId: "inst_0001", namespaceId: "ns_0001", jti: "rcpt_0001" });
    expect(verified.state).toBe(STATE);
  });

  it("refuses every forged, mistyped, misaddressed, expired or incomplete receipt with its reason", async () => {
    const hs256 = (() => {
      const input = `${b64url(header({ alg: "HS256" }))}.${b64url(claims())}`;
      const secret = Buffer.from(forgeKey.jwk.x as string, "base64url");
      return `${input}.${createHmac("sha256", secret).update(input).digest("base64url")}`;
    })();
    const genuine = receipt();
    const [head, body, signature] = genuine.split(".") as [string, string, string];
    const cases: Record<string, [string, string, Record<string, unknown>?]> = {
      "alg none": [`${b64url(header({ alg: "none" }))}.${body}.`, "unsupported_algorithm"],
      "alg None": [`${b64url(header({ alg: "None" }))}.${body}.`, "unsupported_algorithm"],
      "HS256 keyed with the public key": [hs256, "unsupported_algorithm"],
      "alg Ed25519": [receipt({}, { alg: "Ed25519" }), "unsupported_algorithm"],
      "typ JWT": [receipt({}, { typ: "JWT" }), "wrong_type"],
      "typ missing": [receipt({}, { typ: undefined }), "wrong_type"],
      "typ without +jwt": [receipt({}, { typ: "forge-installation-receipt" }), "wrong_type"],
      "kid missing": [receipt({}, { kid: undefined }), "malformed_token"],
      "kid empty": [receipt({}, { kid: "" }), "malformed_token"],
      "kid unknown": [receipt({}, { kid: "no-such-kid" }), "unknown_key"],
      "kid of an encryption key": [signCompact(otherKey, header({ kid: otherKey.kid }), claims()), "unknown_key"],
      "signed by another key under the forge's kid": [signCompact(otherKey, header(), claims()), "invalid_signature"],
      "payload swapped under the signature": [
        `${head}.${b64url(claims({ sub: "inst_9999" }))}.${signature}`,
        "invalid_signature",
      ],
      "iss of another host": [receipt({ iss: "https://evil.example/v1/forge" }), "wrong_issuer"],
      "iss with a trailing slash": [receipt({ iss: `${issuer}/` }), "wrong_issuer"],
      "iss without /v1/forge": [receipt({ iss: server.baseUrl }), "wrong_issuer"],
      "iss missing": [receipt({ iss: undefined }), "missing_claim"],
      "aud of another app": [receipt({ aud: "app_0002" }), "wrong_audience"],
      "aud missing": [receipt({ aud: undefined }), "missing_claim"],
      "expired by 1 s": [receipt({ exp: T - 1 }), "expired"],
      "expiring now": [receipt({ exp: T }), "expired"],
      "exp missing": [receipt({ exp: undefined }), "missing_claim"],
      "sub missing": [receipt({ sub: undefined }), "missing_claim"],
      "jti missing": [receipt({ jti: undefined }), "missing_claim"],
      "jti empty": [receipt({ jti: "" }), "missing_claim"],
      "state missing": [receipt({ state: undefined }), "state_mismatch"],
      "state of another session": [receipt({ state: "st_other_session_1" }), "state_mismatch"],
      "state empty": [receipt({ state: "" }), "state_mismatch"],
      "state one character off": [receipt({ state: `${STATE.slice(0, -1)}U` }), "state_mismatch"],
      "as a Bearer header value": [`Bearer ${genuine}`, "malformed_token"],
      "with a trailing newline": [`${genuine}\n`, "malformed_token"],
      "five segments (JWE shape)": [`${genuine}.${body}.x`, "malformed_token"],
      empty: ["", "malformed_token"],
    };
    const wrong: string[] = [];
    for (const [name, [token, expected, options]] of Object.entries(cases)) {
      const got = await outcome(token, options);
      if (got !== expected) wrong.push(`${name}: ${got} (expected ${expected})`);
    }
    console.log(`receipts: ${Object.keys(cases).length} refusals, ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
  });

  it("names an unsupported crit extension and a not-yet-valid nbf truthfully", async () => {
    const crit = receipt({}, { crit: ["x-forge-ext"], "x-forge-ext": true });
    const early = receipt({ nbf: T + 60 });
    const keys = new ForgeKeys({ baseUrl: server.baseUrl, now });
    const messages: string[] = [];
    for (const token of [crit, early]) {
      const error = await verifyInstallationReceipt(token, { keys, appId: APP, now }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InstallationReceiptError);
      messages.push(`${(error as InstallationReceiptError).reason}: ${(error as Error).message}`);
    }
    console.log(`crit / nbf: ${messages.join(" | ")}`);
    expect(messages[0]).not.toMatch(/EdDSA/); // it is signed with EdDSA: the header extension is what is refused
    expect(messages[0]).toMatch(/crit/);
    expect(messages[1]).toMatch(/not valid yet|nbf/i);
  });

  it("refuses every bit flip of the signature and every single-character change of the token", async () => {
    const keys = new ForgeKeys({ baseUrl: server.baseUrl, now });
    const token = receipt();
    const [head, body, signature] = token.split(".") as [string, string, string];
    const bytes = Buffer.from(signature, "base64url");
    const tampered: string[] = [];
    for (let bit = 0; bit < bytes.length * 8; bit++) {
      const flipped = Buffer.from(bytes);
      flipped[bit >> 3] = (flipped[bit >> 3] as number) ^ (1 << (bit & 7));
      tampered.push(`${head}.${body}.${flipped.toString("base64url")}`);
    }
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const signatureStart = head.length + body.length + 2;
    for (let i = 0; i < token.length; i++) {
      // Every character of the signature; one other character elsewhere (the signed text then differs).
      const replacements =
        i >= signatureStart ? `${alphabet}=. ` : alphabet[(alphabet.indexOf(token[i] as string) + 1) % 64];
      for (const char of replacements as string) {
        if (char !== token[i]) tampered.push(token.slice(0, i) + char + token.slice(i + 1));
      }
    }
    tampered.push(`${token}\n`, ` ${token}`, `${token}=`, `${token}.`);
    let accepted = 0;
    const raw: string[] = [];
    for (const candidate of tampered) {
      const got = await outcome(candidate, { keys });
      if (got === "accepted") accepted += 1;
      if (got.startsWith("raw")) raw.push(got);
    }
    console.log(`receipt tamperings: ${tampered.length}, ${accepted} accepted, ${raw.length} raw errors`);
    expect(raw).toEqual([]);
    expect(accepted).toBe(0);
  });

  it("leaks no token, signature, state or installer email into the error, its cause or console.log", async () => {
    const keys = new ForgeKeys({ baseUrl: server.baseUrl, now });
    const tokens = {
      expired: receipt({ exp: T - 1 }),
      "wrong audience": receipt({ aud: "app_0002" }),
      "wrong issuer": receipt({ iss: "https://evil.example/v1/forge" }),
      "wrong state": receipt({ state: "st_other_session_1" }),
      "bad signature": `${receipt().slice(0, -4)}AAAA`,
    };
    const leaks: string[] = [];
    for (const [name, token] of Object.entries(tokens)) {
      const error = await verifyInstallationReceipt(token, { keys, appId: APP, now, expectedState: STATE }).catch(
        (e: unknown) => e,
      );
      const view = [inspect(error, { depth: 10 }), JSON.stringify(error), String(error)].join("\n");
      const [, body, signature] = token.split(".") as [string, string, string];
      for (const [what, secret] of Object.entries({ body, signature, STATE, email: "admin@example.com" })) {
        if (view.includes(secret)) leaks.push(`${name}: ${what}`);
      }
    }
    console.log(`receipt error views: ${Object.keys(tokens).length} errors, ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
  });

  it("verifies a receipt of a key that rotated in right after the set was fetched, with one refresh", async () => {
    const rotated = independentKey();
    const rotating = await startKeyServer([forgeKey.jwk]);
    try {
      const keys = new ForgeKeys({ baseUrl: rotating.baseUrl, now });
      await keys.getKeys();
      rotating.publish([forgeKey.jwk, rotated.jwk]);
      const token = signCompact(rotated, header({ kid: rotated.kid }), claims({ iss: `${rotating.baseUrl}/v1/forge` }));
      const verified = await verifyInstallationReceipt(token, { keys, appId: APP, now });
      expect(verified.installationId).toBe("inst_0001");
      expect(rotating.fetches()).toBe(2);
    } finally {
      await rotating.close();
    }
  });
});
