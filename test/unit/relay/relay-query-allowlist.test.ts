import { afterEach, describe, expect, it } from "vitest";
import { AGENTS_OPERATIONS, AgentsClient, type AgentsOperationName } from "../../../src/agents/index.js";
import { createAgentsRelay } from "../../../src/relay/index.js";
import { type ScriptedUpstream, scriptedUpstream } from "./relay-upstream-server.js";

// What a page puts in the query string is only passed on when the forwarded operation declares it (spec: Cloud Agents
// API § Endpoints: `limit`, `cursor`, `prUrl`, `includeArchived`, `runId`; the assumed download route's `path`), each
// at most once. Counted at an upstream of our own (node:http), over every operation the relay can expose. Before: the
// declared schemas keep unknown keys, so `?apiKey=x&foo=1` (or `%61piKey`) on a list route reached the service.

const KEY = "sk-relay-query-0123456789abcdefghij";
const AGENT = "bc-00000000-0000-4000-8000-000000000001";
const ALL = Object.keys(AGENTS_OPERATIONS) as AgentsOperationName[];
const servers: ScriptedUpstream[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** The query keys an operation declares, from its schema (an operation without one declares none). */
function declared(name: AgentsOperationName): string[] {
  const query = (AGENTS_OPERATIONS[name] as { query?: { entries?: Record<string, unknown> } }).query;
  return Object.keys(query?.entries ?? {});
}

/** A request the operation's schemas accept, so that it goes upstream unless the query is what stops it. */
const VALID_QUERY: Partial<Record<AgentsOperationName, string>> = { "agents.downloadArtifact": "path=out.txt" };
const VALID_BODY: Partial<Record<AgentsOperationName, unknown>> = {
  "agents.create": { prompt: { text: "hi" } },
  "runs.create": { prompt: { text: "hi" } },
  "subTokens.create": { forUserEmail: "dev@example.com" },
};

/** Keys a page adds that no operation declares: credentials, prototype names, encodings, near-misses of real keys. */
const HOSTILE = [
  "foo=1&apiKey=x",
  "%61piKey=x",
  "foo=1&foo=2",
  "api_key=k&access_token=t&key=k",
  "__proto__=x&constructor=y&toString=z",
  "=x",
  "LIMIT=5&Cursor=c",
  "limit%20=5&limit%00=5",
  "authorization=Bearer%20x",
  "prUrl%5B%5D=https%3A%2F%2Fx.test",
];

async function setup() {
  const upstream = await scriptedUpstream((request, response) => {
    if (request.url?.split("?")[0]?.endsWith("/stream")) {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.end("event: done\ndata: {}\n\n");
      return;
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ items: [] }));
  });
  servers.push(upstream);
  const client = new AgentsClient({ apiKey: KEY, baseUrl: upstream.url, maxRetries: 0 });
  const relay = createAgentsRelay({ client, basePath: "/api/agents", operations: ALL, authorize: () => true });
  return { upstream, relay };
}

function pageRequest(name: AgentsOperationName, query: string): Request {
  const { method, path } = AGENTS_OPERATIONS[name];
  const filled = path.replace("{agentId}", AGENT).replace("{runId}", "run-1");
  const search = [VALID_QUERY[name], query].filter(Boolean).join("&");
  const body = VALID_BODY[name];
  return new Request(`http://app.test/api/agents${filled}${search ? `?${search}` : ""}`, {
    method,
    ...(method === "GET" ? {} : { body: JSON.stringify(body ?? {}), headers: { "content-type": "application/json" } }),
  });
}

describe("relay: the page's query is limited to what the operation declares", () => {
  it("every operation × hostile query keys: 0 undeclared or repeated keys reach the upstream", async () => {
    const { upstream, relay } = await setup();
    const failures: string[] = [];
    let reached = 0;
    for (const name of ALL) {
      const allowed = declared(name);
      for (const query of HOSTILE) {
        const before = upstream.seen.length;
        const response = await relay(pageRequest(name, query));
        await response.body?.cancel();
        for (const { line } of upstream.seen.slice(before)) {
          reached++;
          const sent = new URL(line.split(" ")[1] ?? "", "http://x").searchParams;
          const keys = [...sent.keys()];
          const extra = keys.filter((key) => !allowed.includes(key));
          const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
          if (extra.length > 0 || repeated.length > 0) {
            failures.push(`${name} ?${query} → ${line} (undeclared: ${extra.join(",")}; repeated: ${repeated})`);
          }
        }
      }
    }
    // Every operation was relayed with each query (an undeclared key is dropped, not refused).
    expect(reached).toBe(ALL.length * HOSTILE.length);
    expect(failures).toEqual([]);
  });

  it("declared keys still pass, with their values as the page sent them", async () => {
    const { upstream, relay } = await setup();
    const page = "limit=5&cursor=c%202&prUrl=https%3A%2F%2Fforge.test%2Fa%2Fb%2Fpull%2F1&includeArchived=false";
    const response = await relay(pageRequest("agents.list", `${page}&apiKey=x`));
    expect(response.status).toBe(200);
    const sent = new URL(upstream.seen[0]?.line.split(" ")[1] ?? "", "http://x").searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      limit: "5",
      cursor: "c 2",
      prUrl: "https://forge.test/a/b/pull/1",
      includeArchived: "false",
    });
  });

  it("a declared key given twice is ambiguous: 400 naming the key, nothing sent, authorize not asked", async () => {
    const { upstream } = await setup();
    let asked = 0;
    const client = new AgentsClient({ apiKey: KEY, baseUrl: upstream.url, maxRetries: 0 });
    const relay = createAgentsRelay({
      client,
      basePath: "/api/agents",
      operations: ALL,
      authorize: () => {
        asked++;
        return true;
      },
    });
    const failures: string[] = [];
    const cases: Array<[AgentsOperationName, string, string]> = [
      ["agents.list", "limit=5&limit=100", "limit"],
      ["agents.list", "cursor=a&cursor=b", "cursor"],
      ["runs.list", "limit=1&limit=2", "limit"],
      ["agents.usage", "runId=run-1&runId=run-2", "runId"],
      ["agents.downloadArtifact", "path=a.txt", "path"],
    ];
    for (const [name, query, key] of cases) {
      const response = await relay(pageRequest(name, query));
      const body = (await response.json()) as { error?: { code?: string; message?: string } };
      if (response.status !== 400 || body.error?.code !== "validation_error" || !body.error.message?.includes(key)) {
        failures.push(`${name} ?${query}: ${response.status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(upstream.seen).toEqual([]);
    expect(asked).toBe(0);
  });
});
