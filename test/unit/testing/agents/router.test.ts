// The Cloud Agents fake routes by the SDK's own table and answers 400 with the entries' schemas: swept over every
// operation, so a path or a rule can never drift between the client and the fake.
import { describe, expect, it } from "vitest";
import { AGENTS_OPERATIONS, type AgentsOperationName, matchAgentsOperation } from "../../../../src/agents/index.js";
import type { Operation } from "../../../../src/core/operation.js";
import { queryFromWire, requestIssues } from "../../../../src/core/schema.js";
import { type Json, setup } from "../helpers.js";

const NAMES = Object.keys(AGENTS_OPERATIONS) as AgentsOperationName[];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const fill = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => `${name}-x`);

const BAD_BODIES: unknown[] = [{}, [], "text", null, 42, { prompt: 1 }, { prompt: { text: "" } }, { forUserId: 0 }];
const BAD_QUERIES = [
  "limit=abc",
  "limit=0",
  "limit=101",
  "cursor=",
  "includeArchived=yes",
  "runId=",
  "path=",
  "prUrl=x",
];

describe("the Cloud Agents fake on AGENTS_OPERATIONS", () => {
  it("routes every operation's method and path to its handler, and answers 405 naming it for every other method", async () => {
    const { api } = setup();
    const unrouted: string[] = [];
    const wrong405: string[] = [];
    for (const name of NAMES) {
      const entry: Operation = AGENTS_OPERATIONS[name];
      const path = fill(entry.path);
      const { status, json } = await api.call(entry.method, path, { body: entry.body ? {} : undefined });
      if ((status === 404 || status === 405) && (json as Json)?.error?.code === "not_implemented") unrouted.push(name);
      for (const method of METHODS.filter((m) => m !== entry.method)) {
        const other = NAMES.find(
          (n) => AGENTS_OPERATIONS[n].method === method && AGENTS_OPERATIONS[n].path === entry.path,
        );
        if (other) continue;
        const answer = await api.call(method, path);
        if (answer.status !== 405 || !answer.headers.get("allow")?.includes(entry.method)) {
          wrong405.push(`${method} ${entry.path}: ${answer.status}`);
        }
      }
    }
    expect(NAMES).toHaveLength(18);
    expect(unrouted).toEqual([]);
    expect(wrong405).toEqual([]);
  });

  it("answers 400 exactly when the entry's schema finds issues, naming each one: every body and query rule swept", async () => {
    const { api } = setup({ serviceAccountKeys: ["sa-key"] });
    const { agent, run } = (await api.createAgent()) as Json;
    const params: Record<string, string> = { agentId: agent.id, runId: run.id };
    const disagreements: string[] = [];
    let checked = 0;
    for (const name of NAMES) {
      const entry: Operation = AGENTS_OPERATIONS[name];
      const path = entry.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(params[key] ?? ""));
      const cases: Array<{ body?: unknown; query?: string }> = [
        ...(entry.body ? BAD_BODIES.map((body) => ({ body })) : []),
        ...(entry.query ? BAD_QUERIES.map((query) => ({ query })) : []),
      ];
      for (const input of cases) {
        checked++;
        const issues = input.query
          ? requestIssues(entry.query as never, queryFromWire(entry.query, new URLSearchParams(input.query)))
          : requestIssues(entry.body as never, input.body);
        const url = input.query ? `${path}?${input.query}` : path;
        const { status, json } = await api.call(entry.method, url, { body: input.body, key: "sa-key" });
        const said = (json as Json)?.error?.message ?? "";
        const agrees =
          issues.length === 0
            ? status !== 400 || (json as Json)?.error?.code !== "validation_error"
            : status === 400 && issues.every((issue) => said.includes(`${issue.path || "(body)"}: ${issue.message}`));
        if (!agrees) disagreements.push(`${name} ${JSON.stringify(input)}: ${status} ${said}`);
      }
    }
    // 3 operations with a body, 4 with a query (agents.list, runs.list, agents.usage, agents.downloadArtifact).
    expect(checked).toBe(3 * BAD_BODIES.length + 4 * BAD_QUERIES.length);
    expect(disagreements).toEqual([]);
  });
});

describe("matchAgentsOperation", () => {
  it("names the operation of every entry's concrete path (0 wrong), and nothing for an unknown path or method", () => {
    const wrong = NAMES.filter((name) => {
      const entry = AGENTS_OPERATIONS[name];
      return matchAgentsOperation(entry.method, fill(entry.path)) !== name;
    });
    expect(wrong).toEqual([]);
    expect(matchAgentsOperation("get", "/v1/agents/bc-1/runs/run-1/stream")).toBe("runs.stream");
    expect(matchAgentsOperation("GET", "/v1/agents/bc-1/nothing")).toBeUndefined();
    expect(matchAgentsOperation("PUT", "/v1/agents")).toBeUndefined();
  });

  it("reads a table with `routes` overrides applied", () => {
    const moved = { ...AGENTS_OPERATIONS, me: { ...AGENTS_OPERATIONS.me, path: "/v1/whoami" } };
    expect(matchAgentsOperation("GET", "/v1/whoami", moved)).toBe("me");
    expect(matchAgentsOperation("GET", "/v1/me", moved)).toBeUndefined();
  });
});
