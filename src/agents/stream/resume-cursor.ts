import { isStatusRegression } from "../status-order.js";

/**
 * Where a run stream stands, so that a reconnection resumes without losing or repeating an event,
 * in O(1) memory.
 *
 * The spec lets several events share one id (`interaction_update` beside its simplified sibling), and
 * a server resumes after *every* event carrying the id it is given. If the connection drops between
 * two siblings, resuming from their id would lose the second. So the cursor resumes from the last
 * *complete* id group (`committedId`) and, when the interrupted group is replayed, skips as many of
 * its events as were already delivered (`pendingCount`). Ids are opaque: they are only ever compared
 * for equality, never parsed or ordered.
 */
export class ResumeCursor {
  /** The id whose whole group has been delivered; sent as `Last-Event-ID` when reconnecting. */
  committedId: string | undefined;
  /** The id of the group being delivered (the last id seen). */
  pendingId: string | undefined;
  /** Events of the pending group delivered so far. */
  pendingCount = 0;
  /** Events of the pending group still to skip on this connection (a replay of what was delivered). */
  #skip = 0;
  /** The last status delivered; a `status` equal to it (replayed on reconnection) is not new. */
  lastStatus: string | undefined;

  constructor(lastEventId?: string) {
    this.committedId = lastEventId;
  }

  /** The last id delivered to the consumer. */
  get lastEventId(): string | undefined {
    return this.pendingId ?? this.committedId;
  }

  /** Starts a new connection: what to send as `Last-Event-ID` (`undefined`: none). */
  reconnect(): string | undefined {
    this.#skip = this.pendingId === undefined ? 0 : this.pendingCount;
    return this.committedId;
  }

  /** Whether an id-bearing event is new (and if so, records it). */
  acceptId(id: string): boolean {
    if (id === this.pendingId) {
      if (this.#skip > 0) {
        this.#skip--;
        return false;
      }
      this.pendingCount++;
      return true;
    }
    // A new id closes the previous group: it can no longer be interrupted.
    if (this.pendingId !== undefined) this.committedId = this.pendingId;
    this.pendingId = id;
    this.pendingCount = 1;
    this.#skip = 0;
    return true;
  }

  /** Whether a `status` event is a transition (and if so, records it); repeats and regressions are replays. */
  acceptStatus(status: string): boolean {
    if (status === this.lastStatus || isStatusRegression(this.lastStatus, status)) return false;
    this.lastStatus = status;
    return true;
  }
}
