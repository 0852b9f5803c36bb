import { argumentError } from "../../core/arguments.js";
import { checkLedger, checkObject, checkText } from "./arguments.js";
import { LedgerDraft } from "./draft.js";
import { compact, refuse } from "./ledger.js";
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
function closeAnsweredRerequests(draft: LedgerDraft, fresh: CheckRunAttempt, suiteKey: string, now: Instant): void {
  for (const run of draft.rerequestedRuns()) {
    if (run.id === fresh.id) continue;
    if (run.sha !== fresh.sha || run.actor !== fresh.actor || run.key !== fresh.key) continue;
    if (draft.suite(run.suiteId)?.key !== suiteKey) continue;
    // The old attempt was completed when it was re-requested, and its conclusion still describes it.
    const { rerequestedAt: _cleared, ...rest } = run;
    draft.storeRun({ ...rest, status: "completed", updatedAt: now.text });
  }
}

type Judged = { suite: CheckSuiteAttempt; run: CheckRunAttempt; outcome: CheckRunOutcome };

/** Judges one post, writing it into the draft when it applies. */
function judge(draft: LedgerDraft, post: CheckRunPost, posted: PostInstants, ctx: PostContext, now: Instant): Judged {
  let suite = draft.findSuite(post.sha, ctx.actor, post.suite.key, post.suite.externalId);
  if (!suite) {
    suite = {
      id: draft.issueId("suite", ctx.newId),
      sha: post.sha,
      actor: ctx.actor,
      key: post.suite.key,
      externalId: post.suite.externalId,
      createdAt: now.text,
      updatedAt: now.text,
    };
    draft.storeSuite(suite);
  }
  const suiteId = suite.id;
  const stored = draft.findRun(suiteId, post.key, post.externalId);
  const storedAt = stored ? (draft.instants(stored.id) ?? NO_INSTANTS) : NO_INSTANTS;

  let outcome: CheckRunOutcome;
  let run: CheckRunAttempt;
  if (!stored) {
    const id = draft.issueId("run", ctx.newId);
    run = runFromPost(
      { id, suiteId, sha: post.sha, actor: ctx.actor, createdAt: now.text, rerequestedBy: undefined },
      post,
      now,
    );
    draft.storeRun(run);
    closeAnsweredRerequests(draft, run, suite.key, now);
    outcome = "created";
  } else if (
    !appliesAt(
      stored.status,
      storedAt.externalUpdatedAt ?? Number.NEGATIVE_INFINITY,
      storedAt.rerequestedAt,
      post.status,
      posted.externalUpdatedAt ?? Number.NEGATIVE_INFINITY,
    )
  ) {
    return { suite, run: stored, outcome: "ignored_stale" };
  } else if (stored.rerequestedAt === undefined && sameValues(stored, storedAt, post, posted)) {
    return { suite, run: stored, outcome: "unchanged" };
  } else {
    run = runFromPost(stored, post, now);
    draft.storeRun(run);
    outcome = "updated";
  }
  suite = { ...suite, updatedAt: now.text };
  draft.storeSuite(suite);
  return { suite, run, outcome };
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
  const draft = new LedgerDraft(ledger);
  const judged = judge(draft, post, instants, ctx, now);
  return {
    ok: true,
    ledger: judged.outcome === "ignored_stale" || judged.outcome === "unchanged" ? ledger : draft.ledger(),
    ...judged,
  };
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
  // Array.from turns the holes of a sparse array into undefined, refused below (map and flatMap skip holes).
  const list = Array.from(posts);
  const checked = list.map((post, index) => checkPost(post, now.ms, `[${index}]`));
  const issues = checked.flatMap((check) => check.issues);
  if (issues.length > 0) return refuse("InvalidArgument", describe(issues), issues);
  const draft = new LedgerDraft(ledger);
  const results = list.map((post, index) => judge(draft, post, checked[index]?.instants ?? {}, ctx, now));
  const written = results.some((result) => result.outcome === "created" || result.outcome === "updated");
  return { ok: true, ledger: written ? draft.ledger() : ledger, results };
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
