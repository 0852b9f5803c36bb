import { postApplies } from "../forge/check-runs/apply.js";
import { createCheckRunLedger, storeRun, storeSuite } from "../forge/check-runs/ledger.js";
import { currentRun } from "../forge/check-runs/select.js";
import { parseRfc3339 } from "../forge/check-runs/timestamps.js";
import type { CheckRunAttempt, CheckRunLedger, CheckSuiteAttempt } from "../forge/check-runs/types.js";
import type { CheckRun, CheckSuite } from "../forge/schemas/check-responses.js";
import type { Actor } from "../forge/schemas/references.js";

// A client-side replica of the check runs of one commit, kept in the check-run ledger so that "the current run per
// key" is selected by exactly the rules the forge uses. Wire objects are kept beside it, unknown fields included.

/** The ledger of what was seen, and the wire run of each attempt as last accepted. */
export interface CheckRunReplica {
  readonly ledger: CheckRunLedger;
  readonly wire: Readonly<Record<string, CheckRun>>;
}

/** What became of one snapshot: stored, older than the one held (ignored), or identical to it. */
export type SnapshotOutcome = "applied" | "stale" | "unchanged";

/** A replica holding nothing. */
export function emptyReplica(): CheckRunReplica {
  return { ledger: createCheckRunLedger(), wire: {} };
}

function actorId(actor: Actor | undefined): string | undefined {
  return actor?.app?.id ?? actor?.user?.id ?? actor?.serviceAccount?.id;
}

/** The run key: `key`, else `name` (the forge answers `name` = key unless named otherwise), else the id. */
export function keyOf(run: CheckRun): string {
  return run.key ?? run.name ?? run.id;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false;
  return keys.every((key) => deepEqual(left[key], right[key]));
}

/**
 * Whether a snapshot of a run replaces the one held. The forge moves `updatedAt` on every write and never on a stale
 * or unchanged post, so it orders snapshots of one run; at equal (or missing) `updatedAt`, the spec's ordering rule
 * on `externalUpdatedAt` decides (a queued or in_progress snapshot cannot reopen a completed run at the same
 * timestamp). @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Code Forge API § Check run semantics)
 */
export function isNewerSnapshot(held: CheckRun, incoming: CheckRun): boolean {
  const heldAt = held.updatedAt === undefined ? undefined : parseRfc3339(held.updatedAt);
  const incomingAt = incoming.updatedAt === undefined ? undefined : parseRfc3339(incoming.updatedAt);
  if (heldAt !== undefined && incomingAt !== undefined && heldAt !== incomingAt) return incomingAt > heldAt;
  if (held.externalUpdatedAt === undefined || incoming.externalUpdatedAt === undefined) return true;
  const stored = { status: held.status, externalUpdatedAt: held.externalUpdatedAt, rerequestedAt: held.rerequestedAt };
  return postApplies(stored, { status: incoming.status, externalUpdatedAt: incoming.externalUpdatedAt });
}

/** The suite a run belongs to: the one given, else the run's `checkSuite.id`, else a suite of its own. */
function suiteOf(run: CheckRun, given: CheckSuite | undefined, attempt: CheckRunAttempt): CheckSuiteAttempt {
  const nested = (run as { checkSuite?: unknown }).checkSuite;
  const nestedId =
    typeof nested === "object" && nested !== null && typeof (nested as { id?: unknown }).id === "string"
      ? (nested as { id: string }).id
      : undefined;
  const id = given?.id ?? nestedId ?? `suite-of-${run.id}`;
  return {
    id,
    sha: given?.sha ?? attempt.sha,
    actor: actorId(given?.actor) ?? attempt.actor,
    // Without the suite's key its attempts cannot be grouped: each suite then ranks on its own.
    key: given?.key ?? id,
    externalId: given?.externalId ?? id,
    createdAt: given?.createdAt ?? attempt.createdAt,
    updatedAt: given?.updatedAt ?? attempt.updatedAt,
  };
}

function attemptOf(run: CheckRun, sha: string, suiteId: string): CheckRunAttempt {
  const externalUpdatedAt = run.externalUpdatedAt ?? run.updatedAt ?? run.createdAt ?? "1970-01-01T00:00:00Z";
  return {
    id: run.id,
    suiteId,
    sha: run.sha ?? sha,
    actor: actorId(run.actor) ?? "",
    key: keyOf(run),
    externalId: run.externalId ?? run.id,
    status: run.status,
    conclusion: run.conclusion,
    externalUpdatedAt,
    createdAt: run.createdAt ?? externalUpdatedAt,
    updatedAt: run.updatedAt ?? externalUpdatedAt,
    startedAt: run.startedAt,
    completedAt: run.completedAt,
    deadlineAt: run.deadlineAt,
    isRerequestable: run.isRerequestable,
    rerequestedAt: run.rerequestedAt,
  };
}

/**
 * The replica with one run snapshot taken in, unless it repeats or is older than the snapshot held; a suite given
 * with it (webhook payloads carry one) is recorded either way, so attempts group by their real suite key.
 */
export function applySnapshot(
  replica: CheckRunReplica,
  run: CheckRun,
  suite: CheckSuite | undefined,
  sha: string,
): { replica: CheckRunReplica; outcome: SnapshotOutcome } {
  const held = replica.wire[run.id];
  const outcome: SnapshotOutcome =
    held === undefined
      ? "applied"
      : deepEqual(held, run)
        ? "unchanged"
        : isNewerSnapshot(held, run)
          ? "applied"
          : "stale";
  const accepted = held === undefined || outcome === "applied" ? run : held;
  const draft = attemptOf(accepted, sha, "");
  const suiteRecord = suiteOf(accepted, suite, draft);
  const stored = replica.ledger.suites[suiteRecord.id];
  const suiteChanged = stored === undefined || (suite !== undefined && !deepEqual(stored, suiteRecord));
  if (outcome !== "applied" && !suiteChanged) return { replica, outcome };
  let ledger = suiteChanged ? storeSuite(replica.ledger, suiteRecord) : replica.ledger;
  if (outcome === "applied") ledger = storeRun(ledger, { ...draft, suiteId: suiteRecord.id });
  const wire = outcome === "applied" ? { ...replica.wire, [run.id]: run } : replica.wire;
  return { replica: { ledger, wire }, outcome };
}

/** The replica without the runs a complete listing no longer returns (they are no longer the latest attempts). */
export function retainRuns(replica: CheckRunReplica, keep: ReadonlySet<string>): CheckRunReplica {
  const gone = Object.keys(replica.wire).filter((id) => !keep.has(id));
  if (gone.length === 0) return replica;
  const runs = { ...replica.ledger.runs };
  const instants = { ...replica.ledger._instants };
  const wire = { ...replica.wire };
  for (const id of gone) {
    delete runs[id];
    delete instants[id];
    delete wire[id];
  }
  return { ledger: { ...replica.ledger, runs, _instants: instants }, wire };
}

/** The current run of every key on the commit, by the ledger's selection rules, oldest key first. */
export function currentRuns(replica: CheckRunReplica, sha: string): CheckRun[] {
  const keys = new Set(Object.values(replica.ledger.runs).map((run) => run.key));
  const current: CheckRunAttempt[] = [];
  for (const key of keys) {
    const run = currentRun(replica.ledger, { sha, key });
    if (run) current.push(run);
  }
  const instants = replica.ledger._instants;
  current.sort((a, b) => {
    const diff = (instants[a.id]?.createdAt ?? 0) - (instants[b.id]?.createdAt ?? 0);
    return diff !== 0 ? diff : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  });
  return current.flatMap((run) => {
    const wire = replica.wire[run.id];
    return wire ? [wire] : [];
  });
}
