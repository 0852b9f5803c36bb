import {
  badArgument,
  expectArgument,
  isNumberFrom,
  isObject,
  isText,
  optional,
  optionsObject,
} from "../core/arguments.js";
import type { CryptoKey } from "../core/crypto-key.js";
import { isBytes } from "./body.js";
import { bytesToBase64, resolveWebhookScheme, type WebhookScheme } from "./scheme.js";

/** What {@link signWebhook} signs. */
export interface SignWebhookInput {
  /** The delivery id (`webhook-id`). */
  id: string;
  /** The exact body bytes to send (a string is UTF-8 encoded). */
  body: string | Uint8Array;
  /** Ed25519 private keys (`CryptoKey`, usage `sign`): one signature entry each, as during a rotation. */
  keys: readonly CryptoKey[];
  /** Unix seconds; default now. */
  timestamp?: number;
  /** Header names, prefix, signed content (defaults: the forge's scheme). */
  scheme?: Partial<WebhookScheme>;
}

/**
 * Signs a webhook delivery by the forge's scheme and returns the three headers to send with the body
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature` with one `v1ed,<base64>` entry per key).
 * For tests and the fake forge; receivers use `verifyWebhook`.
 */
export async function signWebhook(input: SignWebhookInput): Promise<Record<string, string>> {
  optionsObject(input, "input");
  expectArgument(isText(input.id), "input.id", "the delivery id, a non-empty string");
  expectArgument(
    typeof input.body === "string" || isBytes(input.body),
    "input.body",
    "the exact body, a string or a Uint8Array",
  );
  expectArgument(
    Array.isArray(input.keys) && input.keys.length && input.keys.every(isObject),
    "input.keys",
    "a non-empty array of Ed25519 private keys (CryptoKey, usage sign)",
  );
  expectArgument(
    optional(input.timestamp, (value) => Number.isInteger(value) && isNumberFrom(0)(value)),
    "input.timestamp",
    "Unix seconds, an integer >= 0",
  );
  expectArgument(optional(input.scheme, isObject), "input.scheme", "an object of scheme overrides");
  const scheme = resolveWebhookScheme(input.scheme);
  const timestamp = String(input.timestamp ?? Math.floor(Date.now() / 1000));
  const body = typeof input.body === "string" ? new TextEncoder().encode(input.body) : input.body;
  const content = scheme.signedContent(input.id, timestamp, body) as Uint8Array<ArrayBuffer>;
  expectArgument(isBytes(content), "scheme.signedContent", "a function returning the signed bytes (a Uint8Array)");
  const entries: string[] = [];
  for (const [index, key] of input.keys.entries()) {
    let signature: ArrayBuffer;
    try {
      signature = await crypto.subtle.sign("Ed25519", key, content);
    } catch {
      // WebCrypto's own error (not a CryptoKey, a public key, another algorithm) says little about the call.
      badArgument(`input.keys[${index}]`, "an Ed25519 private key (CryptoKey with usage sign)");
    }
    entries.push(`${scheme.prefix},${bytesToBase64(new Uint8Array(signature))}`);
  }
  return {
    [scheme.idHeader]: input.id,
    [scheme.timestampHeader]: timestamp,
    [scheme.signatureHeader]: entries.join(" "),
  };
}
