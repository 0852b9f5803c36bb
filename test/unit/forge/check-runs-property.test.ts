// Order of arrival does not decide the stored run: the post with the greatest externalUpdatedAt does, with ties
// settled by the spec's rules (spec/forge-api.md#check-run-semantics).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyPost,
  type CheckRunAttempt,
  type CheckRunLedger,
  type CheckRunPost,
  createCheckRunLedger,
} from "../../../src/forge/check-runs.js";

const BASE = Date.UTC(2025, 0, 1, 12);
const at = (millis: number) => new Date(BASE + millis).toISOString();
const NOW = at(60_000);

interface Draft {
  status: "queued" | "in_progress" | "completed";
  conclusion: "success" | "failure" | undefined;
  millis: number;
  mark: number;
}

const draft = (maxMillis: number) =>
  fc.record({
    status: fc.constantFrom("queued" as const, "in_progress" as const, "completed" as const),
    conclusion: fc.constantFrom("success" as const, "failure" as const, undefined),
    millis: fc.integer({ min: 0, max: maxMillis }),
    mark: fc.integer({ min: 0, max: 1_000_000 }),
  });

function toPost(d: Draft): CheckRunPost {
  return {
    sha: "c".repeat(40),
    suite: { key: "ci", externalId: "suite-1" },
    key: "build",
    externalId: "run-1",
    status: d.status,
    conclusion: d.conclusion,
    externalUpdatedAt: at(d.millis),
    details: { mark: d.mark },
  };
}

/** Applies drafts in arrival order; checks on the way that non-writes leave the runs untouched. */
function arrive(drafts: readonly Draft[]): CheckRunAttempt {
  let ledger: CheckRunLedger = createCheckRunLedger();
  for (const d of drafts) {
    const result = applyPost(ledger, toPost(d), { now: NOW, actor: "app_1" });
    if (!result.ok) throw new Error(result.error.message);
    if (result.outcome === "ignored_stale" || result.outcome === "unchanged") {
      expect(result.ledger.runs).toBe(ledger.runs);
    }
    ledger = result.ledger;
  }
  const runs = Object.values(ledger.runs);
  expect(runs).toHaveLength(1);
  return runs[0] as CheckRunAttempt;
}

function expectStoredAs(run: CheckRunAttempt, d: Draft): void {
  expect({
    status: run.status,
    conclusion: run.conclusion,
    externalUpdatedAt: run.externalUpdatedAt,
    details: run.details,
  }).toEqual({
    status: d.status,
    conclusion: d.conclusion,
    externalUpdatedAt: at(d.millis),
    details: { mark: d.mark },
  });
}

/** The documented tie rule among posts sharing the greatest timestamp, in arrival order. */
function expectedWinner(drafts: readonly Draft[]): Draft {
  const top = Math.max(...drafts.map((d) => d.millis));
  const tied = drafts.filter((d) => d.millis === top);
  let winner = tied[0] as Draft;
  for (const d of tied.slice(1)) {
    const reopens = winner.status === "completed" && (d.status === "queued" || d.status === "in_progress");
    if (!reopens) winner = d;
  }
  return winner;
}

describe("check-run ordering (property)", () => {
  it("with distinct timestamps, every arrival order stores the post with the greatest externalUpdatedAt", () => {
    const drafts = fc.uniqueArray(draft(50_000), { minLength: 1, maxLength: 8, selector: (d) => d.millis });
    const withOrders = drafts.chain((list) =>
      fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length })),
    );
    fc.assert(
      fc.property(withOrders, ([list, shuffled]) => {
        const greatest = list.reduce((a, b) => (b.millis > a.millis ? b : a));
        const first = arrive(list);
        const second = arrive(shuffled);
        expectStoredAs(first, greatest);
        expectStoredAs(second, greatest);
      }),
      { numRuns: 300 },
    );
  });

  it("with ties, the greatest timestamp wins and equal values apply, except queued/in_progress over completed", () => {
    // Few distinct timestamps, so ties are common.
    fc.assert(
      fc.property(fc.array(draft(3), { minLength: 1, maxLength: 10 }), (list) => {
        expectStoredAs(arrive(list), expectedWinner(list));
      }),
      { numRuns: 500 },
    );
  });

  it("with ties, the final state is independent of arrival order among posts that all complete", () => {
    const completed = draft(3).map((d) => ({
      ...d,
      status: "completed" as const,
      conclusion: "success" as const,
      mark: 0,
    }));
    fc.assert(
      fc.property(
        fc
          .array(completed, { minLength: 1, maxLength: 8 })
          .chain((list) =>
            fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length })),
          ),
        ([list, shuffled]) => {
          const a = arrive(list);
          const b = arrive(shuffled);
          expect(a.externalUpdatedAt).toBe(b.externalUpdatedAt);
          expect(a.status).toBe(b.status);
        },
      ),
    );
  });
});
