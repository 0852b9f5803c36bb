import { computed, type ReadonlySignal, signal } from "@preact/signals-core";
import { argumentError } from "../core/arguments.js";
import { AgentlineError } from "../core/errors.js";
import type { CallOptions } from "../core/options.js";
import { isPending } from "../forge/check-runs/select.js";
import type { CheckRun } from "../forge/schemas/check-responses.js";
import { isSameRepository, readCheckRunEvent } from "./check-run-events.js";
import {
  applySnapshot,
  type CheckRunReplica,
  currentRuns,
  emptyReplica,
  keyOf,
  retainRuns,
} from "./check-run-replica.js";
import { isFinalError, pollBackoff, publish } from "./failures.js";
import { defaultSleep, type Sleep } from "./timers.js";
import { optionalPositive, requireFunction, requireObject, requireText } from "./validate.js";

/** What polling needs: `repo(owner, name).checkRuns.listForCommit()`, as a `ForgeClient` has it. */
export interface CheckRunsSource {
  repo(
    owner: string,
    name: string,
  ): {
    readonly checkRuns: {
      listForCommit(
        sha: string,
        params?: { pageSize?: number },
        options?: CallOptions,
      ): { toArray(): Promise<CheckRun[]> };
    };
  };
}

/** Options of {@link watchCheckRuns}. */
export interface WatchCheckRunsOptions {
  owner: string;
  repo: string;
  /** The commit SHA whose check runs are watched. */
  sha: string;
  /** A forge client (an installation's `ForgeClient`) to poll List Check Runs For Commit with; omit to rely on `feed()`. */
  forge?: CheckRunsSource | undefined;
  /**
   * Time between polls while watched. Polls that keep failing back off (doubling, up to a minute; a `Retry-After` is
   * waited at least); one that succeeds resets it. Default 10 000 ms (1 point each page).
   */
  pollIntervalMs?: number | undefined;
  /** Waits between polls (inject a virtual clock in tests). Default `setTimeout`. */
  sleep?: Sleep | undefined;
}

/**
 * `idle` (not polling: nobody watches, or no `forge`), `polling`, or `closed` (disposed, or polling refused: the
 * credential or the repository was refused, `error` says how; polling starts again only after a `refresh()` that
 * succeeds).
 */
export type CheckRunsConnection = "idle" | "polling" | "closed";

/** What `feed()` did with an event: stored it, ignored it as stale or a repeat, or it was not about this commit. */
export type FeedOutcome = "applied" | "stale" | "unchanged" | "unrelated" | "invalid";

/** The view in one object (a new one only when something changed). */
export interface CheckRunsSnapshot {
  readonly runs: readonly CheckRun[];
  readonly pending: boolean;
  readonly connection: CheckRunsConnection;
  readonly error: unknown;
}

/** A live view of a commit's check runs, from `watchCheckRuns()`. @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Code Forge API § Check run semantics) */
export interface CheckRunsView {
  readonly owner: string;
  readonly repo: string;
  readonly sha: string;
  /** The current run of every key (the forge's selection rules), oldest first. */
  readonly runs: ReadonlySignal<readonly CheckRun[]>;
  /** The same runs by key. */
  readonly byKey: ReadonlySignal<ReadonlyMap<string, CheckRun>>;
  /** The current run of one key; it notifies only when that run changes. */
  run(key: string): ReadonlySignal<CheckRun | undefined>;
  /** True while a current run is not completed (queued, in_progress, rerequested or an unknown status). */
  readonly pending: ReadonlySignal<boolean>;
  readonly connection: ReadonlySignal<CheckRunsConnection>;
  /** The last polling failure, cleared by the next successful poll. */
  readonly error: ReadonlySignal<unknown>;
  readonly snapshot: ReadonlySignal<CheckRunsSnapshot>;
  /** Takes in a `repository.check_run.*` webhook (verified first!): a payload, or an event object wrapping one. */
  feed(event: unknown): FeedOutcome;
  /**
   * Polls once now (needs `forge`); after polling was refused, one that succeeds lets polling start again. After
   * `dispose()` it asks nothing, and a listing answered after it changes nothing.
   */
  refresh(): Promise<void>;
  /** Stops polling for good; the signals keep their values. */
  dispose(): void;
}

function sameRuns(a: readonly CheckRun[], b: readonly CheckRun[]): boolean {
  return a.length === b.length && a.every((run, index) => run === b[index]);
}

/**
 * Watches the check runs of a commit: the current run per key, selected with the check-run ledger by the spec's
 * rules, fed by `feed(webhookEvent)` from a webhook handler and/or by polling List Check Runs For Commit while a
 * signal is watched. Snapshots older than the one held are ignored (`stale`). Uses no DOM: runs in a browser, a
 * Worker or a Durable Object alike.
 *
 * ```ts
 * const checks = watchCheckRuns({ owner: "acme", repo: "web", sha, forge: installationClient });
 * effect(() => console.log(checks.runs.value.map((run) => `${run.key}: ${run.status}`)));
 * ```
 * @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Code Forge API § Check run semantics)
 */
export function watchCheckRuns(options: WatchCheckRunsOptions): CheckRunsView {
  requireObject(options, "options", "watchCheckRuns", "`{ owner, repo, sha, forge }`");
  const owner = requireText(options.owner, "owner", "watchCheckRuns");
  const repo = requireText(options.repo, "repo", "watchCheckRuns");
  const sha = requireText(options.sha, "sha", "watchCheckRuns");
  const interval = optionalPositive(options.pollIntervalMs, "pollIntervalMs", "watchCheckRuns") ?? 10_000;
  const sleep = options.sleep ?? defaultSleep;
  const { forge } = options;
  if (forge !== undefined && typeof (forge as Partial<typeof forge>)?.repo !== "function") {
    throw argumentError(forge, "forge", "watchCheckRuns", "a ForgeClient (or an installation's client), or omitted");
  }
  if (options.sleep !== undefined) requireFunction(options.sleep, "sleep", "watchCheckRuns");

  let watched = 0;
  let queued = false;
  let loop: AbortController | undefined;
  let disposed = false;
  let epoch = 0;
  /** The epoch of the listing shown: a listing that started before it, answering later, is stale. */
  let listedAt = 0;
  /** Polling was refused (a final error): not restarted until a `refresh()` succeeds. */
  let refused = false;
  /** Listings that failed in a row: polling backs off by it; any listing that succeeds resets it. */
  let failedPolls = 0;
  /** The poll epoch in which each run was last fed: a listing sent before a webhook arrived must not drop its run. */
  const fedAt = new Map<string, number>();
  const hooks = { watched: () => change(1), unwatched: () => change(-1) };
  const replica = signal<CheckRunReplica>(emptyReplica(), hooks);
  const connection = signal<CheckRunsConnection>("idle", hooks);
  const error = signal<unknown>(undefined, hooks);

  function change(delta: number): void {
    watched += delta;
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      sync();
    });
  }

  /** Starts polling when watched, stops it when not. */
  function sync(): void {
    if (watched > 0 && forge && !loop && !disposed && !refused) {
      loop = new AbortController();
      void poll(loop.signal);
    } else if (watched === 0 && loop) {
      loop.abort();
      loop = undefined;
      if (!disposed) publish(() => (connection.value = "idle"));
    }
  }

  async function refresh(signal?: AbortSignal): Promise<void> {
    if (!forge) {
      throw new AgentlineError("watchCheckRuns: pass `forge` (a ForgeClient) to poll; without it use feed().", {
        code: "invalid_option",
      });
    }
    if (disposed) return; // stopped for good: nothing is asked any more
    const since = ++epoch;
    const listed = await forge
      .repo(owner, repo)
      .checkRuns.listForCommit(sha, { pageSize: 100 }, signal ? { signal } : {})
      .toArray();
    failedPolls = 0;
    // Disposed meanwhile (the signals keep the values they had), or a newer listing is shown already.
    if (disposed || since < listedAt) return;
    listedAt = since;
    let next = replica.peek();
    for (const run of listed) next = applySnapshot(next, run, undefined, sha).replica;
    const keep = new Set(listed.map((run) => run.id));
    for (const [id, at] of fedAt) {
      if (at >= since) keep.add(id);
      else fedAt.delete(id);
    }
    next = retainRuns(next, keep);
    publish(() => {
      replica.value = next;
      error.value = undefined;
    });
    if (refused && !disposed) {
      refused = false; // asked again, and answered: polling may start again
      sync();
    }
  }

  async function poll(stop: AbortSignal): Promise<void> {
    publish(() => (connection.value = "polling"));
    try {
      for (;;) {
        let wait = interval;
        try {
          await refresh(stop);
        } catch (failure) {
          // Backs off while polls keep failing; told when to come back (a 429 or 503 with Retry-After), it waits at
          // least that long: polling sooner would only be refused again.
          wait = pollBackoff(interval, ++failedPolls, failure);
          if (stop.aborted) return;
          if (isFinalError(failure)) {
            refused = true;
            loop = undefined;
          }
          publish(() => {
            error.value = failure;
            if (refused) connection.value = "closed";
          });
          if (refused) return;
        }
        await sleep(wait, stop);
      }
    } catch (failure) {
      // Stopped (the sleep was aborted), or the injected sleep failed: that ends polling, and says so.
      if (stop.aborted) return;
      publish(() => {
        error.value = failure;
        connection.value = "closed";
      });
    }
  }

  let previous: readonly CheckRun[] = [];
  const runs = computed(() => {
    const next = currentRuns(replica.value, sha);
    if (!sameRuns(previous, next)) previous = next;
    return previous;
  });
  const byKey = computed(() => new Map(runs.value.map((run) => [keyOf(run), run])));
  const perKey = new Map<string, ReadonlySignal<CheckRun | undefined>>();
  const pending = computed(() => runs.value.some((run) => isPending(run)));
  const snapshot = computed<CheckRunsSnapshot>(() => ({
    runs: runs.value,
    pending: pending.value,
    connection: connection.value,
    error: error.value,
  }));

  return {
    owner,
    repo,
    sha,
    runs,
    byKey,
    pending,
    connection,
    error,
    snapshot,
    run(key) {
      if (typeof key !== "string") throw argumentError(key, "key", "watchCheckRuns.run", "a check run's key");
      let held = perKey.get(key);
      if (!held) {
        held = computed(() => byKey.value.get(key));
        perKey.set(key, held);
      }
      return held;
    },
    feed(event) {
      let parts: ReturnType<typeof readCheckRunEvent>;
      try {
        parts = readCheckRunEvent(event);
      } catch {
        return "invalid"; // a getter or a proxy that throws: no check run can be read from it
      }
      if (typeof parts === "string") return parts;
      if (!isSameRepository(parts.repository, owner, repo)) return "unrelated";
      const runSha = parts.run.sha ?? parts.suite?.sha;
      if (runSha === undefined || runSha.toLowerCase() !== sha.toLowerCase()) return "unrelated";
      const result = applySnapshot(replica.peek(), parts.run, parts.suite, sha);
      if (result.replica !== replica.peek()) {
        fedAt.set(parts.run.id, epoch);
        publish(() => (replica.value = result.replica));
      }
      return result.outcome;
    },
    refresh: () => refresh(),
    dispose() {
      disposed = true;
      loop?.abort();
      loop = undefined;
      publish(() => (connection.value = "closed"));
    },
  };
}
