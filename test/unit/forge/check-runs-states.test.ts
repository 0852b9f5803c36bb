// Walks every row of the spec's check-run state table (spec/forge-api.md#states-and-transitions).
import { describe, expect, it } from "vitest";
import {
  applyPost,
  type CheckRunLedger,
  type CheckRunPost,
  createCheckRunLedger,
  expireDeadlines,
  type LedgerRefusal,
  rerequest,
} from "../../../src/forge/check-runs.js";
import { APP, at, ok, post, SHA } from "./check-run-fixtures.js";

function refused(result: { ok: true } | LedgerRefusal): LedgerRefusal["error"] {
  if (result.ok) throw new Error("expected a refusal");
  return result.error;
}

/** Applies posts in order at `now` and returns the ledger. */
function ledgerWith(posts: CheckRunPost[], now = at(100)): CheckRunLedger {
  return posts.reduce((ledger, p) => ok(applyPost(ledger, p, { now, actor: APP })).ledger, createCheckRunLedger());
}

const completedRerequestable = post({
  status: "completed",
  conclusion: "failure",
  startedAt: at(-20),
  completedAt: at(-5),
  isRerequestable: true,
});

describe("check run state table", () => {
  it("(none) + post with new (suite, key, externalId) -> as posted, outcome created", () => {
    const result = ok(applyPost(createCheckRunLedger(), post({ status: "in_progress" }), { now: at(1), actor: APP }));
    expect(result.outcome).toBe("created");
    expect(result.run).toMatchObject({ status: "in_progress", key: "lint", externalId: "run-1", sha: SHA });
    expect(result.run).toMatchObject({ externalUpdatedAt: at(0), createdAt: at(1), updatedAt: at(1), actor: APP });
    expect(result.run.isRerequestable).toBe(false);
    expect(result.suite).toMatchObject({ key: "ci", externalId: "suite-1", sha: SHA, actor: APP });
    expect(result.ledger.runs[result.run.id]).toBe(result.run);
  });

  it.each([
    ["newer", at(10)],
    ["equal", at(0)],
  ])("any + post with %s externalUpdatedAt, not stale -> as posted, outcome updated", (_, timestamp) => {
    const ledger = ledgerWith([post({ status: "queued" })]);
    const result = ok(
      applyPost(ledger, post({ status: "in_progress", externalUpdatedAt: timestamp }), { now: at(200), actor: APP }),
    );
    expect(result.outcome).toBe("updated");
    expect(result.run).toMatchObject({ status: "in_progress", externalUpdatedAt: timestamp, updatedAt: at(200) });
    expect(result.run.createdAt).toBe(at(100));
  });

  it("any + newer post: a newer value may reopen a completed run", () => {
    const ledger = ledgerWith([post({ status: "completed", conclusion: "success", completedAt: at(0) })]);
    const result = ok(
      applyPost(ledger, post({ status: "in_progress", externalUpdatedAt: at(1) }), { now: at(200), actor: APP }),
    );
    expect(result.outcome).toBe("updated");
    expect(result.run.status).toBe("in_progress");
    // "as posted": fields the reopening post leaves out are cleared.
    expect(result.run.conclusion).toBeUndefined();
    expect(result.run.completedAt).toBeUndefined();
  });

  it("in_progress + deadlineAt passes -> completed, timed_out; sets completedAt if absent, clears deadlineAt, externalUpdatedAt unchanged", () => {
    const ledger = ledgerWith([post({ status: "in_progress", deadlineAt: at(500), externalUpdatedAt: at(5) })]);
    const before = expireDeadlines(ledger, at(500));
    expect(before.expired).toEqual([]);
    expect(before.ledger).toBe(ledger);

    const { ledger: after, expired } = expireDeadlines(ledger, at(501));
    expect(expired).toHaveLength(1);
    const [run] = expired;
    expect(run).toMatchObject({ status: "completed", conclusion: "timed_out", completedAt: at(501) });
    expect(run).toMatchObject({ externalUpdatedAt: at(5), updatedAt: at(501) });
    expect(run).not.toHaveProperty("deadlineAt");
    expect(after.runs[run?.id ?? ""]).toEqual(run);
    // Delivered once: a second sweep finds nothing left to expire.
    expect(expireDeadlines(after, at(9999)).expired).toEqual([]);
  });

  it("in_progress + deadlineAt passes: a completedAt already posted is kept", () => {
    const ledger = ledgerWith([
      post({ status: "in_progress", deadlineAt: at(500), completedAt: at(50), startedAt: at(1) }),
    ]);
    expect(expireDeadlines(ledger, at(600)).expired[0]?.completedAt).toBe(at(50));
  });

  it("in_progress timed out: the app's repeated in_progress post at the same timestamp cannot reopen it", () => {
    const ledger = ledgerWith([post({ status: "in_progress", deadlineAt: at(500), externalUpdatedAt: at(5) })]);
    const swept = expireDeadlines(ledger, at(600)).ledger;
    const again = post({ status: "in_progress", deadlineAt: at(500), externalUpdatedAt: at(5) });
    const result = ok(applyPost(swept, again, { now: at(600), actor: APP }));
    expect(result.outcome).toBe("ignored_stale");
    expect(result.run.conclusion).toBe("timed_out");
  });

  describe("completed + Rerequest Check Run", () => {
    const ledger = ledgerWith([completedRerequestable]);
    const runId = Object.keys(ledger.runs)[0] ?? "";

    it("-> rerequested; conclusion and timings still describe the old attempt; rerequestedAt and rerequestedBy set", () => {
      const result = ok(rerequest(ledger, runId, { now: at(300), by: "user_1", openPullRequestHeads: [SHA] }));
      expect(result.outcome).toBe("rerequested");
      expect(result.run).toMatchObject({
        status: "rerequested",
        conclusion: "failure",
        startedAt: at(-20),
        completedAt: at(-5),
        externalUpdatedAt: at(0),
        rerequestedAt: at(300),
        rerequestedBy: "user_1",
      });
      expect(result.ledger.runs[runId]).toEqual(result.run);
    });

    it("condition: the run is isRerequestable", () => {
      const plain = ledgerWith([{ ...completedRerequestable, isRerequestable: false }]);
      const id = Object.keys(plain.runs)[0] ?? "";
      expect(refused(rerequest(plain, id, { now: at(300), by: "user_1" }))).toMatchObject({
        kind: "FailedPrecondition",
        status: 400,
      });
    });

    it("condition: the run is the current attempt for its key", () => {
      const newer = ledgerWith([
        completedRerequestable,
        { ...completedRerequestable, externalId: "run-2", externalUpdatedAt: at(1) },
      ]);
      const old = Object.values(newer.runs).find((run) => run.externalId === "run-1")?.id ?? "";
      expect(refused(rerequest(newer, old, { now: at(300), by: "user_1" })).kind).toBe("FailedPrecondition");
    });

    it("condition: the run is on the current head of an open pull request", () => {
      const error = refused(
        rerequest(ledger, runId, { now: at(300), by: "user_1", openPullRequestHeads: ["b".repeat(40)] }),
      );
      expect(error).toMatchObject({ kind: "FailedPrecondition", status: 400 });
      expect(refused(rerequest(ledger, runId, { now: at(300), by: "user_1", openPullRequestHeads: [] })).kind).toBe(
        "FailedPrecondition",
      );
    });

    it("condition: the run is completed", () => {
      const running = ledgerWith([{ ...completedRerequestable, status: "in_progress" }]);
      const id = Object.keys(running.runs)[0] ?? "";
      expect(refused(rerequest(running, id, { now: at(300), by: "user_1" })).kind).toBe("FailedPrecondition");
    });

    it("an unknown run id is NotFound (404)", () => {
      expect(refused(rerequest(ledger, "cr_nope", { now: at(300), by: "user_1" }))).toMatchObject({
        kind: "NotFound",
        status: 404,
      });
    });
  });

  describe("rerequested + owning app posts a fresh run for the same head SHA and key", () => {
    const base = ledgerWith([completedRerequestable]);
    const oldId = Object.keys(base.runs)[0] ?? "";
    const requested = ok(rerequest(base, oldId, { now: at(300), by: "user_1" })).ledger;

    it("new externalId -> status as posted; clears rerequestedAt; can be re-requested again", () => {
      const fresh = { ...completedRerequestable, externalId: "run-2", status: "queued", externalUpdatedAt: at(301) };
      const { conclusion: _c, completedAt: _d, startedAt: _s, ...queued } = fresh;
      const result = ok(applyPost(requested, queued, { now: at(302), actor: APP }));
      expect(result.outcome).toBe("created");
      expect(result.run.status).toBe("queued");
      const old = result.ledger.runs[oldId];
      expect(old?.rerequestedAt).toBeUndefined();
      // The old attempt reads as what it was: completed with its conclusion, still readable by id.
      expect(old).toMatchObject({ status: "completed", conclusion: "failure" });

      const done = ok(
        applyPost(
          result.ledger,
          { ...fresh, status: "completed", conclusion: "success", externalUpdatedAt: at(310) },
          { now: at(311), actor: APP },
        ),
      );
      const again = ok(rerequest(done.ledger, done.run.id, { now: at(320), by: "user_2" }));
      expect(again.run).toMatchObject({ status: "rerequested", rerequestedAt: at(320), rerequestedBy: "user_2" });
    });

    it("update with newer externalUpdatedAt -> status as posted; clears rerequestedAt; can be re-requested again", () => {
      const answer = { ...completedRerequestable, status: "in_progress", externalUpdatedAt: at(301) };
      const result = ok(applyPost(requested, answer, { now: at(302), actor: APP }));
      expect(result.outcome).toBe("updated");
      expect(result.run.status).toBe("in_progress");
      expect(result.run.rerequestedAt).toBeUndefined();
      const done = ok(
        applyPost(
          result.ledger,
          { ...answer, status: "completed", externalUpdatedAt: at(305) },
          { now: at(306), actor: APP },
        ),
      );
      expect(ok(rerequest(done.ledger, oldId, { now: at(310), by: "user_1" })).run.status).toBe("rerequested");
    });
  });

  it("queued + deadline passes -> unchanged: queued runs and runs without deadlineAt never expire", () => {
    const ledger = ledgerWith([
      post({ status: "queued", deadlineAt: at(200) }),
      post({ key: "test", status: "in_progress" }),
    ]);
    const result = expireDeadlines(ledger, at(100_000));
    expect(result.expired).toEqual([]);
    expect(result.ledger).toBe(ledger);
  });

  it("stale posts return 200 with the stored run and outcome ignored_stale", () => {
    const ledger = ledgerWith([post({ status: "in_progress", externalUpdatedAt: at(10) })]);
    const result = ok(
      applyPost(ledger, post({ status: "queued", externalUpdatedAt: at(9) }), { now: at(200), actor: APP }),
    );
    expect(result.outcome).toBe("ignored_stale");
    expect(result.run).toBe(Object.values(ledger.runs)[0]);
  });

  it("a second re-request while one is outstanding returns AlreadyExists (409)", () => {
    const ledger = ledgerWith([completedRerequestable]);
    const id = Object.keys(ledger.runs)[0] ?? "";
    const once = ok(rerequest(ledger, id, { now: at(300), by: "user_1" }));
    expect(refused(rerequest(once.ledger, id, { now: at(301), by: "user_2" }))).toMatchObject({
      kind: "AlreadyExists",
      status: 409,
    });
  });

  it("only the forge sets rerequested; posting it returns InvalidArgument (400)", () => {
    const ledger = ledgerWith([post()]);
    const error = refused(
      applyPost(ledger, post({ status: "rerequested", externalUpdatedAt: at(50) }), { now: at(100), actor: APP }),
    );
    expect(error).toMatchObject({ kind: "InvalidArgument", status: 400 });
    expect(error.issues).toEqual([expect.objectContaining({ path: "status", rule: "forge_only" })]);
  });
});
