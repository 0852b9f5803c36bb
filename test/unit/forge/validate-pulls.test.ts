import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/errors.js";
import { rulesOf } from "../agents/issues.js";
import { bodyAssert, bodyCheck, queryCheck } from "./request-checks.js";

const assertCreatePull = bodyAssert("pulls.create");
const assertMerge = bodyAssert("pulls.merge", {});
const checkCreatePull = bodyCheck("pulls.create");
const checkListPullsQuery = queryCheck("pulls.list", { numbers: ["pageSize"] });
const checkMerge = bodyCheck("pulls.merge", {});
const checkMergeability = queryCheck("pulls.mergeability");
const checkPageQuery = queryCheck("pulls.files", { numbers: ["pageSize"] });
const checkUpdatePull = bodyCheck("pulls.update");

const SHA1 = "a".repeat(40);
const SHA256 = "b".repeat(64);
const pull = { title: "Add dark mode", head: "feature/dark", base: "main" };
const with_ = (extra: Record<string, unknown>) => ({ ...pull, ...extra });
const EMOJI = "😀"; // one code point, two UTF-16 units

describe("create pull request", () => {
  it("accepts a valid body, keeping unknown fields", () => {
    expect(checkCreatePull(with_({ body: "Why", parentPullRequest: { number: "12" }, draft: true }))).toEqual([]);
    expect(assertCreatePull(with_({ draft: true }))).toMatchObject({ draft: true });
    expect(checkCreatePull(with_({ base: "refs/heads/main", parentPullRequest: { id: "pr_1" } }))).toEqual([]);
  });

  it("requires title, head and base", () => {
    expect(rulesOf(checkCreatePull({}))).toEqual(["title: required", "head: required", "base: required"]);
  });

  it("counts the title in code points: 256 emoji pass, 257 fail", () => {
    expect(checkCreatePull(with_({ title: EMOJI.repeat(256) }))).toEqual([]);
    const issues = checkCreatePull(with_({ title: EMOJI.repeat(257) }));
    expect(rulesOf(issues)).toEqual(["title: max_length"]);
    expect(issues[0]?.message).toContain("257 code points");
  });

  it("counts the body in code points: 65,536 emoji pass, 65,537 fail", () => {
    expect(checkCreatePull(with_({ body: EMOJI.repeat(65_536) }))).toEqual([]);
    expect(checkCreatePull(with_({ body: `${"x".repeat(65_535)}${EMOJI}` }))).toEqual([]);
    expect(rulesOf(checkCreatePull(with_({ body: EMOJI.repeat(65_537) })))).toEqual(["body: max_length"]);
  });

  it("refuses an empty title", () => {
    expect(rulesOf(checkCreatePull(with_({ title: "" })))).toEqual(["title: min_length"]);
  });

  it("refuses a SHA, a tag or another ref namespace as base", () => {
    expect(rulesOf(checkCreatePull(with_({ base: SHA1 })))).toEqual(["base: branch_name"]);
    expect(rulesOf(checkCreatePull(with_({ base: SHA256 })))).toEqual(["base: branch_name"]);
    expect(rulesOf(checkCreatePull(with_({ base: "refs/tags/v1" })))).toEqual(["base: branch_name"]);
    expect(rulesOf(checkCreatePull(with_({ base: "refs/pull/1/head" })))).toEqual(["base: branch_name"]);
  });

  it("needs exactly one parent selector, numbers as digit strings, no clear on create", () => {
    expect(rulesOf(checkCreatePull(with_({ parentPullRequest: {} })))).toEqual(["parentPullRequest: exactly_one_of"]);
    expect(rulesOf(checkCreatePull(with_({ parentPullRequest: { number: "1", id: "x" } })))).toEqual([
      "parentPullRequest: exactly_one_of",
    ]);
    expect(rulesOf(checkCreatePull(with_({ parentPullRequest: { number: "1a" } })))).toEqual([
      "parentPullRequest.number: digits",
    ]);
    expect(rulesOf(checkCreatePull(with_({ parentPullRequest: { number: 7 } })))).toEqual([
      "parentPullRequest.number: type",
    ]);
    expect(rulesOf(checkCreatePull(with_({ parentPullRequest: { clear: true } })))).toEqual([
      "parentPullRequest.clear: update_only",
    ]);
  });

  it("refuses parentPullNumber with a message naming parentPullRequest", () => {
    const issues = checkCreatePull(with_({ parentPullNumber: "3" }));
    expect(rulesOf(issues)).toEqual(["parentPullNumber: removed_field"]);
    expect(issues[0]?.message).toContain("parentPullRequest");
  });

  it("throws a request ValidationError naming the field", () => {
    expect(() => assertCreatePull(with_({ base: SHA1 }))).toThrow(ValidationError);
    expect(() => assertCreatePull(with_({ base: SHA1 }))).toThrow(/pulls\.create: base:/);
  });
});

describe("update pull request", () => {
  it("accepts a partial update and clear", () => {
    expect(checkUpdatePull({ title: "New" })).toEqual([]);
    expect(checkUpdatePull({ parentPullRequest: { clear: true }, base: "refs/heads/dev" })).toEqual([]);
  });

  it("refuses clear with a selector, clear: false, and parentPullNumber", () => {
    expect(rulesOf(checkUpdatePull({ parentPullRequest: { clear: true, id: "x" } }))).toEqual([
      "parentPullRequest: exactly_one_of",
    ]);
    expect(rulesOf(checkUpdatePull({ parentPullRequest: { clear: false } }))).toEqual([
      "parentPullRequest.clear: type",
    ]);
    expect(rulesOf(checkUpdatePull({ parentPullNumber: "1" }))).toEqual(["parentPullNumber: removed_field"]);
    expect(rulesOf(checkUpdatePull({ base: "refs/tags/v2" }))).toEqual(["base: branch_name"]);
    expect(rulesOf(checkUpdatePull({ title: EMOJI.repeat(257) }))).toEqual(["title: max_length"]);
  });
});

describe("list pull requests query", () => {
  it("accepts every filter, as an object or as URLSearchParams", () => {
    const query = {
      state: "merged",
      sortBy: "updated",
      direction: "asc",
      since: "2025-01-01T00:00:00Z",
      until: "2025-02-01T00:00:00+01:00",
      author: "user_abc",
      base: "main",
      stackId: "stk_1",
      headSha: SHA256,
      pageSize: 100,
      pageToken: "t",
    };
    expect(checkListPullsQuery(query)).toEqual([]);
    expect(checkListPullsQuery(new URLSearchParams({ ...query, pageSize: "100" }))).toEqual([]);
    expect(checkListPullsQuery()).toEqual([]);
    for (const author of ["app_1", "sa_2", "dev@example.com"]) expect(checkListPullsQuery({ author })).toEqual([]);
  });

  it.each([
    [{ state: "draft" }, "state: one_of"],
    [{ sortBy: "name" }, "sortBy: one_of"],
    [{ direction: "up" }, "direction: one_of"],
    [{ since: "yesterday" }, "since: timestamp"],
    [{ until: "2025-13-01T00:00:00Z" }, "until: timestamp"],
    [{ headSha: "abc123" }, "headSha: full_sha"],
    [{ author: "octocat" }, "author: author"],
    [{ pageSize: 0 }, "pageSize: min_value"],
    [{ pageSize: 101 }, "pageSize: max_value"],
    [new URLSearchParams({ pageSize: "abc" }), "pageSize: type"],
  ])("refuses %o", (query, rule) => {
    expect(rulesOf(checkListPullsQuery(query))).toEqual([rule]);
  });
});

describe("merge and mergeability", () => {
  it("accepts merge, squash, a full SHA and nothing", () => {
    expect(checkMerge()).toEqual([]);
    expect(checkMerge({ mergeMethod: "squash", expectedHeadSha: SHA1 })).toEqual([]);
    expect(assertMerge({ mergeMethod: "merge" })).toEqual({ mergeMethod: "merge" });
    expect(checkMergeability({ expectedHeadSha: SHA256 })).toEqual([]);
  });

  it("refuses rebase with a message saying only merge and squash exist", () => {
    const issues = checkMerge({ mergeMethod: "rebase" });
    expect(rulesOf(issues)).toEqual(["mergeMethod: one_of"]);
    expect(issues[0]?.message).toContain("only merge and squash exist");
  });

  it("refuses an abbreviated expectedHeadSha", () => {
    expect(rulesOf(checkMerge({ expectedHeadSha: "a".repeat(39) }))).toEqual(["expectedHeadSha: full_sha"]);
    expect(rulesOf(checkMergeability(new URLSearchParams({ expectedHeadSha: "a".repeat(41) })))).toEqual([
      "expectedHeadSha: full_sha",
    ]);
  });
});

describe("page query", () => {
  it("accepts 1..100 and a token; refuses out-of-range sizes and non-string tokens", () => {
    expect(checkPageQuery({ pageSize: 1, pageToken: "x" })).toEqual([]);
    expect(rulesOf(checkPageQuery({ pageSize: 101 }))).toEqual(["pageSize: max_value"]);
    expect(rulesOf(checkPageQuery({ pageSize: 2.5 }))).toEqual(["pageSize: integer"]);
    expect(rulesOf(checkPageQuery({ pageToken: 3 }))).toEqual(["pageToken: type"]);
  });
});
