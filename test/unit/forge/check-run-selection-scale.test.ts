import { describe, expect, it } from "vitest";
import {
  applyBatch,
  type CheckRunPost,
  createCheckRunLedger,
  currentRun,
  currentSuite,
  runsForCommit,
} from "../../../src/forge/check-runs.js";

// Selecting the latest attempts on a busy commit: 1,000 suite keys, each with an older and a newer suite attempt of
// 10 runs (20,000 runs). Every listing of a commit (the fake forge answers List Check Runs For Commit with it) must be
// one pass, not one pass per suite (before, 1,000 suites × 10 runs took ~14 s per listing). This checks what the
// listing chooses at that scale; no time is asserted (speed belongs to benchmarks).

const NOW = Date.UTC(2025, 0, 1, 12);
const iso = (ms: number) => new Date(ms).toISOString();
const SHA = "d".repeat(40);
const SUITES = 1000;

function attempt(externalId: string, at: number): CheckRunPost[] {
  return Array.from({ length: SUITES * 10 }, (_, i) => ({
    sha: SHA,
    suite: { key: `suite-${Math.floor(i / 10)}`, externalId },
    key: `job-${i % 10}`,
    externalId: `${externalId}-run`,
    status: externalId === "old" ? "completed" : "in_progress",
    externalUpdatedAt: iso(at),
  }));
}

describe("check-run selection at scale", () => {
  it("lists the current attempt of 1,000 suites × 10 runs in one pass, choosing the newer suite attempt", () => {
    const older = applyBatch(createCheckRunLedger(), attempt("old", NOW - 60_000), { now: NOW, actor: "app_1" });
    if (!older.ok) throw new Error(older.error.message);
    const newer = applyBatch(older.ledger, attempt("new", NOW - 1000), { now: NOW + 1, actor: "app_1" });
    if (!newer.ok) throw new Error(newer.error.message);
    expect(Object.keys(newer.ledger.runs)).toHaveLength(20_000);

    const runs = runsForCommit(newer.ledger, SHA);
    const filtered = runsForCommit(newer.ledger, SHA, { checkName: "job-3", status: "in_progress" });

    expect(runs).toHaveLength(SUITES * 10);
    expect(runs.filter((run) => run.externalId !== "new-run" || run.status !== "in_progress")).toEqual([]);
    expect(filtered).toHaveLength(SUITES);
    expect(new Set(runs.map((run) => run.id)).size).toBe(SUITES * 10);
    expect(currentSuite(newer.ledger, { sha: SHA, actor: "app_1", key: "suite-999" })?.externalId).toBe("new");
    expect(currentRun(newer.ledger, { sha: SHA, key: "job-9", suiteKey: "suite-0" })?.externalId).toBe("new-run");
  }, 60_000);
});
