// Admin reads ISO 8601 dates in two places: `isDateText` (the billingCycle query check) and the parser behind
// `toEpochMs` (usage and audit-log ranges). One list of good and bad dates through both: the rule exists once, so
// they must give the same verdict on every entry, and the verdict must be the expected one.
import { describe, expect, it } from "vitest";
import { toEpochMs } from "../../../src/admin/date-ranges.js";
import { AdminClient } from "../../../src/admin/index.js";
import { isDateText } from "../../../src/admin/schemas/request-fields.js";
import { ValidationError } from "../../../src/core/errors.js";

/** Real calendar days and instants in ISO 8601 (dates, or date-times with `Z` or an offset). */
const GOOD = [
  "2024-02-29", // leap year
  "2000-02-29", // divisible by 400
  "2026-11-28",
  " 2026-01-31 ",
  "2024-05-01T10:00:00Z",
  "2024-05-01T10:00Z", // seconds are optional in ISO 8601
  "2024-05-01T10:00:00.123Z",
  "2024-05-01T10:00:00.123456789Z",
  "2024-05-01T10:00:00+02:00",
  "2024-05-01T10:00:00-0530",
  "2024-05-01T10:00:00+02", // an hours-only offset
  "2024-05-01T10:00:00,5Z", // ISO 8601's decimal comma
  "2024-05-01 10:00:00Z", // RFC 3339's space
  "2024-05-01t10:00:00z",
  "2024-12-31T23:59:59.999Z",
];

/** Not a real day or instant, not ISO 8601, or a date-time without a zone (local time differs per machine). */
const BAD = [
  "2023-02-29", // not a leap year
  "1900-02-29", // divisible by 100, not 400
  "2100-02-29",
  "2024-13-01", // month 13
  "2024-00-10",
  "2024-04-31",
  "2024-01-32",
  "2024-01-00",
  "2024-05-01T24:00:00Z",
  "2024-05-01T10:60:00Z",
  "2024-06-30T23:59:60Z", // a leap second names no instant Date can hold
  "2024-05-01T10:00:00", // no zone
  "2024-05-01T10:00:00+24:00",
  "2024-05-01T10:00:00+02:60",
  "2024-5-1",
  "2024-05-01T",
  "2024-05-01Z",
  "2024-05-01T10Z",
  "2024-05-01T10:00:00.Z",
  "Jan 5 2024",
  "not a date",
  "",
];

/** The parser's verdict, read through toEpochMs (a digit-only text is epoch ms there, and none is in the lists). */
function parses(text: string): boolean {
  try {
    toEpochMs(text, "startDate");
    return true;
  } catch {
    return false;
  }
}

describe("the two Admin date checks are one rule", () => {
  it("agree with each other and with the expected verdict on every good and bad date", () => {
    const wrong: string[] = [];
    for (const [list, expected] of [
      [GOOD, true],
      [BAD, false],
    ] as const) {
      for (const text of list) {
        const a = isDateText(text);
        const b = parses(text);
        if (a !== expected || b !== expected) wrong.push(`${JSON.stringify(text)}: isDateText ${a}, toEpochMs ${b}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("isDateText knows leap years before 1970 and below year 100 as the calendar does", () => {
    // Years 0–99 are not 1900–1999: 0000 and 0096 are leap years, 0100 is not.
    const verdicts = ["0000-02-29", "0096-02-29", "0100-02-29", "1600-02-29", "1700-02-29"].map(isDateText);
    expect(verdicts).toEqual([true, true, false, true, false]);
  });

  it("billingCycle (the isDateText check) sends every good date and refuses every bad one before the network", async () => {
    let sent = 0;
    const fetch = async () => {
      sent++;
      return new Response(JSON.stringify({ groups: [], unassignedGroup: null, billingCycle: {} }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    };
    const admin = new AdminClient({ apiKey: "team-key", baseUrl: "http://127.0.0.1:9", fetch, rateBudgets: false });
    const wrong: string[] = [];
    for (const text of [...GOOD, ...BAD.filter((t) => t !== "")]) {
      const before = sent;
      const error = await admin.billingGroups.list({ billingCycle: text }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      const refused =
        error instanceof ValidationError && error.direction === "request" && error.path === "billingCycle";
      const ok = sent === before + 1 && !refused;
      if (ok !== GOOD.includes(text)) wrong.push(`${JSON.stringify(text)}: ${ok ? "sent" : "refused"}`);
    }
    expect(wrong).toEqual([]);
    expect(sent).toBe(GOOD.length);
  });
});
