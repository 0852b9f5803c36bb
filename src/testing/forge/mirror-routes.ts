// Mirrored repositories: transitions run as jobs that progress on the fake's clock, force cutover, detach,
// Sync Mirror, and the `fake.forge.mirrors` controls. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Mirrored repositories)
import { isText } from "../../core/arguments.js";
import type { ForgeOperationName } from "../../forge/operations.js";
import { FORGE_OPERATIONS } from "../../forge/operations.js";
import {
  checkInput,
  expectFakeArgument,
  expectId,
  type FieldRule,
  fakeArgumentError,
  TEXT_FIELD,
  TEXT_LIST_FIELD,
} from "../argument-errors.js";
import { type Clock, isoTime } from "../clock.js";
import { reply } from "../responses.js";
import { ForgeFailure } from "./errors.js";
import { checkSchema, fakeSha, objectBody, type RepoHandler, repoData, tableRoute } from "./repo-state.js";
import type { FakeForgeRoute } from "./route.js";
import type { ForgeRepository, ForgeState } from "./state.js";

/** The mirror status while a transition job is active (the spec does not show the exact string). */
export const TRANSITIONING = "transitioning";

/** How long a job stays queued, then running, on the fake's clock; Sync Mirror's pending time. */
export const MIRROR_TIMING = { queuedMs: 5_000, runningMs: 60_000, syncMs: 10_000 } as const;

const TRANSITIONS: Readonly<Record<string, readonly [from: string, to: string]>> = {
  initial_to_inbound: ["initial", "inbound"],
  inbound_to_outbound: ["inbound", "outbound"],
  outbound_to_inbound: ["outbound", "inbound"],
};

/** How a job ends; `requires_attention` keeps it active until a cutover or detach. */
export type MirrorJobOutcome = "succeeded" | "failed_rolled_back" | "requires_attention";

interface MirrorJob {
  id: string;
  transition: string;
  status: string;
  attemptCount: number;
  lastErrorCode: string;
  lastErrorMessage: string;
  phase: string;
  createdAt: number;
  updatedAt: number;
  outcome: MirrorJobOutcome;
  error: { code: string; message: string };
}

interface MirrorRecord {
  /** Set once the repository was a mirror: a repeated detach succeeds, a never-mirrored one is refused. */
  everMirrored: boolean;
  /** Oldest first. */
  jobs: MirrorJob[];
  /** User ids that administer the upstream repository; undefined = every user. */
  upstreamAdmins: ReadonlySet<string> | undefined;
  /** Branch tips upstream, seeded from the forge's on first use. */
  upstream: Map<string, string> | undefined;
  /** Ref → when its pending sync lands. */
  pendingSyncs: Map<string, number>;
  nextOutcome: { outcome: MirrorJobOutcome; code: string; message: string } | undefined;
  /** Refs that only the forge had at the last forced cutover, snapshotted and abandoned. */
  abandoned: Map<string, string>;
  upstreamPushes: number;
}

const RECORDS = new WeakMap<ForgeRepository, MirrorRecord>();

function recordOf(repo: ForgeRepository): MirrorRecord {
  let record = RECORDS.get(repo);
  if (!record) {
    record = {
      everMirrored: repo.mirror !== undefined,
      jobs: [],
      upstreamAdmins: undefined,
      upstream: undefined,
      pendingSyncs: new Map(),
      nextOutcome: undefined,
      abandoned: new Map(),
      upstreamPushes: 0,
    };
    RECORDS.set(repo, record);
  }
  return record;
}

function upstreamOf(state: ForgeState, repo: ForgeRepository, record: MirrorRecord): Map<string, string> {
  record.upstream ??= new Map(repoData(state, repo).branches);
  return record.upstream;
}

const ACTIVE = new Set(["queued", "running", "requires_attention"]);

function activeJob(record: MirrorRecord): MirrorJob | undefined {
  return record.jobs.find((job) => ACTIVE.has(job.status));
}

function setStatus(repo: ForgeRepository, status: string, at: number): void {
  if (!repo.mirror) return;
  repo.mirror.status = status;
  repo.updatedAt = at;
}

function finish(job: MirrorJob, repo: ForgeRepository, at: number): void {
  const [from, to] = TRANSITIONS[job.transition] ?? ["", ""];
  job.status = job.outcome;
  job.updatedAt = at;
  if (job.outcome === "succeeded") {
    job.phase = "completed";
    setStatus(repo, to, at);
    return;
  }
  job.lastErrorCode = job.error.code;
  job.lastErrorMessage = job.error.message;
  if (job.outcome === "failed_rolled_back") {
    job.phase = "rolled_back";
    setStatus(repo, from, at);
  } else job.phase = "waiting_for_operator";
}

/** Moves a job along the clock: queued, running (two phases), then its outcome. */
function advanceJob(job: MirrorJob, repo: ForgeRepository, now: number): void {
  const startsAt = job.createdAt + MIRROR_TIMING.queuedMs;
  const switchesAt = startsAt + MIRROR_TIMING.runningMs / 2;
  const endsAt = startsAt + MIRROR_TIMING.runningMs;
  if (job.status === "queued" && now >= startsAt) {
    Object.assign(job, { status: "running", attemptCount: 1, phase: "copying_refs", updatedAt: startsAt });
  }
  if (job.status !== "running") return;
  if (now >= endsAt) finish(job, repo, endsAt);
  else if (now >= switchesAt && job.phase !== "switching_direction")
    Object.assign(job, { phase: "switching_direction", updatedAt: switchesAt });
}

/**
 * Runs what a real forge does in the background, up to `now`: jobs progress, pending syncs land, and a
 * stable outbound mirror pushes its branches upstream. The forge calls it before every request.
 */
export function advanceMirrors(state: ForgeState, now: number): void {
  for (const repo of state.repositories) {
    const record = RECORDS.get(repo);
    if (!record) continue;
    for (const job of record.jobs) if (ACTIVE.has(job.status)) advanceJob(job, repo, now);
    if (!repo.mirror) continue;
    const branches = repoData(state, repo).branches;
    for (const [ref, readyAt] of record.pendingSyncs) {
      if (now < readyAt) continue;
      const tip = upstreamOf(state, repo, record).get(ref);
      if (tip !== undefined) branches.set(ref, tip);
      record.pendingSyncs.delete(ref);
      repo.pushedAt = readyAt;
    }
    if (repo.mirror.status === "outbound" && !activeJob(record)) record.upstream = new Map(branches);
  }
}

function jobView(job: MirrorJob): Record<string, unknown> {
  const { id, transition, status, attemptCount, lastErrorCode, lastErrorMessage, phase } = job;
  return {
    id,
    transition,
    status,
    attemptCount,
    lastErrorCode,
    lastErrorMessage,
    phase,
    createdAt: isoTime(job.createdAt),
    updatedAt: isoTime(job.updatedAt),
  };
}

function mirrorOf(repo: ForgeRepository): NonNullable<ForgeRepository["mirror"]> {
  if (!repo.mirror)
    throw new ForgeFailure("FailedPrecondition", `${repo.owner.slug}/${repo.name} is not a mirrored repository.`);
  return repo.mirror;
}

function supersede(record: MirrorRecord, at: number): void {
  const job = activeJob(record);
  if (job) Object.assign(job, { status: "superseded", phase: "superseded", updatedAt: at });
}

/**
 * A route whose own scope is about mirrors (repository:mirror:write / :delete): checked by the forge before
 * the handler, and exempt from the rule that refuses other scopes on mirrors.
 */
function mirrorRoute(name: ForgeOperationName, handle: RepoHandler): FakeForgeRoute {
  return tableRoute(name, handle, () => undefined);
}

/** Mirror routes. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § States and transitions) */
export const mirrorRoutes: readonly FakeForgeRoute[] = [
  mirrorRoute("mirror.transition", (context, repo) => {
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["mirror.transition"].body, body, "mirror transition");
    const mirror = mirrorOf(repo);
    const record = recordOf(repo);
    const principal = context.principal;
    const userId = principal?.kind === "user" ? principal.userId : "";
    if (record.upstreamAdmins && !record.upstreamAdmins.has(userId))
      throw new ForgeFailure(
        "PermissionDenied",
        `Transitioning ${repo.owner.slug}/${repo.name} needs a user who also administers its upstream repository.`,
      );
    const active = activeJob(record);
    if (active)
      throw new ForgeFailure("FailedPrecondition", `Transition job ${active.id} is still active (${active.status}).`);
    const transition = body.transition as string;
    const [from] = TRANSITIONS[transition] ?? [""];
    if (mirror.status !== from)
      throw new ForgeFailure(
        "FailedPrecondition",
        `${transition} starts from a ${from} mirror; ${repo.owner.slug}/${repo.name} is ${mirror.status}.`,
      );
    const planned = record.nextOutcome ?? { outcome: "succeeded", code: "", message: "" };
    record.nextOutcome = undefined;
    const job: MirrorJob = {
      id: context.state.newId("mtj"),
      transition,
      status: "queued",
      attemptCount: 0,
      lastErrorCode: "",
      lastErrorMessage: "",
      phase: "queued",
      createdAt: context.now,
      updatedAt: context.now,
      outcome: planned.outcome,
      error: { code: planned.code, message: planned.message },
    };
    record.jobs.push(job);
    setStatus(repo, TRANSITIONING, context.now);
    return reply(jobView(job));
  }),
  mirrorRoute("mirror.forceCutover", (context, repo) => {
    const mirror = mirrorOf(repo);
    const record = recordOf(repo);
    const active = activeJob(record);
    const stuck = active?.transition === "outbound_to_inbound" && active.status === "requires_attention";
    if (!stuck && (active !== undefined || mirror.status !== "outbound"))
      throw new ForgeFailure(
        "FailedPrecondition",
        "Force cutover applies to an outbound mirror, or to an outbound-to-inbound job that requires attention.",
      );
    supersede(record, context.now);
    const branches = repoData(context.state, repo).branches;
    const upstream = upstreamOf(context.state, repo, record);
    record.abandoned = new Map([...branches].filter(([ref]) => !upstream.has(ref)));
    for (const ref of record.abandoned.keys()) branches.delete(ref);
    for (const [ref, sha] of upstream) branches.set(ref, sha);
    setStatus(repo, "inbound", context.now);
    return reply({ ...mirror });
  }),
  mirrorRoute("mirror.detach", (context, repo) => {
    const record = recordOf(repo);
    if (!repo.mirror) {
      if (record.everMirrored) return { status: 204 };
      throw new ForgeFailure("FailedPrecondition", `${repo.owner.slug}/${repo.name} was never mirrored.`);
    }
    supersede(record, context.now);
    record.pendingSyncs.clear();
    delete repo.mirror;
    repo.updatedAt = context.now;
    return { status: 204 };
  }),
  tableRoute("mirror.job", (context, repo) => {
    const id = context.params.jobId ?? "";
    const job = RECORDS.get(repo)?.jobs.find((held) => held.id === id);
    if (!job) throw new ForgeFailure("NotFound", `Transition job ${id} was not found.`);
    return reply(jobView(job));
  }),
  tableRoute("mirror.activeJobs", (_context, repo) => {
    const jobs = RECORDS.get(repo)?.jobs ?? [];
    const active = jobs.find((job) => ACTIVE.has(job.status));
    const last = jobs.findLast((job) => !ACTIVE.has(job.status));
    return reply({
      ...(active ? { activeJob: jobView(active) } : {}),
      ...(last ? { lastJob: jobView(last) } : {}),
    });
  }),
  tableRoute("mirror.sync", (context, repo) => {
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["mirror.sync"].body, body, "mirror sync");
    const mirror = mirrorOf(repo);
    if (mirror.status === "initial")
      throw new ForgeFailure("FailedPrecondition", "The mirror has not started; transition initial_to_inbound first.");
    const ref = (typeof body.ref === "string" ? body.ref : repo.defaultBranch).replace(/^refs\/heads\//, "");
    const record = recordOf(repo);
    const target = upstreamOf(context.state, repo, record).get(ref);
    if (target === undefined) throw new ForgeFailure("NotFound", `Ref ${ref} was not found upstream.`);
    // An outbound mirror is the source its upstream follows: there is nothing to pull.
    if (mirror.status === "outbound" || repoData(context.state, repo).branches.get(ref) === target)
      return reply({ synced: true });
    if (!record.pendingSyncs.has(ref)) record.pendingSyncs.set(ref, context.now + MIRROR_TIMING.syncMs);
    return reply({ synced: false }, 202);
  }),
];

/** `fake.forge.mirrors`: seed mirrored repositories and steer their jobs and upstreams. */
export interface FakeForgeMirrors {
  /**
   * Adds a mirrored repository to the seeded namespace (installations on all repositories reach it).
   * `upstreamAdmins` limits which user ids may transition it (default: every user).
   */
  add(input?: {
    name?: string;
    status?: "initial" | "inbound" | "outbound";
    source?: string;
    sourceId?: string;
    upstreamAdmins?: string[];
  }): { repoId: string; name: string };
  /** Makes the next transition job of a repository end in `failed_rolled_back` or `requires_attention`. */
  failNextJob(
    repoId: string,
    outcome: "failed_rolled_back" | "requires_attention",
    error?: { code?: string; message?: string },
  ): void;
  /** Moves (or creates) a branch upstream; Sync Mirror of it answers 202 until the sync lands. */
  pushUpstream(repoId: string, ref?: string): { sha: string };
  /** The refs only the forge had at the last forced cutover, snapshotted and abandoned (ref → SHA). */
  abandonedRefs(repoId: string): Record<string, string>;
}

const MIRROR_FIELDS: Record<string, FieldRule> = {
  name: TEXT_FIELD,
  status: [
    (value) => ["initial", "inbound", "outbound"].includes(value as string),
    '"initial", "inbound" or "outbound"',
  ],
  source: TEXT_FIELD,
  sourceId: TEXT_FIELD,
  upstreamAdmins: TEXT_LIST_FIELD,
};

/** The mirror controls over the current state (it is replaced on reset). */
export function mirrorControls(current: () => ForgeState, now: Clock): FakeForgeMirrors {
  const repoById = (repoId: unknown, operation: string) => {
    expectId(repoId, "repoId", `fake.forge.mirrors.${operation}`);
    const repo = current().repositories.find((held) => held.id === repoId);
    if (!repo) throw fakeArgumentError(`fake.forge.mirrors.${operation}: no repository ${repoId}.`);
    return repo;
  };
  const mirroredById = (repoId: unknown, operation: string) => {
    const repo = repoById(repoId, operation);
    if (!repo.mirror)
      throw fakeArgumentError(`fake.forge.mirrors.${operation}: ${repo.id} is not a mirrored repository.`);
    return repo;
  };
  return {
    add(input = {}) {
      checkInput(input, "input", "fake.forge.mirrors.add", MIRROR_FIELDS);
      const state = current();
      const name = input.name ?? `mirror-${state.repositories.length + 1}`;
      if (state.repositories.some((repo) => repo.name.toLowerCase() === name.toLowerCase()))
        throw fakeArgumentError(`fake.forge.mirrors.add: a repository ${name} already exists.`);
      const repo = state.createRepository({ name }, now());
      repo.mirror = {
        source: input.source ?? "github",
        sourceId: input.sourceId ?? String(100_000 + state.repositories.length),
        status: input.status ?? "inbound",
      };
      const record = recordOf(repo);
      record.upstreamAdmins = input.upstreamAdmins ? new Set(input.upstreamAdmins) : undefined;
      return { repoId: repo.id, name: repo.name };
    },
    failNextJob(repoId, outcome, error = {}) {
      const repo = mirroredById(repoId, "failNextJob");
      expectFakeArgument(
        outcome === "failed_rolled_back" || outcome === "requires_attention",
        'fake.forge.mirrors.failNextJob: `outcome` must be "failed_rolled_back" or "requires_attention".',
      );
      checkInput(error, "error", "fake.forge.mirrors.failNextJob", { code: TEXT_FIELD, message: TEXT_FIELD });
      recordOf(repo).nextOutcome = {
        outcome,
        code: error.code ?? (outcome === "failed_rolled_back" ? "UPSTREAM_UNREACHABLE" : "REFS_DIVERGED"),
        message: error.message ?? "The upstream repository did not accept the change of direction.",
      };
    },
    pushUpstream(repoId, ref) {
      const repo = mirroredById(repoId, "pushUpstream");
      expectFakeArgument(
        ref === undefined || isText(ref),
        "fake.forge.mirrors.pushUpstream: `ref` must be a branch name.",
      );
      const record = recordOf(repo);
      record.upstreamPushes += 1;
      const sha = fakeSha(`${repo.id}:upstream:${record.upstreamPushes}`);
      upstreamOf(current(), repo, record).set(ref ?? repo.defaultBranch, sha);
      return { sha };
    },
    abandonedRefs: (repoId) => Object.fromEntries(RECORDS.get(repoById(repoId, "abandonedRefs"))?.abandoned ?? []),
  };
}
