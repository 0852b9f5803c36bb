import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MS, type DateWindow, splitRange, toEpochMs, walkWindows } from "../../../src/admin/date-ranges.js";
import { AbortError, ValidationError } from "../../../src/core/errors.js";

const MAY_1 = Date.UTC(2024, 4, 1);

/** Why `windows` is not an ordered partition of [start, end] into windows of at most `maxDays`, or "". */
function partitionProblem(windows: DateWindow[], start: number, end: number, maxDays: number): string {
  if (windows[0]?.start !== start) return "does not begin at start";
  if (windows.at(-1)?.end !== end) return "does not finish at end";
  for (const [i, window] of windows.entries()) {
    if (window.start > window.end) return `window ${i} is inverted`;
    if (window.end - window.start > maxDays * DAY_MS) return `window ${i} is too long`;
    // Inclusive bounds: the next window starts 1 ms after this one ends, so no gap and no overlap.
    const next = windows[i + 1];
    if (next && next.start !== window.end + 1) return `gap or overlap after window ${i}`;
  }
  return "";
}

function expectPartition(windows: DateWindow[], start: number, end: number, maxDays: number): void {
  expect(partitionProblem(windows, start, end, maxDays)).toBe("");
}

describe("splitRange", () => {
  it("partitions any range into ordered windows of at most 30 days (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 0, max: 400 * DAY_MS }),
        fc.constantFrom(1, 7, 30, 0.5),
        (start, length, maxDays) => {
          const windows = splitRange(start, start + length, maxDays);
          expectPartition(windows, start, start + length, maxDays);
          // As few windows as the limit allows: all but the last are full.
          expect(windows.slice(0, -1).every((w) => w.end - w.start === maxDays * DAY_MS)).toBe(true);
          const covered = windows.reduce((sum, w) => sum + (w.end - w.start + 1), 0);
          expect(covered).toBe(length + 1);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("splits 90 days into three windows", () => {
    const end = MAY_1 + 90 * DAY_MS;
    const windows = splitRange(MAY_1, end);
    expect(windows).toEqual([
      { start: MAY_1, end: MAY_1 + 30 * DAY_MS },
      { start: MAY_1 + 30 * DAY_MS + 1, end: MAY_1 + 60 * DAY_MS + 1 },
      { start: MAY_1 + 60 * DAY_MS + 2, end },
    ]);
  });

  it("keeps exactly 30 days in one window, and 30 days + 1 ms in two", () => {
    expect(splitRange(MAY_1, MAY_1 + 30 * DAY_MS)).toEqual([{ start: MAY_1, end: MAY_1 + 30 * DAY_MS }]);
    expect(splitRange(MAY_1, MAY_1 + 30 * DAY_MS + 1)).toEqual([
      { start: MAY_1, end: MAY_1 + 30 * DAY_MS },
      { start: MAY_1 + 30 * DAY_MS + 1, end: MAY_1 + 30 * DAY_MS + 1 },
    ]);
  });

  it("gives one window when start === end", () => {
    expect(splitRange(MAY_1, MAY_1)).toEqual([{ start: MAY_1, end: MAY_1 }]);
  });

  it("refuses an inverted range or a bad maxDays, naming the field", () => {
    expect(() => splitRange(MAY_1, MAY_1 - 1)).toThrow(ValidationError);
    expect(() => splitRange(MAY_1, MAY_1 - 1, 30, { start: "startTime", end: "endTime" })).toThrow(/endTime/);
    expect(() => splitRange(MAY_1, MAY_1 + 1, 0)).toThrow(/maxDays/);
    expect(() => splitRange(Number.NaN, MAY_1)).toThrow(/startDate/);
  });
});

describe("toEpochMs", () => {
  it("accepts epoch ms, digit strings, ISO dates and date-times with an offset, and Dates", () => {
    expect(toEpochMs(MAY_1, "startDate")).toBe(MAY_1);
    expect(toEpochMs(String(MAY_1), "startTime")).toBe(MAY_1);
    expect(toEpochMs("2024-05-01", "startDate")).toBe(MAY_1);
    expect(toEpochMs("2024-05-01T00:00:00Z", "startDate")).toBe(MAY_1);
    expect(toEpochMs("2024-05-01T00:00:00.250Z", "startDate")).toBe(MAY_1 + 250);
    expect(toEpochMs("2024-05-01T02:00+02:00", "startDate")).toBe(MAY_1);
    expect(toEpochMs("2024-04-30T19:30:00-0430", "startDate")).toBe(MAY_1);
    expect(toEpochMs("2024-02-29T12:00:00Z", "startDate")).toBe(Date.UTC(2024, 1, 29, 12));
    expect(toEpochMs(new Date(MAY_1), "startDate")).toBe(MAY_1);
  });

  it.each([
    ["not a date", /startDate.*ISO 8601/],
    ["2024-05-01T10:00:00", /no time zone/],
    ["2023-02-29", /real calendar date/],
    ["2024-04-31T00:00:00Z", /real calendar date/],
    ["2024-05-01T24:00:00Z", /real calendar date/],
    ["May 1, 2024", /ISO 8601/],
    ["", /ISO 8601/],
  ])("refuses %j with a ValidationError naming the field", (input, message) => {
    expect(() => toEpochMs(input, "startDate")).toThrow(message);
    try {
      toEpochMs(input, "startDate");
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).path).toBe("startDate");
    }
  });

  it("refuses NaN, Infinity, negatives, fractions, invalid Dates and other types", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, -1, 1.5, new Date("nope"), null, {}, true]) {
      expect(() => toEpochMs(bad as never, "endDate")).toThrow(ValidationError);
    }
  });
});

describe("walkWindows", () => {
  it("yields one result per window, in order, lazily", async () => {
    const asked: DateWindow[] = [];
    const walk = walkWindows("2024-05-01", new Date(MAY_1 + 90 * DAY_MS), async (window, index) => {
      asked.push(window);
      return index;
    });
    expect(asked).toEqual([]);
    const results: number[] = [];
    for await (const result of walk) {
      results.push(result);
      if (result === 1) break;
    }
    expect(results).toEqual([0, 1]);
    expect(asked.map((w) => w.start)).toEqual([MAY_1, MAY_1 + 30 * DAY_MS + 1]);
  });

  it("walks every window of a long range and honours maxDays and field names", async () => {
    const windows: DateWindow[] = [];
    for await (const w of walkWindows(MAY_1, MAY_1 + 10 * DAY_MS, async (w) => w, { maxDays: 3 })) windows.push(w);
    expect(windows).toHaveLength(4);
    expectPartition(windows, MAY_1, MAY_1 + 10 * DAY_MS, 3);
    const bad = walkWindows("garbage", MAY_1, async () => 0, { fields: { start: "startTime", end: "endTime" } });
    await expect(bad.next()).rejects.toMatchObject({ path: "startTime" });
  });

  it("stops between windows when the signal fires", async () => {
    const controller = new AbortController();
    const walk = walkWindows(
      MAY_1,
      MAY_1 + 90 * DAY_MS,
      async (_w, index) => {
        if (index === 0) controller.abort();
        return index;
      },
      { signal: controller.signal },
    );
    expect((await walk.next()).value).toBe(0);
    await expect(walk.next()).rejects.toBeInstanceOf(AbortError);
  });
});
