/**
 * Hooks over agentline/reactive. Each hook subscribes through useSyncExternalStore (StrictMode and concurrent
 * rendering safe) and coalesces changes to one render per animation frame.
 * @module agentline/react
 */

import {
  type AgentRunsClient,
  type CheckRunsSnapshot,
  type CheckRunsView,
  type RunSnapshot,
  type RunStreamClient,
  type WatchAgentOptions,
  type WatchCheckRunsOptions,
  type WatchRunOptions,
  watchAgent,
  watchCheckRuns,
  watchRun,
} from "agentline/reactive";
import { useMemo } from "react";
import { useClient } from "./context.js";
import { useValue } from "./value.js";

export { AgentlineProvider, type AgentlineProviderProps, useAgentlineClient } from "./context.js";
export { type MutationResult, useCancelRun, useCreateAgent, useFollowUp } from "./mutations.js";
export { useValue } from "./value.js";

/**
 * A run, live: its status, text, tool calls, result, error and connection, one render per frame at most.
 * `options` are read when the run changes (the first view of a run decides them).
 *
 * ```tsx
 * const run = useRun(agentId, runId); // the client of <AgentlineProvider>, or useRun(client, agentId, runId)
 * return <p>{run.status}: {run.assistantText}</p>;
 * ```
 * @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Cloud Agents API § Events)
 */
export function useRun(agentId: string, runId: string, options?: WatchRunOptions): RunSnapshot;
/** A run, live, with the client given here rather than the provider's. */
export function useRun(
  client: RunStreamClient | undefined,
  agentId: string,
  runId: string,
  options?: WatchRunOptions,
): RunSnapshot;
export function useRun(...args: RunArgs<RunStreamClient, [string, string, WatchRunOptions?]>): RunSnapshot {
  const [given, agentId, runId, options] = withClient(args);
  const client = useClient(given, "useRun");
  // biome-ignore lint/correctness/useExhaustiveDependencies: options apply to a new run only, not on every render.
  const view = useMemo(() => watchRun(client, agentId, runId, options), [client, agentId, runId]);
  return useValue(view.snapshot);
}

/**
 * An agent's latest run, live, switching to each follow-up run (at once for one sent with `useFollowUp`). The client
 * is the provider's unless given first. @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Cloud Agents API § AgentSummary)
 */
export function useAgent(agentId: string, options?: WatchAgentOptions): RunSnapshot;
/** An agent's latest run, live, with the client given here rather than the provider's. */
export function useAgent(
  client: AgentRunsClient | undefined,
  agentId: string,
  options?: WatchAgentOptions,
): RunSnapshot;
export function useAgent(...args: RunArgs<AgentRunsClient, [string, WatchAgentOptions?]>): RunSnapshot {
  const [given, agentId, options] = withClient(args);
  const client = useClient(given, "useAgent");
  // biome-ignore lint/correctness/useExhaustiveDependencies: options apply to a new agent only, not on every render.
  const view = useMemo(() => watchAgent(client, agentId, options), [client, agentId]);
  return useValue(view.snapshot);
}

/** A hook's arguments, with or without the client first. */
type RunArgs<C, Rest extends unknown[]> = Rest | [C | undefined, ...Rest];

/** The arguments with the client first (`undefined` when the call left it out: an id comes first then). */
function withClient<C, Rest extends unknown[]>(args: RunArgs<C, Rest>): [C | undefined, ...Rest] {
  return (typeof args[0] === "string" ? [undefined, ...args] : args) as [C | undefined, ...Rest];
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
  // `?? {}`: no options fail in watchCheckRuns, as an AgentlineError naming them, not as a TypeError here.
  const { owner, repo, sha, forge, pollIntervalMs } = options ?? ({} as Partial<WatchCheckRunsOptions>);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view changes with what it watches, not with `sleep`.
  const view = useMemo(() => watchCheckRuns(options), [owner, repo, sha, forge, pollIntervalMs]);
  const snapshot = useValue(view.snapshot);
  return useMemo(() => ({ ...snapshot, feed: view.feed, refresh: view.refresh }), [snapshot, view]);
}
