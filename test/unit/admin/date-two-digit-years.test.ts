import { describe, expect, it } from "vitest";
import { toEpochMs } from "../../../src/admin/date-ranges.js";
import { ValidationError } from "../../../src/core/errors.js";

describe("toEpochMs with years 0000–0099", () => {
  // `Date.UTC` reads years 0–99 as 1900–1999: "0099-06-01" came out as 1999-06-01, a real and wrong instant.
  it("never reads a year below 100 as a 1900s year: such a date is before 1970 and refused", () => {
    for (const text of [
      "0099-06-01T00:00:00Z",
      "0070-01-01",
      "0069-12-31T23:00:00-02:00",
      "0000-02-29",
      "0001-01-01",
    ]) {
      expect(() => toEpochMs(text, "startDate")).toThrow(ValidationError);
    }
  });

  it("still reads four-digit years from 1970 as given", () => {
    expect(toEpochMs("1970-01-01", "startDate")).toBe(0);
    expect(toEpochMs("2024-02-29T12:00:00+02:00", "startDate")).toBe(Date.UTC(2024, 1, 29, 10));
    expect(() => toEpochMs("2023-02-29", "startDate")).toThrow(ValidationError);
  });
});
