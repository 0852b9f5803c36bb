import { describe, expect, it } from "vitest";
import {
  applyBatch,
  applyPost,
  type CheckRunPost,
  createCheckRunLedger,
  expireDeadlines,
  runsForSuite,
} from "../../../src/forge/check-runs.js";

// Large inputs through the check-run ledger (the model the fake forge and the reactive replica share): a batch of
// 10,000 runs must be judged in request order, without duplicates, and a repeat must write nothing. No time is
// asserted (speed belongs to benchmarks); the quadratic ledger this replaced took ~136 s here, past the test's timeout.
// Before the ledger wrote through a working copy, every post copied the whole ledger: 10,000 runs took ~136 s.

const NOW = Date.UTC(2025, 0, 1, 12);
const iso = (ms: number) => new Date(ms).toISOString();
const SHA = "c".repeat(40);

function posts(count: number, overrides: Partial<CheckRunPost> = {}): CheckRunPost[] {
  return Array.from({ length: count }, (_, index) => ({
    sha: SHA,
    suite: { key: "ci", externalId: "pipeline-1" },
    key: `job-${index}`,
    externalId: "attempt-1",
    status: "in_progress",
    externalUpdatedAt: iso(NOW - 1000),
    deadlineAt: iso(NOW + 60_000),
    ...overrides,
  }));
}

describe("check-run ledger at scale", () => {
  it("judges 10,000 runs in one batch in request order, and a repeat writes nothing", () => {
    const batch = posts(10_000);
    const first = applyBatch(createCheckRunLedger(), batch, { now: NOW, actor: "app_1" });
    if (!first.ok) throw new Error(first.error.message);
    const wrong: string[] = [];
    first.results.forEach((result, index) => {
      if (result.run.key !== `job-${index}` || result.outcome !== "created") wrong.push(`${index}: ${result.run.key}`);
    });
    expect(wrong).toEqual([]);
    expect(new Set(first.results.map((result) => result.run.id)).size).toBe(10_000);
    expect(Object.keys(first.ledger.suites)).toHaveLength(1);
    expect(Object.keys(first.ledger.runs)).toHaveLength(10_000);

    // The same batch again (a retry whose first answer was lost): all unchanged, nothing added or rewritten.
    const again = applyBatch(first.ledger, batch, { now: NOW + 5000, actor: "app_1" });
    if (!again.ok) throw new Error(again.error.message);
    expect(again.results.filter((result) => result.outcome !== "unchanged")).toEqual([]);
    expect(again.ledger).toBe(first.ledger);
    expect(runsForSuite(again.ledger, first.results[0]?.suite.id ?? "")).toHaveLength(10_000);

    // Then every run completed by a newer post: 10,000 updated, still 10,000 runs.
    const done = posts(10_000, { status: "completed", conclusion: "success", externalUpdatedAt: iso(NOW) });
    const closed = applyBatch(again.ledger, done, { now: NOW + 6000, actor: "app_1" });
    if (!closed.ok) throw new Error(closed.error.message);
    expect(closed.results.filter((result) => result.outcome !== "updated")).toEqual([]);
    expect(Object.values(closed.ledger.runs).filter((run) => run.status !== "completed")).toEqual([]);
  }, 60_000);

  it("leaves the ledger it was given untouched (results are new records)", () => {
    const start = applyBatch(createCheckRunLedger(), posts(3), { now: NOW, actor: "app_1" });
    if (!start.ok) throw new Error(start.error.message);
    const snapshot = JSON.stringify(start.ledger);
    const next = applyPost(start.ledger, { ...posts(4)[3], externalId: "attempt-2" } as CheckRunPost, {
      now: NOW,
      actor: "app_1",
    });
    const batch = applyBatch(start.ledger, posts(5, { externalUpdatedAt: iso(NOW) }), { now: NOW, actor: "app_1" });
    expect(next.ok && batch.ok).toBe(true);
    expect(JSON.stringify(start.ledger)).toBe(snapshot);
    if (batch.ok) expect(Object.keys(batch.ledger.runs)).toHaveLength(5);
  });

  it("refuses a sparse batch (a hole is no post), naming the hole, and writes nothing", () => {
    const sparse: CheckRunPost[] = posts(3);
    delete sparse[1];
    const result = applyBatch(createCheckRunLedger(), sparse, { now: NOW, actor: "app_1" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.issues.map((issue) => issue.path)).toEqual(["[1]"]);
  });

  it("expires 10,000 overdue runs in one sweep", () => {
    const start = applyBatch(createCheckRunLedger(), posts(10_000), { now: NOW, actor: "app_1" });
    if (!start.ok) throw new Error(start.error.message);
    const swept = expireDeadlines(start.ledger, NOW + 120_000);
    expect(swept.expired).toHaveLength(10_000);
    const wrong = Object.values(swept.ledger.runs).filter(
      (run) => run.status !== "completed" || run.conclusion !== "timed_out" || run.deadlineAt !== undefined,
    );
    expect(wrong).toEqual([]);
    // Nothing overdue: the same ledger back, no copy.
    expect(expireDeadlines(swept.ledger, NOW + 240_000).ledger).toBe(swept.ledger);
  }, 60_000);
});
