import { checkOptions, FUNCTION_OPTION, isText, optionsObject, TEXT_OPTION } from "../core/arguments.js";

// The default webhook signature scheme (Standard Webhooks layout, `v1ed` prefix, Ed25519).
// @see {@link https://github.com/agentline/agentline#assumptions | README: Assumptions} (the webhook signature) and the spec's Code Forge API § Webhooks

/** Header names, prefixes and signed content of a webhook signature scheme; every part is an option. */
export interface WebhookScheme {
  /** Header carrying the delivery id (default `webhook-id`). */
  idHeader: string;
  /** Header carrying Unix seconds (default `webhook-timestamp`). */
  timestampHeader: string;
  /** Header carrying space-separated `<prefix>,<base64>` entries (default `webhook-signature`). */
  signatureHeader: string;
  /** The prefix written by {@link signWebhook} (default `v1ed`). */
  prefix: string;
  /** Prefixes accepted when verifying (default `v1ed` and the Standard Webhooks alias `v1a`). */
  acceptedPrefixes: readonly string[];
  /** The signed bytes: default `${id}.${timestamp}.${rawBody}`. */
  signedContent(id: string, timestamp: string, body: Uint8Array): Uint8Array;
}

// Pure: a bundle that never signs or verifies (a dedupe store alone) drops it.
const encoder = /* @__PURE__ */ new TextEncoder();

function defaultSignedContent(id: string, timestamp: string, body: Uint8Array): Uint8Array {
  const head = encoder.encode(`${id}.${timestamp}.`);
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

// Only ever copied (by resolveWebhookScheme), never handed out, so only the exported constant freezes it:
// a bundle that does not import that constant ships no freezing.
const defaults: WebhookScheme = {
  idHeader: "webhook-id",
  timestampHeader: "webhook-timestamp",
  signatureHeader: "webhook-signature",
  prefix: "v1ed",
  acceptedPrefixes: /* @__PURE__ */ Object.freeze(["v1ed", "v1a"]),
  signedContent: defaultSignedContent,
};

/** The forge's default scheme. */
export const DEFAULT_WEBHOOK_SCHEME: WebhookScheme = /* @__PURE__ */ Object.freeze(defaults);

/** The scheme with the caller's overrides applied; a wrong override throws an `invalid_option` naming it. */
export function resolveWebhookScheme(scheme?: Partial<WebhookScheme>): WebhookScheme {
  const given = optionsObject(scheme, "scheme", false) as Partial<WebhookScheme>;
  checkOptions(given, "scheme", {
    idHeader: TEXT_OPTION,
    timestampHeader: TEXT_OPTION,
    signatureHeader: TEXT_OPTION,
    prefix: TEXT_OPTION,
    acceptedPrefixes: [
      (list) => Array.isArray(list) && list.length && list.every(isText),
      "a non-empty array of strings",
    ],
    signedContent: FUNCTION_OPTION,
  });
  const prefixes = given.acceptedPrefixes;
  const resolved = { ...defaults, ...given };
  if (given.prefix !== undefined && prefixes === undefined) resolved.acceptedPrefixes = [given.prefix];
  return resolved;
}

/** Standard base64 (with padding) of bytes, with `btoa` only. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * Bytes of a canonical standard base64 string; `undefined` when it is not base64, or not the one encoding of its
 * bytes: `atob` ignores the unused low bits of the last character, so without the round trip several header
 * values (a tampered one among them) would read as the same signature.
 */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length).map((_, i) => binary.charCodeAt(i));
  return bytesToBase64(bytes) === text ? bytes : undefined;
}
