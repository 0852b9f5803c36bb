import { describe, expect, it } from "vitest";
import {
  AgentlineError,
  AgentsClient,
  AuthenticationError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
} from "../../../src/agents/index.js";
import { createFakeService } from "../../../src/testing/index.js";
import { BASE_URL, setup } from "./client-helpers.js";

describe("AgentsClient against the fake service", () => {
  it("creates an agent with its first run, reads it back, and the run finishes on the clock", async () => {
    const { client, advance } = setup();
    const { agent, run } = await client.agents.create({
      prompt: { text: "Fix the flaky test" },
      repos: [{ url: "https://github.com/acme/web", startingRef: "main" }],
    });
    expect(agent.id).toMatch(/^bc-[0-9a-f-]{36}$/);
    expect(run.id).toMatch(/^run-/);
    expect(run.status).toBe("CREATING");
    expect((await client.agents.get(agent.id)).latestRunId).toBe(run.id);
    advance(60_000);
    const finished = await client.runs.get(agent.id, run.id);
    expect(finished.status).toBe("FINISHED");
    expect(finished.result).toBeTruthy();
    expect(finished.durationMs).toBeGreaterThan(0);
    expect(finished.git?.branches[0]?.repoUrl).toBe("github.com/acme/web");
  });

  it("sends Basic auth with the key as username when asked", async () => {
    const { client, fake } = setup({ authScheme: "basic" });
    await client.agents.list();
    expect(fake.requests.at(-1)?.method).toBe("GET");
    const plain = new AgentsClient({ apiKey: "wrong", baseUrl: BASE_URL, fetch: fake.fetch, authScheme: "basic" });
    const error = await plain.agents.list().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).code).toBe("api_key_not_found");
  });

  it("pages through more than three pages with for await, lazily, stopping where nextCursor is absent", async () => {
    const { client, fake } = setup();
    for (let i = 0; i < 7; i++) await client.agents.create({ prompt: { text: `task ${i}` } });
    const first = await client.agents.list({ limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBeTypeOf("string");
    const before = fake.requests.length;
    const names: string[] = [];
    for await (const agent of client.agents.list({ limit: 2 })) names.push(agent.name ?? "");
    expect(names).toHaveLength(7);
    expect(names[0]).toContain("task 6"); // newest first
    expect(fake.requests.length - before).toBe(4);
    const pages = [];
    for await (const page of client.agents.list({ limit: 3 }).pages()) pages.push(page);
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
    expect(pages.at(-1)?.nextCursor).toBeUndefined();
  });

  it("lists runs, cancels the active one, and maps the 409s", async () => {
    const { client, advance } = setup();
    const { agent, run } = await client.agents.create({ prompt: { text: "first" } });
    await expect(client.runs.create(agent.id, { prompt: { text: "again" } })).rejects.toMatchObject({
      status: 409,
      code: "agent_busy",
    });
    expect((await client.runs.cancel(agent.id, run.id)).id).toBe(run.id);
    expect((await client.runs.get(agent.id, run.id)).status).toBe("CANCELLED");
    const again = client.runs.cancel(agent.id, run.id);
    await expect(again).rejects.toBeInstanceOf(ConflictError);
    await expect(again).rejects.toMatchObject({ code: "run_not_cancellable" });
    const { run: second } = await client.runs.create(agent.id, { prompt: { text: "follow-up" }, mode: "plan" });
    advance(60_000);
    const runs = await client.runs.list(agent.id).toArray();
    expect(runs.map((r) => r.id)).toEqual([second.id, run.id]);
    await client.agents.archive(agent.id);
    expect((await client.agents.get(agent.id)).status).toBe("ARCHIVED");
    await expect(client.runs.create(agent.id, { prompt: { text: "x" } })).rejects.toMatchObject({
      code: "agent_archived",
    });
    await client.agents.unarchive(agent.id);
    expect((await client.agents.get(agent.id)).status).toBe("ACTIVE");
    const listed = await client.agents.list({ includeArchived: false });
    expect(listed.items.map((a) => a.id)).toContain(agent.id);
  });

  it("rejects a client-supplied agentId that already exists with agent_id_conflict on the first attempt", async () => {
    const { client } = setup();
    const agentId = "bc-00000000-0000-4000-8000-000000000001";
    await client.agents.create({ agentId, prompt: { text: "one" } });
    await expect(client.agents.create({ agentId, prompt: { text: "two" } })).rejects.toMatchObject({
      code: "agent_id_conflict",
      attempt: 1,
    });
  });

  it("maps 404s and deletes", async () => {
    const { client } = setup();
    const missing = "bc-00000000-0000-4000-8000-0000000000ff";
    await expect(client.agents.get(missing)).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.agents.get(missing)).rejects.toMatchObject({ code: "agent_not_found" });
    const { agent } = await client.agents.create({ prompt: { text: "x" } });
    await expect(client.runs.get(agent.id, "run-00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      code: "run_not_found",
    });
    expect(await client.agents.delete(agent.id)).toEqual({ id: agent.id });
    await expect(client.agents.get(agent.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("reads usage, scoped to a run, and maps feature_unavailable", async () => {
    const { client } = setup();
    const { agent, run } = await client.agents.create({ prompt: { text: "x" } });
    const usage = await client.agents.usage(agent.id, { runId: run.id });
    expect(usage.runs).toHaveLength(1);
    expect(usage.totalUsage.totalTokens).toBeGreaterThanOrEqual(0);
    const gated = setup({}, { features: { usage: false } });
    const { agent: other } = await gated.client.agents.create({ prompt: { text: "x" } });
    const error = await gated.client.agents.usage(other.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).code).toBe("feature_unavailable");
  });

  it("reaches the assumed routes: models, repositories, me, artifacts, sub-tokens", async () => {
    const { client } = setup({}, { serviceAccountKeys: ["svc-key"] });
    expect((await client.models.list()).items.length).toBeGreaterThan(0);
    expect(Array.isArray((await client.repositories.list()).items)).toBe(true);
    expect((await client.me()).apiKeyName).toBeTypeOf("string");
    const { agent } = await client.agents.create({ prompt: { text: "x" } });
    expect(Array.isArray((await client.agents.listArtifacts(agent.id)).items)).toBe(true);
    await expect(client.subTokens.create({ forUserId: 1 })).rejects.toMatchObject({ code: "service_account_required" });
    const fake = createFakeService({ serviceAccountKeys: ["svc-key"], teamMembers: [{ id: 1, email: "a@x.test" }] });
    const svc = new AgentsClient({ apiKey: "svc-key", baseUrl: BASE_URL, fetch: fake.fetch });
    const token = await svc.subTokens.create({ forUserId: 1 });
    expect(token.accessToken).toBeTypeOf("string");
    expect(token.userId).toBe(1);
  });

  it("lets the routes option move an assumed route", async () => {
    const fake = createFakeService();
    const seen: string[] = [];
    const client = new AgentsClient({
      apiKey: "test-key",
      baseUrl: BASE_URL,
      fetch: (request) => {
        seen.push(new URL(request.url).pathname);
        return fake.fetch(request);
      },
      routes: { me: { path: "/v1/api-key" } },
    });
    await client.me().catch(() => undefined);
    expect(seen).toEqual(["/v1/api-key"]);
  });

  it("refuses a routes key that names no operation (the old route names included), instead of ignoring it", () => {
    const stale = ["apiKeyInfo", "createAgent", "getRun", "streamRun", "agents.nope"];
    const accepted = stale.filter((name) => {
      try {
        new AgentsClient({ apiKey: "k", baseUrl: BASE_URL, routes: { [name]: { path: "/v1/x" } } as never });
        return true;
      } catch (error) {
        return !(error instanceof AgentlineError && error.code === "invalid_option" && error.message.includes(name));
      }
    });
    expect(accepted).toEqual([]);
  });
});

describe("validation before the network", () => {
  it("sends nothing when a request breaks a rule, and names the field and rule", async () => {
    const { client, fake } = setup();
    const cases: Array<[() => PromiseLike<unknown>, string, string]> = [
      [() => client.agents.create({ prompt: { text: "" } }), "prompt.text", "min_length"],
      [() => client.agents.create({ prompt: { text: "x" }, name: "n".repeat(101) }), "name", "max_length"],
      [() => client.agents.create({ prompt: { text: "x" }, agentId: "bc-nope" } as never), "agentId", "pattern"],
      [() => client.agents.list({ limit: 0 }), "limit", "min_value"],
      [() => client.runs.create("bc-x", { prompt: { text: "" } }), "prompt.text", "min_length"],
      [() => client.agents.get(""), "agentId", "required"],
      [() => client.subTokens.create({} as never), "", "exactly_one_of"],
    ];
    for (const [run, path, rule] of cases) {
      const error = await Promise.resolve()
        .then(run)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error, path).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).path).toBe(path);
      expect((error as ValidationError).rule).toBe(rule);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it("rejects a response that breaks the spec with a response ValidationError naming the field", async () => {
    const client = new AgentsClient({
      apiKey: "k-1234",
      baseUrl: BASE_URL,
      fetch: async () => Response.json({ id: "bc-1", env: { type: "cloud" } }),
    });
    const error = (await client.agents.get("bc-1").catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.direction).toBe("response");
    expect(error.issues.map((i) => i.path)).toContain("status");
  });

  it("keeps unknown response fields and enum values", async () => {
    const { client, fake } = setup();
    const { agent, run } = await client.agents.create({ prompt: { text: "x" } });
    const viaProxy = new AgentsClient({
      apiKey: "test-key",
      baseUrl: BASE_URL,
      fetch: async (request) => {
        const response = await fake.fetch(request);
        const body = await response.json();
        return Response.json({ ...body, status: "PAUSED", shinyNewField: { a: 1 } });
      },
    });
    const read = await viaProxy.runs.get(agent.id, run.id);
    expect(read.status).toBe("PAUSED");
    expect((read as Record<string, unknown>).shinyNewField).toEqual({ a: 1 });
  });
});
