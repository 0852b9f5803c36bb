import { base64url, type JWTPayload, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { InstallationReceiptError } from "../../../src/webhooks/errors.js";
import { verifyInstallationReceipt } from "../../../src/webhooks/receipt.js";
import { flakyKeysFetch, START, webhookSetup } from "./helpers.js";

async function receiptSetup() {
  const setup = webhookSetup();
  const { appId, installationId } = setup.fake.forge.registerApp();
  const [forgeKey] = await setup.fake.forge.signingKeys();
  if (!forgeKey || !installationId) throw new Error("the fake forge has no key or installation");
  const options = { keys: setup.keys, appId, now: setup.now };
  const iat = Math.floor(START / 1000);
  /** A token signed with the forge's real private key, with the header and claims the test chooses. */
  const forge = (claims: JWTPayload, header: Record<string, unknown> = {}) =>
    new SignJWT({ iss: setup.fake.forge.issuer, aud: appId, sub: installationId, iat, exp: iat + 300, ...claims })
      .setProtectedHeader({ alg: "EdDSA", kid: forgeKey.kid, typ: "forge-installation-receipt+jwt", ...header })
      .sign(forgeKey.privateKey);
  return { ...setup, appId, installationId, forgeKey, options, forge, iat };
}

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InstallationReceiptError);
  return (error as InstallationReceiptError).reason;
}

function unsecured(header: Record<string, unknown>, payload: Record<string, unknown>): string {
  const encode = (value: unknown) => base64url.encode(JSON.stringify(value));
  return `${encode(header)}.${encode(payload)}.`;
}

describe("verifyInstallationReceipt", () => {
  it("verifies a receipt the forge issued and returns installation, namespace, installer, state and jti", async () => {
    const { fake, appId, installationId, options } = await receiptSetup();
    const token = await fake.forge.issueInstallationReceipt({ appId, installationId, state: "csrf-123" });
    const receipt = await verifyInstallationReceipt(token, { ...options, expectedState: "csrf-123" });
    expect(receipt.installationId).toBe(installationId);
    expect(receipt.state).toBe("csrf-123");
    expect(typeof receipt.jti).toBe("string");
    expect(receipt.jti.length).toBeGreaterThan(0);
    expect(receipt.namespaceId).toBe(fake.forge.state.installations.get(installationId)?.target.id);
    expect(receipt.installedBy?.id).toMatch(/^user_/);
    expect(receipt.installedBy).not.toHaveProperty("handle");
    expect(receipt.expiresAt).toBe(Math.floor(START / 1000) + 300);
    // The issuer can come from baseUrl as well as from the keys.
    const byBase = await verifyInstallationReceipt(token, { ...options, baseUrl: `${fake.baseUrl}/` });
    expect(byBase.installationId).toBe(installationId);
  });

  it("refuses alg none and every algorithm but EdDSA before looking up a key", async () => {
    const { options, forgeKey, fake, installationId, appId, keyFetches } = await receiptSetup();
    const claims = { iss: fake.forge.issuer, aud: appId, sub: installationId, exp: 2e9, jti: "j1" };
    const typ = "forge-installation-receipt+jwt";
    for (const alg of ["none", "None", "ES256", "RS256", "HS256"]) {
      const token = unsecured({ alg, kid: forgeKey.kid, typ }, claims);
      expect(await reasonOf(verifyInstallationReceipt(token, options))).toBe("unsupported_algorithm");
    }
    expect(keyFetches()).toBe(0);
  });

  it("refuses HS256 signed with the forge's public key bytes as the HMAC secret (alg confusion)", async () => {
    const { options, forgeKey, fake, installationId, appId } = await receiptSetup();
    const claims = { iss: fake.forge.issuer, aud: appId, sub: installationId, jti: "j2" };
    const secrets = [
      base64url.decode(forgeKey.jwk.x),
      new TextEncoder().encode(JSON.stringify(forgeKey.jwk)),
      new TextEncoder().encode(forgeKey.jwk.x),
    ];
    for (const secret of secrets) {
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256", kid: forgeKey.kid, typ: "forge-installation-receipt+jwt" })
        .setExpirationTime("5m")
        .sign(secret);
      expect(await reasonOf(verifyInstallationReceipt(token, options))).toBe("unsupported_algorithm");
    }
  });

  it("refuses a wrong typ, issuer, audience or state", async () => {
    const { options, forge } = await receiptSetup();
    const good = await forge({ jti: "j3" });
    await expect(verifyInstallationReceipt(good, options)).resolves.toBeTruthy();
    expect(await reasonOf(verifyInstallationReceipt(await forge({ jti: "j" }, { typ: "JWT" }), options))).toBe(
      "wrong_type",
    );
    expect(await reasonOf(verifyInstallationReceipt(await forge({ jti: "j" }, { typ: undefined }), options))).toBe(
      "wrong_type",
    );
    const otherIssuer = await forge({ jti: "j", iss: "https://evil.example/v1/forge" });
    expect(await reasonOf(verifyInstallationReceipt(otherIssuer, options))).toBe("wrong_issuer");
    expect(await reasonOf(verifyInstallationReceipt(good, { ...options, baseUrl: "https://other.example" }))).toBe(
      "wrong_issuer",
    );
    expect(await reasonOf(verifyInstallationReceipt(good, { ...options, appId: "app_other" }))).toBe("wrong_audience");
    const withState = await forge({ jti: "j", state: "abc" });
    expect(await reasonOf(verifyInstallationReceipt(withState, { ...options, expectedState: "abd" }))).toBe(
      "state_mismatch",
    );
    expect(await reasonOf(verifyInstallationReceipt(good, { ...options, expectedState: "abc" }))).toBe(
      "state_mismatch",
    );
  });

  it("refuses an expired receipt, and one without jti, exp or sub", async () => {
    const { options, forge, advance, fake, appId, installationId } = await receiptSetup();
    const token = await fake.forge.issueInstallationReceipt({ appId, installationId });
    advance(299_000);
    await expect(verifyInstallationReceipt(token, options)).resolves.toBeTruthy();
    advance(1_000);
    expect(await reasonOf(verifyInstallationReceipt(token, options))).toBe("expired");
    const fresh = { ...options, now: () => START };
    expect(await reasonOf(verifyInstallationReceipt(await forge({}), fresh))).toBe("missing_claim");
    expect(await reasonOf(verifyInstallationReceipt(await forge({ jti: "" }), fresh))).toBe("missing_claim");
    expect(await reasonOf(verifyInstallationReceipt(await forge({ jti: "j", exp: undefined }), fresh))).toBe(
      "missing_claim",
    );
    expect(await reasonOf(verifyInstallationReceipt(await forge({ jti: "j", sub: undefined }), fresh))).toBe(
      "missing_claim",
    );
  });

  it("refuses a tampered signature, an unknown kid and a malformed token", async () => {
    const { options, forge } = await receiptSetup();
    const token = await forge({ jti: "j4" });
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const flipped = `${header}.${payload}.${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    expect(await reasonOf(verifyInstallationReceipt(flipped, options))).toBe("invalid_signature");
    const swapped = base64url.encode(
      JSON.stringify({ ...JSON.parse(new TextDecoder().decode(base64url.decode(payload))), sub: "inst_other" }),
    );
    expect(await reasonOf(verifyInstallationReceipt(`${header}.${swapped}.${signature}`, options))).toBe(
      "invalid_signature",
    );
    expect(await reasonOf(verifyInstallationReceipt(await forge({ jti: "j" }, { kid: "nope" }), options))).toBe(
      "unknown_key",
    );
    expect(await reasonOf(verifyInstallationReceipt("not-a-jwt", options))).toBe("malformed_token");
    expect(await reasonOf(verifyInstallationReceipt(await forge({ jti: "j" }, { kid: undefined }), options))).toBe(
      "malformed_token",
    );
  });

  it("finds a key that rotated in after the key set was cached, and fails closed without keys", async () => {
    const setup = await receiptSetup();
    await setup.keys.getKeys();
    setup.advance(60_000);
    await setup.fake.forge.rotateKeys();
    const token = await setup.fake.forge.issueInstallationReceipt({
      appId: setup.appId,
      installationId: setup.installationId,
    });
    const receipt = await verifyInstallationReceipt(token, setup.options);
    expect(receipt.installationId).toBe(setup.installationId);
    expect(setup.keyFetches()).toBe(2);
    const down = setup.newKeys({ fetch: flakyKeysFetch(setup.fake, () => true) });
    expect(await reasonOf(verifyInstallationReceipt(token, { ...setup.options, keys: down }))).toBe("keys_unavailable");
  });
});
