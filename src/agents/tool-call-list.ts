import { argumentError } from "../core/arguments.js";
import type { ToolCallData } from "./schemas/resources.js";

/** One tool invocation as folded from its `running` and `completed` updates. */
export interface ToolCallState {
  callId: string;
  name: string;
  status: ToolCallData["status"];
  args: unknown;
  result: unknown;
  /** Sticky: once a part was reported truncated it stays so. */
  truncated: { args: boolean; result: boolean };
}

// Chunk size of the persistent list. Calls live in full chunks plus a tail; appending or updating a
// recent call copies only the tail (≤ 32 references), and the chunk table is copied once per 32
// appends, so a run with 15,000 tool calls stays linear instead of quadratic.
const CHUNK = 32;

// Where each callId was first placed, shared by every list derived from the same first append (a "family"). Positions
// never move, so in a linear history the entry is exact; where a history forks, two branches may place different calls
// at one position, so an entry is only a hint and is checked. A callId with no entry was never placed in any list of
// the family: absent, without a scan. Held in a field (not a WeakMap keyed by list): every tool-call event derives a
// new list, and a WeakMap entry per list is what made folding a long run spend its time in the garbage collector.
type Family = Map<string, number>;

/**
 * The tool calls of a run in order of first appearance, as an immutable list with cheap updates.
 *
 * The run-state reducer is pure, so each event yields a new state; copying a plain array on every
 * tool-call event would make a long run quadratic. This list shares all but one chunk between
 * versions. Reading is array-like (`length`, `at`, `get(callId)`, iteration, `map`, `toArray()`).
 */
export class ToolCallList implements Iterable<ToolCallState> {
  /** The empty list. */
  static readonly empty: ToolCallList = new ToolCallList([], [], undefined);

  /** Internal: full chunks of `CHUNK` calls each. */
  readonly _chunks: readonly (readonly ToolCallState[])[];
  /** Internal: the newest calls, fewer than `CHUNK`… or exactly `CHUNK` until the next append. */
  readonly _tail: readonly ToolCallState[];
  readonly length: number;
  readonly #family: Family | undefined;
  /** `toArray()`'s answer, built once per list. */
  #array: readonly ToolCallState[] | undefined;

  private constructor(
    chunks: readonly (readonly ToolCallState[])[],
    tail: readonly ToolCallState[],
    family: Family | undefined,
  ) {
    // Built by the run-state reducer only (`ToolCallList.empty`, then `append`); plain JavaScript can reach it.
    if (!Array.isArray(chunks) || !Array.isArray(tail)) {
      throw argumentError(chunks, "chunks", "ToolCallList", "an array (lists come from the run-state reducer)");
    }
    this._chunks = chunks;
    this._tail = tail;
    this.length = chunks.length * CHUNK + tail.length;
    this.#family = family;
  }

  /** The call at `index` (negative counts from the end). */
  at(index: number): ToolCallState | undefined {
    const i = index < 0 ? this.length + index : index;
    if (i < 0 || i >= this.length) return undefined;
    const inChunks = this._chunks.length * CHUNK;
    return i >= inChunks ? this._tail[i - inChunks] : this._chunks[Math.floor(i / CHUNK)]?.[i % CHUNK];
  }

  /** The position of a call: O(1) through the family index, a scan only after a forked history. */
  indexOf(callId: string): number {
    const family = this.#family;
    if (family) {
      const hint = family.get(callId);
      if (hint === undefined) return -1;
      if (this.at(hint)?.callId === callId) return hint;
    }
    return this.#scan(callId);
  }

  #scan(callId: string): number {
    for (let i = this.length - 1; i >= 0; i--) if (this.at(i)?.callId === callId) return i;
    return -1;
  }

  /** The call with this `callId`. */
  get(callId: string): ToolCallState | undefined {
    const index = this.indexOf(callId);
    return index === -1 ? undefined : this.at(index);
  }

  /**
   * @internal The run-state reducer's: a new list with `updates` folded in order, what a chain of {@link append} and
   * {@link replace} gives (`merge` makes each call from its previous state, if any), but copying the tail and each
   * touched chunk once, so a batch of tool-call events makes one new list instead of one per event.
   */
  _withUpdates<T extends { callId: string }>(
    updates: readonly T[],
    merge: (previous: ToolCallState | undefined, update: T) => ToolCallState,
  ): ToolCallList {
    if (updates.length === 0) return this;
    const family = this.#family ?? new Map<string, number>();
    let chunks = this._chunks;
    let ownChunks = false;
    const ownChunk = new Set<number>();
    let tail = this._tail.slice();
    let inChunks = chunks.length * CHUNK;
    const at = (i: number) => (i >= inChunks ? tail[i - inChunks] : chunks[Math.floor(i / CHUNK)]?.[i % CHUNK]);
    const indexOf = (callId: string) => {
      const hint = family.get(callId);
      // No entry: never placed in this family. A wrong entry (a forked history): scan, as `indexOf` does.
      if (hint === undefined) return -1;
      if (at(hint)?.callId === callId) return hint;
      for (let i = inChunks + tail.length - 1; i >= 0; i--) if (at(i)?.callId === callId) return i;
      return -1;
    };
    for (const update of updates) {
      const index = indexOf(update.callId);
      const next = merge(index === -1 ? undefined : at(index), update);
      if (index === -1) {
        if (tail.length >= CHUNK) {
          if (!ownChunks) chunks = chunks.slice();
          ownChunks = true;
          (chunks as (readonly ToolCallState[])[]).push(tail);
          ownChunk.add(chunks.length - 1);
          inChunks += CHUNK;
          tail = [];
        }
        if (!family.has(next.callId)) family.set(next.callId, inChunks + tail.length);
        tail.push(next);
      } else if (index >= inChunks) {
        tail[index - inChunks] = next;
      } else {
        const c = Math.floor(index / CHUNK);
        if (!ownChunks) chunks = chunks.slice();
        ownChunks = true;
        if (!ownChunk.has(c)) {
          (chunks as (readonly ToolCallState[])[])[c] = (chunks[c] ?? []).slice();
          ownChunk.add(c);
        }
        (chunks[c] as ToolCallState[])[index % CHUNK] = next;
      }
    }
    return new ToolCallList(chunks, tail, family);
  }

  /** A new list with `call` added at the end. */
  append(call: ToolCallState): ToolCallList {
    const family = this.#family ?? new Map<string, number>();
    if (!family.has(call.callId)) family.set(call.callId, this.length);
    return this._tail.length < CHUNK
      ? new ToolCallList(this._chunks, [...this._tail, call], family)
      : new ToolCallList([...this._chunks, this._tail], [call], family);
  }

  /** A new list with the call at `index` replaced. */
  replace(index: number, call: ToolCallState): ToolCallList {
    const inChunks = this._chunks.length * CHUNK;
    if (index >= inChunks) {
      const tail = this._tail.slice();
      tail[index - inChunks] = call;
      return new ToolCallList(this._chunks, tail, this.#family);
    }
    const c = Math.floor(index / CHUNK);
    const chunk = (this._chunks[c] ?? []).slice();
    chunk[index % CHUNK] = call;
    const chunks = this._chunks.slice();
    chunks[c] = chunk;
    return new ToolCallList(chunks, this._tail, this.#family);
  }

  /** A plain array of the calls (built once per list, then cached). */
  toArray(): readonly ToolCallState[] {
    this.#array ??= Object.freeze([...this._chunks.flat(), ...this._tail]);
    return this.#array;
  }

  map<T>(fn: (call: ToolCallState, index: number) => T): T[] {
    return this.toArray().map(fn);
  }

  [Symbol.iterator](): Iterator<ToolCallState> {
    return this.toArray()[Symbol.iterator]();
  }

  toJSON(): readonly ToolCallState[] {
    return this.toArray();
  }
}
