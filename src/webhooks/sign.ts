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
  const scheme = resolveWebhookScheme(input.scheme);
  const timestamp = String(input.timestamp ?? Math.floor(Date.now() / 1000));
  const body = typeof input.body === "string" ? new TextEncoder().encode(input.body) : input.body;
  const content = scheme.signedContent(input.id, timestamp, body) as Uint8Array<ArrayBuffer>;
  const entries: string[] = [];
  for (const key of input.keys) {
    const signature = await crypto.subtle.sign("Ed25519", key, content);
    entries.push(`${scheme.prefix},${bytesToBase64(new Uint8Array(signature))}`);
  }
  return {
    [scheme.idHeader]: input.id,
    [scheme.timestampHeader]: timestamp,
    [scheme.signatureHeader]: entries.join(" "),
  };
}
