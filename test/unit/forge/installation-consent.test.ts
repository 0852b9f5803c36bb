// The installation flow's first half: the consent address with a fresh state, then the receipt verified against
// that state. The consent address is read back here with the WHATWG URL parser, as the forge's consent page would.
import { describe, expect, it } from "vitest";
import { AgentlineError, isAgentlineError, ValidationError } from "../../../src/core/errors.js";
import { ForgeApp } from "../../../src/forge/forge-app.js";
import { createInstallationConsent } from "../../../src/forge/installation-consent.js";
import { generateAppKeyPair } from "../../../src/forge/keys.js";
import { createFakeService } from "../../../src/testing/index.js";
import { InstallationReceiptError } from "../../../src/webhooks/errors.js";
import { ForgeKeys } from "../../../src/webhooks/keys.js";
import { verifyInstallationReceipt } from "../../../src/webhooks/receipt.js";

const INSTALL_URL = "https://forge.example/install?team=acme";
const GOOD = {
  installUrl: INSTALL_URL,
  clientId: "app_123",
  scopes: ["repository:contents:read", "repository:checks:write"],
  redirectUri: "https://app.example/forge/installed",
};

describe("createInstallationConsent", () => {
  it("builds {install_url} with client_id, space-separated scope, redirect_uri, state, summary, include_granted_scopes", () => {
    const { url, state } = createInstallationConsent({
      ...GOOD,
      scopes: [...GOOD.scopes, "repository:contents:read"],
      summary: "Run checks on your pull requests",
      includeGrantedScopes: true,
    });
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe("https://forge.example/install");
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      team: "acme",
      client_id: "app_123",
      scope: "repository:contents:read repository:checks:write",
      redirect_uri: "https://app.example/forge/installed",
      state,
      summary: "Run checks on your pull requests",
      include_granted_scopes: "true",
    });
    // Spaces travel as %20, never "+", so a decoder that only knows percent-encoding reads them too.
    expect(url).toContain("scope=repository%3Acontents%3Aread%20repository%3Achecks%3Awrite");
    expect(url).not.toContain("+");
    expect(state).toMatch(/^[\w-]{43}$/);
    const bare = new URL(createInstallationConsent({ ...GOOD, redirectUri: undefined }).url);
    expect([...bare.searchParams.keys()]).toEqual(["team", "client_id", "scope", "state"]);
  });

  it("draws a fresh state every time: 500 addresses, 500 different states", () => {
    const states = new Set(Array.from({ length: 500 }, () => createInstallationConsent(GOOD).state));
    expect(states.size).toBe(500);
  });

  it("checks every input before building, naming the field: a sweep of 23 bad inputs, 0 built", () => {
    const bad: Array<[string, Record<string, unknown>]> = [
      ["installUrl", { installUrl: undefined }],
      ["installUrl", { installUrl: "" }],
      ["installUrl", { installUrl: "/install" }],
      ["installUrl", { installUrl: "javascript:alert(1)" }],
      ["installUrl", { installUrl: 42 }],
      ["clientId", { clientId: undefined }],
      ["clientId", { clientId: "" }],
      ["clientId", { clientId: "app 1" }],
      ["clientId", { clientId: 7 }],
      ["scopes", { scopes: undefined }],
      ["scopes", { scopes: [] }],
      ["scopes", { scopes: "repository:contents:read" }],
      ["scopes[1]", { scopes: ["repository:contents:read", "repository:checks:read repository:checks:write"] }],
      ["scopes[0]", { scopes: [""] }],
      ["scopes[0]", { scopes: [null] }],
      ["scopes[0]", { scopes: ["namespace:apps:create"] }],
      ["redirectUri", { redirectUri: "/forge/installed" }],
      ["redirectUri", { redirectUri: "https://app.example/cb#done" }],
      ["redirectUri", { redirectUri: 5 }],
      ["summary", { summary: 5 }],
      ["includeGrantedScopes", { includeGrantedScopes: "yes" }],
      ["state", { state: "short" }],
      ["state", { state: 1234567890123456 }],
    ];
    let built = 0;
    const misnamed: string[] = [];
    for (const [field, change] of bad) {
      try {
        createInstallationConsent({ ...GOOD, ...change } as never);
        built += 1;
      } catch (error) {
        if (!(error instanceof ValidationError) || !error.issues.some((issue) => issue.path === field))
          misnamed.push(`${field}: ${String(error)}`);
      }
    }
    expect(bad).toHaveLength(23);
    expect(built).toBe(0);
    expect(misnamed).toEqual([]);
    // Several broken fields are all listed at once; a missing options object is an invalid_argument.
    const many = (() => {
      try {
        createInstallationConsent({ scopes: [] } as never);
      } catch (error) {
        return error as ValidationError;
      }
    })();
    expect(many?.issues.map((issue) => issue.path)).toEqual(["installUrl", "clientId", "scopes"]);
    for (const options of [undefined, null, "x"]) {
      const error = (() => {
        try {
          createInstallationConsent(options as never);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(AgentlineError);
      expect((error as AgentlineError).code).toBe("invalid_argument");
    }
  });

  it("pairs with verifyInstallationReceipt: the receipt must carry the state the address sent", async () => {
    const now = Date.parse("2026-11-21T12:00:00Z");
    const fake = createFakeService({ now: () => now });
    const appKeys = await generateAppKeyPair();
    const { appId, installationId } = fake.forge.registerApp({ publicKeyPem: appKeys.publicKey });
    const app = new ForgeApp({ appId, privateKey: appKeys.privateKey, baseUrl: fake.baseUrl, fetch: fake.fetch });
    const keys = new ForgeKeys({ baseUrl: fake.baseUrl, fetch: fake.fetch, now: () => now });
    const consent = app.installationConsent({ installUrl: INSTALL_URL, scopes: ["repository:checks:write"] });
    const sent = new URL(consent.url).searchParams;
    expect(sent.get("client_id")).toBe(appId);
    // The forge echoes the address's state as the receipt's `state` claim.
    const issue = (state?: string) =>
      fake.forge.issueInstallationReceipt({
        appId,
        installationId: installationId as string,
        ...(state === undefined ? {} : { state }),
      });
    const options = { keys, appId, now: () => now, expectedState: consent.state };
    const receipt = await verifyInstallationReceipt(await issue(sent.get("state") ?? undefined), options);
    expect(receipt).toMatchObject({ installationId, state: consent.state });

    const other = createInstallationConsent({ ...GOOD, clientId: appId }).state;
    const reasons = [];
    for (const token of [await issue(other), await issue(), await issue(consent.state.slice(0, -1))]) {
      const error = await verifyInstallationReceipt(token, options).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InstallationReceiptError);
      reasons.push((error as InstallationReceiptError).reason);
    }
    expect(reasons).toEqual(["state_mismatch", "state_mismatch", "state_mismatch"]);
    // An empty expected state would protect nothing: refused as a bad option, never a silent pass.
    const empty = await verifyInstallationReceipt(await issue(), { ...options, expectedState: "" }).catch(
      (caught: unknown) => caught,
    );
    expect(isAgentlineError(empty) && empty.code).toBe("invalid_option");
  });
});
