import { describe, expect, it } from "vitest";
import { rulesOf } from "../agents/issues.js";
import { bodyAssert, bodyCheck } from "./request-checks.js";

const assertGrep = bodyAssert("contents.grep");
const checkCreateFromFiles = bodyCheck("git.createFromFiles");
const checkCreateRef = bodyCheck("git.createRef");
const checkGrep = bodyCheck("contents.grep");
const checkLabel = bodyCheck("labels.create");
const checkLabelUpdate = bodyCheck("labels.update");
const checkMirrorTransition = bodyCheck("mirror.transition");
const checkOwnerGrant = bodyCheck("owner.grants.upsert");
const checkRepoGrant = bodyCheck("repo.grants.upsert");
const checkRepoSettings = bodyCheck("repo.update");
const checkRuleset = bodyCheck("rulesets.create");

const SHA = "c".repeat(40);
const MIB = 1024 * 1024;

describe("labels", () => {
  it("accepts a label with and without a description, and partial updates", () => {
    expect(checkLabel({ name: "bug", color: "d73a4a" })).toEqual([]);
    expect(checkLabel({ name: "🐛".repeat(50), color: "FFFFFF", description: "é".repeat(255) })).toEqual([]);
    expect(checkLabelUpdate({ color: "00ff00" })).toEqual([]);
  });

  it("refuses long names and descriptions, counted in code points", () => {
    expect(rulesOf(checkLabel({ name: "🐛".repeat(51), color: "d73a4a" }))).toEqual(["name: max_length"]);
    expect(rulesOf(checkLabel({ name: "x", color: "d73a4a", description: "d".repeat(256) }))).toEqual([
      "description: max_length",
    ]);
    expect(rulesOf(checkLabelUpdate({ name: "" }))).toEqual(["name: min_length"]);
  });

  it("wants exactly six hex digits without #", () => {
    const issues = checkLabel({ name: "x", color: "#d73a4a" });
    expect(rulesOf(issues)).toEqual(["color: color"]);
    expect(issues[0]?.message).toContain("without the leading #");
    expect(rulesOf(checkLabel({ name: "x", color: "d73a4" }))).toEqual(["color: color"]);
    expect(rulesOf(checkLabel({ name: "x", color: "gggggg" }))).toEqual(["color: color"]);
    expect(rulesOf(checkLabel({ name: "x" }))).toEqual(["color: required"]);
  });
});

describe("rulesets", () => {
  const patterns = (n: number) => Array.from({ length: n }, (_, i) => `release/${i}`);
  const objects = (n: number) => Array.from({ length: n }, () => ({}));

  it("accepts a ruleset at every limit", () => {
    const ruleset = {
      name: "protect main",
      enforcement: "evaluate",
      kind: "merge_branch",
      includedRefNames: [...patterns(62), "~DEFAULT_BRANCH", "~ALL"],
      excludedRefNames: patterns(64),
      rules: objects(20),
      bypassActors: objects(15),
    };
    expect(checkRuleset(ruleset)).toEqual([]);
  });

  it.each([
    [{ includedRefNames: patterns(65) }, "includedRefNames: max_items"],
    [{ excludedRefNames: patterns(65) }, "excludedRefNames: max_items"],
    [{ rules: objects(21) }, "rules: max_items"],
    [{ bypassActors: objects(16) }, "bypassActors: max_items"],
    [{ enforcement: "enabled" }, "enforcement: one_of"],
    [{ kind: "merge_tag" }, "kind: one_of"],
    [{ name: "" }, "name: min_length"],
  ])("refuses %o", (extra, rule) => {
    expect(rulesOf(checkRuleset({ name: "r", ...extra }))).toEqual([rule]);
  });
});

describe("grep", () => {
  it("accepts a full request and clamps context above 10 instead of refusing it", () => {
    const body = {
      query: "TODO",
      literal: true,
      caseInsensitive: true,
      wholeWord: true,
      contextBefore: 25,
      contextAfter: 3,
      includes: Array.from({ length: 20 }, () => "*.ts"),
      excludes: ["dist/**"],
      maxResults: 1000,
    };
    expect(checkGrep(body)).toEqual([]);
    expect(assertGrep(body)).toMatchObject({ contextBefore: 10, contextAfter: 3 });
  });

  it("accepts caseInsensitive and wholeWord without literal (the forge ignores them then)", () => {
    expect(checkGrep({ query: "a+b", caseInsensitive: true, wholeWord: true })).toEqual([]);
  });

  it.each([
    [{}, "query: required"],
    [{ query: "" }, "query: min_length"],
    [{ query: "(?i)" }, "query: empty_pattern"],
    [{ query: "x", includes: Array.from({ length: 21 }, () => "*") }, "includes: max_items"],
    [{ query: "x", excludes: Array.from({ length: 21 }, () => "*") }, "excludes: max_items"],
    [{ query: "x", maxResults: 1001 }, "maxResults: max_value"],
    [{ query: "x", maxResults: 0 }, "maxResults: min_value"],
    [{ query: "x", contextAfter: -1 }, "contextAfter: min_value"],
    [{ query: "x", literal: "yes" }, "literal: type"],
  ])("refuses %o", (body, rule) => {
    expect(rulesOf(checkGrep(body))).toEqual([rule]);
  });
});

describe("createFromFiles", () => {
  const put = (path: string, content: string, extra: Record<string, unknown> = {}) => ({ path, content, ...extra });

  it("accepts content in both encodings, modes and deletes", () => {
    const body = {
      expectedHeadSha: SHA,
      files: [
        put("a.txt", "hello"),
        put("run.sh", btoa("#!/bin/sh\n"), { encoding: "base64", mode: "executable" }),
        put("link", "a.txt", { encoding: "utf-8", mode: "symlink" }),
        { path: "old.txt", delete: true },
      ],
    };
    expect(checkCreateFromFiles(body)).toEqual([]);
  });

  it("measures decoded bytes: 8 MiB per file passes, one byte more fails", () => {
    expect(checkCreateFromFiles({ expectedHeadSha: SHA, files: [put("a", "x".repeat(8 * MIB))] })).toEqual([]);
    expect(rulesOf(checkCreateFromFiles({ expectedHeadSha: SHA, files: [put("a", "x".repeat(8 * MIB + 1))] }))).toEqual(
      ["files[0].content: max_file_size"],
    );
    // UTF-8 bytes, not characters: 3-byte characters overflow sooner.
    const euros = "€".repeat(Math.floor((8 * MIB) / 3) + 1);
    expect(rulesOf(checkCreateFromFiles({ expectedHeadSha: SHA, files: [put("a", euros)] }))).toEqual([
      "files[0].content: max_file_size",
    ]);
    // base64, sized from the text alone: 8 MiB = 3 * 2,796,202 + 2 bytes, so 2,796,203 quads with one "=".
    const base64 = (content: string) => ({ expectedHeadSha: SHA, files: [put("a", content, { encoding: "base64" })] });
    expect(checkCreateFromFiles(base64(`${"A".repeat(4 * 2_796_203 - 1)}=`))).toEqual([]);
    expect(rulesOf(checkCreateFromFiles(base64("A".repeat(4 * 2_796_203))))).toEqual([
      "files[0].content: max_file_size",
    ]);
  });

  it("refuses more than 32 MiB in total", () => {
    const files = Array.from({ length: 5 }, (_, i) => put(`f${i}`, "x".repeat(7 * MIB)));
    expect(rulesOf(checkCreateFromFiles({ expectedHeadSha: SHA, files }))).toEqual(["files: max_total_size"]);
    expect(checkCreateFromFiles({ expectedHeadSha: SHA, files: files.slice(0, 4) })).toEqual([]);
  });

  it.each([
    [{ files: [put("a", "x")] }, "expectedHeadSha: required"],
    [{ expectedHeadSha: "abc", files: [put("a", "x")] }, "expectedHeadSha: full_sha"],
    [{ expectedHeadSha: SHA, files: [] }, "files: min_items"],
    [{ expectedHeadSha: SHA, files: Array.from({ length: 1001 }, (_, i) => put(`${i}`, "")) }, "files: max_items"],
    [{ expectedHeadSha: SHA, files: [{ path: "a" }] }, "files[0]: exactly_one_of"],
    [{ expectedHeadSha: SHA, files: [put("a", "x", { delete: true })] }, "files[0]: exactly_one_of"],
    [{ expectedHeadSha: SHA, files: [{ path: "a", delete: true, mode: "file" }] }, "files[0].mode: exclusive"],
    [{ expectedHeadSha: SHA, files: [{ path: "a", delete: false }] }, "files[0].delete: type"],
    [{ expectedHeadSha: SHA, files: [put("a", "x", { encoding: "latin1" })] }, "files[0].encoding: one_of"],
    [{ expectedHeadSha: SHA, files: [put("a", "x", { mode: "dir" })] }, "files[0].mode: one_of"],
    [{ expectedHeadSha: SHA, files: [put("a", "not base64!", { encoding: "base64" })] }, "files[0].content: base64"],
    [{ expectedHeadSha: SHA, files: [{ content: "x" }] }, "files[0].path: required"],
  ])("refuses %#", (body, rule) => {
    expect(rulesOf(checkCreateFromFiles(body))).toEqual([rule]);
  });
});

describe("create ref", () => {
  it("accepts refs/heads/<b> and heads/<b> with a full SHA", () => {
    expect(checkCreateRef({ ref: "refs/heads/feature/x", sha: SHA })).toEqual([]);
    expect(checkCreateRef({ ref: "heads/main", sha: "d".repeat(64) })).toEqual([]);
  });

  it.each([
    [{ ref: "refs/tags/v1", sha: SHA }, "ref: branch_ref"],
    [{ ref: "main", sha: SHA }, "ref: branch_ref"],
    [{ ref: "refs/heads/", sha: SHA }, "ref: branch_ref"],
    [{ ref: "heads/main", sha: "c0ffee" }, "sha: full_sha"],
  ])("refuses %o", (body, rule) => {
    expect(rulesOf(checkCreateRef(body))).toEqual([rule]);
  });
});

describe("repository settings", () => {
  it("accepts single fields and the merge pair", () => {
    expect(checkRepoSettings({ visibility: "private" })).toEqual([]);
    expect(checkRepoSettings({ allowMergeCommit: false, allowSquashMerge: true, deleteBranchOnMerge: true })).toEqual(
      [],
    );
  });

  it.each([
    [{}, ": at_least_one"],
    [{ allowMergeCommit: true }, "allowSquashMerge: together"],
    [{ allowSquashMerge: true }, "allowMergeCommit: together"],
    [{ allowMergeCommit: false, allowSquashMerge: false }, "allowSquashMerge: at_least_one_true"],
    [{ visibility: "public" }, "visibility: one_of"],
    [{ defaultBranch: "" }, "defaultBranch: min_length"],
  ])("refuses %o", (body, rule) => {
    expect(rulesOf(checkRepoSettings(body))).toEqual([rule]);
  });
});

describe("grants", () => {
  it("accepts one principal with a documented permission", () => {
    expect(checkRepoGrant({ user: "user_1", permission: "write" })).toEqual([]);
    expect(checkRepoGrant({ teamGroup: { id: "grp_1" }, permission: "admin" })).toEqual([]);
    expect(checkOwnerGrant({ group: "grp_2", permission: "PERMISSION_CONTRIBUTOR" })).toEqual([]);
  });

  it("refuses custom permissions, no principal or two", () => {
    const custom = checkRepoGrant({ user: "user_1", permission: "custom" });
    expect(rulesOf(custom)).toEqual(["permission: one_of"]);
    expect(custom[0]?.message).toContain("custom permissions cannot be granted");
    expect(rulesOf(checkOwnerGrant({ user: "u", permission: "PERMISSION_CUSTOM" }))).toEqual(["permission: one_of"]);
    expect(rulesOf(checkOwnerGrant({ user: "u", permission: "write" }))).toEqual(["permission: one_of"]);
    expect(rulesOf(checkRepoGrant({ permission: "read" }))).toEqual([": exactly_one_of"]);
    expect(rulesOf(checkRepoGrant({ user: "u", group: "g", permission: "read" }))).toEqual([": exactly_one_of"]);
    expect(rulesOf(checkRepoGrant({ user: "u" }))).toEqual(["permission: required"]);
  });
});

describe("mirror transition", () => {
  it("accepts the three transitions and refuses others", () => {
    for (const transition of ["initial_to_inbound", "inbound_to_outbound", "outbound_to_inbound"]) {
      expect(checkMirrorTransition({ transition })).toEqual([]);
    }
    expect(rulesOf(checkMirrorTransition({ transition: "inbound_to_initial" }))).toEqual(["transition: one_of"]);
  });
});
