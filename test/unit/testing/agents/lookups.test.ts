import { describe, expect, it } from "vitest";
import { client, setup } from "../helpers.js";

describe("fake service: lookups at their assumed paths", () => {
  it("lists models and repositories", async () => {
    const { api } = setup({ repositories: ["https://github.com/o/one"] });
    const models = await api.get("/v1/models");
    expect(models.status).toBe(200);
    expect(models.json.items.length).toBeGreaterThan(0);
    for (const model of models.json.items)
      expect(model).toMatchObject({ id: expect.any(String), displayName: expect.any(String) });
    expect((await api.get("/v1/repositories")).json).toEqual({ items: [{ url: "https://github.com/o/one" }] });
  });

  it("describes the API key: user fields for a user key, none for a service account", async () => {
    const { api, fake, clock } = setup({ serviceAccountKeys: ["sa-key"] });
    const me = (await api.get("/v1/me")).json;
    expect(me).toEqual({
      apiKeyName: expect.any(String),
      createdAt: new Date(clock.t).toISOString(),
      userId: 1001,
      userEmail: "ada@example.com",
      userFirstName: "Ada",
      userLastName: "Lovelace",
    });
    const sa = (await client(fake, "sa-key").get("/v1/me")).json;
    expect(Object.keys(sa).sort()).toEqual(["apiKeyName", "createdAt"]);
  });
});

describe("fake service: sub-tokens (POST /v1/sub-tokens, assumed)", () => {
  it("mints a one-hour token for an active member by email (case-insensitive) or id", async () => {
    const { fake, clock } = setup({ serviceAccountKeys: ["sa-key"], teamId: 42 });
    const sa = client(fake, "sa-key");
    const byEmail = await sa.post("/v1/sub-tokens", { forUserEmail: "GRACE@example.com" });
    expect(byEmail.status).toBe(200);
    expect(byEmail.json).toEqual({
      accessToken: expect.any(String),
      expiresAt: new Date(clock.t + 3_600_000).toISOString(),
      userId: 1002,
      teamId: 42,
    });
    expect((await sa.post("/v1/sub-tokens", { forUserId: 1001 })).json.userId).toBe(1001);
  });

  it("answers 403 service_account_required for an ordinary key", async () => {
    const { api } = setup({ serviceAccountKeys: ["sa-key"] });
    const res = await api.post("/v1/sub-tokens", { forUserId: 1001 });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("service_account_required");
  });

  it.each([
    ["both targets", { forUserEmail: "ada@example.com", forUserId: 1001 }],
    ["no target", {}],
    ["a bad id", { forUserId: 0 }],
    ["an unknown member", { forUserId: 999 }],
    ["an inactive member", { forUserEmail: "former@example.com" }],
  ])("answers 400 validation_error for %s", async (_, body) => {
    const { fake } = setup({ serviceAccountKeys: ["sa-key"] });
    const res = await client(fake, "sa-key").post("/v1/sub-tokens", body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
  });

  it("uses configured team members", async () => {
    const { fake } = setup({ serviceAccountKeys: ["sa"], teamMembers: [{ id: 7, email: "x@y.test" }] });
    expect((await client(fake, "sa").post("/v1/sub-tokens", { forUserEmail: "x@y.test" })).json.userId).toBe(7);
  });
});

describe("fake service: artifacts (assumed paths)", () => {
  it("lists a result artifact per finished run and hands out a 15-minute download URL", async () => {
    const { api, clock } = setup({ run: { creatingMs: 0, runningMs: 10 } });
    const { agent, run } = await api.createAgent();
    expect((await api.get(`/v1/agents/${agent.id}/artifacts`)).json).toEqual({ items: [] });
    clock.t += 10;
    const { items } = (await api.get(`/v1/agents/${agent.id}/artifacts`)).json;
    expect(items).toEqual([
      { path: `runs/${run.id}/result.md`, sizeBytes: expect.any(Number), updatedAt: new Date(clock.t).toISOString() },
    ]);
    const download = await api.get(
      `/v1/agents/${agent.id}/artifacts/download?path=${encodeURIComponent(items[0].path)}`,
    );
    expect(download.status).toBe(200);
    expect(download.json).toEqual({
      url: expect.stringMatching(/^https:\/\//),
      expiresAt: new Date(clock.t + 15 * 60_000).toISOString(),
    });
  });

  it("answers 404 artifact_not_found and 400 without a path", async () => {
    const { api } = setup();
    const { agent } = await api.createAgent();
    const missing = await api.get(`/v1/agents/${agent.id}/artifacts/download?path=nope.txt`);
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe("artifact_not_found");
    expect((await api.get(`/v1/agents/${agent.id}/artifacts/download`)).status).toBe(400);
  });
});
