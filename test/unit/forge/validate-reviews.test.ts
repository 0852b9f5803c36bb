import { describe, expect, it } from "vitest";
import { rulesOf } from "../agents/issues.js";
import { bodyCheck, queryCheck } from "./request-checks.js";

const checkCreateComment = bodyCheck("comments.create");
const checkCreateReview = bodyCheck("reviews.create");
const checkListCommentsQuery = queryCheck("comments.list", { numbers: ["pageSize"], arrays: ["threadIds"] });
const checkRequestReviewers = bodyCheck("reviewers.request");
const checkResolveThread = bodyCheck("threads.update");
const checkUpdateComment = bodyCheck("comments.update");

const EMOJI = "🚀";
const inline = { path: "src/a.ts", side: "RIGHT", startLine: 3, endLine: 5 };

describe("create comment", () => {
  it("accepts each anchor form", () => {
    expect(checkCreateComment({ body: "nit", inline, versionNumber: "2" })).toEqual([]);
    expect(checkCreateComment({ body: "nit", inline: { path: "a", side: "LEFT", startLine: 1 } })).toEqual([]);
    expect(checkCreateComment({ body: "file-level", file: { path: "README.md" }, versionNumber: "1" })).toEqual([]);
    expect(checkCreateComment({ body: "reply", threadId: "th_1" })).toEqual([]);
  });

  it("counts the body in code points", () => {
    expect(checkCreateComment({ body: EMOJI.repeat(65_536), threadId: "t" })).toEqual([]);
    expect(rulesOf(checkCreateComment({ body: EMOJI.repeat(65_537), threadId: "t" }))).toEqual(["body: max_length"]);
    expect(rulesOf(checkCreateComment({ body: "", threadId: "t" }))).toEqual(["body: min_length"]);
    expect(rulesOf(checkCreateComment({ threadId: "t" }))).toEqual(["body: required"]);
  });

  it("needs exactly one anchor", () => {
    expect(rulesOf(checkCreateComment({ body: "x" }))).toEqual([": exactly_one_of"]);
    expect(rulesOf(checkCreateComment({ body: "x", inline, threadId: "t" }))).toEqual([": exactly_one_of"]);
    expect(rulesOf(checkCreateComment({ body: "x", file: { path: "a" }, threadId: "t" }))).toEqual([
      ": exactly_one_of",
    ]);
  });

  it("refuses versionNumber on a reply, and non-digit version numbers", () => {
    expect(rulesOf(checkCreateComment({ body: "x", threadId: "t", versionNumber: "3" }))).toEqual([
      "versionNumber: exclusive",
    ]);
    expect(rulesOf(checkCreateComment({ body: "x", inline, versionNumber: 3 }))).toEqual(["versionNumber: type"]);
    expect(rulesOf(checkCreateComment({ body: "x", inline, versionNumber: "v3" }))).toEqual(["versionNumber: digits"]);
  });

  it("checks the inline anchor's fields", () => {
    expect(rulesOf(checkCreateComment({ body: "x", inline: { ...inline, endLine: 2 } }))).toEqual([
      "inline.endLine: line_range",
    ]);
    expect(rulesOf(checkCreateComment({ body: "x", inline: { ...inline, startLine: 0 } }))).toEqual([
      "inline.startLine: min_value",
    ]);
    expect(rulesOf(checkCreateComment({ body: "x", inline: { path: "a", startLine: 1 } }))).toEqual([
      "inline.side: required",
    ]);
    expect(rulesOf(checkCreateComment({ body: "x", file: {} }))).toEqual(["file.path: required"]);
  });
});

describe("update comment and resolve thread", () => {
  it("checks the body and the resolved flag", () => {
    expect(checkUpdateComment({ body: "better" })).toEqual([]);
    expect(rulesOf(checkUpdateComment({ body: EMOJI.repeat(65_537) }))).toEqual(["body: max_length"]);
    expect(checkResolveThread({ resolved: false })).toEqual([]);
    expect(rulesOf(checkResolveThread({ resolved: "yes" }))).toEqual(["resolved: type"]);
  });
});

describe("list comments query", () => {
  it("accepts up to 20 distinct thread ids (repeats count once), as an object or repeated wire keys", () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `th_${i}`);
    expect(checkListCommentsQuery({ threadIds: [...twenty, "th_0"], since: "2025-01-01T00:00:00Z" })).toEqual([]);
    const wire = new URLSearchParams(twenty.map((id) => ["threadIds", id]));
    wire.set("pageSize", "50");
    expect(checkListCommentsQuery(wire)).toEqual([]);
  });

  it("refuses 21 distinct thread ids, bad timestamps and page sizes", () => {
    const ids = Array.from({ length: 21 }, (_, i) => `th_${i}`);
    expect(rulesOf(checkListCommentsQuery({ threadIds: ids }))).toEqual(["threadIds: max_items"]);
    expect(rulesOf(checkListCommentsQuery({ until: "2025-01-01" }))).toEqual(["until: timestamp"]);
    expect(rulesOf(checkListCommentsQuery({ threadIds: [""] }))).toEqual(["threadIds[0]: min_length"]);
    expect(rulesOf(checkListCommentsQuery({ pageSize: 500 }))).toEqual(["pageSize: max_value"]);
  });
});

describe("create review", () => {
  const comment = { body: "here", inline };

  it("accepts up to 50 anchored comments", () => {
    expect(checkCreateReview({ body: "LGTM", comments: Array.from({ length: 50 }, () => comment) })).toEqual([]);
    expect(checkCreateReview({})).toEqual([]);
  });

  it("refuses 51 comments and names each bad anchor", () => {
    expect(rulesOf(checkCreateReview({ comments: Array.from({ length: 51 }, () => comment) }))).toEqual([
      "comments: max_items",
    ]);
    expect(
      rulesOf(checkCreateReview({ comments: [comment, { body: "no anchor" }, { inline, threadId: "t", body: "x" }] })),
    ).toEqual(["comments[1]: exactly_one_of", "comments[2]: exactly_one_of"]);
    expect(rulesOf(checkCreateReview({ comments: [{ threadId: "t", versionNumber: "1", body: "x" }] }))).toEqual([
      "comments[0].versionNumber: exclusive",
    ]);
    expect(rulesOf(checkCreateReview({ comments: [{ threadId: "t" }] }))).toEqual(["comments[0].body: required"]);
    expect(rulesOf(checkCreateReview({ body: EMOJI.repeat(65_537) }))).toEqual(["body: max_length"]);
  });
});

describe("request reviewers", () => {
  it("accepts ids, emails, group ids and slugs; refuses an empty list or entry", () => {
    expect(checkRequestReviewers({ reviewers: ["user_1", "dev@example.com", "grp_2", "platform"] })).toEqual([]);
    expect(rulesOf(checkRequestReviewers({ reviewers: [] }))).toEqual(["reviewers: min_items"]);
    expect(rulesOf(checkRequestReviewers({ reviewers: [""] }))).toEqual(["reviewers[0]: min_length"]);
    expect(rulesOf(checkRequestReviewers({}))).toEqual(["reviewers: required"]);
  });
});
