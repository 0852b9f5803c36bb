import { describe, expect, it } from "vitest";
import {
  assertBillingGroupUpdate,
  assertDirectoryGroupId,
  assertOrgGroupId,
  assertOrgGroupsQuery,
  checkBillingGroupCreate,
  checkBillingGroupId,
  checkBillingGroupMembers,
  checkBillingGroupsQuery,
  checkBillingGroupUpdate,
  checkDirectoryGroupCreate,
  checkDirectoryGroupId,
  checkDirectoryGroupUpdate,
  checkGroupMemberIds,
  checkOrgGroupCreate,
  checkOrgGroupId,
  checkOrgGroupsQuery,
  checkOrgGroupUpdate,
} from "../../../src/admin/validate.js";
import { ValidationError, type ValidationIssue } from "../../../src/core/errors.js";

const rules = (issues: readonly ValidationIssue[]) => issues.map((issue) => `${issue.path}: ${issue.rule}`);

describe("group path ids: each family takes only its own", () => {
  it("accepts each family's own ids", () => {
    expect(assertDirectoryGroupId("team_group_abc")).toBe("team_group_abc");
    expect(assertOrgGroupId("g_abc")).toBe("g_abc");
    expect(checkBillingGroupId("group_abc")).toEqual([]);
    expect(checkBillingGroupId("group_unassigned")).toEqual([]);
  });

  it("refuses the other families' ids with id_family, saying which family they are", () => {
    expect(checkDirectoryGroupId("g_abc")).toEqual([
      {
        path: "groupId",
        rule: "id_family",
        message: "team directory groups take team_group_ ids; g_ ids are organization groups",
      },
    ]);
    expect(rules(checkDirectoryGroupId("group_abc"))).toEqual(["groupId: id_family"]);
    expect(rules(checkOrgGroupId("team_group_abc"))).toEqual(["groupId: id_family"]);
    expect(rules(checkBillingGroupId("g_abc"))).toEqual(["groupId: id_family"]);
    expect(checkBillingGroupId("team_group_abc")[0]?.message).toBe(
      "billing groups take group_ ids; team_group_ ids are team directory groups",
    );
  });

  it("refuses the public grp_ id on organization group routes", () => {
    const [issue] = checkOrgGroupId("grp_abc");
    expect(issue).toMatchObject({ path: "groupId", rule: "id_family" });
    expect(issue?.message).toMatch(/take g_ ids.*grp_ ids are organization group public ids/);
  });

  it("throws a request ValidationError from assert", () => {
    try {
      assertOrgGroupId("grp_abc");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ direction: "request", path: "groupId", rule: "id_family" });
    }
  });
});

describe("directory and organization group create", () => {
  it("accepts a name", () => {
    expect(checkDirectoryGroupCreate({ name: "Platform" })).toEqual([]);
    expect(checkOrgGroupCreate({ name: "Platform" })).toEqual([]);
  });

  it("requires a non-blank name", () => {
    expect(rules(checkDirectoryGroupCreate({}))).toEqual(["name: required"]);
    expect(rules(checkDirectoryGroupCreate({ name: "  " }))).toEqual(["name: min_length"]);
    expect(rules(checkOrgGroupCreate({ name: 5 }))).toEqual(["name: type"]);
  });
});

describe("directory and organization group update", () => {
  it("accepts any one field, and the limit's whole range", () => {
    expect(checkDirectoryGroupUpdate({ name: "New" })).toEqual([]);
    expect(checkDirectoryGroupUpdate({ monthlySpendingLimitDollars: 0 })).toEqual([]);
    expect(checkDirectoryGroupUpdate({ monthlySpendingLimitDollars: 2_147_483_647 })).toEqual([]);
    expect(checkOrgGroupUpdate({ clearMonthlySpendingLimitDollars: true, name: "x" })).toEqual([]);
  });

  it("needs at least one field", () => {
    expect(rules(checkDirectoryGroupUpdate({}))).toEqual([": at_least_one"]);
    expect(rules(checkOrgGroupUpdate({ unrelated: 1 }))).toEqual([": at_least_one"]);
  });

  it("checks the limit: a whole number 0..2147483647, never null", () => {
    expect(rules(checkDirectoryGroupUpdate({ monthlySpendingLimitDollars: -1 }))).toEqual([
      "monthlySpendingLimitDollars: min_value",
    ]);
    expect(rules(checkDirectoryGroupUpdate({ monthlySpendingLimitDollars: 2_147_483_648 }))).toEqual([
      "monthlySpendingLimitDollars: max_value",
    ]);
    expect(rules(checkDirectoryGroupUpdate({ monthlySpendingLimitDollars: 9.5 }))).toEqual([
      "monthlySpendingLimitDollars: integer",
    ]);
    const [nullIssue] = checkDirectoryGroupUpdate({ monthlySpendingLimitDollars: null });
    expect(nullIssue).toMatchObject({ path: "monthlySpendingLimitDollars", rule: "type" });
    expect(nullIssue?.message).toContain("clearMonthlySpendingLimitDollars: true");
  });

  it("never sends the limit together with the clear flag, and the flag is only true", () => {
    expect(
      rules(checkDirectoryGroupUpdate({ monthlySpendingLimitDollars: 5, clearMonthlySpendingLimitDollars: true })),
    ).toEqual(["clearMonthlySpendingLimitDollars: exclusive"]);
    expect(rules(checkOrgGroupUpdate({ clearMonthlySpendingLimitDollars: false }))).toEqual([
      "clearMonthlySpendingLimitDollars: one_of",
    ]);
    expect(rules(checkOrgGroupUpdate({ name: "" }))).toEqual(["name: min_length"]);
  });
});

describe("group member bulk ids", () => {
  const ids = (count: number) => Array.from({ length: count }, (_, index) => `user_${index}`);

  it("accepts up to 100 user_ ids", () => {
    expect(checkGroupMemberIds({ userIds: ids(100) })).toEqual([]);
  });

  it("requires userIds, at most 100, each a user_ id", () => {
    expect(rules(checkGroupMemberIds({}))).toEqual(["userIds: required"]);
    expect(rules(checkGroupMemberIds({ userIds: ids(101) }))).toEqual(["userIds: max_items"]);
    expect(rules(checkGroupMemberIds({ userIds: ["user_1", "g_2", 3] }))).toEqual([
      "userIds[1]: id_family",
      "userIds[2]: type",
    ]);
    expect(rules(checkGroupMemberIds({ userIds: "user_1" }))).toEqual(["userIds: type"]);
  });
});

describe("organization group list query", () => {
  it("accepts page, pageSize above 200 (clamped, not refused) and name", () => {
    expect(checkOrgGroupsQuery({ page: 1, pageSize: 500, name: "" })).toEqual([]);
    expect(assertOrgGroupsQuery(new URLSearchParams("page=2&pageSize=20&name=Platform"))).toEqual({
      page: 2,
      pageSize: 20,
      name: "Platform",
    });
  });

  it("checks page numbers and name", () => {
    expect(rules(checkOrgGroupsQuery({ page: 0 }))).toEqual(["page: min_value"]);
    expect(rules(checkOrgGroupsQuery({ pageSize: 0 }))).toEqual(["pageSize: min_value"]);
    expect(rules(checkOrgGroupsQuery({ name: 1 }))).toEqual(["name: type"]);
  });
});

describe("billing groups", () => {
  it("accepts a billing cycle date", () => {
    expect(checkBillingGroupsQuery({ billingCycle: "2025-01-01" })).toEqual([]);
    expect(checkBillingGroupsQuery()).toEqual([]);
    expect(rules(checkBillingGroupsQuery({ billingCycle: "last month" }))).toEqual(["billingCycle: date"]);
    expect(rules(checkBillingGroupsQuery({ billingCycle: "" }))).toEqual(["billingCycle: min_length"]);
  });

  it("create: name required, type BILLING", () => {
    expect(checkBillingGroupCreate({ name: "R&D" })).toEqual([]);
    expect(checkBillingGroupCreate({ name: "R&D", type: "BILLING" })).toEqual([]);
    expect(rules(checkBillingGroupCreate({}))).toEqual(["name: required"]);
    expect(rules(checkBillingGroupCreate({ name: "R&D", type: "COST_CENTER" }))).toEqual(["type: one_of"]);
  });

  it("update: exactly one of name or directoryGroupId (string or null)", () => {
    expect(checkBillingGroupUpdate({ name: "R&D" })).toEqual([]);
    expect(checkBillingGroupUpdate({ directoryGroupId: "team_group_1" })).toEqual([]);
    expect(assertBillingGroupUpdate({ directoryGroupId: null })).toEqual({ directoryGroupId: null });
    expect(rules(checkBillingGroupUpdate({}))).toEqual([": exactly_one_of"]);
    expect(rules(checkBillingGroupUpdate({ name: "a", directoryGroupId: null }))).toEqual([": exactly_one_of"]);
    expect(rules(checkBillingGroupUpdate({ directoryGroupId: 5 }))).toEqual(["directoryGroupId: type"]);
    expect(rules(checkBillingGroupUpdate({ directoryGroupId: "" }))).toEqual(["directoryGroupId: min_length"]);
  });

  it("members: userIds required", () => {
    expect(checkBillingGroupMembers({ userIds: ["user_1", 42] })).toEqual([]);
    expect(rules(checkBillingGroupMembers({}))).toEqual(["userIds: required"]);
    expect(rules(checkBillingGroupMembers({ userIds: [true] }))).toEqual(["userIds[0]: type"]);
  });
});
