/**
 * Hooks over agentline/reactive. Each hook subscribes through useSyncExternalStore (StrictMode and concurrent
 * rendering safe) and coalesces changes to one render per animation frame.
 * @module agentline/react
 */

import {
  type AgentRunsClient,
  type CheckRunsSnapshot,
  type CheckRunsView,
  nextFrame,
  type ReadonlySignal,
  type RunSnapshot,
  type RunStreamClient,
  type Scheduler,
  subscribeCoalesced,
  type WatchAgentOptions,
  type WatchCheckRunsOptions,
  type WatchRunOptions,
  watchAgent,
  watchCheckRuns,
  watchRun,
} from "agentline/reactive";
import { useCallback, useMemo, useSyncExternalStore } from "react";

/**
 * The current value of a signal, re-rendering at most once per `schedule` tick (default: once per animation frame)
 * however many times it changed. Subscribing counts as watching: a view's stream starts with the first component
 * that reads it and stops when the last one unmounts.
 */
export function useValue<T>(source: ReadonlySignal<T>, schedule: Scheduler = nextFrame): T {
  const subscribe = useCallback(
    (onChange: () => void) => subscribeCoalesced(source, onChange, schedule),
    [source, schedule],
  );
  // `peek()` returns the same value until the signal changes: a stable snapshot, as useSyncExternalStore requires.
  const read = useCallback(() => source.peek(), [source]);
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * A run, live: its status, text, tool calls, result, error and connection, one render per frame at most.
 * `options` are read when the run changes (the first view of a run decides them).
 *
 * ```tsx
 * const run = useRun(client, agentId, runId);
 * return <p>{run.status}: {run.assistantText}</p>;
 * ```
 * @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Cloud Agents API § Events)
 */
export function useRun(
  client: RunStreamClient,
  agentId: string,
  runId: string,
  options?: WatchRunOptions,
): RunSnapshot {
  // biome-ignore lint/correctness/useExhaustiveDependencies: options apply to a new run only, not on every render.
  const view = useMemo(() => watchRun(client, agentId, runId, options), [client, agentId, runId]);
  return useValue(view.snapshot);
}

/** An agent's latest run, live, switching to each follow-up run. @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Cloud Agents API § AgentSummary) */
export function useAgent(client: AgentRunsClient, agentId: string, options?: WatchAgentOptions): RunSnapshot {
  // biome-ignore lint/correctness/useExhaustiveDependencies: options apply to a new agent only, not on every render.
  const view = useMemo(() => watchAgent(client, agentId, options), [client, agentId]);
  return useValue(view.snapshot);
}

/** A commit's check runs, live; `feed` takes verified webhook events. */
export interface CheckRunsState extends CheckRunsSnapshot {
  feed: CheckRunsView["feed"];
  refresh: CheckRunsView["refresh"];
}

/**
 * A commit's check runs, live: the current run per key, polled through `forge` while mounted and/or fed with
 * webhook events through `feed`. @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Code Forge API § Check run semantics)
 */
export function useCheckRuns(options: WatchCheckRunsOptions): CheckRunsState {
  const { owner, repo, sha, forge, pollIntervalMs } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view changes with what it watches, not with `sleep`.
  const view = useMemo(() => watchCheckRuns(options), [owner, repo, sha, forge, pollIntervalMs]);
  const snapshot = useValue(view.snapshot);
  return useMemo(() => ({ ...snapshot, feed: view.feed, refresh: view.refresh }), [snapshot, view]);
}
