// A 429 is the forge's rate limit only when it says so (`Retry-After`, `X-RateLimit-*`); the same status also means
// ResourceExhausted (a check run already holding 100 annotations, spec: Checks). That one fails its call only: the
// principal's points budget is not blocked, and a non-idempotent append is not sent again.
import { describe, expect, it } from "vitest";
import { RateLimitError } from "../../../src/core/errors.js";
import { ForgeApp } from "../../../src/forge/index.js";
import { MINI_BASE_URL, miniForge, rpcError } from "./mini-forge.js";

const APPEND = "POST /repos/acme/widgets/check-runs/cr_1/annotations";
const READ = "GET /repos/acme/widgets/anything";
const ANNOTATION = { path: "a.ts", startLine: 1, endLine: 1, annotationLevel: "warning", message: "m" } as const;

async function setup(append: ReturnType<typeof rpcError>) {
  const logged: Array<{ level: string; event: string; operation: string }> = [];
  const record = (level: string) => (_message: string, fields: { event: string; operation: string }) =>
    logged.push({ level, event: fields.event, operation: fields.operation });
  const logger = { debug: record("debug"), info: record("info"), warn: record("warn"), error: record("error") };
  let now = Date.parse("2026-11-21T12:00:00Z");
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
    now += ms;
  };
  const forge = await miniForge({
    now: () => now,
    routes: { [APPEND]: append, [READ]: { status: 200, body: {} } },
  });
  const app = new ForgeApp({
    appId: "app_1",
    privateKey: forge.keys.privateKey,
    baseUrl: MINI_BASE_URL,
    fetch: forge.fetch,
    now: () => now,
    sleep,
    random: () => 0.5,
    logger,
  });
  const installation = app.installation("inst_1");
  return { forge, waits, logged, installation, repo: installation.repo("acme", "widgets") };
}

describe("a 429 that is not a rate limit", () => {
  it("fails the append once, sent once, and leaves the points budget open", async () => {
    const { forge, waits, logged, installation, repo } = await setup(
      rpcError(429, 8, "check run already holds 100 annotations"),
    );
    const error = await repo.checkRuns.appendAnnotations("cr_1", [ANNOTATION]).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(forge.count(APPEND)).toBe(1);
    // Its end is logged like any final failure, once, and no retry is announced.
    const appends = logged.filter((entry) => entry.operation === "checkRuns.appendAnnotations");
    expect(appends.map((entry) => entry.event)).toEqual(["failure"]);
    waits.length = 0;
    await installation.request({ method: "GET", path: "/repos/acme/widgets/anything" });
    expect(waits).toEqual([]);
  });

  it("a real rate limit (Retry-After and X-RateLimit-*) still blocks the budget", async () => {
    const { waits, installation, repo } = await setup(
      rpcError(429, 8, "rate limited", {
        "retry-after": "30",
        "x-ratelimit-limit": "3000",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-resource": "core",
      }),
    );
    await expect(repo.checkRuns.appendAnnotations("cr_1", [ANNOTATION], { maxRetries: 0 })).rejects.toBeInstanceOf(
      RateLimitError,
    );
    waits.length = 0;
    await installation.request({ method: "GET", path: "/repos/acme/widgets/anything" });
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(29_000);
  });
});
