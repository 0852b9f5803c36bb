// Shared setup of the pull request conversation tests: the fake forge, an installation with every scope the
// conversation needs, one open pull request, and user-token clients for permission checks.
import { expect } from "vitest";
import { ValidationError } from "../../../src/core/errors.js";
import { ForgeApp } from "../../../src/forge/forge-app.js";
import { ForgeClient } from "../../../src/forge/forge-client.js";
import { generateAppKeyPair } from "../../../src/forge/keys.js";
import { createFakeService, type FakeService } from "../../../src/testing/index.js";

/** What the installation under test may do. */
export const PULL_SCOPES = [
  "repository:contents:write",
  "repository:pull_requests:write",
  "repository:pull_requests:reviews:write",
  "repository:checks:write",
  "repository:labels:write",
];

/** User tokens the fake accepts: a reviewer without and a maintainer with repository:contents:write. */
export const USERS = {
  reviewer: { token: "reviewer-token", userId: "user_0002", scopes: ["repository:pull_requests:reviews:write"] },
  maintainer: {
    token: "maintainer-token",
    userId: "user_0003",
    scopes: ["repository:pull_requests:reviews:write", "repository:contents:write"],
  },
} as const;

const BASE_URL = "http://127.0.0.1:9";

/** A fake forge, an installation client on acme/web-app and one open pull request (feature/login into main). */
export async function pullSetup() {
  const clock = { now: Date.parse("2026-11-21T12:00:00Z") };
  const fake = createFakeService({
    now: () => clock.now,
    forge: { userTokens: Object.values(USERS).map((u) => ({ ...u, scopes: [...u.scopes] })) },
  });
  const keys = await generateAppKeyPair();
  const { appId } = fake.forge.registerApp({ publicKeyPem: keys.publicKey, install: false });
  const { installationId } = fake.forge.createInstallation({ appId, scopes: PULL_SCOPES });
  const app = new ForgeApp({
    appId,
    privateKey: keys.privateKey,
    baseUrl: BASE_URL,
    fetch: fake.fetch,
    now: () => clock.now,
    sleep: async () => {},
  });
  const forge = app.installation(installationId);
  /** The same installation through another `fetch` (to change what the wire carries). */
  const installationWith = (fetch: typeof fake.fetch) =>
    new ForgeApp({ appId, privateKey: keys.privateKey, baseUrl: BASE_URL, fetch, now: () => clock.now }).installation(
      installationId,
    );
  const repo = forge.repo("acme", "web-app");
  const pull = await repo.pulls.create({ title: "Add login", head: "feature/login", base: "main" });
  /** The same repository through a user token. */
  const asUser = (user: keyof typeof USERS) =>
    new ForgeClient({ token: USERS[user].token, baseUrl: BASE_URL, fetch: fake.fetch, sleep: async () => {} }).repo(
      "acme",
      "web-app",
    );
  // The pull request's branches as the forge answered them (fields the SDK's schema keeps untyped).
  const { head, base } = pull as unknown as { head: { sha: string }; base: { sha: string } };
  return {
    fake,
    forge,
    repo,
    pull,
    headSha: head.sha,
    baseSha: base.sha,
    appId,
    installationId,
    clock,
    asUser,
    installationWith,
  };
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
