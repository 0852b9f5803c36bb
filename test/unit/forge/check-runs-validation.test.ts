// The check-run timestamp rules of spec/forge-api.md#other-constants, checked before a post is sent or stored.
import { describe, expect, it } from "vitest";
import type { ValidationIssue } from "../../../src/core/errors.js";
import { parseRfc3339 } from "../../../src/forge/check-runs/timestamps.js";
import {
  CHECK_RUN_FUTURE_TOLERANCE_MS,
  CHECK_RUN_MAX_DEADLINE_MS,
  type CheckRunPost,
  validateCheckRunPost,
} from "../../../src/forge/check-runs.js";

const NOW = Date.UTC(2025, 0, 1, 12);
const at = (millis: number) => new Date(NOW + millis).toISOString();

const valid: CheckRunPost = {
  sha: "a".repeat(40),
  suite: { key: "ci", externalId: "s" },
  key: "lint",
  externalId: "r",
  status: "completed",
  externalUpdatedAt: at(0),
  startedAt: at(-1000),
  completedAt: at(0),
  deadlineAt: at(1000),
};

const rules = (issues: ValidationIssue[]) => issues.map((issue) => `${issue.path}:${issue.rule}`);

describe("validateCheckRunPost", () => {
  it("accepts a post that keeps every rule", () => {
    expect(validateCheckRunPost(valid, { now: NOW })).toEqual([]);
    expect(validateCheckRunPost(valid, { now: at(0) })).toEqual([]);
  });

  it.each(["externalUpdatedAt", "startedAt", "completedAt"] as const)(
    "%s more than 60 seconds in the future = 400; exactly 60 s is allowed",
    (field) => {
      const edge = {
        ...valid,
        startedAt: undefined,
        completedAt: undefined,
        [field]: at(CHECK_RUN_FUTURE_TOLERANCE_MS),
      };
      expect(validateCheckRunPost(edge, { now: NOW })).toEqual([]);
      const ahead = {
        ...valid,
        startedAt: undefined,
        completedAt: undefined,
        [field]: at(CHECK_RUN_FUTURE_TOLERANCE_MS + 1),
      };
      const issues = validateCheckRunPost(ahead, { now: NOW });
      expect(rules(issues)).toEqual([`${field}:max_future`]);
      expect(issues[0]?.message).toContain("tolerance is 60 s");
    },
  );

  it("completedAt not before startedAt", () => {
    expect(rules(validateCheckRunPost({ ...valid, completedAt: at(-1001) }, { now: NOW }))).toEqual([
      "completedAt:not_before",
    ]);
    expect(validateCheckRunPost({ ...valid, completedAt: at(-1000) }, { now: NOW })).toEqual([]);
  });

  it("deadlineAt at most 24 hours ahead", () => {
    expect(validateCheckRunPost({ ...valid, deadlineAt: at(CHECK_RUN_MAX_DEADLINE_MS) }, { now: NOW })).toEqual([]);
    expect(
      rules(validateCheckRunPost({ ...valid, deadlineAt: at(CHECK_RUN_MAX_DEADLINE_MS + 1) }, { now: NOW })),
    ).toEqual(["deadlineAt:max_ahead"]);
  });

  it("status rerequested is never posted", () => {
    expect(rules(validateCheckRunPost({ ...valid, status: "rerequested" }, { now: NOW }))).toEqual([
      "status:forge_only",
    ]);
  });

  // A post's status is a documented, closed set (unknown values pass through in responses, not in requests).
  it("a status outside queued, in_progress and completed is refused", () => {
    expect(rules(validateCheckRunPost({ ...valid, status: "waiting" }, { now: NOW }))).toEqual(["status:one_of"]);
  });

  it("names missing fields and non-RFC 3339 timestamps, with a path prefix for batches", () => {
    const broken = {
      ...valid,
      key: "",
      suite: { key: "ci" },
      startedAt: "yesterday",
      externalUpdatedAt: "2025-13-01T00:00:00Z",
    };
    expect(rules(validateCheckRunPost(broken, { now: NOW, path: "[2]" }))).toEqual([
      "[2].key:required",
      "[2].suite.externalId:required",
      "[2].externalUpdatedAt:timestamp",
      "[2].startedAt:timestamp",
    ]);
    expect(rules(validateCheckRunPost(null, { now: NOW }))).toEqual([":type"]);
  });
});

describe("parseRfc3339", () => {
  it("reads offsets and truncates to millisecond precision", () => {
    expect(parseRfc3339("2025-01-01T13:00:00.1239+01:00")).toBe(Date.UTC(2025, 0, 1, 12, 0, 0, 123));
    expect(parseRfc3339("2025-01-01t12:00:00z")).toBe(NOW);
  });

  it.each([
    "2025-01-01",
    "2025-02-30T00:00:00Z",
    "2025-01-01T24:00:00Z",
    "2025-01-01T00:00:00",
    "Wed, 01 Jan 2025 12:00:00 GMT",
  ])("rejects %s", (text) => {
    expect(parseRfc3339(text)).toBeUndefined();
  });
});
