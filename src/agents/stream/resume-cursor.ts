import { isStatusRegression } from "../status-order.js";

/** What the cursor looks at in an event: its type and SSE id (status data for `status`). */
export interface CursorEvent {
  type: string;
  id?: string | undefined;
  data?: unknown;
}

/**
 * Where a run stream stands, so that a reconnection resumes without losing or repeating an event,
 * in O(1) memory.
 *
 * A server resumes after *every* event carrying the `Last-Event-ID` it is given, and sends everything
 * after it again: siblings sharing the next id (`interaction_update` beside its `tool_call`) and events
 * without an id (`assistant` text may come without one); with no `Last-Event-ID` it replays the whole run.
 * So the cursor resumes from the last *complete* id group (`committedId`: a later id proves it complete)
 * and counts what it delivered after that group (`deliveredSinceCommit`); the next connection skips that
 * many replayed events. `status` (sent first on every connection) and heartbeats are not part of a replay:
 * statuses count as new only when they move forward, heartbeats always pass. Ids are opaque: only ever
 * compared for equality, never parsed or ordered.
 *
 * An empty id (`id:` with no value) resets the SSE last event id: EventSource then sends no `Last-Event-ID`. It is no
 * resume point, so it is never sent: its event counts as one without an id. It still ends the pending group (another
 * id began), so that group is complete and becomes the resume point, and a server resuming from it replays the
 * empty-id event among what the skip covers.
 */
export class ResumeCursor {
  /** The id whose whole group has been delivered; sent as `Last-Event-ID` when reconnecting. */
  committedId: string | undefined;
  /** The id of the group being delivered (the last id seen). */
  pendingId: string | undefined;
  /** Events delivered after `committedId`'s group (or since the start): what a resumption from it replays. */
  deliveredSinceCommit: number;
  /** The last status delivered; a `status` equal to it (replayed on reconnection) is not new. */
  lastStatus: string | undefined;
  /** Id-less events since the last id-bearing one (they follow the pending group); recounted by each replay. */
  #sincePending = 0;
  /** Replayed events still to skip on this connection. */
  #skip = 0;
  /** Resumed from another stream's `resumePoint`: the pending group's id is the first id its replay carries. */
  #pendingUnknown: boolean;

  /** `skipEvents`: events after `lastEventId` the consumer already has (from an earlier stream's `resumePoint`). */
  constructor(lastEventId?: string, skipEvents = 0) {
    // An empty id is none (EventSource semantics): resume from the start, skipping `skipEvents`.
    this.committedId = lastEventId === "" ? undefined : lastEventId;
    this.deliveredSinceCommit = skipEvents;
    this.#pendingUnknown = skipEvents > 0;
  }

  /** The last id delivered to the consumer. */
  get lastEventId(): string | undefined {
    return this.pendingId ?? this.committedId;
  }

  /** Where another stream resumes so that nothing is lost or repeated: its `lastEventId` and `skipEvents`. */
  get resumePoint(): { lastEventId: string | undefined; skipEvents: number } {
    return { lastEventId: this.committedId, skipEvents: this.deliveredSinceCommit };
  }

  /** Starts a new connection: what to send as `Last-Event-ID` (`undefined`: none, a full replay follows). */
  reconnect(): string | undefined {
    this.#skip = this.deliveredSinceCommit;
    // The replay repeats what was delivered in order, so skipping it counts the events after the pending group again.
    this.#sincePending = 0;
    return this.committedId;
  }

  /** Whether an event is new (and if so, records it). */
  accept(event: CursorEvent): boolean {
    if (event.type === "status") {
      const status = (event.data as { status?: unknown } | undefined)?.status;
      return typeof status === "string" ? this.acceptStatus(status) : true;
    }
    if (event.id !== undefined) return this.acceptId(event.id);
    if (event.type === "heartbeat") return true;
    this.#sincePending++;
    if (this.#skip > 0) {
      this.#skip--;
      return false;
    }
    this.deliveredSinceCommit++;
    return true;
  }

  /** Whether an id-bearing event is new (and if so, records it). */
  acceptId(id: string): boolean {
    if (id === "") return this.#acceptEmptyId();
    if (this.#pendingUnknown && this.#skip > 0 && this.pendingId === undefined) this.pendingId = id;
    this.#pendingUnknown = false;
    if (id === this.pendingId) {
      this.#sincePending = 0;
      if (this.#skip > 0) {
        this.#skip--;
        return false;
      }
      this.deliveredSinceCommit++;
      return true;
    }
    // An id never delivered. Had it been part of the replay, the skip would be spent (what was delivered after the
    // commit carries no other id): a replay shorter than expected ends the skip here, and nothing new is lost.
    this.#skip = 0;
    if (this.pendingId !== undefined) {
      // A new id closes the previous group: it can no longer be interrupted. What followed it is replayed after it.
      this.committedId = this.pendingId;
      this.deliveredSinceCommit = this.#sincePending;
    }
    this.pendingId = id;
    this.deliveredSinceCommit++;
    this.#sincePending = 0;
    return true;
  }

  /** An event with an empty id: counted like one without an id, after closing the pending group. */
  #acceptEmptyId(): boolean {
    if (this.#skip > 0) {
      this.#sincePending++;
      this.#skip--;
      return false;
    }
    if (this.pendingId !== undefined) {
      // Delivered for the first time, so the pending group is whole: what followed it is replayed after it.
      this.committedId = this.pendingId;
      this.pendingId = undefined;
      this.deliveredSinceCommit = this.#sincePending;
    }
    this.#sincePending++;
    this.deliveredSinceCommit++;
    return true;
  }

  /** Whether a `status` event is a transition (and if so, records it); repeats and regressions are replays. */
  acceptStatus(status: string): boolean {
    if (status === this.lastStatus || isStatusRegression(this.lastStatus, status)) return false;
    this.lastStatus = status;
    return true;
  }
}
