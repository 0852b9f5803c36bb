// What the caller's own functions give verification back: a key source of the wrong shape (a `refreshOnMiss` that
// is no function, `getKeys()` resolving to something other than `{ key: CryptoKey }` entries) and a
// `scheme.signedContent` returning text instead of bytes. Each fails with an AgentlineError naming the function,
// never SubtleCrypto's TypeError or a blamed private key.
import { describe, expect, it } from "vitest";
import { isAgentlineError } from "../../../src/core/errors.js";
import { createWebhookHandler } from "../../../src/webhooks/handler.js";
import { ForgeKeys } from "../../../src/webhooks/keys.js";
import { verifyInstallationReceipt } from "../../../src/webhooks/receipt.js";
import { signWebhook } from "../../../src/webhooks/sign.js";
import { verifyWebhook, type WebhookKeySource } from "../../../src/webhooks/verify.js";
import {
  DELIVERY_TIME,
  deliveryHeaders,
  deliveryNow,
  independentKey,
  PING_BODY,
  rejectionOf,
  serveKeysForFile,
  signCompact,
} from "./independent-forge.js";

const T = DELIVERY_TIME;
const now = deliveryNow;
const BODY = PING_BODY;
const key = independentKey();
const stray = independentKey();
const served = serveKeysForFile(key);

/** The error's code and message when it is an AgentlineError, else what the caller would have got instead. */
const described = (error: unknown) =>
  isAgentlineError(error) ? `${error.code}: ${error.message}` : `raw ${String(error)}`;

function receipt(signer: typeof key, kid: string): string {
  return signCompact(
    signer,
    { alg: "EdDSA", kid, typ: "forge-installation-receipt+jwt" },
    { iss: `${served.server.baseUrl}/v1/forge`, aud: "app_1", sub: "inst_1", iat: T, exp: T + 300, jti: "j1" },
  );
}

describe("key sources of the wrong shape", () => {
  it("refuses a refreshOnMiss that is no function in verifyWebhook, verifyInstallationReceipt and at handler startup", async () => {
    const real = new ForgeKeys({ baseUrl: served.server.baseUrl, now });
    const found: string[] = [];
    for (const refreshOnMiss of [true, "yes", 1, {}]) {
      const keys = { getKeys: () => real.getKeys(), refreshOnMiss, issuer: real.issuer } as unknown as WebhookKeySource;
      // Signed by a key the source does not have, so refreshOnMiss would be asked.
      const headers = deliveryHeaders([stray], { id: "msg_miss", timestamp: T, body: BODY });
      found.push(described(await rejectionOf(verifyWebhook({ headers, body: BODY }, { keys, now }))));
      const token = receipt(stray, "unknown-kid");
      found.push(described(await rejectionOf(verifyInstallationReceipt(token, { appId: "app_1", keys, now }))));
      found.push(described(await rejectionOf((async () => createWebhookHandler({ keys }))())));
    }
    const wrong = found.filter((text) => !text.startsWith("invalid_option: `options.keys.refreshOnMiss`"));
    console.log(`wrong refreshOnMiss calls: ${found.length}, ${wrong.length} not refused naming it`);
    expect(wrong).toEqual([]);
  });

  it("refuses getKeys() resolving to anything but an array of { key: CryptoKey }, naming options.keys.getKeys()", async () => {
    const results: Record<string, unknown> = {
      undefined: undefined,
      null: null,
      "an object": { keys: [] },
      "a JWK instead of a CryptoKey": [{ kid: key.kid, key: key.jwk }],
      "a null entry": [null],
    };
    const wrong: string[] = [];
    for (const [name, result] of Object.entries(results)) {
      const keys = { getKeys: async () => result } as unknown as WebhookKeySource;
      const headers = deliveryHeaders([key], { id: "msg_shape", timestamp: T, body: BODY });
      const text = described(await rejectionOf(verifyWebhook({ headers, body: BODY }, { keys, now })));
      if (!text.startsWith("invalid_option: `options.keys.getKeys()`")) wrong.push(`verifyWebhook, ${name}: ${text}`);
      if (Array.isArray(result)) continue; // jose, not the SDK, judges the key a receipt is verified with
      const token = receipt(key, key.kid);
      const options = { appId: "app_1", baseUrl: served.server.baseUrl, keys, now };
      const receiptText = described(await rejectionOf(verifyInstallationReceipt(token, options)));
      if (!receiptText.startsWith("invalid_option: `options.keys.getKeys()`")) {
        wrong.push(`verifyInstallationReceipt, ${name}: ${receiptText}`);
      }
    }
    console.log(`wrong getKeys() results: ${Object.keys(results).length}, ${wrong.length} not refused naming it`);
    expect(wrong).toEqual([]);
  });
});

describe("a scheme.signedContent that returns text", () => {
  const signedContent = (id: string, timestamp: string, body: Uint8Array) =>
    `${id}.${timestamp}.${new TextDecoder().decode(body)}` as unknown as Uint8Array;

  it("is named by verifyWebhook, before any key is used", async () => {
    const keys = new ForgeKeys({ baseUrl: served.server.baseUrl, now });
    const headers = deliveryHeaders([key], { id: "msg_scheme", timestamp: T, body: BODY });
    const before = served.server.fetches();
    const error = await rejectionOf(verifyWebhook({ headers, body: BODY }, { keys, now, scheme: { signedContent } }));
    expect(described(error)).toBe(
      "invalid_option: `scheme.signedContent` must be a function returning the signed bytes (a Uint8Array).",
    );
    expect(served.server.fetches() - before).toBe(0);
  });

  it("is named by signWebhook, which no longer blames a good private key", async () => {
    const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"])) as CryptoKeyPair;
    const error = await rejectionOf(
      signWebhook({ id: "m1", body: "{}", keys: [pair.privateKey], scheme: { signedContent } }),
    );
    expect(described(error)).toBe(
      "invalid_option: `scheme.signedContent` must be a function returning the signed bytes (a Uint8Array).",
    );
  });
});
