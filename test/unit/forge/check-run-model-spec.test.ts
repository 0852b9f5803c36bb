import { describe, expect, it } from "vitest";
import {
  applyPost,
  type CheckRunLedger,
  type CheckRunPost,
  createCheckRunLedger,
  expireDeadlines,
  isPending,
  postApplies,
  rerequest,
  runsForCommit,
} from "../../../src/forge/check-runs.js";

// An independent reading of the spec's check-run state table (States and transitions; Check run semantics),
// compared with the SDK's ledger over random sequences of posts, deadline sweeps and re-requests.

interface RefRun {
  externalId: string;
  status: string;
  conclusion?: string | undefined;
  eua: number;
  createdAt: number;
  completedAt?: number | undefined;
  deadlineAt?: number | undefined;
  rerequestedAt?: number | undefined;
  isRerequestable: boolean;
}

const SHA = "c".repeat(40);
const T0 = Date.parse("2026-01-01T00:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();

function rng(seed: number) {
  let state = seed >>> 0 || 1;
  return (n: number) => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state % n;
  };
}

/** The spec's ordering rule for a post to an existing attempt. */
function refApplies(run: RefRun, status: string, posted: number): boolean {
  if (run.rerequestedAt !== undefined) return posted >= Math.max(run.eua, run.rerequestedAt) && posted !== run.eua;
  if (posted > run.eua) return true;
  if (posted < run.eua) return false;
  return !(run.status === "completed" && (status === "queued" || status === "in_progress"));
}

function current(runs: Map<string, RefRun>): RefRun | undefined {
  let best: RefRun | undefined;
  for (const run of runs.values()) {
    if (!best || run.eua > best.eua || (run.eua === best.eua && run.createdAt > best.createdAt)) best = run;
  }
  return best;
}

describe("check-run ledger against an independent reading of the state table", () => {
  it("agrees on every outcome, status, conclusion and timestamp over random sequences", () => {
    const failures: string[] = [];
    const seen = new Map<string, number>();
    const count = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
    let steps = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const next = rng(seed);
      let ledger: CheckRunLedger = createCheckRunLedger();
      const ref = new Map<string, RefRun>();
      const ids = new Map<string, string>(); // externalId -> ledger run id
      let now = T0 + 10 * 60_000;
      for (let step = 0; step < 25; step++) {
        steps++;
        now += 1000 + next(3) * 1000;
        const where = `seed ${seed} step ${step}`;
        const kind = next(10);
        if (kind < 6) {
          const externalId = ["e1", "e2", "e3"][next(3)] as string;
          const status = ["queued", "in_progress", "completed"][next(3)] as string;
          // A small set of timestamps so equal values are common.
          const eua = T0 + next(8) * 60_000;
          const post: CheckRunPost = {
            sha: SHA,
            suite: { key: "ci", externalId: "s1" },
            key: "build",
            externalId,
            status,
            externalUpdatedAt: iso(eua),
            ...(status === "completed" ? { conclusion: ["success", "failure"][next(2)], completedAt: iso(eua) } : {}),
            ...(status === "in_progress" && next(2) === 0 ? { deadlineAt: iso(now + next(3) * 5000) } : {}),
            isRerequestable: next(4) !== 0,
          };
          const result = applyPost(ledger, post, { now, actor: "app_1" });
          if (!result.ok) {
            failures.push(`${where}: post refused ${result.error.message}`);
            continue;
          }
          const stored = ref.get(externalId);
          let expected: string;
          if (!stored) {
            expected = "created";
            for (const other of ref.values()) other.rerequestedAt = undefined; // a fresh run answers a re-request
            ref.set(externalId, {
              externalId,
              status,
              conclusion: post.conclusion,
              eua,
              createdAt: now,
              completedAt: post.completedAt ? Date.parse(post.completedAt) : undefined,
              deadlineAt: post.deadlineAt ? Date.parse(post.deadlineAt) : undefined,
              isRerequestable: post.isRerequestable ?? false,
            });
            ids.set(externalId, result.run.id);
          } else {
            // The public helper must agree with the ledger's judgement for a run read from the wire.
            const helper = postApplies(
              result.outcome === "ignored_stale"
                ? result.run
                : {
                    status: stored.rerequestedAt !== undefined ? "rerequested" : stored.status,
                    externalUpdatedAt: iso(stored.eua),
                    rerequestedAt: stored.rerequestedAt === undefined ? undefined : iso(stored.rerequestedAt),
                  },
              post,
            );
            const applies = refApplies(stored, status, eua);
            if (helper !== applies) failures.push(`${where}: postApplies ${helper}, spec ${applies}`);
            if (!applies) expected = "ignored_stale";
            else {
              const same =
                stored.rerequestedAt === undefined &&
                stored.status === status &&
                stored.conclusion === post.conclusion &&
                stored.eua === eua &&
                stored.deadlineAt === (post.deadlineAt ? Date.parse(post.deadlineAt) : undefined) &&
                stored.completedAt === (post.completedAt ? Date.parse(post.completedAt) : undefined) &&
                stored.isRerequestable === (post.isRerequestable ?? false);
              expected = same ? "unchanged" : "updated";
              Object.assign(stored, {
                status,
                conclusion: post.conclusion,
                eua,
                completedAt: post.completedAt ? Date.parse(post.completedAt) : undefined,
                deadlineAt: post.deadlineAt ? Date.parse(post.deadlineAt) : undefined,
                rerequestedAt: undefined,
                isRerequestable: post.isRerequestable ?? false,
              });
            }
          }
          count(result.outcome);
          if (result.outcome !== expected)
            failures.push(`${where}: ${externalId} outcome ${result.outcome}, spec ${expected}`);
          ledger = result.ledger;
        } else if (kind < 8) {
          const swept = expireDeadlines(ledger, now);
          let expected = 0;
          for (const run of ref.values()) {
            if (
              run.status === "in_progress" &&
              run.rerequestedAt === undefined &&
              run.deadlineAt !== undefined &&
              now > run.deadlineAt
            ) {
              expected++;
              run.status = "completed";
              run.conclusion = "timed_out";
              run.completedAt ??= now;
              run.deadlineAt = undefined;
            }
          }
          if (expected > 0) count("timed_out");
          if (swept.expired.length !== expected)
            failures.push(`${where}: swept ${swept.expired.length}, spec ${expected}`);
          ledger = swept.ledger;
        } else {
          const externalId = ["e1", "e2", "e3"][next(3)] as string;
          const run = ref.get(externalId);
          const id = ids.get(externalId);
          if (!run || !id) continue;
          const result = rerequest(ledger, id, { now, by: "user_1" });
          let expected: string;
          if (run.rerequestedAt !== undefined) expected = "AlreadyExists";
          else if (!run.isRerequestable || current(ref) !== run || run.status !== "completed")
            expected = "FailedPrecondition";
          else expected = "rerequested";
          const got = result.ok ? result.outcome : result.error.kind;
          count(got);
          if (got !== expected) failures.push(`${where}: rerequest ${externalId} ${got}, spec ${expected}`);
          if (result.ok) {
            ledger = result.ledger;
            if (expected === "rerequested") run.rerequestedAt = now;
          }
        }
        // Compare every attempt's state, and the pending reading of the current one.
        for (const [externalId, run] of ref) {
          const got = ledger.runs[ids.get(externalId) ?? ""];
          if (!got) {
            failures.push(`${where}: ${externalId} missing`);
            continue;
          }
          const wantStatus = run.rerequestedAt !== undefined ? "rerequested" : run.status;
          const problems: string[] = [];
          if (run.rerequestedAt !== undefined && got.status !== "rerequested") problems.push(`status ${got.status}`);
          if (run.rerequestedAt === undefined && got.rerequestedAt !== undefined) problems.push("rerequestedAt kept");
          if (run.rerequestedAt === undefined && got.status !== wantStatus && got.status !== "completed")
            problems.push(`status ${got.status} want ${wantStatus}`);
          if (got.conclusion !== run.conclusion) problems.push(`conclusion ${got.conclusion} want ${run.conclusion}`);
          if (Date.parse(got.externalUpdatedAt) !== run.eua) problems.push("externalUpdatedAt moved");
          if ((got.deadlineAt ? Date.parse(got.deadlineAt) : undefined) !== run.deadlineAt) problems.push("deadlineAt");
          if ((got.completedAt ? Date.parse(got.completedAt) : undefined) !== run.completedAt)
            problems.push("completedAt");
          if (problems.length > 0) failures.push(`${where}: ${externalId} ${problems.join("; ")}`);
        }
        const latest = runsForCommit(ledger, SHA, { checkName: "build" });
        const want = current(ref);
        if (want && (latest.length !== 1 || latest[0]?.id !== ids.get(want.externalId)))
          failures.push(`${where}: current attempt ${latest[0]?.externalId}, spec ${want.externalId}`);
        if (
          want &&
          latest[0] &&
          isPending(latest[0]) !== (want.rerequestedAt !== undefined || want.status !== "completed")
        )
          failures.push(`${where}: pending reading of ${want.externalId}`);
      }
    }
    expect(steps).toBe(300 * 25);
    // The sweep reaches every branch of the table, so its zero failures mean something.
    for (const what of [
      "created",
      "updated",
      "unchanged",
      "ignored_stale",
      "timed_out",
      "rerequested",
      "AlreadyExists",
    ])
      expect(seen.get(what) ?? 0, what).toBeGreaterThan(5);
    expect(failures.slice(0, 30)).toEqual([]);
  });
});
