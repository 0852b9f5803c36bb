import { describe, expect, it } from "vitest";
import { setup } from "../helpers.js";

const iso = (ms: number) => new Date(ms).toISOString();

describe("fake service: run progression on the injected clock", () => {
  it("moves CREATING -> RUNNING -> FINISHED lazily, with result and durationMs only when terminal", async () => {
    const { api, clock } = setup({ run: { creatingMs: 100, runningMs: 1000 } });
    const start = clock.t;
    const { agent, run } = await api.createAgent({ prompt: { text: "Write the docs" } });
    const path = `/v1/agents/${agent.id}/runs/${run.id}`;

    clock.t = start + 99;
    expect((await api.get(path)).json.status).toBe("CREATING");

    clock.t = start + 100;
    const running = (await api.get(path)).json;
    expect(running.status).toBe("RUNNING");
    expect(running.updatedAt).toBe(iso(start + 100));
    expect(running).not.toHaveProperty("result");
    expect(running).not.toHaveProperty("durationMs");
    expect(running).not.toHaveProperty("git");

    clock.t = start + 1099;
    expect((await api.get(path)).json.status).toBe("RUNNING");

    clock.t = start + 5000;
    const done = (await api.get(path)).json;
    expect(done).toEqual({
      id: run.id,
      agentId: agent.id,
      status: "FINISHED",
      createdAt: iso(start),
      updatedAt: iso(start + 1100),
      durationMs: 1100,
      result: "Done: Write the docs",
    });
  });

  it("ends in the configured final status with the configured result", async () => {
    for (const finalStatus of ["ERROR", "EXPIRED"] as const) {
      const { api, clock } = setup({ run: { creatingMs: 0, runningMs: 10, finalStatus, result: (p) => `echo ${p}` } });
      const { agent, run } = await api.createAgent({ prompt: { text: "hi" } });
      clock.t += 10;
      const res = (await api.get(`/v1/agents/${agent.id}/runs/${run.id}`)).json;
      expect(res).toMatchObject({ status: finalStatus, result: "echo hi", durationMs: 10 });
    }
  });

  it("reports git once the agent has pushed: scheme-less repoUrl, service/ branch, prUrl with autoCreatePR", async () => {
    const { api, clock } = setup({ run: { creatingMs: 10, runningMs: 10 } });
    const { agent, run } = await api.createAgent({
      repos: [{ url: "https://github.com/o/app", startingRef: "main" }, { url: "https://github.com/o/lib" }],
      autoCreatePR: true,
    });
    clock.t += 20;
    const done = (await api.get(`/v1/agents/${agent.id}/runs/${run.id}`)).json;
    expect(done.git.branches).toHaveLength(2);
    const [first, second] = done.git.branches;
    expect(first.repoUrl).toBe("github.com/o/app");
    expect(second.repoUrl).toBe("github.com/o/lib");
    expect(first.branch).toMatch(/^service\//);
    expect(first.prUrl).toMatch(/^https:\/\/github\.com\/o\/app\/pull\/\d+$/);

    // per-agent state: a later run shows the same snapshot right away
    const follow = await api.post(`/v1/agents/${agent.id}/runs`, { prompt: { text: "more" } });
    expect(follow.status).toBe(201);
    expect(follow.json.run.git).toEqual(done.git);
  });

  it("leaves prUrl out without autoCreatePR, pushes to the starting ref with workOnCurrentBranch, and has no git without repos", async () => {
    const { api, clock } = setup({ run: { creatingMs: 0, runningMs: 0 } });
    const a = await api.createAgent({
      repos: [{ url: "https://gitlab.example/x/y", startingRef: "dev" }],
      workOnCurrentBranch: true,
    });
    const b = await api.createAgent();
    clock.t += 1;
    const gitA = (await api.get(`/v1/agents/${a.agent.id}/runs/${a.run.id}`)).json.git;
    expect(gitA).toEqual({ branches: [{ repoUrl: "gitlab.example/x/y", branch: "dev" }] });
    const runB = (await api.get(`/v1/agents/${b.agent.id}/runs/${b.run.id}`)).json;
    expect(runB.status).toBe("FINISHED");
    expect(runB).not.toHaveProperty("git");
  });
});

describe("fake service: runs", () => {
  it("creates follow-up runs once the previous one is done and lists them newest first", async () => {
    const { api, clock } = setup({ run: { creatingMs: 1, runningMs: 1 } });
    const { agent, run } = await api.createAgent();
    const ids = [run.id];
    for (let i = 0; i < 4; i++) {
      clock.t += 2;
      const res = await api.post(`/v1/agents/${agent.id}/runs`, { prompt: { text: `follow-up ${i}` }, mode: "plan" });
      expect(res.status).toBe(201);
      expect(res.json.run).toMatchObject({ agentId: agent.id, status: "CREATING" });
      ids.push(res.json.run.id);
    }
    expect((await api.get(`/v1/agents/${agent.id}`)).json.latestRunId).toBe(ids[4]);
    const first = (await api.get(`/v1/agents/${agent.id}/runs?limit=2`)).json;
    const second = (await api.get(`/v1/agents/${agent.id}/runs?limit=2&cursor=${first.nextCursor}`)).json;
    const third = (await api.get(`/v1/agents/${agent.id}/runs?limit=2&cursor=${second.nextCursor}`)).json;
    expect([...first.items, ...second.items, ...third.items].map((r: { id: string }) => r.id)).toEqual(
      [...ids].reverse(),
    );
    expect(third).not.toHaveProperty("nextCursor");
    expect(first.items[1].status).toBe("FINISHED");
    expect((await api.get(`/v1/agents/${agent.id}/runs?limit=0`)).json.error.code).toBe("validation_error");
    expect((await api.get(`/v1/agents/${agent.id}/runs?cursor=${btoa("agents:3")}`)).json.error.code).toBe(
      "validation_error",
    );
  });

  it("answers 409 agent_busy while a run is CREATING or RUNNING", async () => {
    const { api, clock } = setup({ run: { creatingMs: 100, runningMs: 100 } });
    const { agent } = await api.createAgent();
    const path = `/v1/agents/${agent.id}/runs`;
    const busy = await api.post(path, { prompt: { text: "again" } });
    expect(busy.status).toBe(409);
    expect(busy.json.error.code).toBe("agent_busy");
    clock.t += 150;
    expect((await api.post(path, { prompt: { text: "again" } })).json.error.code).toBe("agent_busy");
    clock.t += 50;
    expect((await api.post(path, { prompt: { text: "again" } })).status).toBe(201);
  });

  it("answers 409 agent_archived for a run on an archived agent, and accepts runs again after unarchive", async () => {
    const { api, clock } = setup({ run: { creatingMs: 0, runningMs: 0 } });
    const { agent } = await api.createAgent();
    clock.t += 1;
    await api.post(`/v1/agents/${agent.id}/archive`);
    const res = await api.post(`/v1/agents/${agent.id}/runs`, { prompt: { text: "x" } });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("agent_archived");
    // archived agents stay readable
    expect((await api.get(`/v1/agents/${agent.id}/runs`)).status).toBe(200);
    await api.post(`/v1/agents/${agent.id}/unarchive`);
    expect((await api.post(`/v1/agents/${agent.id}/runs`, { prompt: { text: "x" } })).status).toBe(201);
  });

  it("validates run bodies: 400 missing_body and validation_error", async () => {
    const { api, clock } = setup({ run: { creatingMs: 0, runningMs: 0 } });
    const { agent } = await api.createAgent();
    clock.t += 1;
    const path = `/v1/agents/${agent.id}/runs`;
    expect((await api.call("POST", path)).json.error.code).toBe("missing_body");
    const bad = await api.post(path, { prompt: { text: "" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("validation_error");
    expect((await api.post(path, { prompt: { text: "x" }, mode: "yolo" })).json.error.code).toBe("validation_error");
  });

  it("answers 404 run_not_found for a run of another agent or an unknown id", async () => {
    const { api } = setup();
    const a = await api.createAgent();
    const b = await api.createAgent();
    for (const res of [
      await api.get(`/v1/agents/${a.agent.id}/runs/${b.run.id}`),
      await api.get(`/v1/agents/${a.agent.id}/runs/run-nope`),
      await api.post(`/v1/agents/${a.agent.id}/runs/run-nope/cancel`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe("run_not_found");
    }
  });
});

describe("fake service: cancel", () => {
  it("cancels an active run: CANCELLED, terminal, durationMs set, and the agent accepts a new run", async () => {
    const { api, clock } = setup({ run: { creatingMs: 100, runningMs: 1000 } });
    const start = clock.t;
    const { agent, run } = await api.createAgent();
    clock.t = start + 300;
    const res = await api.post(`/v1/agents/${agent.id}/runs/${run.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: run.id });
    clock.t = start + 10_000; // long after the scripted end: still CANCELLED
    const cancelled = (await api.get(`/v1/agents/${agent.id}/runs/${run.id}`)).json;
    expect(cancelled).toMatchObject({ status: "CANCELLED", durationMs: 300, updatedAt: iso(start + 300) });
    expect((await api.post(`/v1/agents/${agent.id}/runs`, { prompt: { text: "next" } })).status).toBe(201);
  });

  it("cancels a CREATING run", async () => {
    const { api } = setup();
    const { agent, run } = await api.createAgent();
    expect((await api.post(`/v1/agents/${agent.id}/runs/${run.id}/cancel`)).status).toBe(200);
    expect((await api.get(`/v1/agents/${agent.id}/runs/${run.id}`)).json.status).toBe("CANCELLED");
  });

  it("answers 409 run_not_cancellable for a terminal run, cancelled or finished", async () => {
    const { api, clock } = setup({ run: { creatingMs: 10, runningMs: 10 } });
    const { agent, run } = await api.createAgent();
    await api.post(`/v1/agents/${agent.id}/runs/${run.id}/cancel`);
    const twice = await api.post(`/v1/agents/${agent.id}/runs/${run.id}/cancel`);
    expect(twice.status).toBe(409);
    expect(twice.json.error.code).toBe("run_not_cancellable");

    const second = (await api.post(`/v1/agents/${agent.id}/runs`, { prompt: { text: "x" } })).json.run;
    clock.t += 20;
    const finished = await api.post(`/v1/agents/${agent.id}/runs/${second.id}/cancel`);
    expect(finished.status).toBe(409);
    expect(finished.json.error.code).toBe("run_not_cancellable");
  });
});

describe("fake service: usage", () => {
  it("sums usage over runs, zeros and no usageUuid for a run that never ran", async () => {
    const { api, clock } = setup({ run: { creatingMs: 10, runningMs: 10 } });
    const { agent, run } = await api.createAgent();
    clock.t += 20;
    const second = (await api.post(`/v1/agents/${agent.id}/runs`, { prompt: { text: "more" } })).json.run;
    const res = await api.get(`/v1/agents/${agent.id}/usage`);
    expect(res.status).toBe(200);
    const { totalUsage, runs } = res.json;
    expect(runs.map((r: { id: string }) => r.id)).toEqual([second.id, run.id]);
    expect(runs[0]).toEqual({
      id: second.id,
      usage: { inputTokens: 0, outputTokens: 0, cacheWriteTokens: 0, cacheReadTokens: 0, totalTokens: 0 },
    });
    expect(runs[1].usageUuid).toMatch(/^[0-9a-f-]{36}$/);
    const u = runs[1].usage;
    expect(u.totalTokens).toBe(u.inputTokens + u.outputTokens + u.cacheWriteTokens + u.cacheReadTokens);
    expect(u.totalTokens).toBeGreaterThan(0);
    expect(totalUsage).toEqual(u);

    clock.t += 10; // the second run is RUNNING now: it has usage, and the total is the sum
    const later = (await api.get(`/v1/agents/${agent.id}/usage`)).json;
    for (const key of ["inputTokens", "outputTokens", "cacheWriteTokens", "cacheReadTokens", "totalTokens"]) {
      expect(later.totalUsage[key]).toBe(later.runs[0].usage[key] + later.runs[1].usage[key]);
    }
    expect(later.runs[0].usageUuid).toBeDefined();
  });

  it("scopes to one run with runId; an unknown runId is 404 run_not_found", async () => {
    const { api, clock } = setup({ run: { creatingMs: 0, runningMs: 10 } });
    const { agent, run } = await api.createAgent();
    clock.t += 5;
    const scoped = (await api.get(`/v1/agents/${agent.id}/usage?runId=${run.id}`)).json;
    expect(scoped.runs).toHaveLength(1);
    expect(scoped.runs[0].id).toBe(run.id);
    expect(scoped.totalUsage).toEqual(scoped.runs[0].usage);
    const unknown = await api.get(`/v1/agents/${agent.id}/usage?runId=run-unknown`);
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe("run_not_found");
    expect((await api.get(`/v1/agents/${agent.id}/usage?runId=`)).json.error.code).toBe("validation_error");
  });

  it("answers 403 feature_unavailable when the usage feature is off", async () => {
    const { api } = setup({ features: { usage: false } });
    const { agent } = await api.createAgent();
    const res = await api.get(`/v1/agents/${agent.id}/usage`);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: { code: "feature_unavailable", message: expect.any(String) } });
  });
});
