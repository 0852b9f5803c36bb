// Check suites, check runs and annotations, served over the shared check-run ledger.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Check run semantics)
import type { ValidationIssue } from "../../core/errors.js";
import {
  applyBatch,
  applyPost,
  type CheckRunAttempt,
  type CheckRunOutcome,
  type CheckRunPost,
  type CheckSuiteAttempt,
  currentSuite,
  expireDeadlines,
  type LedgerIdFactory,
  type LedgerRefusal,
  rerequest,
  runsForCommit,
  runsForSuite,
} from "../../forge/check-runs.js";
import { FORGE_OPERATIONS } from "../../forge/operations.js";
import { CHECK_RUN_STATUSES } from "../../forge/schemas/check-responses.js";
import { isoTime } from "../clock.js";
import { reply } from "../responses.js";
import { ForgeFailure, invalidArgument } from "./errors.js";
import { paginate } from "./pagination.js";
import {
  actorOf,
  callerId,
  checkSchema,
  existingRepoData,
  objectBody,
  type RepoData,
  refuseIssues,
  repoData,
  syncPulls,
  tableRoute,
  violationsOf,
} from "./repo-state.js";
import type { FakeForgeContext, FakeForgeRoute } from "./route.js";
import type { ForgeRepository, ForgeState } from "./state.js";
import { type CheckRunEventType, checkRunPostEvents, emitCheckRunEvent } from "./webhooks/check-run-events.js";

/** Annotations a run can hold in all. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Other constants) */
export const MAX_ANNOTATIONS_PER_RUN = 100;

const POST_FIELDS = new Set([
  "sha",
  "suite",
  "key",
  "externalId",
  "status",
  "conclusion",
  "externalUpdatedAt",
  "startedAt",
  "completedAt",
  "deadlineAt",
  "isRerequestable",
]);
const POSTABLE_STATUSES = new Set(["queued", "in_progress", "completed", "rerequested"]);

function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/** A check run as the forge answers it; fields the ledger does not interpret (name, output, …) come back as posted. */
export function checkRunView(run: CheckRunAttempt): Record<string, unknown> {
  const details = run.details ?? {};
  return defined({
    ...details,
    id: run.id,
    name: typeof details.name === "string" ? details.name : run.key,
    checkSuite: { id: run.suiteId },
    sha: run.sha,
    key: run.key,
    externalId: run.externalId,
    status: run.status,
    conclusion: run.conclusion,
    externalUpdatedAt: run.externalUpdatedAt,
    startedAt: run.startedAt,
    completedAt: run.completedAt,
    deadlineAt: run.deadlineAt,
    isRerequestable: run.isRerequestable,
    rerequestedAt: run.rerequestedAt,
    rerequestedBy: run.rerequestedBy === undefined ? undefined : actorOf(run.rerequestedBy),
    actor: actorOf(run.actor),
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
  });
}

/** A check suite attempt as the forge answers it. */
export function checkSuiteView(suite: CheckSuiteAttempt): Record<string, unknown> {
  return {
    id: suite.id,
    sha: suite.sha,
    key: suite.key,
    externalId: suite.externalId,
    actor: actorOf(suite.actor),
    createdAt: suite.createdAt,
    updatedAt: suite.updatedAt,
  };
}

// Ids sort in issue order within one repository's ledger; the repository tag keeps them apart across repositories.
function idsFor(repo: ForgeRepository): LedgerIdFactory {
  const tag = repo.id.replace(/^repo_/, "");
  return (kind, sequence) => `${kind === "suite" ? "cs" : "cr"}_${tag}${String(sequence).padStart(12, "0")}`;
}

/** Emits a check-run event for a stored run to its owning app, with the run's suite. */
function emitRunEvent(
  state: ForgeState,
  repo: ForgeRepository,
  data: RepoData,
  type: CheckRunEventType,
  run: CheckRunAttempt,
): void {
  const suite = data.ledger.suites[run.suiteId];
  if (!suite) return;
  emitCheckRunEvent(state, repo, type, run.actor, { checkSuite: checkSuiteView(suite), checkRun: checkRunView(run) });
}

/** Emits what each judged post delivers (created, completed), judged against the ledger before the write. */
function emitPostEvents(
  state: ForgeState,
  repo: ForgeRepository,
  data: RepoData,
  before: RepoData["ledger"],
  results: ReadonlyArray<{ run: CheckRunAttempt; outcome: CheckRunOutcome }>,
): void {
  for (const { run, outcome } of results)
    for (const type of checkRunPostEvents(before.runs[run.id], run, outcome))
      emitRunEvent(state, repo, data, type, run);
}

/** Completes in-progress runs past their deadline (timed_out), each delivering repository.check_run.completed. */
function expireRuns(state: ForgeState, repo: ForgeRepository, data: RepoData, now: number): void {
  const { ledger, expired } = expireDeadlines(data.ledger, now);
  if (expired.length === 0) return;
  data.ledger = ledger;
  for (const run of expired) emitRunEvent(state, repo, data, "repository.check_run.completed", run);
}

/**
 * The forge's deadline sweep over every repository in use, at the fake clock; the forge runs it before each
 * request (the spec's sweep runs about every 30 minutes: the fake is never later than a real forge).
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § States and transitions)
 */
export function sweepCheckRunDeadlines(state: ForgeState, now: number): void {
  for (const repo of state.repositories) {
    const data = existingRepoData(state, repo);
    if (data) expireRuns(state, repo, data, now);
  }
}

/** The repository's data after the deadline sweep: expiry is applied on every check-run call, at the fake clock. */
function swept(context: FakeForgeContext, repo: ForgeRepository): RepoData {
  const data = repoData(context.state, repo);
  expireRuns(context.state, repo, data, context.now);
  return data;
}

/** A wire post as a ledger post: known fields kept, every other field stored as `details`; plus wire-level issues. */
function postOf(value: unknown, path: string): { post: CheckRunPost; issues: ValidationIssue[] } {
  const at = (field: string) => (path === "" ? field : `${path}.${field}`);
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { post: value as CheckRunPost, issues: [] }; // the ledger reports the type
  const record = value as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  if (typeof record.status === "string" && record.status !== "" && !POSTABLE_STATUSES.has(record.status))
    issues.push({ path: at("status"), rule: "one_of", message: "`status` must be queued, in_progress or completed" });
  if (record.conclusion !== undefined && typeof record.conclusion !== "string")
    issues.push({ path: at("conclusion"), rule: "type", message: "`conclusion` must be a string" });
  const details = Object.fromEntries(Object.entries(record).filter(([key]) => !POST_FIELDS.has(key)));
  const known = Object.fromEntries(Object.entries(record).filter(([key]) => POST_FIELDS.has(key)));
  const post = { ...known, ...(Object.keys(details).length > 0 ? { details } : {}) } as unknown as CheckRunPost;
  return { post, issues };
}

function refused(refusal: LedgerRefusal, prefix = ""): never {
  const { kind, message, issues } = refusal.error;
  const violations = violationsOf(issues.map((issue) => ({ ...issue, path: `${prefix}${issue.path}` })));
  throw new ForgeFailure(kind, message, violations);
}

function runOf(data: RepoData, context: FakeForgeContext): CheckRunAttempt {
  const id = context.params.checkRunId ?? "";
  const run = data.ledger.runs[id];
  if (!run) throw new ForgeFailure("NotFound", `Check run ${id} was not found.`);
  return run;
}

function suiteOf(data: RepoData, context: FakeForgeContext): CheckSuiteAttempt {
  const id = context.params.checkSuiteId ?? "";
  const suite = data.ledger.suites[id];
  if (!suite) throw new ForgeFailure("NotFound", `Check suite ${id} was not found.`);
  return suite;
}

/** The commit a `{sha}` segment names: a branch resolves to its tip, anything else is taken as a SHA. */
function commitOf(data: RepoData, context: FakeForgeContext): string {
  const ref = context.params.sha ?? "";
  return data.branches.get(ref.replace(/^refs\/heads\//, "")) ?? ref;
}

/** The current suite attempt of every (actor, suite key) on a commit, oldest first. */
function suitesForCommit(data: RepoData, sha: string): CheckSuiteAttempt[] {
  const groups = new Map<string, CheckSuiteAttempt>();
  for (const suite of Object.values(data.ledger.suites))
    if (suite.sha === sha) groups.set(JSON.stringify([suite.actor, suite.key]), suite);
  const current = [...groups.values()].flatMap((suite) => {
    const found = currentSuite(data.ledger, { sha, actor: suite.actor, key: suite.key });
    return found ? [found] : [];
  });
  return current.sort((a, b) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1,
  );
}

function statusFilter(context: FakeForgeContext): string | undefined {
  const status = context.query.get("status") ?? "";
  if (status === "") return undefined;
  if (!(CHECK_RUN_STATUSES as readonly string[]).includes(status))
    throw invalidArgument("status", "must be queued, in_progress, completed or rerequested.");
  return status;
}

/** Check-run routes at the SDK table's paths and costs. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only) */
export const checkRunRoutes: readonly FakeForgeRoute[] = [
  tableRoute("checkRuns.post", (context, repo) => {
    const data = swept(context, repo);
    const { post, issues } = postOf(objectBody(context), "");
    refuseIssues(issues, "check-run post");
    const result = applyPost(data.ledger, post, { now: context.now, actor: callerId(context), newId: idsFor(repo) });
    if (!result.ok) refused(result);
    const before = data.ledger;
    data.ledger = result.ledger;
    emitPostEvents(context.state, repo, data, before, [result]);
    return reply({
      checkRun: checkRunView(result.run),
      outcome: result.outcome,
      checkSuite: checkSuiteView(result.suite),
    });
  }),
  tableRoute("checkRuns.batchUpsert", (context, repo) => {
    const data = swept(context, repo);
    const body = objectBody(context);
    // The request field is not shown in the spec: `checkRuns`, as the SDK sends it (README "Assumptions").
    // `requests` (the batch convention) is read too, for raw callers; a body with both is refused, not guessed at.
    if (body.requests !== undefined && body.checkRuns !== undefined)
      throw invalidArgument("requests", "cannot be combined with `checkRuns`; send the posts once, as `checkRuns`.");
    const field = body.requests !== undefined ? "requests" : "checkRuns";
    const items = body[field];
    if (!Array.isArray(items) || items.length === 0)
      throw invalidArgument(field, "must be a non-empty array of check-run posts.");
    const parsed = items.map((item, index) => postOf(item, `${field}[${index}]`));
    refuseIssues(
      parsed.flatMap((entry) => entry.issues),
      "check-run batch",
    );
    const ctx = { now: context.now, actor: callerId(context), newId: idsFor(repo) };
    const result = applyBatch(
      data.ledger,
      parsed.map((entry) => entry.post),
      ctx,
    );
    if (!result.ok) refused(result, field);
    const before = data.ledger;
    data.ledger = result.ledger;
    emitPostEvents(context.state, repo, data, before, result.results);
    const runs = result.results.map((entry) => checkRunView(entry.run));
    return reply({
      results: result.results.map((entry, index) => ({ checkRun: runs[index], outcome: entry.outcome })),
      checkRuns: runs,
    });
  }),
  tableRoute("checkRuns.get", (context, repo) => reply(checkRunView(runOf(swept(context, repo), context)))),
  tableRoute("checkSuites.get", (context, repo) => reply(checkSuiteView(suiteOf(swept(context, repo), context)))),
  tableRoute("checkSuites.listForCommit", (context, repo) => {
    const data = swept(context, repo);
    const sha = commitOf(data, context);
    const page = paginate(suitesForCommit(data, sha), context.query, `check-suites:${sha}`);
    return reply({ checkSuites: page.items.map(checkSuiteView), nextPageToken: page.nextPageToken });
  }),
  tableRoute("checkRuns.listForCommit", (context, repo) => {
    const data = swept(context, repo);
    const sha = commitOf(data, context);
    const checkName = context.query.get("checkName") || undefined;
    const status = statusFilter(context);
    const runs = runsForCommit(data.ledger, sha, { checkName, status });
    const page = paginate(runs, context.query, `check-runs:${sha}`, JSON.stringify([checkName, status]));
    return reply({ checkRuns: page.items.map(checkRunView), nextPageToken: page.nextPageToken });
  }),
  tableRoute("checkSuites.runs", (context, repo) => {
    const data = swept(context, repo);
    const suite = suiteOf(data, context);
    const page = paginate(runsForSuite(data.ledger, suite.id), context.query, `suite-runs:${suite.id}`);
    return reply({ checkRuns: page.items.map(checkRunView), nextPageToken: page.nextPageToken });
  }),
  tableRoute("checkRuns.annotations", (context, repo) => {
    const data = swept(context, repo);
    const run = runOf(data, context);
    const page = paginate(data.annotations.get(run.id) ?? [], context.query, `annotations:${run.id}`);
    return reply({
      annotations: page.items.map((annotation) => annotationView(annotation)),
      nextPageToken: page.nextPageToken,
    });
  }),
  tableRoute("checkRuns.appendAnnotations", (context, repo) => {
    const data = swept(context, repo);
    const run = runOf(data, context);
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["checkRuns.appendAnnotations"].body, body, "annotation batch");
    const batch = body.annotations as Array<Record<string, unknown>>;
    const held = data.annotations.get(run.id) ?? [];
    if (held.length + batch.length > MAX_ANNOTATIONS_PER_RUN)
      throw new ForgeFailure(
        "ResourceExhausted",
        `Check run ${run.id} holds ${held.length} annotations; ${batch.length} more would exceed ${MAX_ANNOTATIONS_PER_RUN}.`,
      );
    const appended = batch.map((fields) => {
      data.sequence += 1;
      return { id: `ann_${String(data.sequence).padStart(12, "0")}`, fields: { ...fields }, createdAt: context.now };
    });
    data.annotations.set(run.id, [...held, ...appended]);
    return reply({ annotations: appended.map((annotation) => annotationView(annotation)) });
  }),
  tableRoute("checkRuns.rerequest", (context, repo) => {
    const data = swept(context, repo);
    const run = runOf(data, context);
    syncPulls(data);
    const openPullRequestHeads = data.pulls.filter((pull) => pull.state === "open").map((pull) => pull.headSha);
    const result = rerequest(data.ledger, run.id, { now: context.now, by: callerId(context), openPullRequestHeads });
    if (!result.ok) refused(result);
    data.ledger = result.ledger;
    emitRunEvent(context.state, repo, data, "repository.check_run.rerequested", result.run);
    return reply({ checkRun: checkRunView(result.run) });
  }),
];

function annotationView(annotation: { id: string; fields: Record<string, unknown>; createdAt: number }) {
  return {
    message: "",
    rawDetails: "",
    ...annotation.fields,
    id: annotation.id,
    createdAt: isoTime(annotation.createdAt),
  };
}
