// The forge's published key set: reading `GET /keys` answers, their caching headers and the Ed25519 keys
// in them. WebCrypto only (no jose), so an entry that only verifies webhooks stays small.
// @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Discovery and keys)

import type { CryptoKey } from "../core/crypto-key.js";
import { AgentlineError } from "../core/errors.js";

/** An Ed25519 public key as `GET /keys` publishes it. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Discovery and keys) */
export interface ForgePublicJwk {
  kty: "OKP";
  crv: "Ed25519";
  /** base64url of the 32 public key bytes. */
  x: string;
  kid?: string;
  use?: string;
  alg?: string;
  /** When given, it must include `verify` (RFC 7517 § 4.3). */
  key_ops?: string[];
}

/** One active key, imported once as a `CryptoKey` (usage `verify`). */
export interface ForgeVerificationKey {
  /** The key id receipts name in their header; webhook signatures carry none. */
  kid: string | undefined;
  key: CryptoKey;
}

/**
 * A fetched key set as a shared cache stores it: the `GET /keys` JSON, when it was fetched (ms since the
 * epoch) and the two lifetimes its `Cache-Control` gave. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Discovery and keys)
 */
export interface KeySetSnapshot {
  jwks: { keys: unknown[] };
  fetchedAt: number;
  /** `max-age`; absent means the spec's 600. */
  maxAgeSeconds?: number;
  /** `stale-if-error`; absent means the spec's 600. */
  staleIfErrorSeconds?: number;
}

/** The key set's lifetime and stale-if-error window when `Cache-Control` does not say. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Other constants) */
export const DEFAULT_KEY_SET_SECONDS = 600;

/** `max-age` and `stale-if-error` of a `Cache-Control` value (`no-store` / `no-cache` read as max-age 0). */
export function parseCacheControl(header: string | null): { maxAgeSeconds?: number; staleIfErrorSeconds?: number } {
  const value = header ?? "";
  const seconds = (name: string) => {
    const match = new RegExp(`(?:^|[\\s,])${name}=(\\d{1,9})(?![^\\s,])`, "i").exec(value);
    return match ? Number(match[1]) : undefined;
  };
  return {
    maxAgeSeconds: /no-store|no-cache/i.test(value) ? 0 : seconds("max-age"),
    staleIfErrorSeconds: seconds("stale-if-error"),
  };
}

/**
 * What a key set fetch hit (a non-2xx, a body that is not JSON or has no usable keys, a failed connection): the
 * `cause` of a KeySetUnavailableError, an AgentlineError like every error the SDK makes, so code that walks the
 * cause chain meets the SDK's error first (the engine's own, when there is one, is its cause).
 */
export function keySetError(message: string, cause?: unknown): AgentlineError {
  return new AgentlineError(message, { code: "key_set_invalid", cause });
}

/**
 * The Ed25519 signing keys of a `GET /keys` body. Other key types are skipped (a future key kind must not
 * break today's verifier); a body without a `keys` array, or without one usable key, is refused.
 */
export function ed25519Keys(body: unknown): ForgePublicJwk[] {
  const keys = (body as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) throw keySetError("no `keys` array");
  const usable = keys.filter(
    (jwk): jwk is ForgePublicJwk =>
      jwk?.kty === "OKP" &&
      jwk.crv === "Ed25519" &&
      /^[\w-]{43}$/.test(jwk.x) &&
      (jwk.use ?? "sig") === "sig" &&
      (jwk.key_ops === undefined || (Array.isArray(jwk.key_ops) && jwk.key_ops.includes("verify"))) &&
      ["EdDSA", "Ed25519", undefined].includes(jwk.alg) &&
      !hasSmallOrder(jwk.x),
  );
  if (!usable.length) throw keySetError("no Ed25519 key");
  return usable;
}

// The Ed25519 point encodings of small order (sign bit cleared), as libsodium blocks them: 0 and 1 (also written
// as p and p + 1), p - 1, and the two points of order 8. Under such a key a signature (R, 0) with a small-order R
// verifies for about one message in eight, without any private key; WebCrypto's spec refuses them, Node does not.
const SMALL_ORDER = [
  `00${"00".repeat(31)}`,
  `01${"00".repeat(31)}`,
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
  `ec${"ff".repeat(30)}7f`,
  `ed${"ff".repeat(30)}7f`,
  `ee${"ff".repeat(30)}7f`,
];

/** Whether a published `x` (base64url of 32 bytes) encodes a point of small order: such a key is never used. */
function hasSmallOrder(x: string): boolean {
  const binary = atob(x.replace(/-/g, "+").replace(/_/g, "/"));
  let hex = "";
  for (let i = 0; i < binary.length; i++) {
    const byte = binary.charCodeAt(i) & (i === 31 ? 0x7f : 0xff);
    hex += byte.toString(16).padStart(2, "0");
  }
  return SMALL_ORDER.includes(hex);
}

/** Imports one published key for `crypto.subtle.verify("Ed25519", …)`. */
export function importEd25519Key(jwk: ForgePublicJwk): Promise<CryptoKey> {
  return crypto.subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", x: jwk.x }, "Ed25519", false, ["verify"]);
}
