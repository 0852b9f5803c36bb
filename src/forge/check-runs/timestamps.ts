import { badArgument } from "../../core/arguments.js";
import type { LedgerTime } from "./types.js";

// Parsed by hand: `Date.parse` accepts many non-RFC 3339 shapes and differs across engines.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** Epoch milliseconds of an RFC 3339 timestamp, or undefined when it is not one (a non-string included). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § What the service does) */
export function parseRfc3339(text: string): number | undefined {
  if (typeof text !== "string") return undefined;
  const match = RFC3339.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction, zulu, sign, offsetHour, offsetMinute] = match;
  const parts = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [y, mo, d, h, mi, s] = parts;
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 60) return undefined;
  // Ordering is by millisecond precision: finer digits are truncated, not rounded.
  const millis = fraction ? Number(fraction.slice(0, 3).padEnd(3, "0")) : 0;
  let offset = 0;
  if (!zulu) {
    const oh = Number(offsetHour);
    const om = Number(offsetMinute);
    if (oh > 23 || om > 59) return undefined;
    offset = (sign === "-" ? -1 : 1) * (oh * 60 + om) * 60_000;
  }
  return utc(y, mo - 1, d, h, mi, s, millis) - offset;
}

// Date.UTC reads years 0..99 as 1900..1999; setUTCFullYear takes the year as written (RFC 3339 allows 0000..9999).
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, millis = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  date.setUTCHours(hour, minute, second, millis);
  return date.getTime();
}

function daysInMonth(year: number, month: number): number {
  return new Date(utc(year, month, 0)).getUTCDate();
}

/** A caller's time as both an instant and the RFC 3339 string stored for it. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § What the service does) */
export interface Instant {
  readonly ms: number;
  readonly text: string;
}

/** Reads a passed-in time (epoch ms or RFC 3339); else the SDK's error naming it (`name`, default `now`). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § What the service does) */
export function toInstant(time: LedgerTime, name = "now"): Instant {
  const ms = typeof time === "number" ? time : parseRfc3339(time);
  // Finite, and inside the range a Date can hold (toISOString throws a RangeError beyond it).
  if (ms === undefined || !(Math.abs(ms) <= 8.64e15))
    badArgument(name, "finite epoch milliseconds or an RFC 3339 string");
  return { ms, text: typeof time === "number" ? new Date(time).toISOString() : time };
}

/** Instant of an optional stored timestamp (already validated when it was written). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § What the service does) */
export function instantOf(text: string | undefined): number | undefined {
  return text === undefined ? undefined : parseRfc3339(text);
}
