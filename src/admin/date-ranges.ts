import { AbortError, ValidationError } from "../core/errors.js";

/** A point in time as callers may give it: epoch milliseconds, an ISO 8601 string, or a `Date`. */
export type DateInput = number | string | Date;

/** One window of a split range; both bounds are inclusive epoch milliseconds. */
export interface DateWindow {
  start: number;
  end: number;
}

/** Milliseconds in one day. */
export const DAY_MS = 86_400_000;

/** The Admin API's longest date range for audit logs and daily usage. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits) */
export const MAX_RANGE_DAYS = 30;

// A date (`2024-05-01`, midnight UTC as ECMAScript reads it) or a date-time with `Z` or an offset (`+02`, `+0200`,
// `+02:00`); seconds and a fraction (`.` or ISO 8601's `,`) are optional, and RFC 3339's space may stand for `T`.
// Date-times without a zone are refused: ECMAScript reads them as local time, so the same call would
// ask for different hours on different machines. Parsed by hand, not by `Date.parse`, which rolls
// `2024-02-30` over to March and differs between engines on non-standard forms.
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|([+-])(\d{2})(?::?(\d{2}))?))?$/i;
const DIGITS = /^\d{1,16}$/;

/**
 * Epoch ms of a strict ISO 8601 date or date-time with a zone, or `undefined` if `text` is not one or names no real
 * day or instant (`2023-02-29`, month 13, `24:00`). The one date rule of the Admin client: `isDateText` (the
 * `billingCycle` check) and `toEpochMs` (every date range) both read dates here. Any year 0000–9999 (the proleptic
 * Gregorian calendar: 0000 is a leap year), before 1970 too.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Resources and their fields)
 */
export function parseIsoDate(text: string): number | undefined {
  const match = ISO.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h = "0", mi = "0", s = "0", fraction = "", , sign, oh = "0", om = "0"] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  const daysInMonth = new Date(utc(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return undefined;
  if (hour > 23 || minute > 59 || second > 59 || Number(oh) > 23 || Number(om) > 59) return undefined;
  const millis = Number(fraction.padEnd(3, "0").slice(0, 3));
  const offset = (sign === "-" ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000;
  return utc(year, month - 1, day, hour, minute, second, millis) - offset;
}

/** `Date.UTC` with the year taken as given: `Date.UTC` reads years 0–99 as 1900–1999. */
function utc(year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0, millis = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  date.setUTCHours(hour, minute, second, millis);
  return date.getTime();
}

function invalid(field: string, message: string): ValidationError {
  return new ValidationError([{ path: field, rule: "date", message }]);
}

function checkEpoch(ms: number, field: string): number {
  if (!Number.isSafeInteger(ms) || ms < 0) {
    throw invalid(field, "must be a whole, non-negative number of epoch milliseconds, an ISO 8601 string or a Date");
  }
  return ms;
}

/**
 * Epoch milliseconds from a number (already ms), a digit string (ms, as the audit log accepts), an
 * ISO 8601 date or date-time with offset, or a valid `Date`; a `ValidationError` naming `field` otherwise.
 */
export function toEpochMs(value: DateInput, field: string): number {
  if (typeof value === "number") return checkEpoch(value, field);
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) throw invalid(field, "is an invalid Date");
    return checkEpoch(ms, field);
  }
  if (typeof value === "string") {
    const text = value.trim();
    if (DIGITS.test(text)) return checkEpoch(Number(text), field);
    const ms = parseIsoDate(text);
    if (ms !== undefined) return checkEpoch(ms, field);
    if (/^\d{4}-\d{2}-\d{2}[T ][\d:.,]+$/i.test(text)) {
      throw invalid(field, `has no time zone: add \`Z\` or an offset such as +02:00 to "${text.slice(0, 40)}"`);
    }
    if (/^\d{4}-\d{2}-\d{2}/.test(text))
      throw invalid(field, `is not a real calendar date or time: "${text.slice(0, 40)}"`);
    throw invalid(
      field,
      `must be epoch milliseconds or ISO 8601 (e.g. 2024-05-01T00:00:00Z); got "${text.slice(0, 40)}"`,
    );
  }
  throw invalid(field, `must be epoch milliseconds, an ISO 8601 string or a Date; got ${typeof value}`);
}

/** The field names a range's errors use (`startTime`/`endTime` for audit logs). */
export interface RangeFields {
  start: string;
  end: string;
}

const DEFAULT_FIELDS: RangeFields = { start: "startDate", end: "endDate" };

/**
 * Splits the inclusive range `[startMs, endMs]` into ordered, inclusive windows whose `end - start`
 * is at most `maxDays` days. Consecutive windows touch without overlapping (`next.start = end + 1`),
 * so every millisecond of the range falls in exactly one window. `start === end` gives one window.
 * Builds every window at once: {@link rangeWindows} builds them as they are read.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits)
 */
export function splitRange(
  startMs: number,
  endMs: number,
  maxDays: number = MAX_RANGE_DAYS,
  fields: RangeFields = DEFAULT_FIELDS,
): DateWindow[] {
  return [...rangeWindows(startMs, endMs, maxDays, fields, false)];
}

/**
 * Like {@link splitRange}, but every window after the first starts at a UTC midnight and every window
 * but the last ends just before one, so a day falls in exactly one window. For day-aggregated data
 * (daily usage), where a millisecond split would return the boundary day twice.
 */
export function splitRangeByDay(
  startMs: number,
  endMs: number,
  maxDays: number = MAX_RANGE_DAYS,
  fields: RangeFields = DEFAULT_FIELDS,
): DateWindow[] {
  return [...rangeWindows(startMs, endMs, maxDays, fields, true)];
}

/**
 * The windows of {@link splitRange} (or, `byDay`, of {@link splitRangeByDay}), built one at a time as they are
 * read: a range of any length (1970 to 2100) costs one window before the first request, not all of them. The range
 * is checked at once, so a bad one throws here, before anything is sent.
 */
export function rangeWindows(
  startMs: number,
  endMs: number,
  maxDays: number = MAX_RANGE_DAYS,
  fields: RangeFields = DEFAULT_FIELDS,
  byDay = false,
): IterableIterator<DateWindow> {
  checkEpoch(startMs, fields.start);
  checkEpoch(endMs, fields.end);
  if (endMs < startMs) throw invalid(fields.end, `must not be before \`${fields.start}\``);
  const span = Math.floor(maxDays * DAY_MS);
  if (!(Number.isFinite(maxDays) && span >= 1)) {
    throw new ValidationError([{ path: "maxDays", rule: "positive", message: "must be a positive number of days" }]);
  }
  // Whole days only when split at midnights: below one day a window would end before it starts, and the walk never ends.
  const days = Math.floor(maxDays);
  if (byDay && days < 1) {
    throw new ValidationError([
      { path: "maxDays", rule: "min_one_day", message: "must be at least 1 day to split by day" },
    ]);
  }
  return walkRange(startMs, endMs, byDay ? days * DAY_MS : span, byDay);
}

function* walkRange(startMs: number, endMs: number, step: number, byDay: boolean): Generator<DateWindow, void> {
  for (let start = startMs; ; ) {
    const limit = byDay ? Math.floor(start / DAY_MS) * DAY_MS + step - 1 : start + step;
    const end = Math.min(limit, endMs);
    yield { start, end };
    if (end >= endMs) return;
    start = end + 1;
  }
}

/** Options of {@link walkWindows}. */
export interface WalkWindowsOptions {
  /** Longest window, in days (default 30). */
  maxDays?: number;
  /** Names used in validation errors (default `startDate`/`endDate`). */
  fields?: RangeFields;
  /** Stops the walk between windows. */
  signal?: AbortSignal;
  /** Split at UTC midnights (day-aggregated data), see {@link splitRangeByDay}. */
  byDay?: boolean;
}

/**
 * Walks a range of any length window by window, in order: calls `fetchWindow` for one window only
 * when the caller asks for the next result, so breaking out early sends nothing more.
 */
export async function* walkWindows<T>(
  start: DateInput,
  end: DateInput,
  fetchWindow: (window: DateWindow, index: number) => Promise<T>,
  options: WalkWindowsOptions = {},
): AsyncGenerator<T, void, undefined> {
  const fields = options.fields ?? DEFAULT_FIELDS;
  const startMs = toEpochMs(start, fields.start);
  const endMs = toEpochMs(end, fields.end);
  let index = 0;
  for (const window of rangeWindows(startMs, endMs, options.maxDays, fields, options.byDay)) {
    if (options.signal?.aborted) throw new AbortError(undefined, options.signal.reason);
    yield await fetchWindow(window, index++);
  }
}
