// Deterministic numbers for the seeded data: the same fake, clock and options give the same members,
// usage and spend on every runtime, so tests can assert exact values.

/** Milliseconds in an hour. */
export const HOUR_MS = 3_600_000;
/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;

/** A 32-bit hash of a few integers (murmur3-style mixing); same input, same output everywhere. */
export function hash(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    // Fold in values past 32 bits (day indexes are small, but epoch values are not).
    h ^= part | 0;
    h = Math.imul(h ^ Math.floor(part / 0x1_0000_0000), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** One item of a non-empty list, chosen by a hash. */
export function pick<T>(items: readonly T[], h: number): T {
  return items[h % items.length] as T;
}

/**
 * An opaque-looking, collision-free encoding of a counter: multiplying by an odd constant is a
 * bijection on 32-bit integers, so distinct counters never share an id.
 */
export function encodeCounter(n: number): string {
  const mixed = (Math.imul(n, 0x9e3779b1) ^ 0x5bd1e995) >>> 0;
  return mixed.toString(36).padStart(7, "0");
}

/** A v4-shaped UUID derived from a hash seed (deterministic, unlike `crypto.randomUUID`). */
export function uuidFrom(...parts: number[]): string {
  const hex = [0, 1, 2, 3]
    .map((i) =>
      hash(...parts, i)
        .toString(16)
        .padStart(8, "0"),
    )
    .join("");
  const variant = "89ab"[Number.parseInt(hex.charAt(16), 16) % 4] as string;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Rounds to four decimals: fractional cents as the spec's spend fields carry them. */
export function roundCents(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** The UTC day index (days since the epoch) of an instant. */
export function dayIndex(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** `YYYY-MM-DD` of a UTC day index. */
export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The start of the hour `now` is in: usage is aggregated hourly, so later data is not visible yet. */
export function hourFloor(now: number): number {
  return Math.floor(now / HOUR_MS) * HOUR_MS;
}

/** The calendar-month billing cycle (UTC) that contains `ms`. */
export function billingCycleOf(ms: number): { start: number; end: number } {
  const date = new Date(ms);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  return { start, end: Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) };
}
