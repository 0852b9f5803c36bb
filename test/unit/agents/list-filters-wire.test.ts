import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { AgentlineError, ValidationError } from "../../../src/core/errors.js";

// agents.list / runs.list with every documented filter (spec: Cloud Agents API § Endpoints): GET /v1/agents takes
// `limit` integer 1..100, `cursor` string min 1, `prUrl` uri, `includeArchived` boolean; GET /v1/agents/{id}/runs takes
// `limit` and `cursor`. Bad values must be refused before the network (nothing sent); good ones must reach the
// server exactly, as the server's own URL parsing reads them, on every page of an iteration.

const AGENT_ID = "bc-00000000-0000-4000-8000-000000000001";
const T = "2026-11-28T10:00:00Z";
const summary = (n: number) => ({
  id: `bc-00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  status: "ACTIVE",
  env: { type: "cloud" },
  url: "https://app.example.com/a",
  createdAt: T,
  updatedAt: T,
});
const runOf = (n: number) => ({
  id: `run-00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  agentId: AGENT_ID,
  status: "RUNNING",
  createdAt: T,
  updatedAt: T,
});

/** A server recording each request URL; three pages, cursors "p2" and "p3". */
function recordingClient() {
  const seen: URL[] = [];
  const client = new AgentsClient({
    apiKey: "k",
    baseUrl: "http://127.0.0.1:9",
    maxRetries: 0,
    fetch: async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      seen.push(url);
      const cursor = url.searchParams.get("cursor");
      const page = cursor === "p3" ? 3 : cursor === "p2" ? 2 : 1;
      const item = url.pathname.endsWith("/runs") ? runOf(page) : summary(page);
      return Response.json({ items: [item], ...(page < 3 ? { nextCursor: `p${page + 1}` } : {}) });
    },
  });
  return { client, seen };
}

/** A query as the server reads it: every key with all its values. */
const wire = (url: URL) =>
  Object.fromEntries([...new Set(url.searchParams.keys())].map((k) => [k, url.searchParams.getAll(k)]));

const BAD_AGENT_FILTERS: Array<[string, Record<string, unknown>]> = [
  ["limit 0", { limit: 0 }],
  ["limit 101", { limit: 101 }],
  ["limit -1", { limit: -1 }],
  ["limit 1.5", { limit: 1.5 }],
  ["limit NaN", { limit: Number.NaN }],
  ["limit Infinity", { limit: Number.POSITIVE_INFINITY }],
  ["limit as text", { limit: "20" }],
  ["limit null", { limit: null }],
  ["cursor empty", { cursor: "" }],
  ["cursor number", { cursor: 5 }],
  ["cursor object", { cursor: { next: "p2" } }],
  ["cursor null", { cursor: null }],
  ["prUrl empty", { prUrl: "" }],
  ["prUrl not a uri", { prUrl: "not a url" }],
  ["prUrl without scheme", { prUrl: "github.com/o/r/pull/1" }],
  ["prUrl number", { prUrl: 1 }],
  ["prUrl null", { prUrl: null }],
  ["includeArchived as text", { includeArchived: "false" }],
  ["includeArchived 0", { includeArchived: 0 }],
  ["includeArchived null", { includeArchived: null }],
];

describe("agents.list and runs.list filters on the wire", () => {
  it("refuses every bad filter value before the network, naming the field", async () => {
    const { client, seen } = recordingClient();
    const failures: string[] = [];
    const cases: Array<[string, () => Promise<unknown>, string]> = [];
    for (const [name, query] of BAD_AGENT_FILTERS) {
      const field = Object.keys(query)[0] as string;
      cases.push([`agents.list ${name}`, async () => await client.agents.list(query as never), field]);
      cases.push([
        `agents.list ${name} (iterated)`,
        async () => {
          for await (const _ of client.agents.list(query as never)) break;
        },
        field,
      ]);
      if (field === "limit" || field === "cursor") {
        cases.push([`runs.list ${name}`, async () => await client.runs.list(AGENT_ID, query as never), field]);
      }
    }
    // Not an object at all.
    for (const bad of ["limit=5", 5, [], ["p2"], true]) {
      cases.push([`agents.list(${JSON.stringify(bad)})`, async () => await client.agents.list(bad as never), ""]);
      cases.push([
        `runs.list(id, ${JSON.stringify(bad)})`,
        async () => await client.runs.list(AGENT_ID, bad as never),
        "",
      ]);
      cases.push([
        `agents.usage(id, ${JSON.stringify(bad)})`,
        async () => await client.agents.usage(AGENT_ID, bad as never),
        "",
      ]);
    }
    // Like every other query mistake, an array rejects the call's promise rather than throwing from the call.
    for (const call of [
      () => client.agents.list([] as never),
      () => client.runs.list(AGENT_ID, [] as never),
      () => client.agents.usage(AGENT_ID, [] as never),
    ]) {
      let result: PromiseLike<unknown> | undefined;
      try {
        result = call();
      } catch (error) {
        failures.push(`threw at the call: ${(error as Error).message}`);
      }
      await Promise.resolve(result).catch(() => {});
    }
    for (const [name, call, field] of cases) {
      const before = seen.length;
      const outcome = await call().then(
        () => "resolved",
        (error: unknown) => error,
      );
      if (seen.length !== before) failures.push(`${name}: sent ${seen.at(-1)?.search}`);
      else if (!(outcome instanceof AgentlineError)) failures.push(`${name}: ${String(outcome)}`);
      else if (field && !(outcome instanceof ValidationError && outcome.issues.some((i) => i.path === field))) {
        failures.push(`${name}: ${outcome.message}`);
      }
    }
    expect(cases.length).toBe(67);
    expect(failures).toEqual([]);
  });

  it("sends every good filter exactly as the spec's wire format reads it, on every page", async () => {
    const prUrl = "https://github.com/acme/web/pull/12?x=a&b=c#frag";
    const goods: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{}, {}],
      [{ limit: 1 }, { limit: ["1"] }],
      [{ limit: 100 }, { limit: ["100"] }],
      [
        { limit: 20, includeArchived: false },
        { limit: ["20"], includeArchived: ["false"] },
      ],
      [{ includeArchived: true }, { includeArchived: ["true"] }],
      [{ prUrl }, { prUrl: [prUrl] }],
      [
        { prUrl, includeArchived: false, limit: 7 },
        { prUrl: [prUrl], includeArchived: ["false"], limit: ["7"] },
      ],
      [{ cursor: "a+b/c=d&e f%g" }, { cursor: ["a+b/c=d&e f%g"] }],
      [{ cursor: "é✓😀" }, { cursor: ["é✓😀"] }],
      [{ limit: undefined, prUrl: undefined }, {}],
    ];
    const failures: string[] = [];
    for (const [query, expected] of goods) {
      for (const op of ["agents", "runs"] as const) {
        if (op === "runs" && Object.keys(expected).some((k) => k !== "limit" && k !== "cursor")) continue;
        const { client, seen } = recordingClient();
        const list = op === "agents" ? client.agents.list(query as never) : client.runs.list(AGENT_ID, query as never);
        let items = 0;
        for await (const _ of list) items++;
        const pages = seen.map(wire);
        const path = op === "agents" ? "/v1/agents" : `/v1/agents/${AGENT_ID}/runs`;
        // The first page carries the filters as given (a starting cursor too); each next page the same filters with
        // the cursor the previous page returned.
        const want = [expected, { ...expected, cursor: ["p2"] }, { ...expected, cursor: ["p3"] }];
        const got = pages.map((p) => Object.fromEntries(Object.entries(p).sort()));
        const exp = want.map((p) => Object.fromEntries(Object.entries(p).sort()));
        if (JSON.stringify(got) !== JSON.stringify(exp))
          failures.push(`${op} ${JSON.stringify(query)}: ${JSON.stringify(got)}`);
        if (seen.some((u) => u.pathname !== path)) failures.push(`${op}: path ${seen.map((u) => u.pathname)}`);
        if (items !== 3) failures.push(`${op} ${JSON.stringify(query)}: ${items} items`);
      }
    }
    expect(failures).toEqual([]);
  });
});
