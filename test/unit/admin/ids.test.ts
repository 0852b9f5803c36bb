import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  billingGroupId,
  directoryGroupId,
  ID_PREFIXES,
  idFamilyOf,
  isIdOfFamily,
  MANIFEST_ID_PATTERN,
  manifestId,
  organizationGroupId,
  teamMemberId,
  teamRuleId,
} from "../../../src/admin/ids.js";
import { ValidationError } from "../../../src/core/errors.js";
import { checkRequest, toValidationIssues } from "../../../src/core/schema.js";

function issues(schema: v.GenericSchema, value: unknown) {
  const result = v.safeParse(schema, value);
  return result.success ? [] : toValidationIssues(result.issues);
}

describe("id families", () => {
  it("lists the documented prefixes", () => {
    expect(ID_PREFIXES).toEqual({
      teamMember: "user_",
      directoryGroup: "team_group_",
      organizationGroup: "g_",
      organizationGroupPublic: "grp_",
      billingGroup: "group_",
      teamRule: "rule_",
    });
  });

  it("tells the families apart by prefix, even where one prefix looks like another", () => {
    expect(idFamilyOf("user_abc")).toBe("teamMember");
    expect(idFamilyOf("team_group_abc")).toBe("directoryGroup");
    expect(idFamilyOf("g_abc")).toBe("organizationGroup");
    expect(idFamilyOf("grp_abc")).toBe("organizationGroupPublic");
    expect(idFamilyOf("group_abc")).toBe("billingGroup");
    expect(idFamilyOf("rule_abc")).toBe("teamRule");
    expect(idFamilyOf("abc")).toBeUndefined();
    expect(idFamilyOf("G_abc")).toBeUndefined();
  });

  it("isIdOfFamily needs the prefix and something after it", () => {
    expect(isIdOfFamily("team_group_1", "directoryGroup")).toBe(true);
    expect(isIdOfFamily("team_group_", "directoryGroup")).toBe(false);
    expect(isIdOfFamily("group_1", "directoryGroup")).toBe(false);
    expect(isIdOfFamily(7, "billingGroup")).toBe(false);
  });
});

describe("id checkers", () => {
  it("accept their own family", () => {
    expect(issues(teamMemberId("`userId`"), "user_a1")).toEqual([]);
    expect(issues(directoryGroupId("`groupId`"), "team_group_a1")).toEqual([]);
    expect(issues(organizationGroupId("`groupId`"), "g_a1")).toEqual([]);
    expect(issues(billingGroupId("`groupId`"), "group_a1")).toEqual([]);
    expect(issues(teamRuleId("`ruleId`"), "rule_a1")).toEqual([]);
  });

  it("refuse another family with rule id_family, naming the expected prefix and what the given one is", () => {
    const [issue] = issues(directoryGroupId("`groupId`"), "g_abc");
    expect(issue).toEqual({
      path: "",
      rule: "id_family",
      message: "team directory groups take team_group_ ids; g_ ids are organization groups",
    });
    expect(issues(billingGroupId("`groupId`"), "team_group_1")[0]?.message).toBe(
      "billing groups take group_ ids; team_group_ ids are team directory groups",
    );
    expect(issues(teamRuleId("`ruleId`"), "user_1")[0]?.message).toBe(
      "assistant-bot team rules take rule_ ids; user_ ids are team members",
    );
  });

  it("refuse the public grp_ id on organization group routes", () => {
    const [issue] = issues(organizationGroupId("`groupId`"), "grp_abc");
    expect(issue?.rule).toBe("id_family");
    expect(issue?.message).toContain("organization group routes take g_ ids");
    expect(issue?.message).toContain("grp_ ids are organization group public ids");
  });

  it("refuse an id without a known prefix, a bare prefix, an empty string and a non-string", () => {
    const schema = teamMemberId("`userId`");
    expect(issues(schema, "12345")[0]).toMatchObject({ rule: "id_family" });
    expect(issues(schema, "12345")[0]?.message).toContain("does not start with user_");
    expect(issues(schema, "user_")[0]).toMatchObject({ rule: "id_format" });
    expect(issues(schema, "")[0]).toMatchObject({ rule: "min_length" });
    expect(issues(schema, 12345)[0]).toMatchObject({ rule: "type" });
  });

  it("throw a request ValidationError through checkRequest", () => {
    const schema = v.object({ groupId: directoryGroupId("`groupId`") });
    expect(() => checkRequest(schema, { groupId: "group_1" }, "directoryGroups.get")).toThrow(ValidationError);
    try {
      checkRequest(schema, { groupId: "group_1" }, "directoryGroups.get");
    } catch (error) {
      expect(error).toMatchObject({ direction: "request", path: "groupId", rule: "id_family" });
    }
  });
});

describe("setup manifest ids", () => {
  it("allow letters, digits, dot, underscore and hyphen", () => {
    expect(MANIFEST_ID_PATTERN.test("node-setup_v2.1")).toBe(true);
    expect(issues(manifestId("`manifestId`"), "Node-setup_v2.1")).toEqual([]);
  });

  it("refuse anything else with rule pattern, and an empty id with min_length", () => {
    for (const bad of ["a b", "a/b", "ä", "a:b"]) {
      expect(issues(manifestId("`manifestId`"), bad).map((issue) => issue.rule)).toEqual(["pattern"]);
    }
    expect(issues(manifestId("`manifestId`"), "").map((issue) => issue.rule)).toEqual(["min_length"]);
    expect(issues(manifestId("`manifestId`"), 1).map((issue) => issue.rule)).toEqual(["type"]);
  });
});
