import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/errors.js";
import { type CheckRunPost, ForgeClient } from "../../../src/forge/index.js";
import { startCheckRunForge } from "./check-run-spec-server.js";

// What goes on the wire for a check-run post, and how a batch answer is paired with the posts, against forges
// written from the spec (check-run-spec-server.ts, and a bare fetch answering crafted bodies).

const NOW = Date.UTC(2025, 5, 1, 12);
const iso = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
let forge: Awaited<ReturnType<typeof startCheckRunForge>>;
beforeAll(async () => {
  forge = await startCheckRunForge(() => NOW);
});
afterAll(() => forge.close());
beforeEach(() => forge.reset());

const repo = () =>
  new ForgeClient({ token: "oit_abc", baseUrl: forge.origin, maxRetries: 0, now: () => NOW }).repo("acme", "web");

const post = (key: string, overrides: Partial<CheckRunPost> = {}): CheckRunPost => ({
  sha: "b".repeat(40),
  suite: { key: "ci", externalId: "pipeline-1" },
  key,
  externalId: "attempt-1",
  status: "completed",
  conclusion: "success",
  externalUpdatedAt: iso(-1000),
  ...overrides,
});

describe("the wire body of a post", () => {
  it("sends the model's uninterpreted `details` as the post's own fields, never as a nested `details`", async () => {
    const details = { name: "Lint", output: { title: "No problems", summary: "**0** findings" } };
    await repo().checkRuns.post(post("lint", { details }));
    await repo().checkRuns.batchUpsert([post("a", { details }), post("b", { details: { name: "Tests" } })]);
    const bodies = [
      forge.requests[0]?.body,
      ...((forge.requests[1]?.body as { checkRuns?: unknown[] } | undefined)?.checkRuns ?? []),
    ] as Array<Record<string, unknown>>;
    const wrong = bodies.filter((body) => "details" in body || typeof body.name !== "string");
    expect(wrong).toEqual([]);
    expect(bodies.map((body) => body.name)).toEqual(["Lint", "Lint", "Tests"]);
    expect(bodies[0]?.output).toEqual(details.output);
    // The forge stored the name as posted.
    expect(forge.runs().map((run) => run.fields.name)).toEqual(["Lint", "Lint", "Tests"]);
  });

  it("takes extra fields top-level too (typed), and the model's own fields win over a same-named detail", async () => {
    await repo().checkRuns.post({ ...post("lint"), name: "Lint", details: { status: "queued", title: "t" } });
    const body = forge.requests[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: "Lint", title: "t", status: "completed", key: "lint" });
    expect("details" in body).toBe(false);
  });
});

describe("pairing a batch answer with its posts", () => {
  const posts = [post("a"), post("b"), post("c")];
  const answer = (keys: string[]) => async () =>
    new Response(
      JSON.stringify({
        results: keys.map((key, i) => ({
          checkRun: { id: `cr_${i}`, key, externalId: "attempt-1", status: "completed" },
          outcome: "created",
        })),
      }),
      { status: 200, headers: { "content-type": "application/json" } },
    );
  const client = (fetch: typeof globalThis.fetch) =>
    new ForgeClient({ token: "oit_abc", baseUrl: "https://forge.example", maxRetries: 0, fetch, now: () => NOW }).repo(
      "acme",
      "web",
    );

  it("accepts results in request order, and refuses reordered results as a response error", async () => {
    const ok = await client(answer(["a", "b", "c"])).checkRuns.batchUpsert(posts);
    expect(ok.results.map((result) => result.checkRun.key)).toEqual(["a", "b", "c"]);
    const wrong: string[] = [];
    for (const keys of [
      ["c", "b", "a"],
      ["b", "a", "c"],
      ["a", "c", "b"],
      ["b", "c"],
    ]) {
      const error = await client(answer(keys))
        .checkRuns.batchUpsert(posts)
        .then(
          () => undefined,
          (caught: unknown) => caught,
        );
      if (!(error instanceof ValidationError) || error.direction !== "response") wrong.push(`${keys}: ${error}`);
    }
    expect(wrong).toEqual([]);
  });
});
