// Shared by the fake-spec-conformance forge and webhook tests: raw requests to the fake forge, app JWTs signed
// with WebCrypto (no SDK, no jose), and the forge's RPC error-body check.
import { createFakeService } from "../../../src/testing/index.js";

// biome-ignore lint/suspicious/noExplicitAny: raw JSON from the wire
export type Json = any;

export const BASE = "https://forge-conformance.example.test";
export const enc = new TextEncoder();

export function b64url(bytes: Uint8Array | string): string {
  const raw = typeof bytes === "string" ? enc.encode(bytes) : bytes;
  return btoa(String.fromCharCode(...raw))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function fromB64(text: string): Uint8Array<ArrayBuffer> {
  const std = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(std + "=".repeat((4 - (std.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

export async function newKey() {
  const pair = (await crypto.subtle.generateKey("Ed25519", true, ["sign", "verify"])) as CryptoKeyPair;
  const spki = new Uint8Array(await crypto.subtle.exportKey("spki", pair.publicKey));
  const pem = `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----\n`;
  return { ...pair, pem, spki };
}

/** An EdDSA compact JWT signed with WebCrypto; header and claims as given. */
export async function jwt(privateKey: CryptoKey, header: Record<string, unknown>, claims: Record<string, unknown>) {
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  const signature = new Uint8Array(await crypto.subtle.sign("Ed25519", privateKey, enc.encode(input)));
  return `${input}.${b64url(signature)}`;
}

export async function world(options: Parameters<typeof createFakeService>[0] = {}) {
  const clock = { t: Date.UTC(2031, 4, 1, 12) };
  const fake = createFakeService({ now: () => clock.t, baseUrl: BASE, ...options });
  const key = await newKey();
  const received: Request[] = [];
  const { appId, installationId } = fake.forge.registerApp({
    publicKeyPem: key.pem,
    webhookUrl: "https://hooks.example.test/forge",
    events: ["repository.pushed", "pull_request.created"],
  });
  const failures: string[] = [];
  const nowS = () => Math.floor(clock.t / 1000);
  const appJwt = (over: { header?: Record<string, unknown>; claims?: Record<string, unknown>; key?: CryptoKey } = {}) =>
    jwt(
      over.key ?? key.privateKey,
      { alg: "EdDSA", kid: appId, typ: "JWT", ...over.header },
      { iss: appId, aud: "forge-apps", iat: nowS(), exp: nowS() + 300, ...over.claims },
    );
  async function call(
    method: string,
    path: string,
    init: { auth?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers = new Headers(init.headers);
    if (init.auth !== undefined) headers.set("authorization", init.auth);
    if (init.body !== undefined) headers.set("content-type", "application/json");
    const response = await fake.fetch(
      new Request(`${BASE}/v1/forge${path}`, {
        method,
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      }),
    );
    const text = await response.text();
    let json: Json;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }
  /** Checks the RPC error body: `{code: integer, message, details[]}` with a request-info entry equal to X-Request-ID. */
  function checkError(label: string, r: Awaited<ReturnType<typeof call>>, status: number, code?: number) {
    if (r.status !== status) {
      failures.push(`${label}: ${r.status} (want ${status}) ${r.text.slice(0, 140)}`);
      return;
    }
    const b = r.json;
    if (!b || !Number.isInteger(b.code) || typeof b.message !== "string" || !Array.isArray(b.details)) {
      failures.push(`${label}: body not {code:int, message, details[]}: ${r.text.slice(0, 140)}`);
      return;
    }
    if (code !== undefined && b.code !== code) failures.push(`${label}: code ${b.code} (want ${code})`);
    const requestId = r.headers.get("x-request-id");
    if (!requestId) failures.push(`${label}: no X-Request-ID`);
    const info = b.details.find((d: Json) => typeof d?.requestId === "string");
    if (!info || info.requestId !== requestId) failures.push(`${label}: no request-info entry matching X-Request-ID`);
  }
  return {
    fake,
    clock,
    key,
    appId,
    installationId: installationId as string,
    failures,
    call,
    checkError,
    appJwt,
    nowS,
    received,
  };
}
