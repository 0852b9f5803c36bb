// `npm run demo` against a "real" service (AGENTLINE_BASE_URL + AGENTLINE_API_KEY): a node:http server written from
// the Cloud Agents spec, not the SDK's fake. The README says the base URL is the origin without /v1; a user will
// also paste it with a trailing slash or with /v1. Each form must reach the same /v1 paths, run the demo to its
// end (created, streamed to the result, listed) and never print the key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsDemo, type DemoOutput } from "../../../scripts/demo-agents.js";
import { type SpecServer, startSpecServer } from "./spec-agents-server.js";

const KEY = "sk-live-0123456789abcdef-secret";
const SPEC_PATHS = [/^\/v1\/agents$/, /^\/v1\/agents\/bc-[0-9a-f-]{36}\/runs\/run-[0-9a-f-]{36}\/stream$/];

let server: SpecServer;
beforeAll(async () => {
  server = await startSpecServer({ apiKey: KEY });
});
afterAll(async () => {
  await server?.close();
});

function capture(): DemoOutput & { text: () => string } {
  let text = "";
  return {
    stamp: () => "+t",
    say: (line) => {
      text += `${line}\n`;
    },
    write: (chunk) => {
      text += chunk;
    },
    text: () => text,
  };
}

describe("npm run demo against a real service", () => {
  it("runs to its end for each form of AGENTLINE_BASE_URL, on the spec's paths, without printing the key", async () => {
    const forms = (origin: string) => [origin, `${origin}/`, `${origin}/v1`, `${origin}/v1/`];
    const failures: string[] = [];
    for (const baseUrl of forms(server.url)) {
      server.requests.length = 0;
      const out = capture();
      try {
        await agentsDemo({ AGENTLINE_BASE_URL: baseUrl, AGENTLINE_API_KEY: KEY }, out);
      } catch (error) {
        failures.push(`${baseUrl}: threw ${String(error)}`);
        continue;
      }
      const text = out.text();
      const expected = [
        `using the service at ${baseUrl}`,
        "created agent bc-",
        "run RUNNING",
        "assistant: Working on it.",
        "✓ read_file README.md — done",
        "result (FINISHED, 1200 ms): All done.",
        "agents page 1: agentline demo [ACTIVE]",
        "done",
      ];
      for (const line of expected) if (!text.includes(line)) failures.push(`${baseUrl}: no "${line}" in output`);
      if (text.includes(KEY)) failures.push(`${baseUrl}: printed the key`);
      for (const r of server.requests) {
        if (!SPEC_PATHS.some((p) => p.test(r.path))) failures.push(`${baseUrl}: ${r.method} ${r.path} is off the spec`);
        if (r.authorization !== `Bearer ${KEY}`) failures.push(`${baseUrl}: ${r.method} ${r.path} without the key`);
      }
      // Created, streamed, then listed (one list page per two agents: each form adds one to the server).
      const methods = server.requests.map((r) => `${r.method} ${r.path.endsWith("/stream") ? "stream" : r.path}`);
      if (methods.slice(0, 3).join(", ") !== "POST /v1/agents, GET stream, GET /v1/agents")
        failures.push(`${baseUrl}: requests ${methods.join(", ")}`);
    }
    expect(failures).toEqual([]);
  });

  it("says which variable is missing when only one of the two is set, and uses the fake", async () => {
    const failures: string[] = [];
    const halves: [Record<string, string>, string][] = [
      [{ AGENTLINE_BASE_URL: server.url }, "AGENTLINE_API_KEY is not set"],
      [{ AGENTLINE_API_KEY: KEY }, "AGENTLINE_BASE_URL is not set"],
    ];
    for (const [env, note] of halves) {
      server.requests.length = 0;
      const out = capture();
      await agentsDemo(env, out);
      const first = out.text().split("\n")[0] ?? "";
      if (!first.includes("fake service listening") || !first.includes(note))
        failures.push(`${Object.keys(env).join()}: first line ${JSON.stringify(first)}`);
      if (out.text().includes(KEY)) failures.push(`${Object.keys(env).join()}: printed the key`);
      if (server.requests.length > 0) failures.push(`${Object.keys(env).join()}: called the real service`);
    }
    expect(failures).toEqual([]);
  }, 30_000);

  it("says when it waits on a 429 before retrying, instead of sitting silent", async () => {
    const throttling = await startSpecServer({ apiKey: KEY, throttleCreates: 2 });
    try {
      const out = capture();
      await agentsDemo({ AGENTLINE_BASE_URL: throttling.url, AGENTLINE_API_KEY: KEY }, out);
      const text = out.text();
      const waits = text.split("\n").filter((line) => /429/.test(line) && /retry/i.test(line));
      expect({ waits: waits.length, key: text.includes(KEY), done: text.includes("result (FINISHED") }).toEqual({
        waits: 2,
        key: false,
        done: true,
      });
    } finally {
      await throttling.close();
    }
  }, 30_000);
});
