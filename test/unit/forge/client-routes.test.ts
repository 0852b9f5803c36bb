import { describe, expect, it } from "vitest";
import { ForgeApp } from "../../../src/forge/forge-app.js";
import { generateAppKeyPair } from "../../../src/forge/keys.js";

// The clients' own calls (the app, its installations, the token mint, the installation's repositories, the rate
// limit) go through the operation table like every resource call, so a `routes` override moves them too. Written
// from the `routes` contract alone: an independent handler records where each request went.

const MOVED = {
  getApp: { path: "/moved/app" },
  "installations.list": { path: "/moved/installations" },
  "installations.get": { path: "/moved/installations/{installationId}" },
  "installations.delete": { path: "/moved/installations/{installationId}/delete" },
  installationToken: { path: "/moved/installations/{installationId}/token" },
  "installationRepos.list": { path: "/moved/installation-repos" },
  rateLimit: { path: "/moved/rate-limit" },
} as const;

async function setup() {
  const seen: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    seen.push(`${request.method} ${path}`);
    if (path.endsWith("/token")) {
      return Response.json({ token: "inst_tok_moved", expiresAt: "2099-01-01T00:00:00Z" }, { status: 201 });
    }
    // Any other answer will do: only where the request went is asserted.
    return Response.json({}, { status: 200 });
  };
  const keys = await generateAppKeyPair();
  const app = new ForgeApp({
    appId: "app_1",
    privateKey: keys.privateKey,
    baseUrl: "http://forge.test",
    fetch,
    maxRetries: 0,
    routes: MOVED,
  });
  return { app, seen };
}

describe("routes overrides reach the clients' own calls", () => {
  it("sends all 7 of them to the overridden paths: 0 to a default path", async () => {
    const { app, seen } = await setup();
    const installation = app.installation("inst_7");
    const calls = [
      () => app.getApp(),
      () => app.installations.list(),
      () => app.installations.get("inst_7"),
      () => app.installations.delete("inst_7"),
      () => installation.installationRepos.list(),
      () => installation.rateLimit(),
    ];
    for (const call of calls) await Promise.resolve(call()).catch(() => {});
    const expected = [
      "GET /v1/forge/moved/app",
      "GET /v1/forge/moved/installations",
      "GET /v1/forge/moved/installations/inst_7",
      "DELETE /v1/forge/moved/installations/inst_7/delete",
      "POST /v1/forge/moved/installations/inst_7/token",
      "GET /v1/forge/moved/installation-repos",
      "GET /v1/forge/moved/rate-limit",
    ];
    expect(seen).toEqual(expected);
    expect(seen.filter((line) => !line.includes("/moved/"))).toEqual([]);
  });

  it("refuses an override naming an operation the table lacks, or one that is not `{ method?, path? }`", async () => {
    const keys = await generateAppKeyPair();
    const options = { appId: "app_1", privateKey: keys.privateKey, baseUrl: "http://forge.test" };
    expect(() => new ForgeApp({ ...options, routes: { getApp: "/moved/app" } as never })).toThrow(
      /`routes\["getApp"\]` must be an object/,
    );
    expect(
      () =>
        new ForgeApp({
          appId: "app_1",
          privateKey: keys.privateKey,
          baseUrl: "http://forge.test",
          routes: { createInstallationToken: { path: "/x" } } as never,
        }),
    ).toThrow(/unknown operation `createInstallationToken`/);
  });
});
