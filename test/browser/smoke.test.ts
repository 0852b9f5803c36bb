// Proves the browser project really runs in Chromium and that the WebCrypto the SDK signs app JWTs and verifies
// webhooks with (Ed25519) is there. Real suites for the SDK live next to this file.
import { describe, expect, it } from "vitest";

describe("browser smoke", () => {
  it("runs in a real Chromium, not in Node", () => {
    expect(typeof window).toBe("object");
    expect(typeof document).toBe("object");
    expect(navigator.userAgent).toMatch(/HeadlessChrome|Chrome/);
    // A Node `process` here would hide the SDK's own accidental uses of it.
    const maybeNode = globalThis as { process?: { versions?: { node?: string } } };
    expect(maybeNode.process?.versions?.node).toBeUndefined();
  });

  it("generates, signs and verifies with Ed25519 through crypto.subtle", async () => {
    const keys = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const message = new TextEncoder().encode('msg_1.1700000000.{"type":"ping"}');

    const signature = await crypto.subtle.sign({ name: "Ed25519" }, keys.privateKey, message);
    expect(signature.byteLength).toBe(64);
    await expect(crypto.subtle.verify({ name: "Ed25519" }, keys.publicKey, signature, message)).resolves.toBe(true);

    const tampered = message.slice();
    tampered[0] = (tampered[0] ?? 0) ^ 1;
    await expect(crypto.subtle.verify({ name: "Ed25519" }, keys.publicKey, signature, tampered)).resolves.toBe(false);

    // The forge publishes keys as JWKs (OKP / Ed25519): the public key must round-trip through that form.
    const jwk = await crypto.subtle.exportKey("jwk", keys.publicKey);
    expect(jwk).toMatchObject({ kty: "OKP", crv: "Ed25519" });
    const imported = await crypto.subtle.importKey("jwk", jwk, { name: "Ed25519" }, true, ["verify"]);
    await expect(crypto.subtle.verify({ name: "Ed25519" }, imported, signature, message)).resolves.toBe(true);
  });
});
