import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { AgentlineError, AuthenticationError, ValidationError } from "../../../src/core/errors.js";
import {
  callOperation,
  listOperation,
  type Operation,
  type OperationContext,
  sendOperation,
} from "../../../src/core/operation.js";
import { resolveOperations } from "../../../src/core/operation-routes.js";
import { assertRequest, requestIssues } from "../../../src/core/schema.js";
import { Transport } from "../../../src/core/transport.js";

const TABLE = {
  "things.get": { method: "GET", path: "/v1/things/{id}", response: v.looseObject({ id: v.string() }) },
  "things.create": {
    method: "POST",
    path: "/v1/things",
    body: v.strictObject({ name: v.pipe(v.string(), v.maxLength(3)) }),
    response: v.looseObject({ id: v.string() }),
  },
  "things.list": {
    method: "GET",
    path: "/v1/things",
    query: v.strictObject({ limit: v.optional(v.number()) }),
    response: v.object({ things: v.array(v.string()), next: v.optional(v.string()) }),
    list: { items: "things", next: "next", cursor: "after" },
  },
  "things.merge": {
    method: "POST",
    path: "/v1/things/{id}/merge",
    idempotent: (body: unknown) => typeof (body as { sha?: unknown } | undefined)?.sha === "string",
  },
} as const satisfies Record<string, Operation>;

interface Seen {
  method: string;
  url: URL;
  body: string;
  authorization: string | null;
}

function context(answer: (seen: Seen, count: number) => Response, policy: OperationContext["policy"] = {}) {
  const seen: Seen[] = [];
  const transport = new Transport(
    {
      baseUrl: "https://api.example.com",
      maxRetries: 2,
      random: () => 0,
      fetch: async (request: Request) => {
        const entry = {
          method: request.method,
          url: new URL(request.url),
          body: await request.text(),
          authorization: request.headers.get("authorization"),
        };
        seen.push(entry);
        return answer(entry, seen.length);
      },
    },
    { authorization: () => "Bearer k", secrets: () => ["k"] },
  );
  const ctx: OperationContext<typeof TABLE> = { transport, operations: TABLE, policy };
  return { ctx, seen };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("sendOperation", () => {
  it("fills the path, sends, and parses with the entry's schema (unknown fields pass through)", async () => {
    const { ctx, seen } = context(() => json({ id: "t1", extra: 1 }));
    const result = await sendOperation(ctx, "things.get", { params: { id: "t 1" } });
    expect(result.data).toEqual({ id: "t1", extra: 1 });
    expect(seen[0]?.url.pathname).toBe("/v1/things/t%201");
  });

  it("refuses a bad body before the network, naming the field and the rule", async () => {
    const { ctx, seen } = context(() => json({ id: "x" }));
    const error = await callOperation(ctx, "things.create", { body: { name: "long" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]).toMatchObject({ path: "name", rule: "max_length" });
    expect(seen).toHaveLength(0);
  });

  it("refuses an empty, '.' or '..' placeholder before the network", async () => {
    const { ctx, seen } = context(() => json({ id: "x" }));
    for (const id of ["", ".", ".."]) {
      await expect(sendOperation(ctx, "things.get", { params: { id } })).rejects.toBeInstanceOf(AgentlineError);
    }
    expect(seen).toHaveLength(0);
  });

  it("retries a write only when its retry rule says so", async () => {
    const flaky = (_: Seen, count: number) => (count === 1 ? new Response(null, { status: 503 }) : json({}));
    const unsafe = context(flaky);
    await expect(sendOperation(unsafe.ctx, "things.merge", { params: { id: "a" }, body: {} })).rejects.toThrow();
    expect(unsafe.seen).toHaveLength(1);
    const safe = context(flaky);
    await sendOperation(safe.ctx, "things.merge", { params: { id: "a" }, body: { sha: "abc" } });
    expect(safe.seen).toHaveLength(2);
  });

  it("applies the policy: prefix, admit, inspect, explain, refresh", async () => {
    let refreshed = 0;
    const { ctx, seen } = context((_, count) => (count === 1 ? json({ message: "expired" }, 401) : json({ id: "a" })), {
      prefix: "/forge",
      refresh: async () => {
        refreshed++;
        return true;
      },
    });
    await sendOperation(ctx, "things.get", { params: { id: "a" } });
    expect(refreshed).toBe(1);
    expect(seen.map((s) => s.url.pathname)).toEqual(["/forge/v1/things/a", "/forge/v1/things/a"]);

    const refused = context(() => json({ id: "a" }), {
      admit: (_op, name) => {
        throw new AgentlineError(`${name} refused`, { code: "wrong_credential" });
      },
    });
    await expect(sendOperation(refused.ctx, "things.get", { params: { id: "a" } })).rejects.toThrow(
      "things.get refused",
    );
    expect(refused.seen).toHaveLength(0);

    const explained = context(() => json({ message: "no" }, 401), {
      explain: (error) =>
        error instanceof AuthenticationError
          ? new AgentlineError("needs a team key", { code: "wrong_key_kind" })
          : error,
    });
    await expect(sendOperation(explained.ctx, "things.get", { params: { id: "a" } })).rejects.toThrow(
      "needs a team key",
    );
  });

  it("draws on the budget before every attempt and is penalized by a 429", async () => {
    const acquired: number[] = [];
    const penalties: Array<number | undefined> = [];
    const { ctx } = context(
      (_, count) =>
        count === 1 ? new Response(null, { status: 429, headers: { "retry-after": "0" } }) : json({ id: "a" }),
      {
        budget: () => ({
          acquire: async () => void acquired.push(1),
          penalize: async (ms) => void penalties.push(ms),
        }),
      },
    );
    await sendOperation(ctx, "things.get", { params: { id: "a" } });
    expect(acquired).toHaveLength(2);
    expect(penalties).toEqual([0]);
  });
});

describe("listOperation", () => {
  it("reads items and the next cursor from the entry's list shape", async () => {
    const { ctx, seen } = context((s) =>
      s.url.searchParams.get("after") === "c2" ? json({ things: ["c"] }) : json({ things: ["a", "b"], next: "c2" }),
    );
    const items: string[] = [];
    for await (const item of listOperation(ctx, "things.list", { query: { limit: 2 } })) items.push(item);
    expect(items).toEqual(["a", "b", "c"]);
    expect(seen.map((s) => s.url.search)).toEqual(["?limit=2", "?limit=2&after=c2"]);
  });
});

describe("resolveOperations", () => {
  it("merges overrides and refuses unknown names, methods and paths", () => {
    const out = resolveOperations(TABLE, { "things.get": { path: "/v2/things/{id}" } }, "Client");
    expect(out["things.get"]).toMatchObject({ method: "GET", path: "/v2/things/{id}", assumed: false });
    expect(TABLE["things.get"].path).toBe("/v1/things/{id}");
    for (const bad of [
      { "thing.get": {} },
      { "things.get": { method: "FETCH" } },
      { "things.get": { path: "x" } },
      [],
    ]) {
      expect(() => resolveOperations(TABLE, bad, "Client")).toThrow(AgentlineError);
    }
  });
});

describe("requestIssues / assertRequest", () => {
  it("name every broken rule, and return the parsed value when valid", () => {
    const body = TABLE["things.create"].body;
    expect(
      requestIssues(body, { name: "long", x: 1 })
        .map((i) => i.path)
        .sort(),
    ).toEqual(["name", "x"]);
    expect(requestIssues(body, { name: "ok" })).toEqual([]);
    expect(assertRequest(body, { name: "ok" })).toEqual({ name: "ok" });
    expect(() => assertRequest(body, {}, "things.create")).toThrow(ValidationError);
  });
});
