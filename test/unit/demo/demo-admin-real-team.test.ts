// `npm run demo -- admin` against "a real team" (AGENTLINE_BASE_URL + AGENTLINE_ADMIN_KEY): a node:http server written
// from the Admin API spec, with a few hundred audit events in 90 days and the spec's 20 requests a minute on the
// audit-log and daily-usage routes. A new user's report must come back in seconds (not after many minutes of
// rate-budget waits on tiny pages), never hit a 429, never print the key, and count every event.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDemo } from "./run-demo.js";
import { type SpecAdminServer, startSpecAdminServer } from "./spec-admin-server.js";

const KEY = "team-admin-key-0123456789abcdef";
const EVENTS = 300;
let server: SpecAdminServer;

beforeAll(async () => {
  server = await startSpecAdminServer(KEY, EVENTS);
});
afterAll(async () => {
  await server?.close();
});

describe("npm run demo -- admin against a real team", () => {
  it("prints the whole report within 40 s, without a 429 and without the key", async () => {
    const run = await runDemo(["admin"], { AGENTLINE_BASE_URL: server.url, AGENTLINE_ADMIN_KEY: KEY }, 40_000);
    const problems: string[] = [];
    if (run.hung)
      problems.push(`still running after 40 s (${server.counts.get("GET /teams/audit-logs")} audit-log requests)`);
    else if (run.code !== 0) problems.push(`exit code ${run.code}: ${run.stderr.slice(0, 400)}`);
    for (const line of ["members: 12 active", "top 5 spenders", "90-day usage:", `${EVENTS} events; most common:`])
      if (!run.hung && !run.stdout.includes(line)) problems.push(`no "${line}" in the report`);
    if (server.refused > 0) problems.push(`${server.refused} requests answered 429`);
    if (`${run.stdout}${run.stderr}`.includes(KEY)) problems.push("printed the key");
    expect(problems).toEqual([]);
  }, 60_000);
});
