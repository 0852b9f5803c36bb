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
  nextFrame,
  type ReadonlySignal,
  type RunSnapshot,
  type RunStreamClient,
  type RunView,
  type Scheduler,
  subscribeCoalesced,
  type WatchAgentOptions,
  type WatchCheckRunsOptions,
  type WatchRunOptions,
  watchAgent,
  watchCheckRuns,
  watchRun,
} from "agentline/reactive";
import type { Readable } from "svelte/store";

/**
 * A signal as a Svelte readable store: `subscribe` hands over the current value at once, then changes at most once
 * per `schedule` tick (default: once per animation frame). The first subscriber starts a view's stream or polling,
 * the last one to leave stops it.
 */
export function toReadable<T>(source: ReadonlySignal<T>, schedule: Scheduler = nextFrame): Readable<T> {
  return {
    subscribe(run) {
      run(source.peek());
      return subscribeCoalesced(source, () => run(source.peek()), schedule);
    },
  };
}

/** A store of a run's snapshot, with the view behind it. */
export interface RunStore extends Readable<RunSnapshot> {
  readonly view: RunView;
}

/**
 * A run, live, as a readable store of its snapshot.
 *
 * ```svelte
 * <script lang="ts">
 *   const run = useRun(client, agentId, runId);
 *   const words = $derived($run.assistantText.split(" ").length); // Svelte 5 runes
 * </script>
 * <p>{$run.status}: {$run.assistantText}</p>
 * ```
 * @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Cloud Agents API § Events)
 */
export function useRun(
  client: RunStreamClient,
  agentId: string,
  runId: string,
  options?: WatchRunOptions & { schedule?: Scheduler },
): RunStore {
  const view = watchRun(client, agentId, runId, options);
  return { ...toReadable(view.snapshot, options?.schedule), view };
}

/** A store of an agent's latest run, with the view behind it. */
export interface AgentStore extends Readable<RunSnapshot> {
  readonly view: AgentView;
}

/** An agent's latest run, live, switching to each follow-up run. @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Cloud Agents API § AgentSummary) */
export function useAgent(
  client: AgentRunsClient,
  agentId: string,
  options?: WatchAgentOptions & { schedule?: Scheduler },
): AgentStore {
  const view = watchAgent(client, agentId, options);
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
