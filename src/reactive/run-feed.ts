import { batch, type Signal, signal } from "@preact/signals-core";
import { initialRunState, type RunState, reduceRunState } from "../agents/run-state.js";
import type { RunEvent } from "../agents/stream/run-events.js";
import type { RunStream, RunStreamConnectionState, RunStreamOptions } from "../agents/stream/run-stream.js";
import { EventRing } from "./event-ring.js";

/**
 * Where a view's stream stands: `idle` (nobody watches, or not started), `connecting`, `live`, `resuming` (a
 * replacement connection after a drop), `polling` (the stream expired; the run is read instead), `closed` (ended
 * for good: the run's stream is over, it failed, or the view was disposed).
 */
export type ConnectionState = "idle" | "connecting" | "live" | "resuming" | "polling" | "closed";

/** The stream's own connection states, as a view shows them. */
const CONNECTION_OF: Record<RunStreamConnectionState, ConnectionState> = {
  connecting: "connecting",
  open: "live",
  resuming: "resuming",
  polling: "polling",
};

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

/**
 * One run's stream folded into signals, shared by every view of that run on one client. The stream starts when
 * the first subscriber arrives and stops when the last one leaves; both are decided in a microtask, so a subscriber
 * that leaves and comes back at once (React StrictMode, a re-render) keeps the same connection. Each network chunk
 * is applied in one `batch()`, so a burst notifies subscribers once.
 */
export class RunFeed {
  /** The folded run state (run-state reducer). */
  readonly state: Signal<RunState>;
  readonly connection: Signal<ConnectionState>;
  /** The error that ended the stream, if one did. */
  readonly failure: Signal<unknown>;
  /** Moves each time events are added to `ring` (the ring itself is mutable). */
  readonly eventsVersion: Signal<number>;
  readonly ring: EventRing<RunEvent>;
  readonly #client: RunStreamClient;
  readonly #agentId: string;
  readonly #runId: string;
  readonly #streamOptions: Omit<RunStreamOptions, "signal" | "lastEventId">;
  /** How many of the root signals have subscribers. */
  #watched = 0;
  #syncQueued = false;
  #stream: RunStream | undefined;
  /** The stream ended by itself (done, terminal result): never restarted. */
  #complete = false;
  /** The last id whose whole group was folded: a restart resumes after it, and the reducer drops the replay. */
  #committedId: string | undefined;

  constructor(client: RunStreamClient, agentId: string, runId: string, options: RunFeedOptions = {}) {
    const { eventBufferSize, ...streamOptions } = options;
    this.#client = client;
    this.#agentId = agentId;
    this.#runId = runId;
    this.#streamOptions = streamOptions;
    const hooks = { watched: () => this.#watch(1), unwatched: () => this.#watch(-1) };
    this.state = signal(initialRunState, hooks);
    this.connection = signal<ConnectionState>("idle", hooks);
    this.failure = signal<unknown>(undefined, hooks);
    this.eventsVersion = signal(0, hooks);
    this.ring = new EventRing(eventBufferSize ?? 100);
  }

  #watch(delta: number): void {
    this.#watched += delta;
    if (this.#syncQueued) return;
    this.#syncQueued = true;
    // Never start or stop inside the signal graph's own bookkeeping, and let a leave-and-return settle first.
    queueMicrotask(() => {
      this.#syncQueued = false;
      if (this.#watched > 0 && !this.#stream && !this.#complete) this.#start();
      else if (this.#watched === 0 && this.#stream) this.#stop();
    });
  }

  #start(): void {
    let stream: RunStream;
    try {
      const opened: RunStream = this.#client.runs.stream(this.#agentId, this.#runId, {
        ...this.#streamOptions,
        lastEventId: this.#committedId,
        onConnectionChange: (state) => {
          this.#streamOptions.onConnectionChange?.(state);
          if (this.#stream === opened) this.connection.value = CONNECTION_OF[state];
        },
      });
      stream = opened;
    } catch (error) {
      batch(() => {
        this.failure.value = error;
        this.connection.value = "closed";
      });
      return;
    }
    this.#stream = stream;
    batch(() => {
      this.failure.value = undefined;
      this.connection.value = "connecting";
    });
    void this.#pump(stream);
  }

  #stop(): void {
    const stream = this.#stream;
    this.#stream = undefined;
    stream?.abort();
    this.connection.value = "idle";
  }

  async #pump(stream: RunStream): Promise<void> {
    try {
      for await (const events of stream.batches()) {
        if (this.#stream !== stream) return;
        this.#apply(events);
      }
      if (this.#stream !== stream) return;
      this.#complete = true;
      this.#stream = undefined;
      this.connection.value = "closed";
    } catch (error) {
      if (this.#stream !== stream) return;
      this.#stream = undefined;
      batch(() => {
        this.failure.value = error;
        this.connection.value = "closed";
      });
    }
  }

  /** Folds one network chunk and publishes it in one batch. */
  #apply(events: readonly RunEvent[]): void {
    const before = this.state.peek();
    let state = before;
    let polled = false;
    const fresh: RunEvent[] = [];
    for (const event of events) {
      let replay =
        event.id !== undefined && event.id === state.lastEventId && state.lastEventTypes.includes(event.type);
      if (event.id !== undefined && state.lastEventId !== undefined && event.id !== state.lastEventId) {
        this.#committedId = state.lastEventId; // a new id closes the previous group
      }
      const next = reduceRunState(state, event);
      if (event.type === "status" && next === state) replay = true;
      // The stream's own reads of an expired run arrive as events without wire data.
      if (event.raw === "" && (event.type === "status" || event.type === "result")) polled = true;
      state = next;
      if (!replay) fresh.push(event);
    }
    batch(() => {
      if (state !== before) this.state.value = state;
      if (fresh.length > 0) {
        this.ring.push(fresh);
        this.eventsVersion.value++;
      }
      this.connection.value = polled ? "polling" : "live";
    });
  }
}
