// Shared setup of the forge tests that drive the fake forge through the SDK: a fake on a manual clock accepting
// some user tokens, one app with its installation, user-token clients, and the checks these tests repeat.
import { expect } from "vitest";
import { ValidationError } from "../../../src/core/errors.js";
import type { BaseClientOptions } from "../../../src/core/options.js";
import { ForgeApp, type ForgeAppOptions } from "../../../src/forge/forge-app.js";
import { ForgeClient } from "../../../src/forge/forge-client.js";
import { generateAppKeyPair } from "../../../src/forge/keys.js";
import { createFakeService, type FakeService, type ForgeInstallationOptions } from "../../../src/testing/index.js";

/** Where the clients send requests: the fake answers through `fetch`, so nothing listens there. */
export const BASE_URL = "http://127.0.0.1:9";

/** A user token the fake accepts. */
export interface TestUser {
  readonly token: string;
  readonly userId: string;
  readonly scopes: readonly string[];
}

/** What {@link forgeSetup} builds. */
export interface ForgeSetupOptions {
  /** The user tokens the fake accepts. */
  users: readonly TestUser[];
  /** The installation registered with the app (as `fake.forge.registerApp` takes it). */
  install: Omit<ForgeInstallationOptions, "appId">;
  /** Client options of the installation client (retries, sleep). */
  installationOptions?: Partial<ForgeAppOptions>;
}

/**
 * A fake forge on a manual clock (move `clock.t`), one app registered with its key pair and installation, the
 * installation client, and factories for other clients of the same fake.
 */
export async function forgeSetup({ users, install, installationOptions = {} }: ForgeSetupOptions) {
  const clock = { t: Date.parse("2026-11-21T12:00:00Z") };
  const now = () => clock.t;
  const fake = createFakeService({
    now,
    forge: { userTokens: users.map((user) => ({ ...user, scopes: [...user.scopes] })) },
  });
  const keys = await generateAppKeyPair();
  const registered = fake.forge.registerApp({ publicKeyPem: keys.publicKey, install });
  const { appId } = registered;
  const installationId = registered.installationId as string;
  /** The app on the fake clock, with `options` over its own key, id and `fetch`. */
  const appWith = (options: Partial<ForgeAppOptions> = {}) =>
    new ForgeApp({ appId, privateKey: keys.privateKey, baseUrl: BASE_URL, fetch: fake.fetch, now, ...options });
  /** A client holding a user token, with `options` over the fake's `fetch`. */
  const userClient = (token: string, options: Partial<BaseClientOptions> = {}) =>
    new ForgeClient({ token, baseUrl: BASE_URL, fetch: fake.fetch, ...options });
  const installation = appWith(installationOptions).installation(installationId);
  return { fake, clock, now, keys, appId, installationId, installation, appWith, userClient };
}

/** How many logged requests hit `method` on a path ending with `suffix`. */
export function requestsTo(fake: FakeService, method: string, suffix: string): number {
  return fake.requests.filter((request) => request.method === method && request.path.endsWith(suffix)).length;
}

/** Expects a request-side ValidationError naming `path` and `rule`, with nothing sent. */
export async function expectRefusedBeforeNetwork(
  fake: FakeService,
  call: () => PromiseLike<unknown>,
  path: string,
  rule: string,
): Promise<void> {
  const before = fake.requests.length;
  const error = await Promise.resolve()
    .then(call)
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  expect(error).toBeInstanceOf(ValidationError);
  const refused = error as ValidationError;
  expect({ path: refused.path, rule: refused.rule, direction: refused.direction }).toEqual({
    path,
    rule,
    direction: "request",
  });
  expect(fake.requests.length).toBe(before);
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejectionOf(promise: PromiseLike<unknown>): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error("expected the call to fail");
}
