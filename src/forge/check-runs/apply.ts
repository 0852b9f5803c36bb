import { argumentError } from "../../core/arguments.js";
import { checkLedger, checkObject, checkText } from "./arguments.js";
import { compact, issueId, refuse, storeRun, storeSuite } from "./ledger.js";
import { type Instant, instantOf, toInstant } from "./timestamps.js";
import type {
  BatchResult,
  CheckRunAttempt,
  CheckRunLedger,
  CheckRunOutcome,
  CheckRunPost,
  CheckSuiteAttempt,
  LedgerRefusal,
  PostContext,
  PostResult,
  StoredInstants,
} from "./types.js";
import { checkPost, type PostInstants } from "./validate.js";

const NO_INSTANTS: StoredInstants = { createdAt: 0 };
function at(ledger: CheckRunLedger, id: string): StoredInstants {
  return ledger._instants[id] ?? NO_INSTANTS;
}

/**
 * Whether a post to an existing run attempt applies, by the spec's ordering rules (for a client holding a run
 * from the wire; the ledger itself compares instants parsed once). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics)
 */
export function postApplies(
  stored: Pick<CheckRunAttempt, "status" | "externalUpdatedAt" | "rerequestedAt">,
  post: Pick<CheckRunPost, "status" | "externalUpdatedAt">,
): boolean {
  checkObject(stored, "stored", "postApplies", "the stored check run");
  checkObject(post, "post", "postApplies", "a check-run post");
  const current = instantOf(stored.externalUpdatedAt);
  const posted = instantOf(post.externalUpdatedAt);
  if (current === undefined || posted === undefined) return false;
  return appliesAt(stored.status, current, instantOf(stored.rerequestedAt), post.status, posted);
}

function appliesAt(
  storedStatus: string,
  current: number,
  rerequestedAt: number | undefined,
  postStatus: string,
  posted: number,
): boolean {
  if (rerequestedAt !== undefined) {
    // While a re-request is outstanding the bar is raised to rerequestedAt, and a post at exactly the stored
    // timestamp (the app repeating its old answer) is ignored.
    return posted >= Math.max(current, rerequestedAt) && posted !== current;
  }
  if (posted > current) return true; // a newer value may reopen a completed run
  if (posted < current) return false;
  // Equal values apply, except that queued or in_progress cannot reopen a completed run at the same timestamp.
  return !(storedStatus === "completed" && (postStatus === "queued" || postStatus === "in_progress"));
}

/** Whether a post carries exactly the stored values (timestamps compared as instants). */
function sameValues(stored: CheckRunAttempt, at: StoredInstants, post: CheckRunPost, posted: PostInstants): boolean {
  return (
    stored.status === post.status &&
    stored.conclusion === post.conclusion &&
    stored.isRerequestable === (post.isRerequestable ?? false) &&
    at.externalUpdatedAt === posted.externalUpdatedAt &&
    at.startedAt === posted.startedAt &&
    at.completedAt === posted.completedAt &&
    at.deadlineAt === posted.deadlineAt &&
    deepEqual(stored.details, post.details)
  );
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The run as posted ("status as posted"): the post's fields replace the attempt's, absent ones are cleared. */
function runFromPost(
  base: Pick<CheckRunAttempt, "id" | "suiteId" | "sha" | "actor" | "createdAt" | "rerequestedBy">,
  post: CheckRunPost,
  now: Instant,
): CheckRunAttempt {
  return compact({
    id: base.id,
    suiteId: base.suiteId,
    sha: base.sha,
    actor: base.actor,
    key: post.key,
    externalId: post.externalId,
    status: post.status,
    conclusion: post.conclusion,
    externalUpdatedAt: post.externalUpdatedAt,
    createdAt: base.createdAt,
    updatedAt: now.text,
    startedAt: post.startedAt,
    completedAt: post.completedAt,
    deadlineAt: post.deadlineAt,
    isRerequestable: post.isRerequestable ?? false,
    // rerequestedAt is cleared by any applied post; rerequestedBy stays as a record of the last re-request.
    rerequestedBy: base.rerequestedBy,
    details: post.details,
  });
}

/** Closes outstanding re-requests answered by a new attempt for the same sha, actor, suite key and run key. */
function closeAnsweredRerequests(ledger: CheckRunLedger, fresh: CheckRunAttempt, suiteKey: string, now: Instant) {
  let next = ledger;
  for (const run of Object.values(ledger.runs)) {
    if (run.id === fresh.id || run.rerequestedAt === undefined) continue;
    if (run.sha !== fresh.sha || run.actor !== fresh.actor || run.key !== fresh.key) continue;
    if (ledger.suites[run.suiteId]?.key !== suiteKey) continue;
    // The old attempt was completed when it was re-requested, and its conclusion still describes it.
    const { rerequestedAt: _cleared, ...rest } = run;
    next = storeRun(next, { ...rest, status: "completed", updatedAt: now.text });
  }
  return next;
}

function touchSuite(
  ledger: CheckRunLedger,
  suite: CheckSuiteAttempt,
  now: Instant,
): [CheckRunLedger, CheckSuiteAttempt] {
  const touched = { ...suite, updatedAt: now.text };
  return [storeSuite(ledger, touched), touched];
}

function judge(
  ledger: CheckRunLedger,
  post: CheckRunPost,
  posted: PostInstants,
  ctx: PostContext,
  now: Instant,
): PostResult {
  let next = ledger;
  let suite = Object.values(ledger.suites).find(
    (s) =>
      s.sha === post.sha && s.actor === ctx.actor && s.key === post.suite.key && s.externalId === post.suite.externalId,
  );
  if (!suite) {
    const [id, issued] = issueId(next, "suite", ctx.newId);
    suite = {
      id,
      sha: post.sha,
      actor: ctx.actor,
      key: post.suite.key,
      externalId: post.suite.externalId,
      createdAt: now.text,
      updatedAt: now.text,
    };
    next = storeSuite(issued, suite);
  }
  const suiteId = suite.id;
  const stored = Object.values(ledger.runs).find(
    (run) => run.suiteId === suiteId && run.key === post.key && run.externalId === post.externalId,
  );

  let outcome: CheckRunOutcome;
  let run: CheckRunAttempt;
  if (!stored) {
    const [id, issued] = issueId(next, "run", ctx.newId);
    run = runFromPost(
      { id, suiteId, sha: post.sha, actor: ctx.actor, createdAt: now.text, rerequestedBy: undefined },
      post,
      now,
    );
    next = closeAnsweredRerequests(storeRun(issued, run), run, suite.key, now);
    outcome = "created";
  } else if (
    !appliesAt(
      stored.status,
      at(ledger, stored.id).externalUpdatedAt ?? Number.NEGATIVE_INFINITY,
      at(ledger, stored.id).rerequestedAt,
      post.status,
      posted.externalUpdatedAt ?? Number.NEGATIVE_INFINITY,
    )
  ) {
    return { ok: true, ledger: next, suite, run: stored, outcome: "ignored_stale" };
  } else if (stored.rerequestedAt === undefined && sameValues(stored, at(ledger, stored.id), post, posted)) {
    return { ok: true, ledger: next, suite, run: stored, outcome: "unchanged" };
  } else {
    run = runFromPost(stored, post, now);
    next = storeRun(next, run);
    outcome = "updated";
  }
  [next, suite] = touchSuite(next, suite, now);
  return { ok: true, ledger: next, suite, run, outcome };
}

/**
 * Judges one post against the ledger: creates, updates, leaves unchanged, or ignores a stale post (returning the
 * stored run). A post that breaks the spec's rules, `rerequested` included, is refused as InvalidArgument.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics)
 */
export function applyPost(ledger: CheckRunLedger, post: CheckRunPost, ctx: PostContext): PostResult | LedgerRefusal {
  checkPostContext(ledger, ctx, "applyPost");
  const now = toInstant(ctx.now, "ctx.now");
  const { issues, instants } = checkPost(post, now.ms, "");
  if (issues.length > 0) return refuse("InvalidArgument", describe(issues), issues);
  return judge(ledger, post, instants, ctx, now);
}

/**
 * Judges each post separately, in request order; a stale run does not fail the batch. A post that breaks the
 * rules refuses the whole batch (nothing written), naming it by index. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics)
 */
export function applyBatch(
  ledger: CheckRunLedger,
  posts: readonly CheckRunPost[],
  ctx: PostContext,
): BatchResult | LedgerRefusal {
  checkPostContext(ledger, ctx, "applyBatch");
  if (!Array.isArray(posts)) throw argumentError(posts, "posts", "applyBatch", "an array of check-run posts");
  const now = toInstant(ctx.now, "ctx.now");
  const checked = posts.map((post, index) => checkPost(post, now.ms, `[${index}]`));
  const issues = checked.flatMap((check) => check.issues);
  if (issues.length > 0) return refuse("InvalidArgument", describe(issues), issues);
  let next = ledger;
  const results: BatchResult["results"][number][] = [];
  for (const [index, post] of posts.entries()) {
    const result = judge(next, post, checked[index]?.instants ?? {}, ctx, now);
    next = result.ledger;
    results.push({ suite: result.suite, run: result.run, outcome: result.outcome });
  }
  return { ok: true, ledger: next, results };
}

/** The ledger and context a write needs (the post itself is judged, and refused, by the spec's rules). */
function checkPostContext(ledger: unknown, ctx: PostContext, operation: string): void {
  checkLedger(ledger, operation);
  checkObject(ctx, "ctx", operation, "`{ now, actor }`");
  checkText(ctx.actor, "ctx.actor", operation);
  if (ctx.newId !== undefined && typeof ctx.newId !== "function") {
    throw argumentError(ctx.newId, "ctx.newId", operation, "a function (kind, sequence) => id, or omitted");
  }
}

function describe(issues: readonly { path: string; message: string }[]): string {
  const [first] = issues;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  return first ? `${first.path}: ${first.message}${more}` : "invalid check-run post";
}
