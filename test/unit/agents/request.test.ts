// `AgentsClient.request()`: the escape hatch for operations without a method, over fetch — against the fake for
// what the spec describes, and against a small scripted server for retries and raw bodies.
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  AgentSchema,
  AgentsClient,
  ConflictError,
  InternalServerError,
  type LogRecord,
  NotFoundError,
  ValidationError,
} from "../../../src/agents/index.js";
import { BASE_URL, setup } from "./client-helpers.js";

/** A server that answers each request with the next scripted status (then 200), recording what it received. */
function scripted(statuses: number[], body: unknown = { ok: true }) {
  const received: Request[] = [];
  const fetch = async (request: Request) => {
    received.push(request);
    const status = statuses.shift() ?? 200;
    if (status === 200) return Response.json(body);
    return Response.json({ error: { code: "oops", message: "scripted" } }, { status });
  };
  const client = new AgentsClient({ apiKey: "sk_scripted_key_123", baseUrl: BASE_URL, fetch, sleep: async () => {} });
  return { client, received };
}

describe("AgentsClient.request()", () => {
  it("reads an agent through the spec's path, typed by the schema, the same as agents.get", async () => {
    const { client } = setup();
    const { agent } = await client.agents.create({ prompt: { text: "x" } });
    const read = await client.request({ method: "GET", path: `/v1/agents/${agent.id}`, schema: AgentSchema });
    expectTypeOf(read.id).toEqualTypeOf<string>();
    expect(read).toEqual(await client.agents.get(agent.id));
    const untyped = await client.request({ method: "get", path: `/v1/agents/${agent.id}` });
    expectTypeOf(untyped).toEqualTypeOf<unknown>();
    expect((untyped as { id: string }).id).toBe(agent.id);
  });

  it("sends query and body, with the key, an Idempotency-Key on POST, and withResponse()", async () => {
    const { client, fake } = setup();
    const created = await client
      .request<{ agent: { id: string } }>({ method: "POST", path: "/v1/agents", body: { prompt: { text: "raw" } } })
      .withResponse();
    expect(created.response.status).toBe(201);
    const post = fake.requests.at(-1);
    expect(post?.headers["idempotency-key"]).toBeTruthy();
    expect(post?.headers.authorization).toBe("[REDACTED]");
    const page = await client.request<{ items: unknown[] }>({
      method: "GET",
      path: "/v1/agents",
      query: { limit: 1, includeArchived: false, cursor: undefined },
    });
    expect(page.items).toHaveLength(1);
    expect(fake.requests.at(-1)?.query).toEqual({ limit: "1", includeArchived: "false" });
  });

  it("maps errors to the typed classes, with the server's code and no key in any surface", async () => {
    const { client } = setup();
    const missing = client.request({ method: "GET", path: "/v1/agents/bc-00000000-0000-4000-8000-0000000000ff" });
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    await expect(missing).rejects.toMatchObject({ code: "agent_not_found", status: 404 });
    const agentId = "bc-00000000-0000-4000-8000-000000000001";
    await client.agents.create({ agentId, prompt: { text: "one" } });
    const taken = await client
      .request({ method: "POST", path: "/v1/agents", body: { agentId, prompt: { text: "two" } } })
      .catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(ConflictError);
    expect(JSON.stringify(taken) + String(taken) + (taken as Error).stack).not.toContain("test-key");
  });

  it("validates the response against the schema, as a response-side ValidationError", async () => {
    const { client } = scripted([], { id: 42 });
    const error = await client.request({ method: "GET", path: "/v1/agents/x", schema: AgentSchema }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).direction).toBe("response");
  });

  it("retry classes: reads and PUT/DELETE retried after a 503; POST/PATCH not, unless idempotent or keyed; 429 always", async () => {
    const cases: Array<[string, Record<string, unknown>, number[], number]> = [
      ["GET", {}, [503], 2],
      ["DELETE", {}, [503], 2],
      ["PUT", {}, [503], 2],
      ["POST", {}, [503], 1],
      ["PATCH", {}, [503], 1],
      ["POST", { idempotencyKey: "create-42" }, [503], 2],
      ["POST", { idempotent: true }, [503], 2],
      ["GET", { idempotent: false }, [503], 1],
      ["POST", {}, [429], 2],
      ["GET", { maxRetries: 0 }, [503], 1],
    ];
    const wrong: string[] = [];
    for (const [method, extra, statuses, attempts] of cases) {
      const { client, received } = scripted([...statuses]);
      await client
        .request({ method: method as "GET", path: "/v1/things", ...extra })
        .then(undefined, (error: unknown) => {
          if (attempts > 1 || !(error instanceof InternalServerError)) throw error;
        });
      if (received.length !== attempts) wrong.push(`${method} ${JSON.stringify(extra)}: ${received.length}`);
      const keys = new Set(received.map((request) => request.headers.get("idempotency-key")));
      if (keys.size !== 1) wrong.push(`${method}: ${keys.size} idempotency keys across attempts`);
      if (extra.idempotencyKey && !keys.has(extra.idempotencyKey as string)) wrong.push(`${method}: key not sent`);
    }
    expect(wrong).toEqual([]);
  });

  it("logs its records as the `request` operation", async () => {
    const records: LogRecord[] = [];
    const sink = (_message: string, record: LogRecord) => void records.push(record);
    const { client } = setup({ logger: { debug: sink, info: sink, warn: sink, error: sink } });
    await client.request({ method: "GET", path: "/v1/agents" });
    expect(records).toMatchObject([{ operation: "request", method: "GET", path: "/v1/agents", status: 200 }]);
  });
});
