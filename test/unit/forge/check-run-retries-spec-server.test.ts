import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AgentlineError, ConnectionError } from "../../../src/core/errors.js";
import { type CheckRunPost, ForgeClient, postApplies } from "../../../src/forge/index.js";
import { specMillis, startCheckRunForge } from "./check-run-spec-server.js";

// Lost answers, out-of-order posts and large batches against an independent forge written from the spec
// (check-run-spec-server.ts): a retried batch upsert duplicates nothing, an annotation append is never repeated,
// stale posts come back as the stored run, and 1,000 runs in one call keep their order.

const NOW = Date.UTC(2025, 5, 1, 12);
const iso = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
let forge: Awaited<ReturnType<typeof startCheckRunForge>>;
beforeAll(async () => {
  forge = await startCheckRunForge(() => NOW);
});
afterAll(() => forge.close());
beforeEach(() => forge.reset());

const repo = (maxRetries = 2) =>
  new ForgeClient({ token: "oit_abc", baseUrl: forge.origin, maxRetries, now: () => NOW }).repo("acme", "web");

function post(overrides: Record<string, unknown> = {}): CheckRunPost {
  return {
    sha: "f".repeat(40),
    suite: { key: "ci", externalId: "pipeline-1" },
    key: "build",
    externalId: "attempt-1",
    status: "in_progress",
    externalUpdatedAt: iso(-1000),
    ...overrides,
  } as CheckRunPost;
}
const batch = (count: number, overrides: Record<string, unknown> = {}) =>
  Array.from({ length: count }, (_, i) => post({ key: `job-${i}`, ...overrides }));

function duplicates(): string[] {
  const seen = new Map<string, number>();
  for (const run of forge.runs()) {
    const { sha, suite, key, externalId } = run.fields as Record<string, unknown>;
    const identity = JSON.stringify([sha, suite, key, externalId]);
    seen.set(identity, (seen.get(identity) ?? 0) + 1);
  }
  return [...seen].filter(([, count]) => count > 1).map(([identity]) => identity);
}

describe("a lost answer, retried", () => {
  it("a batch upsert applied once and answered on the retry: nothing duplicated, results in request order", async () => {
    forge.dropNextAnswer("POST /check-runs:batchUpsert");
    const posts = batch(50);
    const result = await repo().checkRuns.batchUpsert(posts);
    expect(forge.requests.filter((r) => r.path === "/check-runs:batchUpsert")).toHaveLength(2);
    expect(duplicates()).toEqual([]);
    expect(forge.runs()).toHaveLength(50);
    const misordered = result.results.filter((entry, i) => entry.checkRun.key !== `job-${i}`);
    expect(misordered).toEqual([]);
    // The forge applied the first attempt: the retry reads as unchanged, never as a second creation.
    expect(result.results.filter((entry) => entry.outcome !== "unchanged")).toEqual([]);
  });

  it("a single post applied once and answered on the retry is one run", async () => {
    forge.dropNextAnswer("POST /check-runs");
    const result = await repo().checkRuns.post(post({ status: "completed", conclusion: "success" }));
    expect(result.outcome).toBe("unchanged");
    expect(forge.runs()).toHaveLength(1);
  });

  it("an annotation append whose answer is lost is not repeated: the caller is told, the run holds one copy", async () => {
    const created = await repo().checkRuns.post(post());
    forge.dropNextAnswer("POST /check-runs/{id}/annotations");
    const items = Array.from({ length: 25 }, (_, i) => ({ message: `line ${i}`, rawDetails: "plain" }));
    const error = await repo(5)
      .checkRuns.appendAnnotations(created.checkRun.id, items)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(ConnectionError);
    expect(forge.requests.filter((r) => r.path.endsWith("/annotations"))).toHaveLength(1);
    expect(forge.annotationsOf(created.checkRun.id)).toHaveLength(25);
  });

  it("the 100-annotation cap: the fifth append of 25 is refused by the forge (429) and not retried", async () => {
    const created = await repo().checkRuns.post(post());
    const items = Array.from({ length: 25 }, (_, i) => ({ message: `m${i}` }));
    for (let round = 0; round < 4; round += 1) await repo().checkRuns.appendAnnotations(created.checkRun.id, items);
    forge.requests.length = 0;
    const error = await repo(5)
      .checkRuns.appendAnnotations(created.checkRun.id, [{ message: "one more" }])
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(AgentlineError);
    expect((error as { status?: number }).status).toBe(429);
    expect(forge.requests).toHaveLength(1);
    expect(forge.annotationsOf(created.checkRun.id)).toHaveLength(100);
  });
});

describe("out-of-order posts and forbidden transitions", () => {
  it("postApplies agrees with the spec's ordering rule over every status pair and timestamp step", () => {
    // The spec: applies when at or after the stored externalUpdatedAt (raised to rerequestedAt while one is
    // outstanding); equal applies, except queued/in_progress over completed, and except exactly the stored
    // timestamp while rerequestedAt is set. Compared at millisecond precision.
    const expected = (
      stored: string,
      at: number,
      rerequestedAt: number | undefined,
      status: string,
      posted: number,
    ) => {
      if (rerequestedAt !== undefined) return posted >= Math.max(at, rerequestedAt) && posted !== at;
      if (posted !== at) return posted > at;
      return !(stored === "completed" && status !== "completed");
    };
    const storedAt = "2025-06-01T11:00:00.000Z";
    const spellings = (ms: number) => [
      new Date(ms).toISOString(),
      new Date(ms).toISOString().replace(/Z$/, "999Z"), // sub-millisecond digits are truncated
      new Date(ms + 3_600_000).toISOString().replace(/Z$/, "+01:00"),
    ];
    const wrong: string[] = [];
    let count = 0;
    const base = specMillis(storedAt);
    for (const stored of ["queued", "in_progress", "completed", "rerequested"])
      for (const rerequested of stored === "rerequested" ? [base, base + 5] : [undefined])
        for (const status of ["queued", "in_progress", "completed"])
          for (const step of [-1, 0, 1, 5, 6])
            for (const spelled of spellings(base + step)) {
              const storedRun = {
                status: stored,
                externalUpdatedAt: storedAt,
                rerequestedAt: rerequested === undefined ? undefined : new Date(rerequested).toISOString(),
              };
              const got = postApplies(storedRun, { status, externalUpdatedAt: spelled });
              const want = expected(stored, base, rerequested, status, base + step);
              count += 1;
              if (got !== want) wrong.push(`${stored}/${rerequested ?? "-"} <- ${status} @${spelled}: ${got}`);
            }
    expect(wrong).toEqual([]);
    expect(count).toBe(3 * 1 * 3 * 5 * 3 + 1 * 2 * 3 * 5 * 3);
  });

  it("an older post after a newer one comes back as ignored_stale with the stored run, not as an error", async () => {
    const client = repo();
    await client.checkRuns.post(post({ status: "completed", conclusion: "success", externalUpdatedAt: iso(-1000) }));
    const wrong: string[] = [];
    for (const [status, at, outcome] of [
      ["in_progress", iso(-1001), "ignored_stale"],
      ["in_progress", iso(-1000), "ignored_stale"], // completed → in_progress at the same timestamp
      ["queued", iso(-1000), "ignored_stale"],
      ["completed", iso(-1000), "unchanged"],
    ] as const) {
      const extra = status === "completed" ? { conclusion: "success" } : {};
      const result = await client.checkRuns.post(post({ status, externalUpdatedAt: at, ...extra }));
      if (result.outcome !== outcome || result.checkRun.status !== "completed")
        wrong.push(`${status}@${at}: ${result.outcome} ${result.checkRun.status}`);
    }
    // A newer post may reopen a completed run.
    const reopened = await client.checkRuns.post(post({ status: "in_progress", externalUpdatedAt: iso(-999) }));
    if (reopened.outcome !== "updated" || reopened.checkRun.status !== "in_progress") wrong.push("reopen refused");
    expect(wrong).toEqual([]);
    expect(forge.runs()).toHaveLength(1);
  });
});

describe("large inputs", () => {
  it("1,000 runs in one call: one request, every run once, results in request order, in seconds", async () => {
    const started = performance.now();
    const result = await repo().checkRuns.batchUpsert(batch(1000, { status: "queued" }));
    const elapsed = performance.now() - started;
    const sent = forge.requests.filter((r) => r.path === "/check-runs:batchUpsert");
    expect(sent).toHaveLength(1);
    const body = sent[0]?.body as { checkRuns: Array<{ key: string }> };
    expect(body.checkRuns.map((each) => each.key)).toEqual(Array.from({ length: 1000 }, (_, i) => `job-${i}`));
    expect(result.results.filter((entry, i) => entry.checkRun.key !== `job-${i}`)).toEqual([]);
    expect(duplicates()).toEqual([]);
    expect(elapsed).toBeLessThan(10_000);
  });

  it("10,000 annotations in one append are refused before the network, naming the 25 limit", async () => {
    const items = Array.from({ length: 10_000 }, (_, i) => ({ message: `m${i}` }));
    const error = await repo()
      .checkRuns.appendAnnotations("cr_1", items)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(AgentlineError);
    expect(String((error as Error).message)).toMatch(/annotations[\s\S]*25/);
    expect(forge.requests).toEqual([]);
  });
});
