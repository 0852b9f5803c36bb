// Byte encodings the forge needs (PEM, base64url, key ids) with web APIs only.

/** Bytes as unpadded base64url. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Text as unpadded base64url (UTF-8). */
export function textToBase64Url(text: string): string {
  return toBase64Url(new TextEncoder().encode(text));
}

/** Unpadded base64url back to text, or `undefined` when it is not base64url. */
export function base64UrlToText(value: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(value)) return undefined;
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

// An Ed25519 SubjectPublicKeyInfo is always 44 bytes: this fixed prefix (SEQUENCE, AlgorithmIdentifier with
// OID 1.3.101.112, BIT STRING header) followed by the 32-byte public key.
const ED25519_SPKI_PREFIX = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00];

/** The DER of a PEM `PUBLIC KEY` holding an Ed25519 key, or `undefined` for anything else. */
export function ed25519SpkiFromPem(pem: string): Uint8Array<ArrayBuffer> | undefined {
  const match = /^\s*-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----\s*$/.exec(pem);
  if (!match) return undefined;
  let der: Uint8Array<ArrayBuffer>;
  try {
    der = Uint8Array.from(atob((match[1] as string).replace(/\s+/g, "")), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
  if (der.length !== ED25519_SPKI_PREFIX.length + 32) return undefined;
  return ED25519_SPKI_PREFIX.every((byte, i) => der[i] === byte) ? der : undefined;
}

/** The key id the forge gives a public key: base64url of the SHA-256 digest of its SPKI DER. */
export async function spkiKeyId(der: Uint8Array<ArrayBuffer>): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", der)));
}

/** Whether two byte strings are equal. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Random hex of `bytes` bytes (token secrets). */
export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}
