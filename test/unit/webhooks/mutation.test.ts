import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Mutation, mutationFixture, runMutationProperty } from "./mutations.js";

describe("tampered deliveries (fast-check)", () => {
  it("accepts the genuine delivery under any header casing, as a Request or as a header record", async () => {
    const fixture = await mutationFixture();
    await fc.assert(
      fc.asyncProperty(fixture.casing, fc.boolean(), async (casing, asRecord) =>
        fixture.accepts(casing(fixture.original), asRecord),
      ),
      { numRuns: 50 },
    );
  });

  it("accepts none of 300 single tamperings of body, id, timestamp, signature, unsigned headers or duplication", async () => {
    const tried = await runMutationProperty(300);
    expect(tried).toBe(300);
  });

  it("keeps forged traffic from driving key-set fetches", async () => {
    const fixture = await mutationFixture();
    for (let i = 0; i < 200; i++) {
      const [mutation] = fc.sample(fixture.mutation, { numRuns: 1, seed: i });
      expect(await fixture.accepts((mutation as Mutation).apply(fixture.original), false)).toBe(false);
    }
    // The first fetch, then at most one refresh on a miss (the fake clock stands still: one cooldown).
    expect(fixture.keyFetches()).toBeLessThanOrEqual(2);
  });
});
