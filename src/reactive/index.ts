/**
 * Runs, agents and check runs as signals and observables (built on @preact/signals-core).
 * @module agentline/reactive
 */
export { batch, computed, effect, type ReadonlySignal, untracked } from "@preact/signals-core";
export {
  type AgentIdSource,
  type AgentlineViewClient,
  type CancelRunClient,
  type CreateAgentClient,
  cancelRunMutation,
  createAgentMutation,
  type FollowUpClient,
  followUpMutation,
  noClientError,
} from "./agent-mutations.js";
export {
  type AgentRunsClient,
  type AgentView,
  type WatchAgentOptions,
  watchAgent,
} from "./agent-view.js";
export {
  type CheckRunsConnection,
  type CheckRunsSnapshot,
  type CheckRunsSource,
  type CheckRunsView,
  type FeedOutcome,
  type WatchCheckRunsOptions,
  watchCheckRuns,
} from "./check-runs-view.js";
export { immediately, nextFrame, type Scheduler, subscribeCoalesced } from "./coalesce.js";
export {
  createMutation,
  fieldErrorsOf,
  type MutateCallbacks,
  type Mutation,
  type MutationSnapshot,
  type MutationStatus,
} from "./mutation.js";
export { type InteropObservable, type Observer, type Subscription, toObservable } from "./observable.js";
export type { ConnectionState, RunStreamClient } from "./run-feed.js";
export {
  RUN_SNAPSHOT_FIELDS,
  type RunSignals,
  type RunSnapshot,
  type RunView,
  type RunViewError,
  type WatchRunOptions,
  watchRun,
} from "./run-view.js";
export type { Sleep } from "./timers.js";
/** Argument checks the framework adapters share: an `invalid_argument` AgentlineError naming the argument. */
export { requireSignal, requireSubscriber } from "./validate.js";
