/**
 * Readable stores over agentline/reactive, through Svelte's store contract, so `$run` works in any component (Svelte
 * 4, and Svelte 5 with or without runes). Values arrive at most once per animation frame.
 * @module agentline/svelte
 */
import {
  type AgentRunsClient,
  type AgentView,
  type CheckRunsSnapshot,
  type CheckRunsView,
  type RunSnapshot,
  type RunStreamClient,
  type RunView,
  type Scheduler,
  type WatchAgentOptions,
  type WatchCheckRunsOptions,
  type WatchRunOptions,
  watchAgent,
  watchCheckRuns,
  watchRun,
} from "agentline/reactive";
import type { Readable } from "svelte/store";
import { useClient } from "./context.js";
import { toReadable } from "./readable.js";

export { setAgentlineClient, useAgentlineClient } from "./context.js";
export { type MutationStore, useCancelRun, useCreateAgent, useFollowUp } from "./mutations.js";
export { toReadable } from "./readable.js";

/** A store of a run's snapshot, with the view behind it. */
export interface RunStore extends Readable<RunSnapshot> {
  readonly view: RunView;
}

/**
 * A run, live, as a readable store of its snapshot.
 *
 * ```svelte
 * <script lang="ts">
 *   const run = useRun(agentId, runId); // the client of setAgentlineClient, or useRun(client, agentId, runId)
 *   const words = $derived($run.assistantText.split(" ").length); // Svelte 5 runes
 * </script>
 * <p>{$run.status}: {$run.assistantText}</p>
 * ```
 * @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Cloud Agents API § Events)
 */
export function useRun(agentId: string, runId: string, options?: WatchRunOptions & { schedule?: Scheduler }): RunStore;
/** A run, live, with the client given here rather than the one set by `setAgentlineClient`. */
export function useRun(
  client: RunStreamClient | undefined,
  agentId: string,
  runId: string,
  options?: WatchRunOptions & { schedule?: Scheduler },
): RunStore;
export function useRun(
  ...args: ClientFirst<RunStreamClient, [string, string, (WatchRunOptions & { schedule?: Scheduler })?]>
): RunStore {
  const [given, agentId, runId, options] = withClient(args);
  const view = watchRun(useClient(given, "useRun"), agentId, runId, options);
  return { ...toReadable(view.snapshot, options?.schedule), view };
}

/** A function's arguments, with or without the client first. */
type ClientFirst<C, Rest extends unknown[]> = Rest | [C | undefined, ...Rest];

/** The arguments with the client first (`undefined` when the call left it out: an id comes first then). */
function withClient<C, Rest extends unknown[]>(args: ClientFirst<C, Rest>): [C | undefined, ...Rest] {
  return (typeof args[0] === "string" ? [undefined, ...args] : args) as [C | undefined, ...Rest];
}

/** A store of an agent's latest run, with the view behind it. */
export interface AgentStore extends Readable<RunSnapshot> {
  readonly view: AgentView;
}

/** An agent's latest run, live, switching to each follow-up run (at once for one sent with `useFollowUp`). @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Cloud Agents API § AgentSummary) */
export function useAgent(agentId: string, options?: WatchAgentOptions & { schedule?: Scheduler }): AgentStore;
/** An agent's latest run, live, with the client given here rather than the one set by `setAgentlineClient`. */
export function useAgent(
  client: AgentRunsClient | undefined,
  agentId: string,
  options?: WatchAgentOptions & { schedule?: Scheduler },
): AgentStore;
export function useAgent(
  ...args: ClientFirst<AgentRunsClient, [string, (WatchAgentOptions & { schedule?: Scheduler })?]>
): AgentStore {
  const [given, agentId, options] = withClient(args);
  const view = watchAgent(useClient(given, "useAgent"), agentId, options);
  return { ...toReadable(view.snapshot, options?.schedule), view };
}

/** A store of a commit's check runs; `feed` takes verified webhook events. */
export interface CheckRunsStore extends Readable<CheckRunsSnapshot> {
  readonly view: CheckRunsView;
  readonly feed: CheckRunsView["feed"];
  readonly refresh: CheckRunsView["refresh"];
}

/**
 * A commit's check runs, live: polled through `forge` while subscribed and/or fed with webhook events.
 * @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Code Forge API § Check run semantics)
 */
export function useCheckRuns(options: WatchCheckRunsOptions & { schedule?: Scheduler }): CheckRunsStore {
  const view = watchCheckRuns(options);
  return { ...toReadable(view.snapshot, options.schedule), view, feed: view.feed, refresh: view.refresh };
}
