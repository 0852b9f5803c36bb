import { type RateBudgetState, type RateBudgetTake, takeFromLog } from "../core/rate-budget.js";

// A budget's state as the shared stores (Durable Objects, Deno KV) persist it, and the two updates they apply to it.
// Both run the same `takeFromLog` on the decoded state: the window logic exists once.

/**
 * A budget as stored. The grant log is run-length encoded as varints, `gap, count, gap, count, …` with each gap
 * from the previous time (the first from `base`): a forge budget of 6,000 points is up to 6,000 grant times, 54 KB
 * as an array of numbers against Deno KV's 64 KiB value limit, and at most 4 bytes a grant this way (a gap within a
 * minute takes 3, a count 1; a cost above 1 shares one time). Bytes, because how V8 serializes a number array
 * depends on what it has seen before: one huge gap anywhere can make every later array 9 bytes a number.
 */
export interface StoredRateBudget {
  /** The first grant's time. */
  base: number;
  runs: Uint8Array;
  blockedUntil: number;
  /** The window of the last take, so a block written later knows when the log expires. */
  intervalMs: number;
}

/** What a store writes back after an update: the value, and the time after which it holds nothing (forget it then). */
export interface RateBudgetWrite {
  value: StoredRateBudget;
  idleAt: number;
}

/** The state a stored value holds; anything that is not one (absent, foreign) is a fresh budget. */
export function unpackBudget(stored: unknown): RateBudgetState {
  const state: RateBudgetState = { log: [], blockedUntil: Number.NEGATIVE_INFINITY };
  if (typeof stored !== "object" || stored === null) return state;
  const { base, runs, blockedUntil } = stored as Partial<StoredRateBudget>;
  if (typeof blockedUntil === "number") state.blockedUntil = blockedUntil;
  if (!(runs instanceof Uint8Array) || typeof base !== "number") return state;
  const at = { offset: 0 };
  let time = base;
  while (at.offset < runs.length) {
    time += readVarint(runs, at);
    for (let n = readVarint(runs, at); n > 0; n--) state.log.push(time);
  }
  return state;
}

/**
 * The stored form of a state (its log ascending, as `takeFromLog` keeps it) and its window. Times are stored in whole
 * milliseconds, rounded up: a clock with fractions (performance.now-based) must not move a grant earlier, where it
 * would leave its window early and let the window take one grant too many.
 */
export function packBudget(state: RateBudgetState, intervalMs: number): StoredRateBudget {
  const bytes: number[] = [];
  const log = state.log.map(Math.ceil);
  const base = log[0] ?? 0;
  let previous = base;
  for (let i = 0; i < log.length; ) {
    const time = log[i] as number;
    let count = 0;
    while (i < log.length && log[i] === time) {
      count++;
      i++;
    }
    writeVarint(bytes, time - previous);
    writeVarint(bytes, count);
    previous = time;
  }
  return { base, runs: Uint8Array.from(bytes), blockedUntil: state.blockedUntil, intervalMs };
}

// LEB128 on whole numbers up to 2^53 (arithmetic, not bit operators, which stop at 2^31).
function writeVarint(bytes: number[], value: number): void {
  let rest = value;
  while (rest >= 128) {
    bytes.push((rest % 128) + 128);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
}

function readVarint(bytes: Uint8Array, at: { offset: number }): number {
  let value = 0;
  let scale = 1;
  for (;;) {
    const byte = bytes[at.offset++];
    if (byte === undefined) return value;
    value += (byte % 128) * scale;
    if (byte < 128) return value;
    scale *= 128;
  }
}

/** When a state stops mattering: its last grant has left the window and its block has passed. */
function idleAt(state: RateBudgetState, intervalMs: number): number {
  const last = state.log[state.log.length - 1];
  return Math.max(last === undefined ? Number.NEGATIVE_INFINITY : last + intervalMs, state.blockedUntil);
}

/** `takeFromLog` on a stored value: the answer, and what to write back (nothing when refused: nothing changed). */
export function takeStored(
  stored: unknown,
  cost: number,
  capacity: number,
  intervalMs: number,
  now: number,
): { answer: RateBudgetTake; write?: RateBudgetWrite } {
  const state = unpackBudget(stored);
  const answer = takeFromLog(state, cost, capacity, intervalMs, now);
  if (!answer.ok) return { answer };
  return { answer, write: { value: packBudget(state, intervalMs), idleAt: idleAt(state, intervalMs) } };
}

/** A block until `until` applied to a stored value (a later block already there stays). */
export function blockStored(stored: unknown, until: number): RateBudgetWrite {
  const state = unpackBudget(stored);
  state.blockedUntil = Math.max(state.blockedUntil, until);
  const intervalMs = (stored as Partial<StoredRateBudget> | undefined)?.intervalMs;
  const window = typeof intervalMs === "number" ? intervalMs : 0;
  return { value: packBudget(state, window), idleAt: idleAt(state, window) };
}
