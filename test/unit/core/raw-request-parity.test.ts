// `request()` must behave exactly like the built-in method for the same operation: checked against a node:http server
// written from the specs (not the embedded fake), for each client: what reaches the server (method, path, query,
// headers, body) and what the caller gets on each error status (class, status, code, message), and the retry class
// after an ambiguous failure (a 503). Every difference is listed; the expected count is zero.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { ForgeApp, ForgeClient, generateAppKeyPair } from "../../../src/forge/index.js";

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

let server: Server;
let baseUrl = "";
let seen: Seen[] = [];
/** Answers in order, one per request (the last one repeats); token mints always succeed. */
let script: Answer[] = [];

async function readBody(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  return text;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    if (request.url?.endsWith("/access_tokens")) {
      response.writeHead(201, { "content-type": "application/json" });
      response.end(JSON.stringify({ token: "inst-token-1", expiresAt: "2999-01-01T00:00:00Z" }));
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);
    seen.push({ method: request.method ?? "", url: request.url ?? "", headers, body });
    const answer = script.length > 1 ? (script.shift() as Answer) : (script[0] as Answer);
    response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

type Call = () => PromiseLike<unknown>;
interface Case {
  name: string;
  /** The error body format of the case's API, for a status and a code. */
  error: (status: number) => unknown;
  builtIn: Call;
  raw: Call;
}

let privateKey = "";
beforeAll(async () => {
  privateKey = (await generateAppKeyPair()).privateKey;
});

const NO_SLEEP = { sleep: async () => {}, random: () => 0 };
/** Log records of the last call, without what names the caller's way in (`operation`) or varies (`ms`). */
let logs: string[] = [];
const logger = Object.fromEntries(
  ["debug", "info", "warn", "error"].map((level) => [
    level,
    (line: string, record: Record<string, unknown>) => {
      const { operation: _operation, ms: _ms, requestId: _requestId, ...rest } = record;
      // An installation token mint happens once per app, on whichever call comes first.
      if (!String(record.path).endsWith("/access_tokens")) logs.push(`${line} ${JSON.stringify(rest)}`);
    },
  ]),
);
const agentsError = (status: number) => ({ error: { code: `code_${status}`, message: `agents says ${status}` } });
const adminError = (status: number) => ({ code: "error", message: `admin says ${status}` });
const forgeError = (status: number) => ({
  code: status === 404 ? 5 : status === 429 ? 8 : 3,
  message: `forge says ${status}`,
  details: [],
});

function cases(maxRetries: number): Case[] {
  const common = { baseUrl, maxRetries, logger, ...NO_SLEEP };
  const agents = new AgentsClient({ apiKey: "agents-key-1", ...common });
  const admin = new AdminClient({ apiKey: "team-key-1", rateBudgets: false, ...common });
  const org = new OrganizationClient({ apiKey: "org-key-1", organizationId: "org_1", rateBudgets: false, ...common });
  const forge = new ForgeClient({ token: "user-token-1", ...common });
  const app = new ForgeApp({ appId: "app_1", privateKey, pointsBudget: false, ...common });
  const installation = app.installation("inst_1");
  return [
    {
      name: "agents.get",
      error: agentsError,
      builtIn: () => agents.agents.get("bc-1"),
      raw: () => agents.request({ method: "GET", path: "/v1/agents/bc-1" }),
    },
    {
      name: "agents.list",
      error: agentsError,
      builtIn: () => agents.agents.list({ limit: 2, includeArchived: true }),
      raw: () => agents.request({ method: "GET", path: "/v1/agents", query: { limit: 2, includeArchived: true } }),
    },
    {
      name: "agents.archive",
      error: agentsError,
      builtIn: () => agents.agents.archive("bc-1"),
      raw: () => agents.request({ method: "POST", path: "/v1/agents/bc-1/archive" }),
    },
    {
      name: "agents.unarchive",
      error: agentsError,
      builtIn: () => agents.agents.unarchive("bc-1"),
      raw: () => agents.request({ method: "POST", path: "/v1/agents/bc-1/unarchive" }),
    },
    {
      name: "agents.create with its own agentId",
      error: agentsError,
      builtIn: () =>
        agents.agents.create({ agentId: "bc-0a1b2c3d-0000-4000-8000-00000000abcd", prompt: { text: "x" } } as never),
      raw: () =>
        agents.request({
          method: "POST",
          path: "/v1/agents",
          body: { prompt: { text: "x" }, agentId: "bc-0a1b2c3d-0000-4000-8000-00000000abcd" },
        }),
    },
    {
      name: "runs.cancel",
      error: agentsError,
      builtIn: () => agents.runs.cancel("bc-1", "run-1"),
      raw: () => agents.request({ method: "POST", path: "/v1/agents/bc-1/runs/run-1/cancel" }),
    },
    {
      name: "admin members.list",
      error: adminError,
      builtIn: () => admin.members.list(),
      raw: () => admin.request({ method: "GET", path: "/teams/members" }),
    },
    {
      name: "organization members.list",
      error: adminError,
      builtIn: () => org.members.list(),
      raw: () => org.request({ method: "GET", path: "/organizations/members", query: { page: 1, pageSize: 100 } }),
    },
    {
      name: "forge user repo.get",
      error: forgeError,
      builtIn: () => forge.repo("acme", "widgets").get(),
      raw: () => forge.request({ method: "GET", path: "/repos/acme/widgets" }),
    },
    {
      name: "forge user repo.update",
      error: forgeError,
      builtIn: () => forge.repo("acme", "widgets").update({ defaultBranch: "main" }),
      raw: () => forge.request({ method: "PATCH", path: "/repos/acme/widgets", body: { defaultBranch: "main" } }),
    },
    {
      name: "forge installation repo.get",
      error: forgeError,
      builtIn: () => installation.repo("acme", "widgets").get(),
      raw: () => installation.request({ method: "GET", path: "/repos/acme/widgets" }),
    },
  ];
}

/** What reached the server, without what differs on every call by design (a fresh idempotency key, a JWT). */
function wire(request: Seen | undefined): string {
  if (!request) return "nothing";
  const { connection, "content-length": _length, ...headers } = request.headers;
  for (const fresh of ["idempotency-key", "x-request-id"]) if (headers[fresh]) headers[fresh] = "(set)";
  return JSON.stringify({ method: request.method, url: request.url, headers, body: request.body });
}

async function outcome(call: Call): Promise<string> {
  try {
    await call();
    return "ok";
  } catch (error) {
    const e = error as { constructor: { name: string }; status?: number; code?: unknown; message: string };
    return JSON.stringify({ class: e.constructor.name, status: e.status, code: e.code, message: e.message });
  }
}

const STATUSES = [400, 401, 403, 404, 409, 422, 429, 500, 503];

describe("request() against the built-in method, on a server written from the specs", () => {
  it("sweep: 11 operations × 9 error statuses: the same request on the wire, the same error, the same logs: 0 differences", async () => {
    const differences: string[] = [];
    let compared = 0;
    let logged = 0;
    for (const status of STATUSES) {
      for (const c of cases(0)) {
        const answer = { status, body: c.error(status), headers: { "retry-after": "1", "x-request-id": "req-1" } };
        const results: Array<[string, string, string]> = [];
        for (const call of [c.builtIn, c.raw]) {
          seen = [];
          logs = [];
          script = [answer];
          results.push([await outcome(call), wire(seen[0]), logs.join("\n")]);
          logged += logs.length;
        }
        const [[builtInError, builtInWire, builtInLogs], [rawError, rawWire, rawLogs]] = results as [
          [string, string, string],
          [string, string, string],
        ];
        compared++;
        if (builtInWire !== rawWire) differences.push(`${c.name} ${status} wire: ${builtInWire} vs ${rawWire}`);
        if (builtInError !== rawError) differences.push(`${c.name} ${status} error: ${builtInError} vs ${rawError}`);
        if (builtInLogs !== rawLogs) differences.push(`${c.name} ${status} logs: ${builtInLogs} vs ${rawLogs}`);
      }
    }
    expect(compared).toBe(99);
    expect(logged).toBeGreaterThan(99);
    expect(differences).toEqual([]);
  });

  it("sweep: 11 operations after a 503 then a 404: retried exactly when the built-in method is", async () => {
    const differences: string[] = [];
    for (const c of cases(2)) {
      const counts: number[] = [];
      for (const call of [c.builtIn, c.raw]) {
        seen = [];
        script = [
          { status: 503, body: c.error(503) },
          { status: 404, body: c.error(404) },
        ];
        await outcome(call);
        counts.push(seen.length);
      }
      if (counts[0] !== counts[1]) differences.push(`${c.name}: built-in sent ${counts[0]}, request() ${counts[1]}`);
    }
    expect(differences).toEqual([]);
  });
});
