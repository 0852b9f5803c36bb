import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { AgentsClient, type RunEvent } from "../../../src/agents/index.js";
import { ValidationError } from "../../../src/core/errors.js";

// Servers often write an optional field as JSON `null` instead of leaving it out. Every optional response field
// (read from the spec, not from our schemas) set to `null`, one at a time, on a body that is otherwise valid: the call
// must succeed and the field must read as absent. A required field set to `null` must still fail, naming the field.

const T = "2026-11-21T12:00:00Z";
const AGENT_ID = "bc-00000000-0000-4000-8000-000000000001";
const RUN_ID = "run-00000000-0000-4000-8000-000000000002";
const git = () => ({
  branches: [{ repoUrl: "github.com/o/r", branch: "service/x", prUrl: "https://github.com/o/r/pull/1" }],
});
const run = () => ({
  id: RUN_ID,
  agentId: AGENT_ID,
  status: "FINISHED",
  createdAt: T,
  updatedAt: T,
  durationMs: 5,
  result: "done",
  git: git(),
});
const summary = () => ({
  id: AGENT_ID,
  name: "n",
  status: "ACTIVE",
  env: { type: "pool", name: "default" },
  url: "https://app.example.com/agents/1",
  createdAt: T,
  updatedAt: T,
  latestRunId: RUN_ID,
});
const agent = () => ({
  ...summary(),
  repos: [{ url: "https://github.com/o/r", startingRef: "main", prUrl: "https://github.com/o/r/pull/1" }],
  workOnCurrentBranch: false,
  autoCreatePR: true,
  skipReviewerRequest: false,
  customSubagents: [
    { name: "a", description: "d", prompt: "p", model: "inherit" },
    { name: "b", description: "d", prompt: "p", model: { id: "m", params: [{ id: "k", value: "v" }] } },
  ],
});
const usage = () => ({ inputTokens: 1, outputTokens: 1, cacheWriteTokens: 0, cacheReadTokens: 0, totalTokens: 2 });

const RUN_OPTIONAL = ["durationMs", "result", "git", "git.branches.0.branch", "git.branches.0.prUrl"];
const RUN_REQUIRED = ["id", "agentId", "status", "createdAt", "updatedAt", "git.branches", "git.branches.0.repoUrl"];
const SUMMARY_OPTIONAL = ["name", "latestRunId", "env.name"];
const SUMMARY_REQUIRED = ["id", "status", "env", "env.type", "url", "createdAt", "updatedAt"];
const AGENT_OPTIONAL = [
  ...SUMMARY_OPTIONAL,
  "repos",
  "repos.0.startingRef",
  "repos.0.prUrl",
  "workOnCurrentBranch",
  "autoCreatePR",
  "skipReviewerRequest",
  "customSubagents",
  "customSubagents.0.model",
  "customSubagents.1.model.params",
];
const AGENT_REQUIRED = [...SUMMARY_REQUIRED, "repos.0.url", "customSubagents.0.name", "customSubagents.1.model.id"];
const under = (prefix: string, paths: string[]) => paths.map((p) => `${prefix}.${p}`);

interface Case {
  op: string;
  body: () => unknown;
  call: (c: AgentsClient) => Promise<unknown>;
  optional: string[];
  required: string[];
}

const CASES: Case[] = [
  {
    op: "agents.create",
    body: () => ({ agent: agent(), run: run() }),
    call: (c) => c.agents.create({ prompt: { text: "x" } }),
    optional: [...under("agent", AGENT_OPTIONAL), ...under("run", RUN_OPTIONAL)],
    required: [...under("agent", AGENT_REQUIRED), ...under("run", RUN_REQUIRED), "agent", "run"],
  },
  {
    op: "agents.list",
    body: () => ({ items: [summary()], nextCursor: "c" }),
    call: async (c) => await c.agents.list(),
    optional: [...under("items.0", SUMMARY_OPTIONAL), "nextCursor"],
    required: [...under("items.0", SUMMARY_REQUIRED), "items"],
  },
  {
    op: "agents.get",
    body: agent,
    call: (c) => c.agents.get(AGENT_ID),
    optional: AGENT_OPTIONAL,
    required: AGENT_REQUIRED,
  },
  {
    op: "agents.delete",
    body: () => ({ id: AGENT_ID }),
    call: (c) => c.agents.delete(AGENT_ID),
    optional: [],
    required: ["id"],
  },
  {
    op: "agents.archive",
    body: () => ({ id: AGENT_ID }),
    call: (c) => c.agents.archive(AGENT_ID),
    optional: ["id"],
    required: [],
  },
  {
    op: "agents.unarchive",
    body: () => ({ id: AGENT_ID }),
    call: (c) => c.agents.unarchive(AGENT_ID),
    optional: ["id"],
    required: [],
  },
  {
    op: "agents.usage",
    body: () => ({ totalUsage: usage(), runs: [{ id: RUN_ID, usageUuid: "u", usage: usage() }] }),
    call: (c) => c.agents.usage(AGENT_ID),
    optional: ["runs.0.usageUuid"],
    required: ["totalUsage", "totalUsage.totalTokens", "runs", "runs.0.id", "runs.0.usage", "runs.0.usage.inputTokens"],
  },
  {
    op: "agents.listArtifacts",
    body: () => ({ items: [{ path: "a.txt", sizeBytes: 1, updatedAt: T }] }),
    call: (c) => c.agents.listArtifacts(AGENT_ID),
    optional: [],
    required: ["items", "items.0.path", "items.0.sizeBytes", "items.0.updatedAt"],
  },
  {
    op: "agents.downloadArtifact",
    body: () => ({ url: "https://s3.example.com/a", expiresAt: T }),
    call: (c) => c.agents.downloadArtifact(AGENT_ID, "a.txt"),
    optional: [],
    required: ["url", "expiresAt"],
  },
  {
    op: "runs.create",
    body: () => ({ run: run() }),
    call: (c) => c.runs.create(AGENT_ID, { prompt: { text: "x" } }),
    optional: under("run", RUN_OPTIONAL),
    required: [...under("run", RUN_REQUIRED), "run"],
  },
  {
    op: "runs.list",
    body: () => ({ items: [run()], nextCursor: "c" }),
    call: async (c) => await c.runs.list(AGENT_ID),
    optional: [...under("items.0", RUN_OPTIONAL), "nextCursor"],
    required: [...under("items.0", RUN_REQUIRED), "items"],
  },
  {
    op: "runs.get",
    body: run,
    call: (c) => c.runs.get(AGENT_ID, RUN_ID),
    optional: RUN_OPTIONAL,
    required: RUN_REQUIRED,
  },
  {
    op: "runs.cancel",
    body: () => ({ id: RUN_ID }),
    call: (c) => c.runs.cancel(AGENT_ID, RUN_ID),
    optional: [],
    required: ["id"],
  },
  {
    op: "models.list",
    body: () => ({
      items: [
        {
          id: "m",
          displayName: "M",
          description: "d",
          aliases: ["m2"],
          parameters: [{ id: "k", displayName: "K", values: [{ value: "v", displayName: "V" }] }],
          variants: [{ params: [{ id: "k", value: "v" }], displayName: "D", description: "d", isDefault: true }],
        },
      ],
    }),
    call: (c) => c.models.list(),
    optional: under("items.0", [
      "description",
      "aliases",
      "parameters",
      "variants",
      "parameters.0.displayName",
      "parameters.0.values.0.displayName",
      "variants.0.description",
      "variants.0.isDefault",
    ]),
    required: [
      "items",
      ...under("items.0", [
        "id",
        "displayName",
        "parameters.0.id",
        "parameters.0.values",
        "variants.0.params",
        "variants.0.displayName",
      ]),
    ],
  },
  {
    op: "repositories.list",
    body: () => ({ items: [{ url: "https://github.com/o/r" }] }),
    call: (c) => c.repositories.list(),
    optional: [],
    required: ["items", "items.0.url"],
  },
  {
    op: "me",
    body: () => ({
      apiKeyName: "k",
      createdAt: T,
      userId: 1,
      userEmail: "a@b.c",
      userFirstName: "A",
      userLastName: "B",
    }),
    call: (c) => c.me(),
    optional: ["userId", "userEmail", "userFirstName", "userLastName"],
    required: ["apiKeyName", "createdAt"],
  },
  {
    op: "subTokens.create",
    body: () => ({ accessToken: "t", expiresAt: T, userId: 1, teamId: 2 }),
    call: (c) => c.subTokens.create({ forUserId: 1 }),
    optional: [],
    required: ["accessToken", "expiresAt", "userId", "teamId"],
  },
];

function withNull(body: unknown, path: string, omit = false): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split(".");
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  const last = keys.at(-1) as string;
  if (!(last in at)) throw new Error(`test body has no ${path}`);
  if (omit) delete at[last];
  else at[last] = null;
  return copy;
}

function readPath(value: unknown, path: string): { present: boolean; value: unknown } {
  const keys = path.split(".");
  let at = value as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  const last = keys.at(-1) as string;
  return { present: Object.hasOwn(at, last), value: at[last] };
}

/** `a.0.b` as the SDK names it: `a[0].b`. */
const sdkPath = (path: string) => path.replace(/\.(\d+)/g, "[$1]");

function clientAnswering(body: unknown): AgentsClient {
  return new AgentsClient({
    apiKey: "k",
    baseUrl: "http://127.0.0.1:9",
    maxRetries: 0,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
      return new Response(JSON.stringify(body), {
        status:
          method === "POST" &&
          /\/(agents|runs)$/.test(new URL(String(input instanceof Request ? input.url : input)).pathname)
            ? 201
            : 200,
        headers: { "content-type": "application/json" },
      });
    },
  });
}

describe("optional response fields sent as null", () => {
  it("every Agents operation accepts null for each optional field and reads it as absent", async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const c of CASES) {
      for (const path of c.optional) {
        tried++;
        try {
          const sent = await c.call(clientAnswering(withNull(c.body(), path)));
          // Read as absent: exactly what the same body without the field gives (key left out too).
          const omitted = await c.call(clientAnswering(withNull(c.body(), path, true)));
          if (!isDeepStrictEqual(sent, omitted)) {
            failures.push(`${c.op} ${path}: read as ${JSON.stringify(readPath(sent, path).value)}, not as absent`);
          }
        } catch (error) {
          failures.push(`${c.op} ${path}: ${(error as Error).message}`);
        }
      }
    }
    expect(tried).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });

  it("every untouched valid body parses (the sweep's baseline)", async () => {
    const failures: string[] = [];
    for (const c of CASES)
      await c.call(clientAnswering(c.body())).catch((e: Error) => failures.push(`${c.op}: ${e.message}`));
    expect(failures).toEqual([]);
  });

  it("a required field sent as null still fails with a response ValidationError naming it", async () => {
    const failures: string[] = [];
    for (const c of CASES) {
      for (const path of c.required) {
        const outcome = await c.call(clientAnswering(withNull(c.body(), path))).then(
          () => "accepted",
          (error: unknown) => error,
        );
        if (!(outcome instanceof ValidationError)) failures.push(`${c.op} ${path}: ${String(outcome)}`);
        else if (outcome.direction !== "response" || !outcome.issues.some((i) => i.path === sdkPath(path))) {
          failures.push(`${c.op} ${path}: ${outcome.message}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

// The run stream: every documented event's optional fields, as `null`.
function sse(events: Array<{ event: string; id?: string; data: unknown }>): string {
  return events
    .map((e) => `event: ${e.event}\n${e.id ? `id: ${e.id}\n` : ""}data: ${JSON.stringify(e.data)}\n\n`)
    .join("");
}

async function streamAnswering(text: string): Promise<RunEvent[]> {
  const client = new AgentsClient({
    apiKey: "k",
    baseUrl: "http://127.0.0.1:9",
    maxRetries: 0,
    fetch: async () =>
      new Response(text, {
        headers: { "content-type": "text/event-stream", "x-service-stream-retention-seconds": "3600" },
      }),
  });
  const events: RunEvent[] = [];
  for await (const event of client.runs.stream(AGENT_ID, RUN_ID, { maxReconnects: 0 })) events.push(event);
  return events;
}

const toolCall = () => ({
  callId: "c1",
  name: "read_file",
  status: "completed",
  args: { path: "a" },
  result: { ok: true },
  truncated: { args: true, result: true },
});
const resultData = () => ({ runId: RUN_ID, status: "FINISHED", text: "done", durationMs: 5, git: git() });

describe("run stream events with optional fields sent as null", () => {
  it("tool_call and result events accept null for each optional field; args/result keep a null (a JSON value)", async () => {
    const failures: string[] = [];
    const cases: Array<[string, string, boolean]> = [
      ["tool_call", "truncated", false],
      ["tool_call", "truncated.args", false],
      ["tool_call", "truncated.result", false],
      ["tool_call", "args", true],
      ["tool_call", "result", true],
      ["result", "text", false],
      ["result", "durationMs", false],
      ["result", "git", false],
      ["result", "git.branches.0.branch", false],
      ["result", "git.branches.0.prUrl", false],
    ];
    for (const [type, path, keepsNull] of cases) {
      const tool = type === "tool_call" ? withNull(toolCall(), path) : toolCall();
      const result = type === "result" ? withNull(resultData(), path) : resultData();
      const text = sse([
        { event: "status", data: { runId: RUN_ID, status: "RUNNING" } },
        { event: "tool_call", id: "1", data: tool },
        { event: "result", id: "2", data: result },
        { event: "done", id: "3", data: {} },
      ]);
      try {
        const events = await streamAnswering(text);
        const event = events.find((e) => e.type === type);
        if (!event) throw new Error(`no ${type} event among ${events.map((e) => e.type).join(",")}`);
        const read = readPath(event.data, path);
        if (keepsNull ? read.value !== null : read.present) {
          failures.push(`${type} ${path}: read as ${read.present ? JSON.stringify(read.value) : "absent"}`);
        }
      } catch (error) {
        failures.push(`${type} ${path}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
