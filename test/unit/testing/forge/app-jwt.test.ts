import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { appJwt, forgeSetup, newAppKey, rpc, USER_TOKEN } from "./helpers.js";

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

describe("forge app JWT verification", () => {
  it("accepts a well-formed EdDSA JWT signed by an active key", async () => {
    const { call, jwt, appId } = await forgeSetup();
    const { status, json } = await call("GET", "/app", { token: await jwt() });
    expect(status).toBe(200);
    expect(json).toMatchObject({ id: appId, webhookUrl: "", events: [], defaultScopes: expect.any(Array) });
  });

  it("rejects alg none and HS256 with 401 Unauthenticated", async () => {
    const { call, clock, appId } = await forgeSetup();
    const iat = Math.floor(clock.t / 1000);
    const claims = { iss: appId, aud: "forge-apps", iat, exp: iat + 300 };
    const none = `${b64url({ alg: "none", kid: appId, typ: "JWT" })}.${b64url(claims)}.`;
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", kid: appId, typ: "JWT" })
      .sign(new TextEncoder().encode("a-shared-secret-of-at-least-32-bytes!!"));
    for (const token of [none, hs256]) {
      const { status, json } = await call("GET", "/app", { token });
      expect(status).toBe(401);
      expect(rpc(json).code).toBe(16);
      expect(json.message).toMatch(/EdDSA/);
    }
  });

  it("rejects a wrong kid, iss, aud or typ", async () => {
    const { call, jwt } = await forgeSetup();
    for (const overrides of [{ kid: "app_unknown" }, { iss: "app_other" }, { aud: "forge" }, { typ: "at+jwt" }]) {
      const { status, json } = await call("GET", "/app", { token: await jwt(overrides) });
      expect(status, JSON.stringify(overrides)).toBe(401);
      expect(json.code).toBe(16);
    }
  });

  it("rejects expired JWTs, lifetimes over 10 minutes and iat far in the future, but allows small skew", async () => {
    const { call, jwt, clock } = await forgeSetup();
    const now = Math.floor(clock.t / 1000);
    const expired = await jwt({ iat: now - 400, exp: now - 100 });
    expect((await call("GET", "/app", { token: expired })).status).toBe(401);
    const tooLong = await jwt({ iat: now, exp: now + 3600 });
    expect((await call("GET", "/app", { token: tooLong })).json.message).toMatch(/limit is 600 s/);
    expect((await call("GET", "/app", { token: await jwt({ iat: now + 300 }) })).status).toBe(401);
    expect((await call("GET", "/app", { token: await jwt({ iat: now + 30 }) })).status).toBe(200);
    const token = await jwt();
    clock.t += 301_000;
    expect((await call("GET", "/app", { token })).status).toBe(401);
  });

  it("rejects a JWT signed by a key the app never registered", async () => {
    const { call, appId, clock } = await forgeSetup();
    const stranger = await newAppKey();
    const { status, json } = await call("GET", "/app", { token: await appJwt(stranger.privateKey, appId, clock.t) });
    expect(status).toBe(401);
    expect(json.message).toMatch(/No active signing key/);
  });

  it("rejects garbage, a missing header and a non-Bearer scheme without charging", async () => {
    const { call, fake } = await forgeSetup();
    expect((await call("GET", "/app", { token: "a.b.c" })).status).toBe(401);
    expect((await call("GET", "/app")).status).toBe(401);
    expect((await call("GET", "/app", { headers: { authorization: "Basic eDp5" } })).status).toBe(401);
    expect(fake.forge.stats).toEqual({});
  });

  it("answers 403 PermissionDenied for a valid credential of the wrong kind", async () => {
    const { call } = await forgeSetup();
    const { status, json } = await call("GET", "/app", { token: USER_TOKEN });
    expect(status).toBe(403);
    expect(json.code).toBe(7);
    expect(json.message).toMatch(/needs an app JWT/);
  });
});
