import { computed, type ReadonlySignal, signal } from "@preact/signals-core";
import type { RunState } from "../agents/run-state.js";
import { isTerminalRunStatus, type RunStatus } from "../agents/schemas/constants.js";
import type { RunGit } from "../agents/schemas/resources.js";
import type { RunEvent } from "../agents/stream/run-events.js";
import type { ToolCallState } from "../agents/tool-call-list.js";
import { isAgentlineError } from "../core/errors.js";
import type { ConnectionState, RunFeed, RunFeedOptions, RunStreamClient } from "./run-feed.js";
import { feedFor } from "./run-registry.js";
import { optionalCount, optionalOptions, optionalPositive, requireClient, requireText } from "./validate.js";

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

/** Everything a view shows, as one immutable object (a new one only when something changed). */
export interface RunSnapshot {
  readonly runId: string | undefined;
  readonly status: RunStatus | undefined;
  readonly assistantText: string;
  readonly thinkingText: string;
  readonly toolCalls: readonly ToolCallState[];
  readonly result: string | undefined;
  readonly git: RunGit | undefined;
  readonly durationMs: number | undefined;
  readonly error: RunViewError | undefined;
  readonly connection: ConnectionState;
  readonly lastEventId: string | undefined;
  readonly isTerminal: boolean;
}

/** A run's live state as read-only signals. @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Cloud Agents API § Events) */
export interface RunSignals {
  /** The whole folded state (run-state reducer). */
  readonly state: ReadonlySignal<RunState>;
  readonly status: ReadonlySignal<RunStatus | undefined>;
  readonly assistantText: ReadonlySignal<string>;
  readonly thinkingText: ReadonlySignal<string>;
  /** Tool calls in order of first appearance; a `completed` call never goes back to `running`. */
  readonly toolCalls: ReadonlySignal<readonly ToolCallState[]>;
  /** The final reply, once the run is terminal. */
  readonly result: ReadonlySignal<string | undefined>;
  readonly git: ReadonlySignal<RunGit | undefined>;
  readonly durationMs: ReadonlySignal<number | undefined>;
  readonly error: ReadonlySignal<RunViewError | undefined>;
  readonly connection: ReadonlySignal<ConnectionState>;
  readonly lastEventId: ReadonlySignal<string | undefined>;
  /** The newest events (replays excluded), oldest first; `eventBufferSize` of them at most. */
  readonly events: ReadonlySignal<readonly RunEvent[]>;
  readonly isTerminal: ReadonlySignal<boolean>;
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
  const status = computed(() => state.value.status);
  const assistantText = computed(() => state.value.assistantText);
  const thinkingText = computed(() => state.value.thinkingText);
  const toolCallList = computed(() => state.value.toolCalls);
  const toolCalls = computed(() => toolCallList.value.toArray());
  const result = computed(() => state.value.result);
  const git = computed(() => state.value.git);
  const durationMs = computed(() => state.value.durationMs);
  const lastEventId = computed(() => state.value.lastEventId);
  const runError = computed(() => state.value.error);
  const error = computed(() => toViewError(runError.value, failure.value));
  const isTerminal = computed(() => status.value !== undefined && isTerminalRunStatus(status.value));
  const snapshot = computed<RunSnapshot>(() => {
    const calls = toolCallList.value;
    return {
      runId,
      status: status.value,
      assistantText: assistantText.value,
      thinkingText: thinkingText.value,
      // Built when read (and cached per list): a subscriber that only counts changes, or renders once per frame,
      // never copies a long run's tool calls per network chunk.
      get toolCalls() {
        return calls.toArray();
      },
      result: result.value,
      git: git.value,
      durationMs: durationMs.value,
      error: error.value,
      connection: connection.value,
      lastEventId: lastEventId.value,
      isTerminal: isTerminal.value,
    };
  });
  return {
    agentId,
    runId,
    state,
    status,
    assistantText,
    thinkingText,
    toolCalls,
    result,
    git,
    durationMs,
    error,
    connection,
    lastEventId,
    events,
    isTerminal,
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
