// Batch Upsert answers `results[]` in request order, one per post (spec: Code Forge API § Operations known by behavior
// only). An answer with fewer or more results than posts cannot be paired with them: some run's outcome would be
// missing or another's. It is a response ValidationError naming `results`, never a short list handed on as complete.
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/errors.js";
import { ForgeClient } from "../../../src/forge/index.js";

const SHA = "b".repeat(40);
const post = (i: number) => ({
  sha: SHA,
  suite: { key: "ci", externalId: "build-1" },
  key: `job-${i}`,
  externalId: `job-${i}-1`,
  status: "in_progress",
  externalUpdatedAt: new Date(Date.now() - 1000).toISOString(),
});

/** Answers each batch with one result per post, then drops or adds `skew` results. */
function forgeAnswering(skew: number) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const { checkRuns } = (await new Request(input, init).json()) as {
      checkRuns: Array<{ key: string; externalId: string; status: string }>;
    };
    const results = checkRuns.map((p, i) => ({
      outcome: "created",
      checkRun: { id: `cr_${i}`, key: p.key, externalId: p.externalId, status: p.status },
    }));
    if (skew < 0) results.splice(skew);
    for (let i = 0; i < skew; i++) results.push({ ...(results[0] as (typeof results)[number]) });
    return Response.json({ results });
  };
}

describe("checkRuns.batchUpsert: one result per post", () => {
  for (const skew of [-3, -1, 0, 1, 2]) {
    it(`${skew === 0 ? "as many results as posts: resolves" : `${Math.abs(skew)} result(s) ${skew < 0 ? "short" : "extra"}: refused`}`, async () => {
      const forge = new ForgeClient({
        token: "utok_test",
        baseUrl: "https://forge.example",
        fetch: forgeAnswering(skew),
      });
      const outcome = await forge
        .repo("acme", "widgets")
        .checkRuns.batchUpsert(Array.from({ length: 5 }, (_, i) => post(i)) as never)
        .then(
          (answer) => answer,
          (error: unknown) => error,
        );
      if (skew === 0) {
        expect((outcome as { results: unknown[] }).results).toHaveLength(5);
        return;
      }
      expect(outcome).toBeInstanceOf(ValidationError);
      expect((outcome as ValidationError).direction).toBe("response");
      expect((outcome as ValidationError).issues.map((issue) => `${issue.path}:${issue.rule}`)).toEqual([
        "results:count",
      ]);
    });
  }
});
