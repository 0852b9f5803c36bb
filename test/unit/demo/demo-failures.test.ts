// What a new user sees when `npm run demo` cannot do its job: a wrong or unreachable AGENTLINE_BASE_URL, a wrong key
// (401, also when the service echoes the key back), a mistyped variant or page. Each run must end (no hang) with a
// non-zero exit code and one clear `demo failed: …` line: no stack trace of internals, never the key.
// The services here are small node:http servers written from the spec, not the SDK's fake.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDemo } from "./run-demo.js";
import { type SpecServer, startSpecServer } from "./spec-agents-server.js";

const KEY = "sk-live-0123456789abcdef-secret";
const WRONG = "sk-live-wrong-key-fedcba987654";

let agents: SpecServer;
let echo: { url: string; server: Server };
let closedPort = "";
let site: { url: string; server: Server };
let site200: { url: string; server: Server };

/** Refuses every request with 401 and repeats the credentials it got in the message (as a careless service might). */
async function startEchoingRefuser(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const auth = req.headers.authorization ?? "";
    const decoded = auth.startsWith("Basic ") ? Buffer.from(auth.slice(6), "base64").toString("utf8") : auth;
    const message = `Invalid API key: ${decoded}`;
    res.writeHead(401, { "content-type": "application/json" });
    // Cloud Agents body for /v1 paths, the Admin API's `{error}` for the others.
    const body = req.url?.startsWith("/v1/") ? { error: { code: "unauthorized", message } } : { error: message };
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A web site, not the API: every path answers the same HTML page with `status`. */
async function startWebSite(status: number): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(status, { "content-type": "text/html" });
    res.end("<!doctype html><title>Example</title><h1>Welcome</h1>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

beforeAll(async () => {
  agents = await startSpecServer({ apiKey: KEY });
  site = await startWebSite(404);
  site200 = await startWebSite(200);
  echo = await startEchoingRefuser();
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = String((probe.address() as AddressInfo).port);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});

afterAll(async () => {
  await agents?.close();
  for (const s of [echo, site, site200])
    await new Promise<void>((resolve) => (s ? s.server.close(() => resolve()) : resolve()));
});

interface Case {
  name: string;
  args: string[];
  env: () => Record<string, string>;
  /** Text the one error line must contain (what tells the user what to fix). */
  says: RegExp;
  secret?: string;
}

const cases: Case[] = [
  {
    name: "unreachable base URL",
    args: [],
    env: () => ({ AGENTLINE_BASE_URL: `http://127.0.0.1:${closedPort}`, AGENTLINE_API_KEY: KEY }),
    says: /ConnectionError.*ECONNREFUSED/,
    secret: KEY,
  },
  {
    name: "wrong key (401)",
    args: [],
    env: () => ({ AGENTLINE_BASE_URL: agents.url, AGENTLINE_API_KEY: WRONG }),
    says: /AuthenticationError.*401/,
    secret: WRONG,
  },
  {
    name: "wrong key, echoed back by the service",
    args: [],
    env: () => ({ AGENTLINE_BASE_URL: echo.url, AGENTLINE_API_KEY: WRONG }),
    says: /401/,
    secret: WRONG,
  },
  {
    name: "base URL of a web site (HTML 404)",
    args: [],
    env: () => ({ AGENTLINE_BASE_URL: site.url, AGENTLINE_API_KEY: KEY }),
    says: /404/,
    secret: KEY,
  },
  {
    name: "base URL of a web site (HTML 200)",
    args: [],
    env: () => ({ AGENTLINE_BASE_URL: site200.url, AGENTLINE_API_KEY: KEY }),
    says: /not valid JSON.*not the API/,
    secret: KEY,
  },
  {
    name: "base URL that is not a URL",
    args: [],
    env: () => ({ AGENTLINE_BASE_URL: "api.example.com", AGENTLINE_API_KEY: KEY }),
    says: /AGENTLINE_BASE_URL/,
    secret: KEY,
  },
  {
    name: "admin: wrong admin key, echoed back",
    args: ["admin"],
    env: () => ({ AGENTLINE_BASE_URL: echo.url, AGENTLINE_ADMIN_KEY: WRONG }),
    says: /401/,
    secret: WRONG,
  },
  { name: "mistyped variant", args: ["adminn"], env: () => ({}), says: /unknown variant "adminn".*admin.*page/ },
  { name: "unknown page framework", args: ["page", "angular"], env: () => ({}), says: /unknown page "angular".*react/ },
];

describe("npm run demo: failure modes a new user hits", () => {
  it(`ends each of ${cases.length} failures with a clear message, a non-zero exit code, no stack trace and no key`, async () => {
    const failures: string[] = [];
    for (const c of cases) {
      const run = await runDemo(c.args, c.env());
      const output = `${run.stdout}\n${run.stderr}`;
      const problems: string[] = [];
      if (run.hung) problems.push("did not end within 45 s");
      if (run.code === 0) problems.push("exit code 0");
      const line = run.stderr.split("\n").find((l) => l.startsWith("demo failed:"));
      if (!line) problems.push("no `demo failed:` line on stderr");
      else if (!c.says.test(line)) problems.push(`the message does not match ${c.says}: ${line}`);
      if (/^\s+at .+[:(]/m.test(output)) problems.push("prints a stack trace");
      if (c.secret && output.includes(c.secret)) problems.push("prints the key");
      if (problems.length > 0) failures.push(`${c.name}: ${problems.join("; ")}\n${run.stderr.slice(0, 600)}`);
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
