import { type ReadonlySignal, signal } from "@preact/signals-core";
import { initialRunState, type RunState, reduceRunState } from "../agents/run-state.js";
import { ResumeCursor } from "../agents/stream/resume-cursor.js";
import type { RunEvent } from "../agents/stream/run-events.js";
import type { RunStream, RunStreamOptions } from "../agents/stream/run-stream.js";
import { EventRing } from "./event-ring.js";
import { publish, reportError } from "./failures.js";

/**
 * Where a view's stream stands: `idle` (nobody watches, or not started), `connecting`, `live`, `resuming` (a
 * replacement connection after a drop), `polling` (the stream expired; the run is read instead), `closed` (ended
 * for good: the run's stream is over, it failed, or the view was disposed).
 */
export type ConnectionState = "idle" | "connecting" | "live" | "resuming" | "polling" | "closed";

/** What `watchRun` needs from a client: `runs.stream()`, as an `AgentsClient` has it. */
export interface RunStreamClient {
  readonly runs: {
    stream(agentId: string, runId: string, options?: RunStreamOptions): RunStream;
  };
}

/** Options of the shared stream behind every view of one run (the first view's options win). */
export interface RunFeedOptions extends Omit<RunStreamOptions, "signal" | "lastEventId"> {
  /** How many of the newest events `events` keeps. Default 100; 0 keeps none. */
  eventBufferSize?: number | undefined;
}

/** One run's stream folded into signals, shared by every view of that run on one client: see {@link createRunFeed}. */
export interface RunFeed {
  /** The folded run state (run-state reducer). */
  readonly state: ReadonlySignal<RunState>;
  readonly connection: ReadonlySignal<ConnectionState>;
  /** The error that ended the stream, or, while it retries (`connecting`, `resuming`), the one that ended the last try. */
  readonly failure: ReadonlySignal<unknown>;
  /** Moves each time events are added to `ring` (the ring itself is mutable). */
  readonly eventsVersion: ReadonlySignal<number>;
  readonly ring: EventRing<RunEvent>;
}

/**
 * A run's feed. The stream starts when the first subscriber arrives and stops when the last one leaves; both are
 * decided in a microtask, so a subscriber that leaves and comes back at once (React StrictMode, a re-render) keeps
 * the same connection. Each network chunk is applied in one `batch()`, so a burst notifies subscribers once.
 */
export function createRunFeed(
  client: RunStreamClient,
  agentId: string,
  runId: string,
  options: RunFeedOptions = {},
): RunFeed {
  const { eventBufferSize, ...streamOptions } = options;
  /** How many of the root signals have subscribers. */
  let watched = 0;
  let syncQueued = false;
  let current: RunStream | undefined;
  /**
   * The stream ended for good, by itself (done, terminal result) or failing (its retries spent, or refused): never
   * restarted, whoever subscribes next. A failed run is asked again by a new view (`feedFor` then makes a new feed).
   */
  let ended = false;
  /** Where the folded events stand in the run's stream: a restart resumes there, skipping what was folded. */
  const position = new ResumeCursor();

  const watch = (delta: number) => {
    watched += delta;
    if (syncQueued) return;
    syncQueued = true;
    // Never start or stop inside the signal graph's own bookkeeping, and let a leave-and-return settle first.
    queueMicrotask(() => {
      syncQueued = false;
      if (watched > 0 && !current && !ended) void run();
      else if (watched === 0 && current) {
        const stopped = current;
        current = undefined; // first: whatever the abort sets off belongs to no current stream
        stopped.abort();
        publish(() => (connection.value = "idle"));
      }
    });
  };
  const hooks = { watched: () => watch(1), unwatched: () => watch(-1) };
  const state = signal(initialRunState, hooks);
  const connection = signal<ConnectionState>("idle", hooks);
  const failure = signal<unknown>(undefined, hooks);
  const eventsVersion = signal(0, hooks);
  const ring = new EventRing<RunEvent>(eventBufferSize ?? 100);

  /** Opens the stream (resuming after the last whole id group) and folds it until it ends, fails or is stopped. */
  async function run(): Promise<void> {
    let stream: RunStream | undefined;
    try {
      stream = client.runs.stream(agentId, runId, {
        ...streamOptions,
        ...position.resumePoint,
        onConnectionChange: (change, error) => {
          // The caller's callback, like a subscriber, cannot fail the stream: what it throws is reported.
          try {
            streamOptions.onConnectionChange?.(change, error);
          } catch (thrown) {
            reportError(thrown);
          }
          if (current !== stream) return;
          publish(() => {
            // The stream's states, as a view names them: `open` reads `live`. While it retries, the error that ended
            // the last try is shown (a wrong host or key says so at once); an open connection clears it.
            connection.value = change === "open" ? "live" : change;
            failure.value = error;
          });
        },
      });
      current = stream;
      publish(() => {
        failure.value = undefined;
        connection.value = "connecting";
      });
      for await (const events of stream.batches()) {
        if (current !== stream) return;
        apply(events);
      }
      if (current !== stream) return;
      ended = true;
      current = undefined;
      publish(() => (connection.value = "closed"));
    } catch (error) {
      // A stopped stream ends quietly; a stream that could not be opened (`stream` unset) or failed is reported.
      if (current !== stream) return;
      ended = true;
      current = undefined;
      publish(() => {
        failure.value = error;
        connection.value = "closed";
      });
    }
  }

  /**
   * Folds one network chunk and publishes it in one batch. (`connection` is the stream's to tell: it reports `open`
   * before a connection's first events and `polling` before the reads of an expired run.)
   */
  function apply(events: readonly RunEvent[]): void {
    const before = state.peek();
    let folded = before;
    const fresh: RunEvent[] = [];
    for (const event of events) {
      position.accept(event);
      const next = reduceRunState(folded, event);
      // The reducer returns the same state for a replay: an id-bearing event always counts, so it is new state
      // unless its id and type were already folded; a `status` that changes nothing is a repeat too.
      const replay = next === folded && (event.id !== undefined || event.type === "status");
      folded = next;
      if (!replay) fresh.push(event);
    }
    // A subscriber's exception is reported, never taken for a failure of the stream every view shares.
    publish(() => {
      if (folded !== before) state.value = folded;
      if (fresh.length > 0) {
        ring.push(fresh);
        eventsVersion.value++;
      }
    });
  }

  return { state, connection, failure, eventsVersion, ring };
}
