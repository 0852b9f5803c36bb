// Every surface that takes the service address reads its documented forms alike: the origin, with a trailing `/`,
// `/v1` or `/v1/forge` (the forge spec's "forge prefix"). A client that drops `/v1` while ForgeKeys or the receipt
// check keep it would fetch `/v1/v1/forge/keys` or expect the issuer `…/v1/v1/forge`. Refusals name what to fix.
import { describe, expect, it } from "vitest";
import { ForgeApp, ForgeClient } from "../../../src/forge/index.js";
import { createFakeService } from "../../../src/testing/index.js";
import { ForgeKeys } from "../../../src/webhooks/keys.js";
import { verifyInstallationReceipt } from "../../../src/webhooks/receipt.js";

const ORIGIN = "http://fake.test";
const FORMS = [ORIGIN, `${ORIGIN}/`, `${ORIGIN}/v1`, `${ORIGIN}/v1/`, `${ORIGIN}/v1/forge`, `${ORIGIN}/v1/forge/`];

async function failureOf(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error)),
  );
}

describe("the service address in its documented forms", () => {
  it("ForgeKeys, verifyInstallationReceipt, ForgeClient and ForgeApp reach the same forge for each form", async () => {
    const fake = createFakeService({ baseUrl: ORIGIN });
    const { appId, installationId } = fake.forge.registerApp();
    if (!installationId) throw new Error("no installation");
    const state = "s".repeat(32);
    const failures: string[] = [];
    for (const baseUrl of FORMS) {
      const keys = new ForgeKeys({ baseUrl, fetch: fake.fetch });
      const keyFailure = await failureOf(keys.getKeys());
      if (keyFailure) failures.push(`ForgeKeys ${baseUrl}: ${keyFailure}`);
      const token = await fake.forge.issueInstallationReceipt({ appId, installationId, state });
      const goodKeys = new ForgeKeys({ baseUrl: ORIGIN, fetch: fake.fetch });
      const receipt = await failureOf(
        verifyInstallationReceipt(token, { keys: goodKeys, appId, baseUrl, expectedState: state }),
      );
      if (receipt) failures.push(`receipt ${baseUrl}: ${receipt}`);
      const paths: string[] = [];
      const spy = (request: Request) => {
        paths.push(new URL(request.url).pathname);
        return fake.fetch(request);
      };
      const user = new ForgeClient({ token: "forge-user-token", baseUrl, fetch: spy, maxRetries: 0 });
      await user
        .namespace("acme")
        .repos.list()
        .catch(() => {});
      const [forgeKey] = await fake.forge.signingKeys();
      if (!forgeKey) throw new Error("no forge key");
      // Any Ed25519 private key signs: the address is what is checked here, not the app's credential.
      const app = new ForgeApp({
        appId,
        privateKey: forgeKey.privateKey,
        baseUrl,
        fetch: spy,
      });
      await app.getApp().catch(() => {});
      for (const path of paths)
        if (!/^\/v1\/forge\/(?!v1\/)/.test(path)) failures.push(`client ${baseUrl}: sent ${path}`);
    }
    expect(failures).toEqual([]);
  });

  it("a receipt from another issuer, and a key set that cannot be fetched, say which address was used", async () => {
    const fake = createFakeService(); // its issuer is https://fake.agentline.test/v1/forge
    const { appId, installationId } = fake.forge.registerApp();
    if (!installationId) throw new Error("no installation");
    const keys = new ForgeKeys({ baseUrl: ORIGIN, fetch: fake.fetch });
    const token = await fake.forge.issueInstallationReceipt({ appId, installationId, state: "s".repeat(32) });
    const issuer = await failureOf(
      verifyInstallationReceipt(token, { keys, appId, baseUrl: ORIGIN, expectedState: "s".repeat(32) }),
    );
    expect(issuer).toContain(`${ORIGIN}/v1/forge`);
    expect(issuer).toContain("baseUrl");
    const unavailable = await failureOf(new ForgeKeys({ baseUrl: `${ORIGIN}/api`, fetch: fake.fetch }).getKeys());
    expect(unavailable).toContain(`GET ${ORIGIN}/api/v1/forge/keys: 401`);
  });
});
