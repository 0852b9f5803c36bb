import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { BASE, forgeSetup } from "./helpers.js";

const ISSUER = `${BASE}/v1/forge`;

describe("forge discovery, keys and installation receipts", () => {
  it("publishes the OpenID configuration without authentication", async () => {
    const { call } = await forgeSetup();
    const { status, json } = await call("GET", "/.well-known/openid-configuration");
    expect(status).toBe(200);
    expect(json).toEqual({
      issuer: ISSUER,
      jwks_uri: `${ISSUER}/keys`,
      response_types_supported: ["id_token"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["EdDSA"],
    });
  });

  it("publishes Ed25519 keys with the spec's Cache-Control, uncharged, and rotates them", async () => {
    const { fake, call } = await forgeSetup();
    const { json, headers } = await call("GET", "/keys");
    expect(headers.get("cache-control")).toBe("public, max-age=600, stale-if-error=600");
    expect(headers.get("x-ratelimit-limit")).toBeNull();
    expect(json.keys).toHaveLength(1);
    expect(json.keys[0]).toEqual({
      kty: "OKP",
      crv: "Ed25519",
      use: "sig",
      alg: "EdDSA",
      kid: (await fake.forge.signingKeys())[0]?.kid,
      x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const rotated = await fake.forge.rotateKeys();
    const after = await call("GET", "/keys");
    expect(after.json.keys.map((k: { kid: string }) => k.kid)).toEqual(rotated.map((k) => k.kid));
    expect(after.json.keys[1].kid).toBe(json.keys[0].kid);
  });

  it("issues installation receipts that verify against /keys with the spec's header and claims", async () => {
    const { fake, call, clock, appId, installationId } = await forgeSetup();
    await fake.forge.rotateKeys();
    const receipt = await fake.forge.issueInstallationReceipt({ appId, installationId, state: "xyz" });
    const jwks = createLocalJWKSet((await call("GET", "/keys")).json);
    const { payload, protectedHeader } = await jwtVerify(receipt, jwks, {
      issuer: ISSUER,
      audience: appId,
      typ: "forge-installation-receipt+jwt",
      algorithms: ["EdDSA"],
      currentDate: new Date(clock.t),
    });
    expect(protectedHeader.kid).toBe((await fake.forge.signingKeys())[0]?.kid);
    expect(payload).toMatchObject({ sub: installationId, namespace_id: "ns_0001", state: "xyz" });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(300);
    expect(payload.jti).toEqual(expect.any(String));
    expect(payload.installedBy).toEqual({ id: "user_0001", email: expect.any(String), displayName: "Acme Admin" });
    const plain = await fake.forge.issueInstallationReceipt({ appId, installationId });
    expect(decodeProtectedHeader(plain).typ).toBe("forge-installation-receipt+jwt");
    const { payload: noState } = await jwtVerify(plain, jwks, { currentDate: new Date(clock.t) });
    expect(noState.state).toBeUndefined();
    expect(noState.jti).not.toBe(payload.jti);
  });
});
