import { describe, expect, it, vi } from "vitest";
import { setup } from "./helpers.js";

describe("fake service: faults", () => {
  it("rate_limit: 429 rate_limit_exceeded with Retry-After seconds and X-RateLimit-* (remaining 0), then recovers", async () => {
    const { api, fake, clock } = setup();
    fake.faults.add({ route: "GET /v1/agents", kind: "rate_limit", retryAfterSeconds: 7 });
    const limited = await api.get("/v1/agents");
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ error: { code: "rate_limit_exceeded", message: expect.any(String) } });
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    expect(Number(limited.headers.get("x-ratelimit-reset"))).toBe(Math.ceil(clock.t / 1000) + 7);
    expect(limited.headers.get("x-request-id")).toMatch(/^req-/);
    expect((await api.get("/v1/agents")).status).toBe(200);
    expect(fake.requests.map((r) => r.fault)).toEqual(["rate_limit", undefined]);
  });

  it("rate_limit: Retry-After as an HTTP date when asked", async () => {
    const { api, fake, clock } = setup();
    fake.faults.add({ route: "*", kind: "rate_limit", retryAfterSeconds: 30, retryAfterDate: true });
    const res = await api.get("/v1/models");
    const date = res.headers.get("retry-after") ?? "";
    expect(date).toMatch(/GMT$/);
    expect(Date.parse(date)).toBe(Math.ceil(clock.t / 1000) * 1000 + 30_000);
  });

  it.each([
    [500, "internal_error"],
    [502, "upstream_error"],
    [503, "upstream_error"],
    [504, "upstream_error"],
  ] as const)("server_error %i answers %s", async (status, code) => {
    const { api, fake } = setup();
    fake.faults.add({ route: "POST /v1/agents", kind: "server_error", status });
    const res = await api.post("/v1/agents", { prompt: { text: "x" } });
    expect(res.status).toBe(status);
    expect(res.json.error.code).toBe(code);
    expect((await api.get("/v1/agents")).json.items).toEqual([]); // not applied
  });

  it("matches routes by method and :param pattern, counts `times` and exposes hits/remaining", async () => {
    const { api, fake } = setup();
    const { agent } = await api.createAgent();
    const handle = fake.faults.add({ route: "GET /v1/agents/:id", kind: "server_error", times: 2 });
    expect((await api.get("/v1/agents")).status).toBe(200); // other path
    expect((await api.post(`/v1/agents/${agent.id}/archive`)).status).toBe(200); // other method
    expect((await api.get(`/v1/agents/${agent.id}`)).status).toBe(500);
    expect(handle).toMatchObject({ hits: 1, remaining: 1 });
    expect((await api.get(`/v1/agents/${agent.id}`)).status).toBe(500);
    expect((await api.get(`/v1/agents/${agent.id}`)).status).toBe(200);
    expect(handle.remaining).toBe(0);
  });

  it("remove() and clear() take faults out; a method-less route matches any method", async () => {
    const { api, fake } = setup();
    const handle = fake.faults.add({ route: "/v1/agents", kind: "server_error", times: Number.POSITIVE_INFINITY });
    expect((await api.get("/v1/agents")).status).toBe(500);
    expect((await api.post("/v1/agents", { prompt: { text: "x" } })).status).toBe(500);
    handle.remove();
    expect((await api.get("/v1/agents")).status).toBe(200);
    fake.faults.add({ kind: "server_error", times: 5 });
    fake.faults.add({ kind: "rate_limit" });
    fake.faults.clear();
    expect((await api.get("/v1/models")).status).toBe(200);
  });

  it("rejects malformed faults with a helpful invalid_argument AgentlineError", () => {
    const { fake } = setup();
    expect(() => fake.faults.add({ kind: "latency", ms: -1 })).toThrow(
      expect.objectContaining({ name: "AgentlineError", code: "invalid_argument" }),
    );
    expect(() => fake.faults.add({ kind: "server_error", times: 0 })).toThrow(/times/);
    expect(() => fake.faults.add({ kind: "server_error", status: 501 as 500 })).toThrow(/status/);
    expect(() => fake.faults.add({ kind: "server_error", route: "agents please" })).toThrow(/route/);
    // biome-ignore lint/suspicious/noExplicitAny: deliberately wrong
    expect(() => fake.faults.add({ kind: "explode" } as any)).toThrow(/kind/);
  });

  it("latency: awaits the injected sleep, then answers normally", async () => {
    const sleeps: number[] = [];
    const { api, fake } = setup({ sleep: async (ms) => void sleeps.push(ms) });
    fake.faults.add({ route: "GET /v1/agents", kind: "latency", ms: 250 });
    expect((await api.get("/v1/agents")).status).toBe(200);
    expect(sleeps).toEqual([250]);
    expect((await api.get("/v1/agents")).status).toBe(200);
    expect(sleeps).toEqual([250]);
  });

  it("latency works with the default sleep and passes it the request's signal", async () => {
    const { createFakeService } = await import("../../../src/testing/index.js");
    const fake = createFakeService();
    fake.faults.add({ kind: "latency", ms: 5 });
    const started = Date.now();
    const res = await fake.fetch("/v1/agents", { headers: { authorization: "Bearer test-key" } });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4);

    const signals: Array<AbortSignal | undefined> = [];
    const { api, fake: other } = setup({ sleep: async (_ms, signal) => void signals.push(signal) });
    other.faults.add({ kind: "latency", ms: 1 });
    await api.get("/v1/agents", { signal: new AbortController().signal });
    expect(signals[0]).toBeInstanceOf(AbortSignal);
  });

  it("latency combines with another fault on the same request", async () => {
    const sleeps: number[] = [];
    const { api, fake } = setup({ sleep: async (ms) => void sleeps.push(ms) });
    fake.faults.add({ kind: "latency", ms: 10 });
    fake.faults.add({ kind: "server_error", status: 503 });
    expect((await api.get("/v1/agents")).status).toBe(503);
    expect(sleeps).toEqual([10]);
  });

  it("latency observes the request's AbortSignal and rejects with an AbortError DOMException", async () => {
    vi.useFakeTimers();
    try {
      const { api, fake } = setup({ sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) });
      fake.faults.add({ route: "POST /v1/agents", kind: "latency", ms: 60_000 });
      const controller = new AbortController();
      const pending = api.post("/v1/agents", { prompt: { text: "x" } }, { signal: controller.signal });
      const outcome = pending.then(
        () => "resolved",
        (error: unknown) => error,
      );
      await vi.advanceTimersByTimeAsync(10);
      controller.abort();
      const error = await outcome;
      expect(error).toBeInstanceOf(DOMException);
      expect((error as DOMException).name).toBe("AbortError");
      vi.clearAllTimers();
    } finally {
      vi.useRealTimers();
    }
  });

  it("an aborted latency request is not applied", async () => {
    let release: () => void = () => {};
    const { api, fake } = setup({ sleep: () => new Promise<void>((resolve) => (release = resolve)) });
    fake.faults.add({ route: "POST /v1/agents", kind: "latency", ms: 1000 });
    const controller = new AbortController();
    const pending = api.post("/v1/agents", { prompt: { text: "x" } }, { signal: controller.signal });
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await api.get("/v1/agents")).json.items).toEqual([]);
  });

  it("rejects at once when the signal is already aborted", async () => {
    const { fake } = setup();
    const controller = new AbortController();
    controller.abort();
    await expect(
      fake.fetch("https://x.test/v1/agents", {
        headers: { authorization: "Bearer test-key" },
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: "AbortError" });
  });

  it("disconnect_before: rejects with TypeError('fetch failed') and applies nothing", async () => {
    const { api, fake } = setup();
    fake.faults.add({ route: "POST /v1/agents", kind: "disconnect_before" });
    const error = await api.post("/v1/agents", { prompt: { text: "x" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe("fetch failed");
    expect((await api.get("/v1/agents")).json.items).toEqual([]);
    expect(fake.requests[0]?.fault).toBe("disconnect_before");
  });

  it("disconnect_after: applies the request, then rejects so the caller never sees the answer", async () => {
    const { api, fake } = setup();
    const agentId = "bc-11111111-2222-4333-8444-555555555555";
    fake.faults.add({ route: "POST /v1/agents", kind: "disconnect_after" });
    const error = await api.post("/v1/agents", { prompt: { text: "x" }, agentId }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe("fetch failed");
    // the agent exists: the change happened
    const listed = (await api.get("/v1/agents")).json.items;
    expect(listed.map((a: { id: string }) => a.id)).toEqual([agentId]);
    // a retry with the same id is what agent_id_conflict is for
    const retry = await api.post("/v1/agents", { prompt: { text: "x" }, agentId });
    expect(retry.status).toBe(409);
    expect(retry.json.error.code).toBe("agent_id_conflict");
  });

  it("disconnect_after on cancel really cancels", async () => {
    const { api, fake } = setup();
    const { agent, run } = await api.createAgent();
    fake.faults.add({ route: "POST /v1/agents/:id/runs/:runId/cancel", kind: "disconnect_after" });
    await expect(api.post(`/v1/agents/${agent.id}/runs/${run.id}/cancel`)).rejects.toThrow("fetch failed");
    expect((await api.get(`/v1/agents/${agent.id}/runs/${run.id}`)).json.status).toBe("CANCELLED");
  });

  it("reset() forgets agents, faults and the request log", async () => {
    const { api, fake } = setup();
    await api.createAgent();
    fake.faults.add({ kind: "server_error", times: 3 });
    fake.reset();
    expect(fake.requests).toHaveLength(0);
    const res = await api.get("/v1/agents");
    expect(res.status).toBe(200);
    expect(res.json.items).toEqual([]);
  });
});
