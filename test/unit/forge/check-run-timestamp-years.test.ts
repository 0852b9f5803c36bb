import { describe, expect, it } from "vitest";
import { parseRfc3339 } from "../../../src/forge/check-runs/timestamps.js";
import { postApplies, validateCheckRunPost } from "../../../src/forge/check-runs.js";

// RFC 3339 allows any four-digit year. `Date.UTC` maps years 0..99 to 1900..1999, so a parser built on it reads
// 0050-01-01 as 1950-01-01 (wrong ordering) and judges leap days by the wrong century (0000-02-29 refused).
// The reference here is the ISO date-time form, which engines read with the year as written.

const reference = (text: string) => Date.parse(text);

describe("check-run timestamps across the whole four-digit year range", () => {
  it("reads every year 0000..0120 and a few later ones as the instant written", () => {
    const wrong: string[] = [];
    const years = [...Array.from({ length: 121 }, (_, i) => i), 1900, 1970, 2000, 2024, 9999];
    for (const year of years) {
      const y = String(year).padStart(4, "0");
      for (const text of [`${y}-01-01T00:00:00.000Z`, `${y}-12-31T23:59:59.999Z`, `${y}-03-01T00:00:00.000Z`]) {
        if (parseRfc3339(text) !== reference(text)) wrong.push(`${text}: ${parseRfc3339(text)}`);
      }
      const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
      const leapDay = `${y}-02-29T00:00:00.000Z`;
      const parsed = parseRfc3339(leapDay);
      if (leap ? parsed !== reference(leapDay) : parsed !== undefined) wrong.push(`${leapDay}: ${parsed}`);
    }
    expect(wrong).toEqual([]);
  });

  it("orders a post from year 0050 before one from 1950, and accepts the leap day of year 0000", () => {
    const stored = { status: "in_progress", externalUpdatedAt: "1950-01-01T00:00:00.000Z" };
    expect(postApplies(stored, { status: "in_progress", externalUpdatedAt: "0050-01-01T00:00:00.000Z" })).toBe(false);
    const post = {
      sha: "a".repeat(40),
      suite: { key: "ci", externalId: "s" },
      key: "k",
      externalId: "e",
      status: "queued",
      externalUpdatedAt: "0000-02-29T00:00:00Z",
    };
    expect(validateCheckRunPost(post, { now: Date.UTC(2025, 0, 1) })).toEqual([]);
  });
});
