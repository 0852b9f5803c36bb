import { describe, expect, it } from "vitest";
import { basic, setup } from "./helpers.js";

describe("fake service authentication", () => {
  it("accepts the key as a Bearer token", async () => {
    const { api } = setup();
    const res = await api.get("/v1/agents");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ items: [] });
  });

  it("accepts the key as Basic username with an empty password", async () => {
    const { api } = setup();
    const res = await api.get("/v1/agents", { key: null, headers: { authorization: basic("test-key") } });
    expect(res.status).toBe(200);
  });

  it("accepts any configured key and scheme names in any case", async () => {
    const { api } = setup({ apiKeys: ["k1", "k2"] });
    expect((await api.get("/v1/agents", { key: "k2" })).status).toBe(200);
    expect((await api.get("/v1/agents", { key: null, headers: { authorization: "bearer k1" } })).status).toBe(200);
    expect((await api.get("/v1/agents", { key: "test-key" })).json.error.code).toBe("api_key_not_found");
  });

  it("answers 401 unauthorized without credentials", async () => {
    const { api } = setup();
    const res = await api.get("/v1/agents", { key: null });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
    expect(res.headers.get("www-authenticate")).toContain("Bearer");
  });

  it.each([
    ["an unknown scheme", "Token test-key"],
    ["an empty bearer", "Bearer "],
    ["Basic that is not base64", "Basic !!!"],
    ["Basic without a colon", `Basic ${btoa("test-key")}`],
    ["Basic with a password", basic("test-key", "secret")],
    ["Basic with an empty user", basic("")],
  ])("answers 401 unauthorized for %s", async (_, authorization) => {
    const { api } = setup();
    const res = await api.get("/v1/agents", { key: null, headers: { authorization } });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe("unauthorized");
  });

  it("answers 401 api_key_not_found for a well-formed but unknown key, in both schemes", async () => {
    const { api } = setup();
    const bearer = await api.get("/v1/agents", { key: "nope" });
    expect(bearer.status).toBe(401);
    expect(bearer.json.error.code).toBe("api_key_not_found");
    const viaBasic = await api.get("/v1/agents", { key: null, headers: { authorization: basic("nope") } });
    expect(viaBasic.status).toBe(401);
    expect(viaBasic.json.error.code).toBe("api_key_not_found");
  });

  it("authenticates before routing, and never echoes the key", async () => {
    const { api } = setup();
    const res = await api.get("/v1/agents/bc-unknown", { key: "super-secret-key" });
    expect(res.status).toBe(401);
    expect(res.text).not.toContain("super-secret-key");
  });

  it("logs requests with the authorization header redacted", async () => {
    const { api, fake } = setup();
    await api.get("/v1/agents?limit=5");
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: "GET", path: "/v1/agents", query: { limit: "5" } });
    expect(fake.requests[0]?.headers.authorization).toBe("[REDACTED]");
    expect(JSON.stringify(fake.requests)).not.toContain("test-key");
  });

  it("puts x-request-id and X-RateLimit-* headers on every answer, errors included", async () => {
    const { api } = setup();
    for (const res of [await api.get("/v1/agents"), await api.get("/v1/agents", { key: null })]) {
      expect(res.headers.get("x-request-id")).toMatch(/^req-/);
      expect(Number(res.headers.get("x-ratelimit-limit"))).toBeGreaterThan(0);
      expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
      expect(res.headers.get("x-ratelimit-reset")).toMatch(/^\d+$/);
    }
  });
});
