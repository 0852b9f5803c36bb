// A second independent forge, written from forge-api.md (§ Discovery and keys, § Webhooks) and DESIGN.md's webhook
// scheme with WebCrypto only: Ed25519 keys from crypto.subtle, v1ed signatures over `${id}.${timestamp}.${body}`,
// receipts signed by hand, and a node:http key server that counts requests and can answer anything (any
// Cache-Control, any key list). Nothing here imports src/ or the fake service.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

const encoder = new TextEncoder();
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
export const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url");

export interface WebKey {
  privateKey: CryptoKey;
  kid: string;
  /** The public JWK as `GET /keys` publishes it. */
  jwk: { kty: string; crv: string; use: string; alg: string; kid: string; x: string };
}

/** A fresh Ed25519 key; kid = base64url SHA-256 of the SPKI DER, as the spec computes it. */
export async function webKey(): Promise<WebKey> {
  const pair = (await crypto.subtle.generateKey("Ed25519", true, ["sign", "verify"])) as CryptoKeyPair;
  const spki = new Uint8Array(await crypto.subtle.exportKey("spki", pair.publicKey));
  const kid = b64url(new Uint8Array(await crypto.subtle.digest("SHA-256", spki)));
  const { x } = await crypto.subtle.exportKey("jwk", pair.publicKey);
  return {
    privateKey: pair.privateKey,
    kid,
    jwk: { kty: "OKP", crv: "Ed25519", use: "sig", alg: "EdDSA", kid, x: String(x) },
  };
}

const bytesOf = (body: string | Uint8Array) => (typeof body === "string" ? encoder.encode(body) : body);

/** The raw 64-byte Ed25519 signature of one delivery. */
export async function signBytes(key: WebKey, id: string, timestamp: string, body: string | Uint8Array) {
  const head = encoder.encode(`${id}.${timestamp}.`);
  const raw = bytesOf(body);
  const content = new Uint8Array(head.length + raw.length);
  content.set(head);
  content.set(raw, head.length);
  return new Uint8Array(await crypto.subtle.sign("Ed25519", key.privateKey, content));
}

/** The three signed headers of a delivery, one `v1ed,` entry per key. */
export async function signedHeaders(
  keys: WebKey[],
  id: string,
  timestamp: number | string,
  body: string | Uint8Array,
): Promise<Record<string, string>> {
  const stamp = String(timestamp);
  const entries = await Promise.all(keys.map(async (key) => `v1ed,${b64(await signBytes(key, id, stamp, body))}`));
  return { "webhook-id": id, "webhook-timestamp": stamp, "webhook-signature": entries.join(" ") };
}

/** A compact EdDSA JWS signed with WebCrypto. */
export async function signJws(key: WebKey, header: object, claims: object): Promise<string> {
  const part = (value: object) => b64url(encoder.encode(JSON.stringify(value)));
  const input = `${part(header)}.${part(claims)}`;
  const signature = await crypto.subtle.sign("Ed25519", key.privateKey, encoder.encode(input));
  return `${input}.${b64url(new Uint8Array(signature))}`;
}

export interface CountingKeyServer {
  baseUrl: string;
  fetches(): number;
  /** What the next requests get: the key list and a Cache-Control value (undefined: none). */
  set(keys: unknown[], cacheControl?: string): void;
  /** Hold answers until release() (to line up concurrent callers). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export async function countingKeyServer(
  keys: unknown[],
  cacheControl: string | undefined = "public, max-age=600, stale-if-error=600",
): Promise<CountingKeyServer> {
  let current = { keys, cacheControl };
  let fetches = 0;
  let held: Array<() => void> | undefined;
  const server: Server = createServer((request, response) => {
    if (request.url !== "/v1/forge/keys") return void response.writeHead(404).end();
    fetches += 1;
    const { keys: list, cacheControl: cc } = current;
    const send = () =>
      response
        .writeHead(200, { "content-type": "application/json", ...(cc === undefined ? {} : { "cache-control": cc }) })
        .end(JSON.stringify({ keys: list }));
    if (held) held.push(send);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fetches: () => fetches,
    set(list, cc = "public, max-age=600, stale-if-error=600") {
      current = { keys: list, cacheControl: cc };
    },
    hold() {
      held ??= [];
    },
    release() {
      for (const send of held?.splice(0) ?? []) send();
      held = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The Ed25519 point encodings of small order (libsodium's blocklist, each with both sign bits): the identity,
 * the point of order 2, the two of order 4 and the four of order 8, plus the non-canonical encodings of 0 and 1.
 */
export function smallOrderEncodings(): Uint8Array[] {
  const hex = [
    `01${"00".repeat(31)}`, // identity (order 1)
    `ec${"ff".repeat(30)}7f`, // p - 1 (order 2)
    "00".repeat(32), // y = 0 (order 4)
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05", // order 8
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a", // order 8
    `ed${"ff".repeat(30)}7f`, // p (non-canonical 0)
    `ee${"ff".repeat(30)}7f`, // p + 1 (non-canonical 1)
  ];
  return hex.flatMap((h) => {
    const bytes = Uint8Array.from(Buffer.from(h, "hex"));
    const signed = bytes.slice();
    signed[31] = (signed[31] as number) | 0x80;
    return [bytes, signed];
  });
}
