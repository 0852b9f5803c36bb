import { describe, expect, it } from "vitest";
import { forgeSetup, rpc } from "./helpers.js";

describe("forge installations and installation tokens", () => {
  it("lists the app's installations with pageSize/pageToken and an empty nextPageToken at the end", async () => {
    const { fake, call, jwt, appId, installationId } = await forgeSetup();
    const more = [1, 2].map(() => fake.forge.createInstallation({ appId }).installationId);
    fake.forge.registerApp(); // another app's installation never shows
    const first = await call("GET", "/app/installations?pageSize=2", { token: await jwt() });
    expect(first.json.installations.map((i: { id: string }) => i.id)).toEqual([installationId, more[0]]);
    expect(first.json.nextPageToken).not.toBe("");
    const second = await call("GET", `/app/installations?pageSize=2&pageToken=${first.json.nextPageToken}`, {
      token: await jwt(),
    });
    expect(second.json).toMatchObject({ installations: [{ id: more[1] }], nextPageToken: "" });
    const bad = await call("GET", "/app/installations?pageToken=nope", { token: await jwt() });
    expect(rpc(bad.json)).toMatchObject({ code: 3, fields: ["pageToken"] });
  });

  it("registerApp refuses an option it does not have (a misspelt `installation: false` installed the app anyway)", async () => {
    const { fake } = await forgeSetup();
    const before = fake.forge.state.installations.size;
    expect(() => fake.forge.registerApp({ installation: false } as never)).toThrow(
      expect.objectContaining({ code: "invalid_argument", message: expect.stringContaining("input.installation") }),
    );
    expect(fake.forge.state.installations.size).toBe(before);
    expect(fake.forge.registerApp({ install: false }).installationId).toBeUndefined();
  });

  it("gets one installation in the spec's shape and hides other apps' (404)", async () => {
    const { fake, call, jwt, installationId } = await forgeSetup();
    const { json } = await call("GET", `/app/installations/${installationId}`, { token: await jwt() });
    expect(json).toMatchObject({
      id: installationId,
      target: { slug: "acme", type: "team" },
      repoSelectionMode: "all",
      scopes: expect.arrayContaining(["repository:metadata:read"]),
      installedBy: { id: expect.stringMatching(/^user_/) },
    });
    expect(json.suspendedAt).toBeUndefined();
    const other = fake.forge.registerApp().installationId;
    expect((await call("GET", `/app/installations/${other}`, { token: await jwt() })).json.code).toBe(5);
  });

  it("mints oit_ tokens expiring at min(now + 15 min, JWT exp)", async () => {
    const { call, jwt, clock, installationId } = await forgeSetup();
    const now = Math.floor(clock.t / 1000);
    const long = await call("POST", `/app/installations/${installationId}/access_tokens`, {
      token: await jwt({ iat: now, exp: now + 600 }),
    });
    expect(long.status).toBe(200);
    expect(long.json.token).toMatch(/^oit_/);
    expect(long.json.expiresAt).toBe(new Date((now + 600) * 1000).toISOString());
    const capped = await call("POST", `/app/installations/${installationId}/access_tokens`, {
      token: await jwt({ iat: now - 580, exp: now + 20 }),
    });
    expect(capped.json.expiresAt).toBe(new Date((now + 20) * 1000).toISOString());
  });

  it("caps the lifetime at tokenLifetimeSeconds", async () => {
    const { mint, clock } = await forgeSetup({ forge: { tokenLifetimeSeconds: 60 } });
    expect((await mint()).json.expiresAt).toBe(new Date(clock.t + 60_000).toISOString());
  });

  it("only narrows: widening scopes or repositories is 400 InvalidArgument naming the entries", async () => {
    const { fake, appId, mint, call } = await forgeSetup();
    const [first = "", second = ""] = fake.forge.state.repositories.map((repo) => repo.id);
    const selected = fake.forge.createInstallation({
      appId,
      repoSelectionMode: "selected",
      repositoryIds: [first],
      scopes: ["repository:contents:read"],
    }).installationId;
    const wide = await mint(
      { scopes: ["repository:contents:write", "app:settings:write"], repositoryIds: [second] },
      selected,
    );
    expect(wide.status).toBe(400);
    expect(rpc(wide.json)).toMatchObject({ code: 3, fields: ["scopes[0]", "scopes[1]", "repositoryIds[0]"] });
    const narrow = await mint({ scopes: ["repository:contents:read"], repositoryIds: [first] }, selected);
    expect(narrow.status).toBe(200);
    // A :write grant covers its :read counterpart when narrowing.
    expect((await mint({ scopes: ["repository:checks:read"] })).status).toBe(200);
    const repoList = await call("GET", "/installation/repos", { token: narrow.json.token });
    expect(repoList.json.repositories.map((r: { id: string }) => r.id)).toEqual([first]);
  });

  it("refuses tokens for suspended installations (400 FailedPrecondition) and answers 403 to their tokens", async () => {
    const { fake, mint, call, installationId } = await forgeSetup();
    const token = (await mint()).json.token;
    fake.forge.suspendInstallation(installationId);
    expect(rpc((await mint()).json).code).toBe(9);
    expect((await call("GET", "/installation/repos", { token })).status).toBe(403);
    fake.forge.unsuspendInstallation(installationId);
    expect((await call("GET", "/installation/repos", { token })).status).toBe(200);
  });

  it("deleting an installation (204) revokes its tokens (401) and it no longer resolves (404)", async () => {
    const { mint, call, jwt, installationId } = await forgeSetup();
    const token = (await mint()).json.token;
    const removed = await call("DELETE", `/app/installations/${installationId}`, { token: await jwt() });
    expect(removed.status).toBe(204);
    expect((await call("GET", "/installation/repos", { token })).status).toBe(401);
    expect((await call("GET", `/app/installations/${installationId}`, { token: await jwt() })).status).toBe(404);
    expect((await mint()).status).toBe(404);
  });

  it("installation tokens expire", async () => {
    const { mint, call, clock } = await forgeSetup();
    const token = (await mint()).json.token;
    clock.t += 299_000;
    expect((await call("GET", "/installation/repos", { token })).status).toBe(200);
    clock.t += 1_000;
    const expired = await call("GET", "/installation/repos", { token });
    expect([expired.status, expired.json.code]).toEqual([401, 16]);
  });
});
