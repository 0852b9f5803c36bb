// An independent forge for the tests written from the spec alone, written from the spec alone with Node's own crypto and http:
// Ed25519 keys from node:crypto, webhook signatures made with crypto.sign over `${id}.${timestamp}.${body}`
// (the Standard Webhooks layout DESIGN.md names), receipts signed by hand (no jose), and a real HTTP server
// for `GET /v1/forge/keys`. Nothing here uses the SDK's signer or the fake service, so a misreading shared by
// the SDK and its fake cannot hide here.
import { createHash, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

/** An Ed25519 key pair with its public JWK as the forge publishes it. */
export interface IndependentKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  kid: string;
  jwk: Record<string, string>;
}

/** A fresh Ed25519 key; `kid` is the base64url SHA-256 of its SPKI DER, as the spec computes app key ids. */
export function independentKey(): IndependentKey {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const spki = publicKey.export({ type: "spki", format: "der" });
  const kid = createHash("sha256").update(spki).digest("base64url");
  const { x } = publicKey.export({ format: "jwk" }) as { x: string };
  return { privateKey, publicKey, kid, jwk: { kty: "OKP", crv: "Ed25519", use: "sig", alg: "EdDSA", kid, x } };
}

/** The v1ed signature (standard base64) of one delivery. */
export function signDelivery(key: IndependentKey, id: string, timestamp: string, body: Uint8Array | string): string {
  const content = Buffer.concat([Buffer.from(`${id}.${timestamp}.`), Buffer.from(body)]);
  return sign(null, content, key.privateKey).toString("base64");
}

/** Headers of a delivery signed with each key given (one `v1ed,` entry each, space-separated). */
export function deliveryHeaders(
  keys: IndependentKey[],
  { id, timestamp, body }: { id: string; timestamp: number | string; body: Uint8Array | string },
): Record<string, string> {
  const text = String(timestamp);
  return {
    "webhook-id": id,
    "webhook-timestamp": text,
    "webhook-signature": keys.map((key) => `v1ed,${signDelivery(key, id, text, body)}`).join(" "),
  };
}

/** A compact JWS signed with Ed25519 by hand: header and claims exactly as given. */
export function signCompact(key: IndependentKey, header: object, claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const input = `${part(header)}.${part(claims)}`;
  return `${input}.${sign(null, Buffer.from(input), key.privateKey).toString("base64url")}`;
}

/** What the key server answers next: a status, a body and a Cache-Control header; status 0 drops the connection. */
export interface KeyServerAnswer {
  status: number;
  body: string;
  cacheControl?: string | undefined;
}

/** A real HTTP server publishing `GET /v1/forge/keys`; the test decides the answer and counts the fetches. */
export interface IndependentKeyServer {
  baseUrl: string;
  /** Requests made to `/v1/forge/keys`. */
  fetches(): number;
  /** Publish these keys (JWK objects) with the spec's Cache-Control, or another. */
  publish(jwks: unknown[], cacheControl?: string): void;
  /** Answer every next request this way (an outage, a broken body). */
  answer(answer: KeyServerAnswer): void;
  /** Hold every answer until `release()` (concurrent first use). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export const SPEC_CACHE_CONTROL = "public, max-age=600, stale-if-error=600";

export async function startKeyServer(jwks: unknown[] = []): Promise<IndependentKeyServer> {
  let answer: KeyServerAnswer = { status: 200, body: JSON.stringify({ keys: jwks }), cacheControl: SPEC_CACHE_CONTROL };
  let fetches = 0;
  let held: Array<() => void> | undefined;
  const server: Server = createServer((request: IncomingMessage, response) => {
    if (request.url !== "/v1/forge/keys") {
      response.writeHead(404).end();
      return;
    }
    fetches += 1;
    const reply = answer;
    const send = () => {
      if (reply.status === 0) {
        response.socket?.destroy();
        return;
      }
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (reply.cacheControl !== undefined) headers["cache-control"] = reply.cacheControl;
      response.writeHead(reply.status, headers).end(reply.body);
    };
    if (held) held.push(send);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    fetches: () => fetches,
    publish(keys, cacheControl = SPEC_CACHE_CONTROL) {
      answer = { status: 200, body: JSON.stringify({ keys }), cacheControl };
    },
    answer(next) {
      answer = next;
    },
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = undefined;
      for (const send of waiting) send();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The delivery time the verify tests sign at (Unix seconds), their clock, and the body they deliver. */
export const DELIVERY_TIME = 1_800_000_000;
export const deliveryNow = (): number => DELIVERY_TIME * 1000;
export const PING_BODY = JSON.stringify({ type: "ping", zen: "hello" });

/** A key server publishing `keys` for the whole test file: started before its tests, closed after them. */
export function serveKeysForFile(...keys: IndependentKey[]): { readonly server: IndependentKeyServer } {
  const served = {} as { server: IndependentKeyServer };
  beforeAll(async () => {
    served.server = await startKeyServer(keys.map((key) => key.jwk));
  });
  afterAll(() => served.server.close());
  return served;
}

/** What a promise rejects with, or undefined when it resolves. */
export const rejectionOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
