// One test per sentence of spec/forge-api.md#check-run-semantics, named after the sentence it checks.
import { describe, expect, it } from "vitest";
import {
  applyBatch,
  applyPost,
  type CheckRunLedger,
  type CheckRunPost,
  createCheckRunLedger,
  currentRun,
  currentSuite,
  isCurrentAttempt,
  isPending,
  postApplies,
  readOutcome,
  rerequest,
  runsForCommit,
  runsForSuite,
} from "../../../src/forge/check-runs.js";
import { APP, at, BASE, ok, post, SHA } from "./check-run-fixtures.js";

/** Applies each [post, now, actor?] in order. */
function ledgerWith(steps: Array<[CheckRunPost, number, string?]>): CheckRunLedger {
  return steps.reduce(
    (ledger, [p, now, actor]) => ok(applyPost(ledger, p, { now: at(now), actor: actor ?? APP })).ledger,
    createCheckRunLedger(),
  );
}

const idOf = (ledger: CheckRunLedger, externalId: string, key = "lint") =>
  Object.values(ledger.runs).find((run) => run.externalId === externalId && run.key === key)?.id ?? "";

describe("check run semantics", () => {
  it("One suite attempt is an (actor, key, externalId) on a commit; one run attempt is a (suite, key, externalId).", () => {
    const ledger = ledgerWith([
      [post(), 1],
      [post(), 2, "app_2"], // another actor: another suite attempt
      [post({ sha: "b".repeat(40) }), 3], // another commit: another suite attempt
      [post({ suite: { key: "ci", externalId: "suite-2" } }), 4], // another externalId: another suite attempt
      [post({ key: "test" }), 5], // another run key in the first suite
    ]);
    expect(Object.keys(ledger.suites)).toHaveLength(4);
    expect(Object.keys(ledger.runs)).toHaveLength(5);
    const first = Object.values(ledger.runs).filter((run) => run.suiteId === Object.keys(ledger.suites)[0]);
    expect(first.map((run) => run.key).sort()).toEqual(["lint", "test"]);
  });

  it("Reusing an externalId updates in place; a new externalId starts a new attempt and keeps the old one readable by id.", () => {
    const ledger = ledgerWith([
      [post({ status: "queued" }), 1],
      [post({ status: "in_progress", externalUpdatedAt: at(1) }), 2],
    ]);
    expect(Object.keys(ledger.runs)).toHaveLength(1);
    const oldId = idOf(ledger, "run-1");
    const next = ok(
      applyPost(ledger, post({ externalId: "run-2", externalUpdatedAt: at(2) }), { now: at(3), actor: APP }),
    );
    expect(next.outcome).toBe("created");
    expect(next.run.id).not.toBe(oldId);
    expect(next.ledger.runs[oldId]).toMatchObject({ status: "in_progress", externalId: "run-1" });
    expect(currentRun(next.ledger, { sha: SHA, key: "lint" })?.id).toBe(next.run.id);
  });

  describe("Current suite attempt per (actor, key): the one whose runs carry the newest externalUpdatedAt (a suite without runs ranks by createdAt); ties break by suite createdAt, then id, newest first.", () => {
    const s1 = { key: "ci", externalId: "suite-1" };
    const s2 = { key: "ci", externalId: "suite-2" };

    it("the suite whose runs carry the newest externalUpdatedAt wins, even if created earlier", () => {
      const ledger = ledgerWith([
        [post({ suite: s1, externalUpdatedAt: at(50) }), 1],
        [post({ suite: s2, externalUpdatedAt: at(10) }), 2],
      ]);
      expect(currentSuite(ledger, { sha: SHA, actor: APP, key: "ci" })?.externalId).toBe("suite-1");
    });

    it("a suite without runs ranks by createdAt", () => {
      const withRuns = ledgerWith([[post({ suite: s1, externalUpdatedAt: at(10) }), 20]]);
      // An empty suite attempt (as left by a client's optimistic suite) created after the run's timestamp wins.
      const empty = {
        id: "cs_empty",
        sha: SHA,
        actor: APP,
        key: "ci",
        externalId: "suite-0",
        createdAt: at(30),
        updatedAt: at(30),
      };
      const ledger: CheckRunLedger = {
        ...withRuns,
        suites: { ...withRuns.suites, [empty.id]: empty },
        _instants: { ...withRuns._instants, [empty.id]: { createdAt: BASE + 30_000 } },
      };
      expect(currentSuite(ledger, { sha: SHA, actor: APP, key: "ci" })?.id).toBe("cs_empty");
      const older = { ...ledger, _instants: { ...ledger._instants, cs_empty: { createdAt: BASE + 5_000 } } };
      expect(currentSuite(older, { sha: SHA, actor: APP, key: "ci" })?.externalId).toBe("suite-1");
    });

    it("ties break by suite createdAt, newest first", () => {
      const ledger = ledgerWith([
        [post({ suite: s2, externalUpdatedAt: at(10) }), 5],
        [post({ suite: s1, externalUpdatedAt: at(10) }), 6],
      ]);
      expect(currentSuite(ledger, { sha: SHA, actor: APP, key: "ci" })?.externalId).toBe("suite-1");
    });

    it("then by id, newest first", () => {
      const ledger = ledgerWith([
        [post({ suite: s1, externalUpdatedAt: at(10) }), 5],
        [post({ suite: s2, externalUpdatedAt: at(10) }), 5],
      ]);
      expect(currentSuite(ledger, { sha: SHA, actor: APP, key: "ci" })?.externalId).toBe("suite-2");
    });

    it("per (actor, key): other actors and keys are separate", () => {
      const ledger = ledgerWith([
        [post({ suite: s1, externalUpdatedAt: at(10) }), 5],
        [post({ suite: s2, externalUpdatedAt: at(90) }), 50, "app_2"],
      ]);
      expect(currentSuite(ledger, { sha: SHA, actor: APP, key: "ci" })?.externalId).toBe("suite-1");
      expect(currentSuite(ledger, { sha: SHA, actor: "app_2", key: "ci" })?.externalId).toBe("suite-2");
      expect(currentSuite(ledger, { sha: SHA, actor: APP, key: "other" })).toBeUndefined();
    });
  });

  describe("Current run per key within it: newest externalUpdatedAt, ties by createdAt then id.", () => {
    it("newest externalUpdatedAt wins whatever the arrival order", () => {
      const ledger = ledgerWith([
        [post({ externalId: "r-new", externalUpdatedAt: at(20) }), 1],
        [post({ externalId: "r-old", externalUpdatedAt: at(10) }), 2],
      ]);
      expect(currentRun(ledger, { sha: SHA, key: "lint" })?.externalId).toBe("r-new");
    });

    it("ties by createdAt (newest first), then id", () => {
      const byCreated = ledgerWith([
        [post({ externalId: "r-b", externalUpdatedAt: at(10) }), 2],
        [post({ externalId: "r-a", externalUpdatedAt: at(10) }), 3],
      ]);
      expect(currentRun(byCreated, { sha: SHA, key: "lint" })?.externalId).toBe("r-a");
      const byId = ledgerWith([
        [post({ externalId: "r-a", externalUpdatedAt: at(10) }), 3],
        [post({ externalId: "r-b", externalUpdatedAt: at(10) }), 3],
      ]);
      expect(currentRun(byId, { sha: SHA, key: "lint" })?.externalId).toBe("r-b");
    });

    it("only within the current suite attempt, even when an older suite holds a newer run of that key", () => {
      const ledger = ledgerWith([
        [post({ suite: { key: "ci", externalId: "old" }, key: "lint", externalUpdatedAt: at(40) }), 1],
        [post({ suite: { key: "ci", externalId: "new" }, key: "test", externalUpdatedAt: at(50) }), 2],
      ]);
      expect(currentRun(ledger, { sha: SHA, key: "lint" })).toBeUndefined();
      expect(currentRun(ledger, { sha: SHA, key: "test", actor: APP })?.externalUpdatedAt).toBe(at(50));
    });

    it("timestamps compare as instants at millisecond precision, whatever the offset or digits", () => {
      const ledger = ledgerWith([
        [post({ externalId: "r-offset", externalUpdatedAt: "2025-01-01T13:00:10.5+01:00" }), 100],
        [post({ externalId: "r-micro", externalUpdatedAt: "2025-01-01T12:00:10.499999Z" }), 101],
      ]);
      expect(currentRun(ledger, { sha: SHA, key: "lint" })?.externalId).toBe("r-offset");
      expect(ledger.runs[idOf(ledger, "r-offset")]?.externalUpdatedAt).toBe("2025-01-01T13:00:10.5+01:00");
    });
  });

  it("Listing by suite applies only the second step.", () => {
    const old = { key: "ci", externalId: "old" };
    const ledger = ledgerWith([
      [post({ suite: old, externalId: "a1", externalUpdatedAt: at(1) }), 1],
      [post({ suite: old, externalId: "a2", externalUpdatedAt: at(2) }), 2],
      [post({ suite: old, key: "test", externalUpdatedAt: at(3) }), 3],
      [post({ suite: { key: "ci", externalId: "new" }, externalUpdatedAt: at(9) }), 4],
    ]);
    const oldSuite = Object.values(ledger.suites).find((suite) => suite.externalId === "old");
    expect(currentSuite(ledger, { sha: SHA, actor: APP, key: "ci" })?.externalId).toBe("new");
    // The old suite is not current, yet listing it still gives its current run per key.
    expect(runsForSuite(ledger, oldSuite?.id ?? "").map((run) => run.externalId)).toEqual(["a2", "run-1"]);
  });

  it("A re-requested run stays the current attempt and reads as pending.", () => {
    const ledger = ledgerWith([[post({ status: "completed", conclusion: "success", isRerequestable: true }), 1]]);
    const id = idOf(ledger, "run-1");
    expect(isPending(ledger.runs[id] ?? { status: "" })).toBe(false);
    const requested = ok(rerequest(ledger, id, { now: at(10), by: "user_1" })).ledger;
    expect(isCurrentAttempt(requested, id)).toBe(true);
    expect(currentRun(requested, { sha: SHA, key: "lint" })?.id).toBe(id);
    expect(isPending(requested.runs[id] ?? { status: "completed" })).toBe(true);
    expect(runsForCommit(requested, SHA, { status: "rerequested" }).map((run) => run.id)).toEqual([id]);
  });

  describe("A post applies when its externalUpdatedAt is at or after the stored value (raised to rerequestedAt while a re-request is outstanding).", () => {
    const ledger = ledgerWith([[post({ status: "in_progress", externalUpdatedAt: at(10) }), 20]]);
    it.each([
      [9, "ignored_stale"],
      [10, "updated"],
      [11, "updated"],
    ])("stored 10 s, posted %i s -> %s", (seconds, outcome) => {
      const p = post({ status: "in_progress", conclusion: "x", externalUpdatedAt: at(seconds) });
      expect(ok(applyPost(ledger, p, { now: at(30), actor: APP })).outcome).toBe(outcome);
    });

    it("raised to rerequestedAt while a re-request is outstanding", () => {
      const done = ledgerWith([[post({ status: "completed", isRerequestable: true, externalUpdatedAt: at(10) }), 20]]);
      const requested = ok(rerequest(done, idOf(done, "run-1"), { now: at(40), by: "user_1" })).ledger;
      const answer = (seconds: number) =>
        ok(
          applyPost(requested, post({ status: "in_progress", externalUpdatedAt: at(seconds) }), {
            now: at(50),
            actor: APP,
          }),
        );
      expect(answer(39).outcome).toBe("ignored_stale");
      expect(answer(40).outcome).toBe("updated");
      expect(answer(41).run.rerequestedAt).toBeUndefined();
    });
  });

  describe("Equal values apply, except that a queued or in_progress post cannot reopen a completed run at the same timestamp, and a post at exactly the stored timestamp is ignored while rerequestedAt is set.", () => {
    const done = ledgerWith([
      [post({ status: "completed", conclusion: "success", isRerequestable: true, externalUpdatedAt: at(10) }), 20],
    ]);

    it("equal values apply", () => {
      const result = ok(
        applyPost(done, post({ status: "completed", conclusion: "failure", externalUpdatedAt: at(10) }), {
          now: at(30),
          actor: APP,
        }),
      );
      expect(result.outcome).toBe("updated");
      expect(result.run.conclusion).toBe("failure");
    });

    it.each(["queued", "in_progress"])("a %s post cannot reopen a completed run at the same timestamp", (status) => {
      const result = ok(applyPost(done, post({ status, externalUpdatedAt: at(10) }), { now: at(30), actor: APP }));
      expect(result.outcome).toBe("ignored_stale");
      expect(result.run.status).toBe("completed");
    });

    it("a post at exactly the stored timestamp is ignored while rerequestedAt is set", () => {
      const requested = ok(rerequest(done, idOf(done, "run-1"), { now: at(5), by: "user_1" })).ledger;
      const repeat = post({
        status: "completed",
        conclusion: "success",
        isRerequestable: true,
        externalUpdatedAt: at(10),
      });
      const result = ok(applyPost(requested, repeat, { now: at(30), actor: APP }));
      expect(result.outcome).toBe("ignored_stale");
      expect(result.run.status).toBe("rerequested");
    });

    it("postApplies gives clients the same verdicts from wire strings", () => {
      const stored = { status: "completed", externalUpdatedAt: at(10), rerequestedAt: undefined };
      expect(postApplies(stored, { status: "in_progress", externalUpdatedAt: at(10) })).toBe(false);
      expect(postApplies(stored, { status: "completed", externalUpdatedAt: at(10) })).toBe(true);
      expect(postApplies({ ...stored, rerequestedAt: at(5) }, { status: "completed", externalUpdatedAt: at(10) })).toBe(
        false,
      );
    });
  });

  it("Stale posts return 200 with the stored run, outcome `ignored_stale`, and updatedAt unmoved.", () => {
    const ledger = ledgerWith([[post({ status: "in_progress", externalUpdatedAt: at(10) }), 20]]);
    const result = ok(
      applyPost(ledger, post({ status: "queued", externalUpdatedAt: at(5) }), { now: at(99), actor: APP }),
    );
    expect(result.outcome).toBe("ignored_stale");
    expect(result.run.updatedAt).toBe(at(20));
    expect(result.ledger.runs).toEqual(ledger.runs);
  });

  it("`outcome` values: created, updated, unchanged (post equals stored values, nothing written), ignored_stale.", () => {
    const p = post({ status: "completed", conclusion: "success", details: { name: "Lint", output: { lines: [1] } } });
    const created = ok(applyPost(createCheckRunLedger(), p, { now: at(20), actor: APP }));
    expect(created.outcome).toBe("created");
    const same = ok(
      applyPost(
        created.ledger,
        { ...p, details: { output: { lines: [1] }, name: "Lint" } },
        { now: at(30), actor: APP },
      ),
    );
    expect(same.outcome).toBe("unchanged");
    expect(same.run.updatedAt).toBe(at(20));
    expect(same.ledger.runs).toBe(created.ledger.runs);
    // The same instant written another way is the same value.
    const sameInstant = ok(
      applyPost(created.ledger, { ...p, externalUpdatedAt: "2025-01-01T13:00:00+01:00" }, { now: at(30), actor: APP }),
    );
    expect(sameInstant.outcome).toBe("unchanged");
    const changed = ok(
      applyPost(
        created.ledger,
        { ...p, details: { name: "Lint", output: { lines: [2] } } },
        { now: at(30), actor: APP },
      ),
    );
    expect(changed.outcome).toBe("updated");
    expect(changed.run.updatedAt).toBe(at(30));
    expect(
      ok(applyPost(created.ledger, { ...p, externalUpdatedAt: at(-1) }, { now: at(30), actor: APP })).outcome,
    ).toBe("ignored_stale");
  });

  it("Treat an unrecognized value as stored-run-returned, write status unknown.", () => {
    for (const known of ["created", "updated", "unchanged", "ignored_stale"]) expect(readOutcome(known)).toBe(known);
    for (const other of ["merged", "", undefined, null, 3, "CREATED"]) expect(readOutcome(other)).toBe("unknown");
  });

  it("In a batch each run is judged separately and a stale run does not fail the batch.", () => {
    const ledger = ledgerWith([[post({ key: "lint", status: "in_progress", externalUpdatedAt: at(10) }), 20]]);
    const result = ok(
      applyBatch(
        ledger,
        [
          post({ key: "test" }),
          post({ key: "lint", status: "queued", externalUpdatedAt: at(5) }),
          post({ key: "lint", status: "completed", conclusion: "success", externalUpdatedAt: at(11) }),
          post({ key: "lint", status: "completed", conclusion: "success", externalUpdatedAt: at(11) }),
        ],
        { now: at(30), actor: APP },
      ),
    );
    expect(result.results.map((r) => r.outcome)).toEqual(["created", "ignored_stale", "updated", "unchanged"]);
    expect(result.results.map((r) => r.run.key)).toEqual(["test", "lint", "lint", "lint"]);
    expect(result.results[1]?.run.status).toBe("in_progress");
    expect(currentRun(result.ledger, { sha: SHA, key: "lint" })?.conclusion).toBe("success");
  });

  it("In a batch, a post that breaks the rules refuses the whole batch and is named by index (nothing written)", () => {
    const result = applyBatch(createCheckRunLedger(), [post(), post({ status: "rerequested" })], {
      now: at(30),
      actor: APP,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.issues[0]?.path).toBe("[1].status");
  });

  it("A run declared `isRerequestable` commits the app to answering each re-request with a new run for the same head SHA and key.", () => {
    let ledger = ledgerWith([[post({ status: "completed", conclusion: "failure", isRerequestable: true }), 1]]);
    for (const [round, externalId] of ["run-2", "run-3"].entries()) {
      const current = currentRun(ledger, { sha: SHA, key: "lint" });
      ledger = ok(rerequest(ledger, current?.id ?? "", { now: at(100 * (round + 1)), by: "user_1" })).ledger;
      const answer = post({
        externalId,
        status: "completed",
        conclusion: "success",
        isRerequestable: true,
        externalUpdatedAt: at(100 * (round + 1) + 1),
      });
      ledger = ok(applyPost(ledger, answer, { now: at(100 * (round + 1) + 2), actor: APP })).ledger;
      expect(currentRun(ledger, { sha: SHA, key: "lint" })).toMatchObject({ externalId, status: "completed" });
    }
    expect(Object.values(ledger.runs).filter((run) => run.rerequestedAt !== undefined)).toEqual([]);
  });

  it("commit listing returns only latest attempts, filtered by checkName (exact) and status", () => {
    const ledger = ledgerWith([
      [post({ key: "lint", externalId: "a1", externalUpdatedAt: at(1) }), 1],
      [post({ key: "lint", externalId: "a2", status: "completed", externalUpdatedAt: at(2) }), 2],
      [post({ key: "test", status: "in_progress", externalUpdatedAt: at(3) }), 3],
      [post({ key: "lint", sha: "b".repeat(40) }), 4],
    ]);
    expect(runsForCommit(ledger, SHA).map((run) => run.externalId)).toEqual(["a2", "run-1"]);
    expect(runsForCommit(ledger, SHA, { checkName: "lint" }).map((run) => run.externalId)).toEqual(["a2"]);
    expect(runsForCommit(ledger, SHA, { checkName: "Lint" })).toEqual([]);
    expect(runsForCommit(ledger, SHA, { status: "in_progress" }).map((run) => run.key)).toEqual(["test"]);
  });
});
