import { exportSPKI, generateKeyPair, SignJWT } from "jose";
import { createFakeService, type FakeService, type FakeServiceOptions } from "../../../../src/testing/index.js";
import { type Json, manualClock } from "../helpers.js";

export type { Json };

export const BASE = "https://forge.example.test";
export const USER_TOKEN = "forge-user-token";

/** An Ed25519 key pair as an app holds it, with the PEM it registers. */
export async function newAppKey() {
  const { publicKey, privateKey } = await generateKeyPair("EdDSA", { extractable: true });
  return { publicKey, privateKey, pem: await exportSPKI(publicKey) };
}

export interface JwtOverrides {
  kid?: string;
  typ?: string;
  iss?: string;
  aud?: string;
  iat?: number;
  exp?: number;
}

/** An app JWT signed with `privateKey` at the fake clock's `now` (ms), 5 minutes long unless told. */
export function appJwt(privateKey: CryptoKey, appId: string, now: number, overrides: JwtOverrides = {}) {
  const iat = overrides.iat ?? Math.floor(now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "EdDSA", kid: overrides.kid ?? appId, typ: overrides.typ ?? "JWT" })
    .setIssuer(overrides.iss ?? appId)
    .setAudience(overrides.aud ?? "forge-apps")
    .setIssuedAt(iat)
    .setExpirationTime(overrides.exp ?? iat + 300)
    .sign(privateKey);
}

interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A fake with a manual clock, one registered app (installed on all repositories) and a tiny forge client. */
export async function forgeSetup(options: FakeServiceOptions = {}) {
  const clock = manualClock();
  const fake: FakeService = createFakeService({ now: clock.now, baseUrl: BASE, ...options });
  const key = await newAppKey();
  const { appId, installationId } = fake.forge.registerApp({ publicKeyPem: key.pem });
  async function call(method: string, path: string, call: CallOptions = {}) {
    const headers = new Headers(call.headers);
    if (call.token !== undefined) headers.set("authorization", `Bearer ${call.token}`);
    const init: RequestInit = { method, headers };
    if (call.body !== undefined) {
      headers.set("content-type", "application/json");
      init.body = JSON.stringify(call.body);
    }
    const response = await fake.fetch(`${BASE}/v1/forge${path}`, init);
    const text = await response.text();
    const json: Json = text === "" ? undefined : JSON.parse(text);
    return { status: response.status, json, headers: response.headers };
  }
  const jwt = (overrides?: JwtOverrides) => appJwt(key.privateKey, appId, clock.t, overrides);
  async function mint(body?: unknown, id = installationId as string) {
    return call("POST", `/app/installations/${id}/access_tokens`, { token: await jwt(), body: body ?? {} });
  }
  return { fake, clock, key, appId, installationId: installationId as string, call, jwt, mint };
}

/** The `code` and BadRequest field names of an RPC error body. */
export function rpc(json: Json): { code: number; fields: string[]; requestId: string | undefined } {
  const details: Json[] = json.details ?? [];
  const badRequest = details.find((d) => d["@type"] === "type.googleapis.com/google.rpc.BadRequest");
  const info = details.find((d) => d["@type"] === "type.googleapis.com/google.rpc.RequestInfo");
  return {
    code: json.code,
    fields: (badRequest?.fieldViolations ?? []).map((v: Json) => v.field),
    requestId: info?.requestId,
  };
}
