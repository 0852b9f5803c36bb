// App private keys in every form a caller might hand ForgeApp: the accepted ones sign JWTs an independent WebCrypto
// verifier accepts; every wrong one fails at construction or at the first call with an AgentlineError that names
// `privateKey` — never a raw engine error — and whose every rendering (String, JSON, util.inspect, cause chain) holds
// none of the key material, in PEM, base64, base64url or hex.
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { AgentlineError } from "../../../src/core/errors.js";
import { ForgeApp } from "../../../src/forge/index.js";

const BASE = "https://forge.adv-auth.example";

function b64(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}
const b64url = (bytes: Uint8Array) => b64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${b64(new Uint8Array(der)).replace(/.{64}/g, "$&\n")}\n-----END ${label}-----\n`;

async function ed25519(extractable = true) {
  return (await crypto.subtle.generateKey({ name: "Ed25519" }, extractable, ["sign", "verify"])) as CryptoKeyPair;
}

/** Every text rendering of an error and its cause chain. */
function renderings(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 8; depth++) {
    parts.push(String(current));
    try {
      parts.push(JSON.stringify(current) ?? "");
    } catch {}
    parts.push(inspect(current, { depth: 8, showHidden: true }));
    if (current instanceof Error) parts.push(current.stack ?? "");
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join("\n");
}

/** The forms a key's secret bytes could show up in (the DER body, and the bare 32-byte seed at its end). */
function secretForms(der: Uint8Array): string[] {
  const seed = der.slice(-32);
  const forms: string[] = [];
  for (const bytes of [der, seed]) forms.push(b64(bytes), b64url(bytes), hex(bytes), hex(bytes).toUpperCase());
  // A slice of the base64 body, as a PEM line would carry it.
  forms.push(b64(der).slice(8, 40));
  return forms;
}

/** A fetch that answers every request 200 `{}` and records the Authorization headers. */
function okFetch() {
  const seen: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push(request.headers.get("authorization") ?? "");
    return Response.json({ id: "app_1", displayName: "x" });
  };
  return { seen, fetch };
}

/** What constructing the app and making its first call throws (or undefined). */
async function firstFailure(privateKey: unknown): Promise<unknown> {
  const { fetch } = okFetch();
  try {
    const app = new ForgeApp({ appId: "app_1", privateKey: privateKey as string, baseUrl: BASE, fetch, maxRetries: 0 });
    // The first call is an operation (its JWT made inside the transport), then the JWT by hand.
    await app.getApp();
    await app.appJwt();
    return undefined;
  } catch (error) {
    return error;
  }
}

async function verifyEdDsa(jwt: string, publicKey: CryptoKey): Promise<boolean> {
  const [h, p, s] = jwt.split(".") as [string, string, string];
  const bytes = (text: string) =>
    Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  return crypto.subtle.verify("Ed25519", publicKey, bytes(s), new TextEncoder().encode(`${h}.${p}`));
}

describe("app private key forms", () => {
  it.each([
    ["PKCS#8 PEM", "pem", true],
    ["PKCS#8 PEM with CRLF line ends", "crlf", true],
    ["an extractable CryptoKey", "key", true],
    ["a non-extractable CryptoKey", "key", false],
  ] as const)("accepts %s: it signs JWTs the public key verifies", async (_, form, extractable) => {
    const pair = await ed25519(extractable || form !== "key");
    let privateKey: string | CryptoKey = pair.privateKey;
    if (form !== "key") {
      const text = pem("PRIVATE KEY", await crypto.subtle.exportKey("pkcs8", pair.privateKey));
      privateKey = form === "crlf" ? text.replace(/\n/g, "\r\n") : text;
    }
    const { fetch, seen } = okFetch();
    const app = new ForgeApp({ appId: "app_1", privateKey, baseUrl: BASE, fetch, maxRetries: 0 });
    await app.getApp();
    const jwt = (seen[0] as string).replace(/^Bearer /, "");
    expect(await verifyEdDsa(jwt, pair.publicKey)).toBe(true);
  });

  it("refuses each wrong key with an AgentlineError naming privateKey, holding no key material", async () => {
    const cases: Array<[string, unknown, Uint8Array | undefined]> = [];
    const rsa = (await crypto.subtle.generateKey(
      { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
      true,
      ["sign", "verify"],
    )) as CryptoKeyPair;
    const ec = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    const x25519 = (await crypto.subtle.generateKey({ name: "X25519" }, true, ["deriveBits"])) as CryptoKeyPair;
    const ed = await ed25519();
    const hmac = await crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-256" }, true, ["sign"]);
    const der = async (key: CryptoKey) => new Uint8Array(await crypto.subtle.exportKey("pkcs8", key));
    const rsaDer = await der(rsa.privateKey);
    const ecDer = await der(ec.privateKey);
    const edDer = await der(ed.privateKey);
    const x25519Der = await der(x25519.privateKey);
    const spki = new Uint8Array(await crypto.subtle.exportKey("spki", ed.publicKey));
    const edPem = pem("PRIVATE KEY", edDer.buffer as ArrayBuffer);
    cases.push(
      ["an RSA PKCS#8 PEM", pem("PRIVATE KEY", rsaDer.buffer as ArrayBuffer), rsaDer],
      ["an EC P-256 PKCS#8 PEM", pem("PRIVATE KEY", ecDer.buffer as ArrayBuffer), ecDer],
      ["an X25519 PKCS#8 PEM", pem("PRIVATE KEY", x25519Der.buffer as ArrayBuffer), x25519Der],
      ["an Ed25519 SPKI (public) PEM", pem("PUBLIC KEY", spki.buffer as ArrayBuffer), undefined],
      ["a truncated PEM", edPem.slice(0, edPem.length - 40), edDer],
      [
        "a PEM whose body is cut short",
        edPem.replace(/\n-----END/, "AAAA\n-----END").replace(/[A-Za-z0-9+/]{12}\n/, "\n"),
        edDer,
      ],
      ["a PEM with literal \\n escapes", edPem.replace(/\n/g, "\\n"), edDer],
      ["an RSA private CryptoKey", rsa.privateKey, rsaDer],
      ["an EC P-256 private CryptoKey", ec.privateKey, ecDer],
      ["an X25519 private CryptoKey", x25519.privateKey, x25519Der],
      ["an Ed25519 public CryptoKey", ed.publicKey, undefined],
      ["an HMAC CryptoKey", hmac, undefined],
      ["a JWK object", await crypto.subtle.exportKey("jwk", ed.privateKey), edDer],
      ["a JWK as JSON text", JSON.stringify(await crypto.subtle.exportKey("jwk", ed.privateKey)), edDer],
      ["the raw DER bytes", edDer, edDer],
      ["the base64 DER without PEM armour", b64(edDer), edDer],
      ["an empty string", "", undefined],
      ["undefined", undefined, undefined],
    );
    const failures: string[] = [];
    for (const [name, key, secret] of cases) {
      const error = await firstFailure(key);
      if (!(error instanceof AgentlineError)) {
        failures.push(`${name}: ${error === undefined ? "accepted" : `raw ${String(error)}`}`);
        continue;
      }
      if (!/privateKey/.test(error.message))
        failures.push(`${name}: message does not name privateKey: ${error.message}`);
      const text = renderings(error);
      const leaked = [
        ...(secret ? secretForms(secret) : []),
        ...(typeof key === "string" && key.length > 20 ? [key] : []),
      ].filter((form) => text.includes(form));
      if (leaked.length > 0) failures.push(`${name}: key material in the error`);
      if (typeof key === "string" && key.length > 40 && text.includes(key.slice(30, 70)))
        failures.push(`${name}: PEM text in the error`);
    }
    expect(failures).toEqual([]);
  });
});
