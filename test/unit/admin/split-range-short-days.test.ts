import { describe, expect, it } from "vitest";
import { DAY_MS, splitRangeByDay, walkWindows } from "../../../src/admin/date-ranges.js";
import { ValidationError } from "../../../src/core/errors.js";

describe("splitRangeByDay with windows shorter than a day", () => {
  // A day-aligned split cannot make a window shorter than one day: below 1 it used to loop forever, growing memory.
  it("refuses maxDays below 1 instead of looping", () => {
    for (const maxDays of [0.5, 0.999, 1e-9]) {
      expect(() => splitRangeByDay(0, 10 * DAY_MS, maxDays)).toThrow(ValidationError);
      expect(() => splitRangeByDay(DAY_MS / 2, 10 * DAY_MS, maxDays)).toThrow(ValidationError);
    }
  });

  it("rounds a fractional maxDays of 1 or more down to whole days, every window inside its own days", () => {
    const windows = splitRangeByDay(DAY_MS / 2, 3 * DAY_MS, 1.5);
    expect(windows).toEqual([
      { start: DAY_MS / 2, end: DAY_MS - 1 },
      { start: DAY_MS, end: 2 * DAY_MS - 1 },
      { start: 2 * DAY_MS, end: 3 * DAY_MS - 1 },
      { start: 3 * DAY_MS, end: 3 * DAY_MS },
    ]);
  });

  it("walkWindows refuses it before sending anything", async () => {
    let sent = 0;
    const walk = walkWindows(
      0,
      5 * DAY_MS,
      async () => {
        sent++;
      },
      { byDay: true, maxDays: 0.25 },
    );
    await expect(walk.next()).rejects.toThrow(ValidationError);
    expect(sent).toBe(0);
  });
});
