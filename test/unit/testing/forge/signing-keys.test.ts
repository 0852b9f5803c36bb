import { createHash, createPublicKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { appJwt, forgeSetup, newAppKey, rpc, USER_TOKEN } from "./helpers.js";

function kidOf(pem: string): string {
  const der = createPublicKey(pem).export({ type: "spki", format: "der" });
  return createHash("sha256").update(der).digest("base64url");
}

describe("forge app signing keys", () => {
  it("registers a key with kid = base64url(SHA-256(SPKI DER)) and accepts JWTs signed by any active key", async () => {
    const { call, appId, clock, jwt } = await forgeSetup();
    const second = await newAppKey();
    const { status, json } = await call("POST", `/apps/${appId}/signing_keys`, {
      token: USER_TOKEN,
      body: { publicKey: second.pem },
    });
    expect(status).toBe(200);
    expect(json.kid).toBe(kidOf(second.pem));
    expect((await call("GET", "/app", { token: await appJwt(second.privateKey, appId, clock.t) })).status).toBe(200);
    expect((await call("GET", "/app", { token: await jwt() })).status).toBe(200);
  });

  it("refuses an already registered key (409 AlreadyExists) and an 11th active key (400 FailedPrecondition)", async () => {
    const { call, appId, key } = await forgeSetup();
    const duplicate = await call("POST", `/apps/${appId}/signing_keys`, {
      token: USER_TOKEN,
      body: { publicKey: key.pem },
    });
    expect([duplicate.status, duplicate.json.code]).toEqual([409, 6]);
    for (let i = 2; i <= 10; i++) {
      const { pem } = await newAppKey();
      expect(
        (await call("POST", `/apps/${appId}/signing_keys`, { token: USER_TOKEN, body: { publicKey: pem } })).status,
      ).toBe(200);
    }
    const { pem } = await newAppKey();
    const eleventh = await call("POST", `/apps/${appId}/signing_keys`, { token: USER_TOKEN, body: { publicKey: pem } });
    expect([eleventh.status, eleventh.json.code]).toEqual([400, 9]);
  });

  it("validates publicKey with a field violation", async () => {
    const { call, appId } = await forgeSetup();
    for (const body of [{}, { publicKey: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----" }]) {
      const { status, json } = await call("POST", `/apps/${appId}/signing_keys`, { token: USER_TOKEN, body });
      expect(status).toBe(400);
      expect(rpc(json)).toMatchObject({ code: 3, fields: ["publicKey"] });
    }
  });

  it("deletes a key (204), after which its JWTs are rejected; the last key cannot be deleted", async () => {
    const { call, appId, key, clock, jwt } = await forgeSetup();
    const second = await newAppKey();
    await call("POST", `/apps/${appId}/signing_keys`, { token: USER_TOKEN, body: { publicKey: second.pem } });
    const removed = await call("DELETE", `/apps/${appId}/signing_keys/${kidOf(key.pem)}`, { token: USER_TOKEN });
    expect(removed.status).toBe(204);
    expect((await call("GET", "/app", { token: await jwt() })).status).toBe(401);
    expect((await call("GET", "/app", { token: await appJwt(second.privateKey, appId, clock.t) })).status).toBe(200);
    const last = await call("DELETE", `/apps/${appId}/signing_keys/${kidOf(second.pem)}`, { token: USER_TOKEN });
    expect([last.status, last.json.code]).toEqual([400, 9]);
    const unknown = await call("DELETE", `/apps/${appId}/signing_keys/${kidOf(key.pem)}`, { token: USER_TOKEN });
    expect([unknown.status, unknown.json.code]).toEqual([404, 5]);
  });

  it("needs a user credential holding app:settings:write", async () => {
    const { call, appId, jwt } = await forgeSetup({
      forge: { userTokens: [{ token: "reader", scopes: ["namespace:apps:read"] }, { token: USER_TOKEN }] },
    });
    const { pem } = await newAppKey();
    const reader = await call("POST", `/apps/${appId}/signing_keys`, { token: "reader", body: { publicKey: pem } });
    expect([reader.status, reader.json.code]).toEqual([403, 7]);
    expect(reader.json.message).toMatch(/app:settings:write/);
    const asApp = await call("POST", `/apps/${appId}/signing_keys`, { token: await jwt(), body: { publicKey: pem } });
    expect(asApp.status).toBe(403);
    const missing = await call("POST", "/apps/app_missing/signing_keys", {
      token: USER_TOKEN,
      body: { publicKey: pem },
    });
    expect(missing.status).toBe(404);
  });
});
