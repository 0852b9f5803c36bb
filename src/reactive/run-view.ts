import { computed, type ReadonlySignal, signal } from "@preact/signals-core";
import { RUN_FIELDS, type RunField, type RunState } from "../agents/run-state.js";
import { isTerminalRunStatus } from "../agents/schemas/constants.js";
import type { RunEvent } from "../agents/stream/run-events.js";
import type { ToolCallState } from "../agents/tool-call-list.js";
import { isAgentlineError } from "../core/errors.js";
import type { ConnectionState, RunFeed, RunFeedOptions, RunStreamClient } from "./run-feed.js";
import { feedFor } from "./run-registry.js";
import {
  optionalCount,
  optionalOptions,
  optionalPositive,
  requireClient,
  requireFunction,
  requireText,
} from "./validate.js";

/**
 * What went wrong: an `error` event of the run (`source: "run"`), or the stream failing (`"stream"`). While the stream
 * retries (`connection` is `connecting` or `resuming`) it is the error that ended the last try, so a page can say what
 * is wrong (a wrong host, key or run) before the retries run out; it clears when a connection opens.
 */
export interface RunViewError {
  readonly source: "run" | "stream";
  readonly code: string | undefined;
  readonly message: string | undefined;
  /** The thrown error, for a stream failure. */
  readonly cause?: unknown;
}

/** Every field of a {@link RunSnapshot}, in order: the run's fields, then the view's `connection` and `isTerminal`. */
export const RUN_SNAPSHOT_FIELDS = [
  ...RUN_FIELDS,
  "connection",
  "isTerminal",
] as const satisfies readonly (keyof RunSnapshot)[];

/** The run fields a view shows as they are folded (the others it reshapes). */
type FoldedField = Exclude<RunField, "toolCalls" | "error">;

/** Everything a view shows, as one immutable object (a new one only when something changed). */
export interface RunSnapshot extends Readonly<Pick<RunState, FoldedField>> {
  /** Tool calls in order of first appearance; a `completed` call never goes back to `running`. */
  readonly toolCalls: readonly ToolCallState[];
  readonly error: RunViewError | undefined;
  readonly connection: ConnectionState;
  readonly isTerminal: boolean;
}

/** Each snapshot field but `runId` as a read-only signal. */
type FieldSignals = { readonly [K in keyof Omit<RunSnapshot, "runId">]: ReadonlySignal<RunSnapshot[K]> };

/** A run's live state as read-only signals. @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Cloud Agents API § Events) */
export interface RunSignals extends FieldSignals {
  /** The whole folded state (run-state reducer). */
  readonly state: ReadonlySignal<RunState>;
  /** The newest events (replays excluded), oldest first; `eventBufferSize` of them at most. */
  readonly events: ReadonlySignal<readonly RunEvent[]>;
  /** All of the above but `state` and `events`, in one object: what a framework adapter renders. */
  readonly snapshot: ReadonlySignal<RunSnapshot>;
}

/** A live view of one run, from `watchRun()`. */
export interface RunView extends RunSignals {
  readonly agentId: string;
  readonly runId: string;
  /**
   * Detaches this view: its signals keep their last values, `connection` reads `closed`, and the stream stops
   * unless another view of the run is still watched.
   */
  dispose(): void;
}

/** Options of {@link watchRun}: the run stream's options, plus the size of the event buffer. */
export interface WatchRunOptions extends RunFeedOptions {}

function toViewError(runError: RunState["error"], failure: unknown): RunViewError | undefined {
  if (failure !== undefined) {
    const message = failure instanceof Error ? failure.message : String(failure);
    return { source: "stream", code: isAgentlineError(failure) ? failure.code : undefined, message, cause: failure };
  }
  return runError ? { source: "run", code: runError.code, message: runError.message } : undefined;
}

/** The view's signals over a feed; after `dispose` they read a frozen copy, so the feed loses this subscriber. */
function createRunView(feed: RunFeed, agentId: string, runId: string): RunView {
  // Set once, by `dispose`: what the feed held then.
  const frozen = signal<{ state: RunState; failure: unknown; events: readonly RunEvent[] } | undefined>(undefined);
  const state = computed(() => frozen.value?.state ?? feed.state.value);
  const failure = computed(() => (frozen.value ? frozen.value.failure : feed.failure.value));
  const connection = computed<ConnectionState>(() => (frozen.value ? "closed" : feed.connection.value));
  const events = computed(() => {
    if (frozen.value) return frozen.value.events;
    feed.eventsVersion.value;
    return feed.ring.toArray();
  });
  // One signal per folded field, over the tuple; `toolCalls` and `error` are reshaped for display below.
  const folded = Object.fromEntries(RUN_FIELDS.map((key) => [key, computed(() => state.value[key])])) as {
    readonly [K in RunField]: ReadonlySignal<RunState[K]>;
  };
  const toolCallList = folded.toolCalls;
  const error = computed(() => toViewError(folded.error.value, failure.value));
  const isTerminal = computed(() => folded.status.value !== undefined && isTerminalRunStatus(folded.status.value));
  const fields: FieldSignals = {
    ...folded,
    toolCalls: computed(() => toolCallList.value.toArray()),
    error,
    connection,
    isTerminal,
  };
  const snapshot = computed<RunSnapshot>(() => {
    const calls = toolCallList.value;
    const shown = {} as Record<(typeof RUN_SNAPSHOT_FIELDS)[number], unknown>;
    for (const key of RUN_SNAPSHOT_FIELDS) {
      if (key === "runId") shown[key] = runId;
      // Built when read (and cached per list): a subscriber that only counts changes, or renders once per frame,
      // never copies a long run's tool calls per network chunk.
      else if (key === "toolCalls")
        Object.defineProperty(shown, key, { get: () => calls.toArray(), enumerable: true, configurable: true });
      else shown[key] = fields[key].value;
    }
    // Does not compile if RunSnapshot has a field the tuple does not list.
    const complete: Record<keyof RunSnapshot, unknown> = shown;
    return complete as RunSnapshot;
  });
  return {
    ...fields,
    agentId,
    runId,
    state,
    events,
    snapshot,
    dispose() {
      if (frozen.peek()) return;
      frozen.value = { state: state.peek(), failure: failure.peek(), events: events.peek() };
    },
  };
}

/** Checks the options a run view takes, before any request. */
export function checkWatchRunOptions(options: WatchRunOptions, context: string): void {
  optionalCount(options.eventBufferSize, "eventBufferSize", context);
  optionalPositive(options.heartbeatTimeoutMs, "heartbeatTimeoutMs", context);
  optionalPositive(options.pollIntervalMs, "pollIntervalMs", context);
  optionalCount(options.maxReconnects, "maxReconnects", context);
  optionalPositive(options.maxBufferSize, "maxBufferSize", context);
  optionalCount(options.skipEvents, "skipEvents", context);
  if (options.onConnectionChange !== undefined)
    requireFunction(options.onConnectionChange, "onConnectionChange", context);
}

/**
 * Watches a run: read-only signals of its status, text, tool calls, result, git, error and connection, folded from
 * the run stream (which resumes by itself after drops, and falls back to reading the run once the stream expired).
 * Nothing is requested until a signal gets its first subscriber; the stream stops when the last one leaves, and
 * resumes from where it stopped when one comes back. Views of the same run on the same client share one stream
 * (the first view's options apply). Each network chunk is applied in one `batch()`.
 *
 * ```ts
 * const view = watchRun(client, agent.id, run.id);
 * const stop = effect(() => render(view.assistantText.value, view.toolCalls.value));
 * ```
 * @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Cloud Agents API § Events)
 */
export function watchRun(
  client: RunStreamClient,
  agentId: string,
  runId: string,
  options: WatchRunOptions = {},
): RunView {
  requireClient(client, "watchRun");
  requireText(agentId, "agentId", "watchRun");
  requireText(runId, "runId", "watchRun");
  checkWatchRunOptions(optionalOptions(options, "options", "watchRun"), "watchRun");
  return createRunView(feedFor(client, agentId, runId, options), agentId, runId);
}
