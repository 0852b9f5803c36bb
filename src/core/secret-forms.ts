import { base64FromBytes } from "./auth.js";

/**
 * A string whose presence betrays a secret. A `base64` needle is the part of a base64 encoding that depends on
 * the secret alone: where it is found, the whole base64 token around it is the secret's encoding.
 */
export interface Needle {
  value: string;
  base64: boolean;
  /** Looked for in any letter case too (the secret itself and its base64, when long enough): see {@link foldedNeedles}. */
  fold?: boolean | undefined;
}

/**
 * Parts at least this long are also looked for reversed, base64-encoded twice, and (see {@link foldedNeedles}) in
 * any letter case: a random credential that long never spells an ordinary word backwards or case-folded.
 */
export const MIN_EXTRA_FORM_LENGTH = 16;

/** Shorter secrets are ignored: replacing them would mangle ordinary words while protecting nothing. */
const MIN_SECRET_LENGTH = 4;
/** Shorter base64 fragments (of 4-character secrets) would match ordinary base64 by chance. */
const MIN_FRAGMENT_LENGTH = 6;

const encoder = new TextEncoder();
const PEM_PRIVATE_KEY = /-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----([\s\S]*?)-----END \1PRIVATE KEY-----/;
const JWT_SIGNATURE = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.([A-Za-z0-9_-]{16,})$/;

const toBase64Url = (base64: string) => base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function bytesOfBase64(base64: string): Uint8Array | undefined {
  try {
    const binary = atob(base64);
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** Bytes in hex, lower and upper case. */
function hexOfBytes(bytes: Uint8Array): string[] {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return [hex, hex.toUpperCase()];
}

/**
 * The secret and the pieces of it that are secret on their own: a PEM private key's base64 body (one line or
 * many), each of its lines, and an Ed25519 key's 32-byte seed (a JWK's `d`); a JWT's signature. `dumps`: the hex of
 * a private key's own bytes (its DER and seed, as `openssl pkey -text` or a debugger prints them).
 */
function partsOf(secret: string): { parts: string[]; dumps: string[] } {
  const parts = [secret, secret.trim()];
  const dumps: string[] = [];
  const pem = PEM_PRIVATE_KEY.exec(secret);
  if (pem) {
    const lines = (pem[2] ?? "").split(/\s+/).filter(Boolean);
    const body = lines.join("");
    parts.push(body, toBase64Url(body), ...lines.filter((line) => line.length >= 16));
    const der = bytesOfBase64(body);
    if (der) dumps.push(...hexOfBytes(der));
    // PKCS#8 of an Ed25519 key is 48 bytes, the seed last.
    if (der?.length === 48 && der[0] === 0x30) {
      const seed = base64FromBytes(der.subarray(16));
      parts.push(seed, toBase64Url(seed));
      dumps.push(...hexOfBytes(der.subarray(16)));
    }
  }
  const signature = JWT_SIGNATURE.exec(secret.trim())?.[1];
  if (signature) parts.push(signature);
  return { parts, dumps };
}

/**
 * The base64 characters that depend only on the text's bytes when it sits at byte offset 0, 1 or 2 of a longer
 * encoded string (`key:`, `user:key`, `{"token":"key"}`, …), in standard and URL-safe alphabets.
 */
function base64Fragments(text: string): string[] {
  const bytes = encoder.encode(text);
  const fragments: string[] = [];
  for (const offset of [0, 1, 2]) {
    const shifted = new Uint8Array(offset + bytes.length);
    shifted.set(bytes, offset);
    // The first characters also carry the offset's filler bits, the last one the next byte's.
    const start = [0, 2, 3][offset] as number;
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    const fragment = base64FromBytes(shifted).slice(start, end);
    if (fragment.length >= MIN_FRAGMENT_LENGTH) fragments.push(fragment, toBase64Url(fragment));
  }
  return fragments;
}

/**
 * A text in hex, lower and upper case: its UTF-8 bytes (a dump of a header or body), and its UTF-16 code units big-
 * and little-endian (a dump of a JavaScript or Windows string).
 */
function hexForms(text: string): string[] {
  let big = "";
  let little = "";
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index).toString(16).padStart(4, "0");
    big += unit;
    little += unit.slice(2) + unit.slice(0, 2);
  }
  return [...hexOfBytes(encoder.encode(text)), big, big.toUpperCase(), little, little.toUpperCase()];
}

/**
 * Every needle that betrays one of the secrets, each once. `extraForms` (default true) adds the reversed and
 * twice-base64 forms of long parts: left out where megabytes of content are searched (a relayed run stream).
 */
export function needlesFor(secrets: readonly string[], extraForms = true): Needle[] {
  const needles = new Map<string, Needle>();
  const plain = (form: string) => needles.has(form) || needles.set(form, { value: form, base64: false });
  const encoded = (fragment: string) =>
    needles.has(fragment) || needles.set(fragment, { value: fragment, base64: true });
  for (const secret of secrets) {
    const { parts, dumps } = partsOf(secret);
    for (const dump of dumps) plain(dump);
    for (const part of parts) {
      if (part.length < MIN_SECRET_LENGTH) continue;
      for (const form of [part, ...hexForms(part)]) plain(form);
      const fragments = base64Fragments(part);
      for (const fragment of fragments) encoded(fragment);
      for (const form of [part, ...fragments]) (needles.get(form) as Needle).fold = true;
      if (!extraForms || part.length < MIN_EXTRA_FORM_LENGTH) continue;
      // Written backwards, and base64 of its base64 (a debugging proxy encoding a header value once more): the
      // inner encoding's secret-only characters sit somewhere in the outer text, so their own fragments do.
      plain([...part].reverse().join(""));
      for (const fragment of fragments.filter((_, index) => index % 2 === 0)) {
        for (const outer of base64Fragments(fragment)) encoded(outer);
      }
    }
  }
  return [...needles.values()];
}

/**
 * The needles looked for in a lower-cased reading too (a proxy or a logger that upper- or lower-cases a header
 * value or a whole line): the long secrets and their base64, lower-cased, each once, keeping whether they are
 * base64. Hex forms are listed in both cases already; reversed and twice-encoded forms are not folded.
 */
export function foldedNeedles(needles: readonly Needle[]): Needle[] {
  const folded = new Map<string, Needle>();
  for (const needle of needles) {
    if (!needle.fold || needle.value.length < MIN_EXTRA_FORM_LENGTH) continue;
    const value = needle.value.toLowerCase();
    if (!folded.has(value)) folded.set(value, { value, base64: needle.base64 });
  }
  return [...folded.values()];
}
