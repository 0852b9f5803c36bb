// Ctrl-C in the middle of `npm run demo`'s run stream, on the fake and on a "real" service (a node:http server from
// the spec whose run never ends): the demo must stop within seconds with exit code 130 and one line saying it was
// interrupted (and, on a real service, that the run it started goes on there), with no stack trace and no key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDemo } from "./run-demo.js";
import { type SpecServer, startSpecServer } from "./spec-agents-server.js";

const KEY = "sk-live-0123456789abcdef-secret";
let server: SpecServer;
beforeAll(async () => {
  server = await startSpecServer({ apiKey: KEY, stream: "hang" });
});
afterAll(async () => {
  await server?.close();
});

describe("npm run demo: Ctrl-C mid-stream", () => {
  it("stops with exit code 130 and says so, on the fake and on a real service", async () => {
    const cases: { name: string; env: Record<string, string>; says: RegExp }[] = [
      { name: "fake", env: {}, says: /interrupted/ },
      {
        name: "real",
        env: { AGENTLINE_BASE_URL: server.url, AGENTLINE_API_KEY: KEY },
        says: /interrupted.*goes on at the service/,
      },
    ];
    const failures: string[] = [];
    for (const c of cases) {
      const run = await runDemo([], c.env, 20_000, /run RUNNING/);
      const problems: string[] = [];
      if (!run.interrupted) problems.push("never reached the stream");
      if (run.hung) problems.push("still running 20 s after Ctrl-C");
      if (run.code !== 130) problems.push(`exit code ${run.code} (signal ${run.signal})`);
      if (!c.says.test(run.stderr)) problems.push(`stderr does not match ${c.says}: ${JSON.stringify(run.stderr)}`);
      if (/^\s+at .+[:(]/m.test(run.stderr)) problems.push("prints a stack trace");
      if (`${run.stdout}${run.stderr}`.includes(KEY)) problems.push("prints the key");
      if (problems.length > 0) failures.push(`${c.name}: ${problems.join("; ")}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
