import type { CryptoKey } from "../core/crypto-key.js";
import { ValidationError } from "../core/errors.js";
import { loadOnce } from "../core/load-once.js";
import { base64Url } from "./base64url.js";

const loadKeyGeneration = loadOnce(() => import("./key-generation.js"), "jose (key generation)");
const loadSigning = loadOnce(() => import("./jwt-signing.js"), "jose (app JWT signing)");

/** An app's Ed25519 key pair as PEM: register `publicKey` (SPKI) with the forge, keep `privateKey` (PKCS#8). */
export interface AppKeyPair {
  publicKey: string;
  privateKey: string;
}

/**
 * Generates an Ed25519 key pair for an app (WebCrypto through jose), as PEM.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Credentials)
 */
export async function generateAppKeyPair(): Promise<AppKeyPair> {
  const { exportPKCS8, exportSPKI, generateKeyPair } = await loadKeyGeneration();
  const { publicKey, privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  return { publicKey: await exportSPKI(publicKey), privateKey: await exportPKCS8(privateKey) };
}

/** The DER bytes inside a PEM block of the given label (`PUBLIC KEY`, `PRIVATE KEY`). */
function pemToDer(pem: string, label: string): Uint8Array<ArrayBuffer> {
  const match =
    typeof pem === "string" ? new RegExp(`-----BEGIN ${label}-----([\\s\\S]+?)-----END ${label}-----`).exec(pem) : null;
  let binary: string | undefined;
  try {
    binary = match ? atob((match[1] as string).replace(/\s+/g, "")) : undefined;
  } catch {}
  if (binary === undefined) {
    throw new ValidationError([
      {
        path: "publicKey",
        rule: "pem",
        message: `must be a PEM block starting with -----BEGIN ${label}----- (base64 inside)`,
      },
    ]);
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The `kid` the forge gives a registered signing key: base64url (no padding) of the SHA-256 digest of
 * the key's SPKI DER. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations)
 */
export async function computeKeyId(publicKeyPem: string): Promise<string> {
  const der = pemToDer(publicKeyPem, "PUBLIC KEY");
  const digest = await crypto.subtle.digest("SHA-256", der);
  return base64Url(new Uint8Array(digest));
}

/** An Ed25519 private key from PKCS#8 PEM, or the `CryptoKey` itself. */
export async function importAppPrivateKey(privateKey: string | CryptoKey): Promise<CryptoKey> {
  // The tag, not `instanceof`: a CryptoKey from another realm (an iframe, a test runner's VM) is one too.
  const invalid = new ValidationError([
    {
      path: "privateKey",
      rule: "pem",
      message: "must be a PKCS#8 Ed25519 PEM (-----BEGIN PRIVATE KEY-----) or a CryptoKey; never log or commit it",
    },
  ]);
  if (Object.prototype.toString.call(privateKey) === "[object CryptoKey]") {
    // Checked here, so a public, RSA, EC or X25519 key is this option's error, not jose's TypeError at the first sign.
    const key = privateKey as CryptoKey & { usages?: readonly string[] };
    if (
      key.type === "private" &&
      (key.algorithm as { name?: unknown } | undefined)?.name === "Ed25519" &&
      key.usages?.includes("sign") !== false
    )
      return key;
    throw new ValidationError([
      {
        path: "privateKey",
        rule: "ed25519_private_key",
        message: "must be an Ed25519 private CryptoKey usable for `sign` (or a PKCS#8 Ed25519 PEM)",
      },
    ]);
  }
  if (typeof privateKey !== "string" || !privateKey.includes("-----BEGIN PRIVATE KEY-----")) throw invalid;
  // WebCrypto's own error (a DataError, "Invalid keyData") would not say which option is wrong; no cause kept, as
  // nothing about a private key belongs in an error.
  const { importPKCS8 } = await loadSigning();
  // One signing of nothing proves the key: workerd imports a P-256 or X25519 PKCS#8 "as Ed25519" and fails only when
  // it signs, with its own OperationError.
  return importPKCS8(privateKey, "EdDSA")
    .then(async (key) => {
      await crypto.subtle.sign(key.algorithm, key, new Uint8Array(0));
      return key;
    })
    .catch(() => Promise.reject(invalid));
}
