import { describe, expect, it } from "vitest";
import { type Json, setup } from "../helpers.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("fake service: agents", () => {
  it("creates an agent with every required field and its first run", async () => {
    const { api, clock } = setup();
    const res = await api.post("/v1/agents", { prompt: { text: "Add a dark mode toggle\nand tests" } });
    expect(res.status).toBe(201);
    const { agent, run } = res.json;
    expect(agent.id).toMatch(/^bc-/);
    expect(agent.id.slice(3)).toMatch(UUID);
    expect(agent).toEqual({
      id: agent.id,
      name: "Add a dark mode toggle",
      status: "ACTIVE",
      env: { type: "cloud" },
      url: expect.stringMatching(/^https:\/\/.+\/agents\/bc-/),
      createdAt: new Date(clock.t).toISOString(),
      updatedAt: new Date(clock.t).toISOString(),
      latestRunId: run.id,
      repos: [],
      workOnCurrentBranch: false,
      autoCreatePR: false,
      skipReviewerRequest: false,
    });
    expect(run.id).toMatch(/^run-/);
    expect(run.id.slice(4)).toMatch(UUID);
    expect(run).toEqual({
      id: run.id,
      agentId: agent.id,
      status: "CREATING",
      createdAt: agent.createdAt,
      updatedAt: agent.createdAt,
    });
  });

  it("keeps given fields, defaults pool names and echoes customSubagents only when given", async () => {
    const { api } = setup({ baseUrl: "https://web.example.test/" });
    const { agent } = await api.createAgent({
      name: "My agent",
      env: { type: "pool" },
      repos: [{ url: "https://github.com/o/r", startingRef: "main" }],
      workOnCurrentBranch: true,
      autoCreatePR: true,
      skipReviewerRequest: true,
      customSubagents: [{ name: "reviewer", description: "Reviews", prompt: "Review the diff." }],
    });
    expect(agent).toMatchObject({
      name: "My agent",
      env: { type: "pool", name: "default" },
      url: `https://web.example.test/agents/${agent.id}`,
      repos: [{ url: "https://github.com/o/r", startingRef: "main" }],
      workOnCurrentBranch: true,
      autoCreatePR: true,
      skipReviewerRequest: true,
      customSubagents: [{ name: "reviewer", description: "Reviews", prompt: "Review the diff." }],
    });
    const plain = await api.createAgent();
    expect(plain.agent).not.toHaveProperty("customSubagents");
  });

  it("derives a short name from a long prompt", async () => {
    const { api } = setup();
    const { agent } = await api.createAgent({ prompt: { text: `  ${"refactor the billing module ".repeat(10)}` } });
    expect(agent.name.length).toBeLessThanOrEqual(60);
    expect(agent.name.startsWith("refactor the billing module")).toBe(true);
  });

  it("gets, archives, unarchives and deletes an agent", async () => {
    const { api, clock } = setup();
    const { agent } = await api.createAgent();
    expect((await api.get(`/v1/agents/${agent.id}`)).json).toEqual(agent);

    clock.t += 1000;
    const archived = await api.post(`/v1/agents/${agent.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.json).toEqual({ id: agent.id });
    const afterArchive = (await api.get(`/v1/agents/${agent.id}`)).json;
    expect(afterArchive.status).toBe("ARCHIVED");
    expect(afterArchive.updatedAt).toBe(new Date(clock.t).toISOString());
    expect((await api.post(`/v1/agents/${agent.id}/archive`)).status).toBe(200);

    const unarchived = await api.post(`/v1/agents/${agent.id}/unarchive`);
    expect(unarchived.json).toEqual({ id: agent.id });
    expect((await api.get(`/v1/agents/${agent.id}`)).json.status).toBe("ACTIVE");

    const deleted = await api.delete(`/v1/agents/${agent.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ id: agent.id });
    const gone = await api.get(`/v1/agents/${agent.id}`);
    expect(gone.status).toBe(404);
    expect(gone.json.error.code).toBe("agent_not_found");
    expect((await api.delete(`/v1/agents/${agent.id}`)).status).toBe(404);
  });

  it("answers 404 agent_not_found on every agent route for an unknown id", async () => {
    const { api } = setup();
    const id = "bc-00000000-0000-4000-8000-000000000000";
    const calls = [
      api.get(`/v1/agents/${id}`),
      api.delete(`/v1/agents/${id}`),
      api.post(`/v1/agents/${id}/archive`),
      api.post(`/v1/agents/${id}/unarchive`),
      api.get(`/v1/agents/${id}/runs`),
      api.post(`/v1/agents/${id}/runs`, { prompt: { text: "x" } }),
      api.get(`/v1/agents/${id}/runs/run-1`),
      api.post(`/v1/agents/${id}/runs/run-1/cancel`),
      api.get(`/v1/agents/${id}/usage`),
      api.get(`/v1/agents/${id}/artifacts`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: { code: "agent_not_found", message: expect.any(String) } });
    }
  });

  it("honours a client-supplied agentId and answers 409 agent_id_conflict on a re-post, also after a delete", async () => {
    const { api } = setup();
    const agentId = "bc-0a1b2c3d-0000-4000-8000-00000000abcd";
    const { agent } = await api.createAgent({ agentId });
    expect(agent.id).toBe(agentId);
    const again = await api.post("/v1/agents", { prompt: { text: "again" }, agentId });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("agent_id_conflict");
    const upper = await api.post("/v1/agents", {
      prompt: { text: "again" },
      agentId: agentId.toUpperCase().replace("BC-", "bc-"),
    });
    expect(upper.json.error.code).toBe("agent_id_conflict");
    await api.delete(`/v1/agents/${agentId}`);
    expect((await api.post("/v1/agents", { prompt: { text: "again" }, agentId })).status).toBe(409);
  });

  it.each([
    ["no prompt", {}, "validation_error"],
    ["an empty prompt text", { prompt: { text: "" } }, "validation_error"],
    [
      "agentId with envVars",
      { prompt: { text: "x" }, agentId: "bc-0a1b2c3d-0000-4000-8000-00000000abcd", envVars: { A: "b" } },
      "validation_error",
    ],
    ["a bad agentId", { prompt: { text: "x" }, agentId: "bc-123" }, "validation_error"],
    ["a name over 100 characters", { prompt: { text: "x" }, name: "n".repeat(101) }, "validation_error"],
    ["an unknown pool", { prompt: { text: "x" }, env: { type: "pool", name: "gpu" } }, "validation_error"],
    ["an unknown model", { prompt: { text: "x" }, model: { id: "gpt-nope" } }, "invalid_model"],
    [
      "an unsupported model parameter",
      { prompt: { text: "x" }, model: { id: "fake-model-1", params: [{ id: "thinking", value: "max" }] } },
      "invalid_model",
    ],
  ])("answers 400 for %s", async (_, body, code) => {
    const { api, fake } = setup();
    const res = await api.post("/v1/agents", body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe(code);
    expect((await api.get("/v1/agents")).json.items).toEqual([]);
    expect(fake.requests[0]?.method).toBe("POST");
  });

  it("names the broken field in a validation_error message", async () => {
    const { api } = setup();
    const res = await api.post("/v1/agents", { prompt: { text: "x", images: "nope" } });
    expect(res.json.error.message).toContain("prompt.images");
  });

  it("accepts a known model by id or alias", async () => {
    const { api } = setup();
    await api.createAgent({ model: { id: "fake-model-1", params: [{ id: "thinking", value: "high" }] } });
    await api.createAgent({ model: { id: "fake-default" } });
  });

  it("answers 400 missing_body without a body and validation_error for non-JSON", async () => {
    const { api } = setup();
    const missing = await api.call("POST", "/v1/agents");
    expect(missing.status).toBe(400);
    expect(missing.json.error.code).toBe("missing_body");
    const garbled = await api.call("POST", "/v1/agents", { rawBody: "{not json" });
    expect(garbled.status).toBe(400);
    expect(garbled.json.error.code).toBe("validation_error");
  });

  it("answers 404 for unknown paths and 405 with Allow for a wrong method", async () => {
    const { api } = setup();
    const unknown = await api.get("/v1/nothing-here");
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toEqual({ code: "not_implemented", message: expect.any(String) });
    const wrong = await api.call("PUT", "/v1/agents");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST, GET");
  });

  it("resolves relative URLs against baseUrl and works as a detached fetch", async () => {
    const { fake } = setup();
    const { fetch } = fake;
    const res = await fetch("/v1/agents", { headers: { authorization: "Bearer test-key" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
  });
});

describe("fake service: listing agents", () => {
  it("pages newest first over three pages, omitting nextCursor on the last", async () => {
    const { api, clock } = setup();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push((await api.createAgent({ prompt: { text: `task ${i}` } })).agent.id);
      if (i % 2 === 0) clock.t += 1; // ties on the clock must not break the order
    }
    const newestFirst = [...ids].reverse();

    const seen: string[] = [];
    let cursor: string | undefined;
    const pages: Json[] = [];
    do {
      const res = await api.get(`/v1/agents?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(res.status).toBe(200);
      pages.push(res.json);
      seen.push(...res.json.items.map((a: { id: string }) => a.id));
      cursor = res.json.nextCursor;
    } while (cursor !== undefined);

    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
    expect(seen).toEqual(newestFirst);
    expect(pages[0]).toHaveProperty("nextCursor");
    expect(pages[2]).not.toHaveProperty("nextCursor");
    expect(JSON.stringify(pages[2])).not.toContain("null");
    // summaries only: no Agent-only fields
    expect(pages[0].items[0]).not.toHaveProperty("repos");
    expect(pages[0].items[0]).toHaveProperty("latestRunId");
  });

  it("omits nextCursor when the page is exactly full and nothing follows, and defaults limit to 20", async () => {
    const { api } = setup();
    for (let i = 0; i < 22; i++) await api.createAgent();
    const first = (await api.get("/v1/agents")).json;
    expect(first.items).toHaveLength(20);
    const second = (await api.get(`/v1/agents?cursor=${first.nextCursor}`)).json;
    expect(second.items).toHaveLength(2);
    expect(second).not.toHaveProperty("nextCursor");
    const exact = (await api.get("/v1/agents?limit=22")).json;
    expect(exact.items).toHaveLength(22);
    expect(exact).not.toHaveProperty("nextCursor");
  });

  it("does not repeat or skip items when one is deleted between pages", async () => {
    const { api } = setup();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await api.createAgent()).agent.id);
    const first = (await api.get("/v1/agents?limit=2")).json;
    await api.delete(`/v1/agents/${ids[1]}`);
    const second = (await api.get(`/v1/agents?limit=2&cursor=${first.nextCursor}`)).json;
    expect(second.items.map((a: { id: string }) => a.id)).toEqual([ids[0]]);
  });

  it.each([
    "limit=0",
    "limit=101",
    "limit=abc",
    "limit=1.5",
    "cursor=",
    "cursor=garbage!",
    `cursor=${btoa("runs:3")}`,
    "includeArchived=yes",
    "prUrl=not a uri",
  ])("answers 400 validation_error for %s", async (query) => {
    const { api } = setup();
    await api.createAgent();
    const res = await api.get(`/v1/agents?${query}`);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
  });

  it("accepts the limits 1 and 100", async () => {
    const { api } = setup();
    expect((await api.get("/v1/agents?limit=1")).status).toBe(200);
    expect((await api.get("/v1/agents?limit=100")).status).toBe(200);
  });

  it("includes archived agents by default and leaves them out with includeArchived=false", async () => {
    const { api } = setup();
    const kept = (await api.createAgent()).agent.id;
    const archived = (await api.createAgent()).agent.id;
    await api.post(`/v1/agents/${archived}/archive`);
    const all = (await api.get("/v1/agents")).json.items.map((a: { id: string }) => a.id);
    expect(all).toEqual([archived, kept]);
    const active = (await api.get("/v1/agents?includeArchived=false")).json.items.map((a: { id: string }) => a.id);
    expect(active).toEqual([kept]);
    expect((await api.get("/v1/agents?includeArchived=true")).json.items).toHaveLength(2);
  });

  it("filters by prUrl", async () => {
    const { api } = setup();
    const prUrl = "https://github.com/o/r/pull/7";
    const match = (await api.createAgent({ repos: [{ url: "https://github.com/o/r", prUrl }] })).agent.id;
    await api.createAgent({ repos: [{ url: "https://github.com/o/r" }] });
    const res = await api.get(`/v1/agents?prUrl=${encodeURIComponent(prUrl)}`);
    expect(res.json.items.map((a: { id: string }) => a.id)).toEqual([match]);
  });
});
