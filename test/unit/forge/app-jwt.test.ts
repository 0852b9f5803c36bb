import { createHash, createPublicKey, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AppJwtSource, signAppJwt } from "../../../src/forge/app-jwt.js";
import { computeKeyId, generateAppKeyPair, importAppPrivateKey } from "../../../src/forge/keys.js";

// Verified with node:crypto, independently of jose (which signed it).
function decode(jwt: string) {
  const [h, p, s] = jwt.split(".") as [string, string, string];
  const json = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  return {
    header: json(h),
    claims: json(p),
    signingInput: Buffer.from(`${h}.${p}`),
    signature: Buffer.from(s, "base64url"),
  };
}

describe("app JWTs", () => {
  it("are EdDSA with kid = app id, iss, aud forge-apps, iat 30 s back, exp within 5 minutes — and verify with node:crypto", async () => {
    const { publicKey, privateKey } = await generateAppKeyPair();
    expect(publicKey).toContain("-----BEGIN PUBLIC KEY-----");
    expect(privateKey).toContain("-----BEGIN PRIVATE KEY-----");
    const now = Date.parse("2026-11-21T12:00:00Z");
    const { jwt, expiresAt } = await signAppJwt({
      appId: "app_123",
      key: await importAppPrivateKey(privateKey),
      now: () => now,
    });
    const { header, claims, signingInput, signature } = decode(jwt);
    expect(header).toEqual({ alg: "EdDSA", kid: "app_123", typ: "JWT" });
    expect(claims.iss).toBe("app_123");
    expect(claims.aud).toBe("forge-apps");
    expect(claims.iat).toBe(now / 1000 - 30);
    expect(claims.exp).toBeGreaterThan(now / 1000);
    expect(claims.exp).toBeLessThanOrEqual(now / 1000 + 300);
    expect(expiresAt).toBe(claims.exp * 1000);
    expect(verify(null, signingInput, createPublicKey(publicKey), signature)).toBe(true);
    const tampered = Buffer.from(signingInput);
    const last = tampered.length - 1;
    tampered.writeUInt8(tampered.readUInt8(last) ^ 1, last);
    expect(verify(null, tampered, createPublicKey(publicKey), signature)).toBe(false);
  });

  it("are reused until about a minute before they expire, then re-signed", async () => {
    const { privateKey } = await generateAppKeyPair();
    let now = Date.parse("2026-11-21T12:00:00Z");
    const source = new AppJwtSource({ appId: "app_1", key: await importAppPrivateKey(privateKey), now: () => now });
    const first = await source.get();
    now += 200_000;
    expect(await source.get()).toBe(first);
    now += 40_000; // 240 s in: less than 60 s left of 270
    const second = await source.get();
    expect(second).not.toBe(first);
    expect(decode(second).claims.iat).toBe(Math.floor(now / 1000) - 30);
  });

  it("computes the forge's kid: base64url SHA-256 of the SPKI DER", async () => {
    const { publicKey } = await generateAppKeyPair();
    const der = createPublicKey(publicKey).export({ type: "spki", format: "der" });
    expect(await computeKeyId(publicKey)).toBe(createHash("sha256").update(der).digest("base64url"));
    await expect(computeKeyId("not a pem")).rejects.toMatchObject({ rule: "pem" });
    await expect(importAppPrivateKey("ssh-ed25519 AAAA")).rejects.toMatchObject({ path: "privateKey" });
  });
});
