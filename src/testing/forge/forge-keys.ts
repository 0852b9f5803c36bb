import { SignJWT } from "jose";
import type { CryptoKey } from "../../core/crypto-key.js";
import { spkiKeyId } from "./encoding.js";

/** One Ed25519 key pair of the forge itself (signs receipts and webhooks); the first in a list is current. */
export interface ForgeSigningKey {
  kid: string;
  publicKey: CryptoKey;
  privateKey: CryptoKey;
  /** The key as `GET /keys` publishes it. */
  jwk: { kty: "OKP"; crv: "Ed25519"; use: "sig"; alg: "EdDSA"; kid: string; x: string };
  createdAt: number;
}

/** How many keys stay published after a rotation: the new one and the one before it. */
const PUBLISHED_KEYS = 2;

async function generateKey(createdAt: number): Promise<ForgeSigningKey> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const spki = new Uint8Array(await crypto.subtle.exportKey("spki", pair.publicKey));
  const kid = await spkiKeyId(spki);
  const { x } = await crypto.subtle.exportKey("jwk", pair.publicKey);
  if (typeof x !== "string") throw new Error("The runtime exported an Ed25519 key without `x`.");
  return {
    kid,
    publicKey: pair.publicKey,
    privateKey: pair.privateKey,
    jwk: { kty: "OKP", crv: "Ed25519", use: "sig", alg: "EdDSA", kid, x },
    createdAt,
  };
}

/**
 * The forge's own key set. Keys are generated with WebCrypto on first use (the fake is created
 * synchronously, key generation is not); rotation makes a new current key and keeps the previous one
 * published so signatures made just before still verify.
 */
export class ForgeKeyring {
  private keys: Promise<ForgeSigningKey[]> | undefined;
  private readonly now: () => number;

  constructor(now: () => number) {
    this.now = now;
  }

  /** The published keys, current first. */
  list(): Promise<ForgeSigningKey[]> {
    this.keys ??= generateKey(this.now()).then((key) => [key]);
    return this.keys;
  }

  /** Makes a new current key; the previous current key stays published, older ones are retired. */
  rotate(): Promise<ForgeSigningKey[]> {
    const previous = this.list();
    this.keys = previous.then(async (keys) => [await generateKey(this.now()), ...keys].slice(0, PUBLISHED_KEYS));
    return this.keys;
  }
}

/** What `issueInstallationReceipt` needs beyond the key. */
export interface ReceiptClaims {
  issuer: string;
  appId: string;
  installationId: string;
  namespaceId: string;
  installedBy: { id: string; email: string; displayName: string };
  jti: string;
  state?: string;
  now: number;
}

/** Seconds an installation receipt is valid. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Installation flow) */
export const RECEIPT_LIFETIME_SECONDS = 300;

/** Signs an installation receipt with the forge's current key. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Installation flow) */
export async function signInstallationReceipt(key: ForgeSigningKey, claims: ReceiptClaims): Promise<string> {
  const iat = Math.floor(claims.now / 1000);
  const payload: Record<string, unknown> = {
    namespace_id: claims.namespaceId,
    // Never the handle: the receipt outlives the profile's visibility choice.
    installedBy: { ...claims.installedBy },
  };
  if (claims.state) payload.state = claims.state;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "EdDSA", kid: key.kid, typ: "forge-installation-receipt+jwt" })
    .setIssuer(claims.issuer)
    .setAudience(claims.appId)
    .setSubject(claims.installationId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + RECEIPT_LIFETIME_SECONDS)
    .setJti(claims.jti)
    .sign(key.privateKey);
}
