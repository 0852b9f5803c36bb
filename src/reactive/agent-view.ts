import { computed, type ReadonlySignal, signal } from "@preact/signals-core";
import { initialRunState } from "../agents/run-state.js";
import type { Agent } from "../agents/schemas/resources.js";
import { ApiError } from "../core/errors.js";
import { isFinalError, pollBackoff, publish } from "./failures.js";
import { onNewRun } from "./new-runs.js";
import type { ConnectionState, RunStreamClient } from "./run-feed.js";
import {
  checkWatchRunOptions,
  type RunSignals,
  type RunSnapshot,
  type RunView,
  type RunViewError,
  type WatchRunOptions,
  watchRun,
} from "./run-view.js";
import { defaultSleep, type Sleep } from "./timers.js";
import { optionalOptions, optionalPositive, requireClient, requireFunction, requireText } from "./validate.js";

/** What `watchAgent` needs from a client: `agents.get()` and `runs.stream()`, as an `AgentsClient` has them. */
export interface AgentRunsClient extends RunStreamClient {
  readonly agents: { get(agentId: string, options?: { signal?: AbortSignal }): PromiseLike<Agent> };
}

/** Options of {@link watchAgent}. */
export interface WatchAgentOptions extends WatchRunOptions {
  /**
   * How often the agent is re-read, while it has no active run, to find a follow-up run. Reads that keep failing back
   * off (doubling, up to a minute; a `Retry-After` is waited at least); one that succeeds resets it. Default 5 000 ms.
   */
  followIntervalMs?: number | undefined;
  /** Waits between reads (inject a virtual clock in tests). Default `setTimeout`. */
  sleep?: Sleep | undefined;
}

/** A live view of an agent and its latest run, from `watchAgent()`; the run signals follow the current run. */
export interface AgentView extends RunSignals {
  readonly agentId: string;
  /** The agent as last read. */
  readonly agent: ReadonlySignal<Agent | undefined>;
  /** The run followed now. */
  readonly runId: ReadonlySignal<string | undefined>;
  readonly run: ReadonlySignal<RunView | undefined>;
  /** Follows this run now (e.g. the follow-up you just created) instead of waiting for the next read. */
  follow(runId: string): void;
  /** Reads the agent now and follows its latest run. */
  refresh(): Promise<void>;
  dispose(): void;
}

const EMPTY_SNAPSHOT: RunSnapshot = /* @__PURE__ */ Object.freeze({
  runId: undefined,
  status: undefined,
  assistantText: "",
  thinkingText: "",
  toolCalls: Object.freeze([]),
  result: undefined,
  git: undefined,
  durationMs: undefined,
  error: undefined,
  lastEventId: undefined,
  connection: "idle",
  isTerminal: false,
});

/** A copy of a snapshot with one field replaced; its lazy `toolCalls` stays lazy (a spread would build it). */
function withField<K extends keyof RunSnapshot>(snapshot: RunSnapshot, key: K, value: RunSnapshot[K]): RunSnapshot {
  const fields = { ...Object.getOwnPropertyDescriptors(snapshot), [key]: { value, enumerable: true } };
  return Object.defineProperties({}, fields) as RunSnapshot;
}

/**
 * Watches an agent: follows its latest run (`latestRunId`) and switches to each follow-up run as it appears. The
 * agent is re-read only while no run is active. Lazy like `watchRun`: nothing is requested until a signal has a
 * subscriber, and reading stops when the last one leaves. @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Cloud Agents API § AgentSummary)
 */
export function watchAgent(client: AgentRunsClient, agentId: string, options: WatchAgentOptions = {}): AgentView {
  requireClient(client, "watchAgent", true);
  requireText(agentId, "agentId", "watchAgent");
  optionalOptions(options, "options", "watchAgent");
  const interval = optionalPositive(options.followIntervalMs, "followIntervalMs", "watchAgent") ?? 5_000;
  if (options.sleep !== undefined) requireFunction(options.sleep, "sleep", "watchAgent");
  const sleep = options.sleep ?? defaultSleep;
  const { followIntervalMs: _interval, sleep: _sleep, ...runOptions } = options;
  checkWatchRunOptions(runOptions, "watchAgent");

  let watched = 0;
  let queued = false;
  let loop: AbortController | undefined;
  let stopListening: (() => void) | undefined;
  let disposed = false;
  /**
   * Orders what moves the view: each agent read takes a number when it starts, and `follow()` or an announced
   * follow-up takes one when it switches. What lands is applied only if nothing that started later was applied
   * first, so a read answered before a switch never takes the view back to an older run.
   */
  let sequence = 0;
  let applied = 0;
  /** Agent reads that failed in a row: the follow loop backs off by it; any read that succeeds resets it. */
  let failedReads = 0;
  const hooks = {
    watched: () => change(1),
    unwatched: () => change(-1),
  };
  const agent = signal<Agent | undefined>(undefined, hooks);
  const current = signal<RunView | undefined>(undefined, hooks);
  const failure = signal<unknown>(undefined);
  const own = signal<ConnectionState>("idle");

  function change(delta: number): void {
    watched += delta;
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      if (watched > 0 && !loop && !disposed) {
        loop = new AbortController();
        // While watched, a follow-up created through `followUpMutation` on this client is followed at once.
        stopListening = onNewRun(client, agentId, switchNow);
        void follow(loop.signal);
      } else if ((watched === 0 || disposed) && loop) stopFollowing();
    });
  }

  /** Ends the follow loop and the follow-up listener; safe to call again (the listener is removed once). */
  function stopFollowing(): void {
    loop?.abort();
    loop = undefined;
    stopListening?.();
    stopListening = undefined;
  }

  function switchTo(runId: string): void {
    if (disposed || current.peek()?.runId === runId) return;
    const previous = current.peek();
    publish(() => {
      current.value = watchRun(client, agentId, runId, runOptions);
    });
    previous?.dispose();
  }

  /** A switch asked for now (`follow()`, an announced follow-up): reads that started before it no longer apply. */
  function switchNow(runId: string): void {
    applied = ++sequence;
    switchTo(runId);
  }

  async function read(signal?: AbortSignal): Promise<void> {
    const started = ++sequence;
    const next = await client.agents.get(agentId, signal ? { signal } : {});
    failedReads = 0;
    if (disposed || started < applied) return; // disposed meanwhile, or overtaken: stale
    applied = started;
    publish(() => {
      agent.value = next;
      failure.value = undefined;
      if (next.latestRunId) switchTo(next.latestRunId);
    });
  }

  async function follow(stop: AbortSignal): Promise<void> {
    if (!current.peek()) publish(() => (own.value = "connecting"));
    try {
      for (;;) {
        const view = current.peek();
        let wait = interval;
        if (!view || view.isTerminal.peek()) {
          try {
            await read(stop);
          } catch (error) {
            if (stop.aborted) return;
            // Backs off while reads keep failing; told when to come back (Retry-After), it waits at least that long.
            wait = pollBackoff(interval, ++failedReads, error);
            publish(() => {
              failure.value = error;
              if (isFinalError(error)) own.value = "closed";
            });
            if (isFinalError(error)) return;
          }
        }
        if (!current.peek()) publish(() => (own.value = "idle"));
        await sleep(wait, stop);
      }
    } catch (error) {
      // Stopped (the sleep was aborted), or the injected sleep failed: that ends the loop, and says so.
      if (stop.aborted) return;
      publish(() => {
        failure.value = error;
        own.value = "closed";
      });
    }
  }

  const pick = <T>(select: (view: RunView) => ReadonlySignal<T>, fallback: T) =>
    computed(() => {
      const view = current.value;
      return view ? select(view).value : fallback;
    });
  const ownError = computed<RunViewError | undefined>(() => {
    const error = failure.value;
    if (error === undefined) return undefined;
    const code = error instanceof ApiError ? error.code : undefined;
    return { source: "stream", code, message: error instanceof Error ? error.message : String(error), cause: error };
  });
  const runError = pick((view) => view.error, undefined);
  const error = computed(() => runError.value ?? ownError.value);
  const connection = computed(() => {
    const view = current.value;
    return view ? view.connection.value : disposed ? "closed" : own.value;
  });
  const snapshot = computed<RunSnapshot>(() => {
    const view = current.value;
    const base = view ? view.snapshot.value : withField(EMPTY_SNAPSHOT, "connection", connection.value);
    return error.value === base.error ? base : withField(base, "error", error.value);
  });

  return {
    agentId,
    agent,
    run: current,
    runId: computed(() => current.value?.runId),
    state: pick((view) => view.state, initialRunState),
    status: pick((view) => view.status, undefined),
    assistantText: pick((view) => view.assistantText, ""),
    thinkingText: pick((view) => view.thinkingText, ""),
    toolCalls: pick((view) => view.toolCalls, EMPTY_SNAPSHOT.toolCalls),
    result: pick((view) => view.result, undefined),
    git: pick((view) => view.git, undefined),
    durationMs: pick((view) => view.durationMs, undefined),
    error,
    connection,
    lastEventId: pick((view) => view.lastEventId, undefined),
    events: pick((view) => view.events, []),
    isTerminal: pick((view) => view.isTerminal, false),
    snapshot,
    follow(runId) {
      requireText(runId, "runId", "watchAgent.follow");
      if (!disposed) switchNow(runId);
    },
    refresh: () => (disposed ? Promise.resolve() : read()),
    dispose() {
      if (disposed) return;
      disposed = true;
      stopFollowing();
      publish(() => (own.value = "closed"));
      current.peek()?.dispose();
    },
  };
}
