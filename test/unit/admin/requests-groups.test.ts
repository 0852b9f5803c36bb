import { describe, expect, it } from "vitest";
import { ADMIN_OPERATIONS as OPS } from "../../../src/admin/operations.js";
import { ValidationError, type ValidationIssue } from "../../../src/core/errors.js";
import { assertRequest, requestIssues } from "../../../src/core/schema.js";
import { fieldOf, wireQuery } from "./request-inputs.js";

const rules = (issues: readonly ValidationIssue[]) => issues.map((issue) => `${issue.path}: ${issue.rule}`);

describe("group path ids: each family takes only its own", () => {
  it("accepts each family's own ids", () => {
    expect(assertRequest(OPS["directoryGroups.get"].params, fieldOf("groupId", "team_group_abc")).groupId).toBe(
      "team_group_abc",
    );
    expect(assertRequest(OPS["org.groups.get"].params, fieldOf("groupId", "g_abc")).groupId).toBe("g_abc");
    expect(requestIssues(OPS["billingGroups.get"].params, fieldOf("groupId", "group_abc"))).toEqual([]);
    expect(requestIssues(OPS["billingGroups.get"].params, fieldOf("groupId", "group_unassigned"))).toEqual([]);
  });

  it("refuses the other families' ids with id_family, saying which family they are", () => {
    expect(requestIssues(OPS["directoryGroups.get"].params, fieldOf("groupId", "g_abc"))).toEqual([
      {
        path: "groupId",
        rule: "id_family",
        message: "team directory groups take team_group_ ids; g_ ids are organization groups",
      },
    ]);
    expect(rules(requestIssues(OPS["directoryGroups.get"].params, fieldOf("groupId", "group_abc")))).toEqual([
      "groupId: id_family",
    ]);
    expect(rules(requestIssues(OPS["org.groups.get"].params, fieldOf("groupId", "team_group_abc")))).toEqual([
      "groupId: id_family",
    ]);
    expect(rules(requestIssues(OPS["billingGroups.get"].params, fieldOf("groupId", "g_abc")))).toEqual([
      "groupId: id_family",
    ]);
    expect(requestIssues(OPS["billingGroups.get"].params, fieldOf("groupId", "team_group_abc"))[0]?.message).toBe(
      "billing groups take group_ ids; team_group_ ids are team directory groups",
    );
  });

  it("refuses the public grp_ id on organization group routes", () => {
    const [issue] = requestIssues(OPS["org.groups.get"].params, fieldOf("groupId", "grp_abc"));
    expect(issue).toMatchObject({ path: "groupId", rule: "id_family" });
    expect(issue?.message).toMatch(/take g_ ids.*grp_ ids are organization group public ids/);
  });

  it("throws a request ValidationError from assert", () => {
    try {
      assertRequest(OPS["org.groups.get"].params, fieldOf("groupId", "grp_abc")).groupId;
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ direction: "request", path: "groupId", rule: "id_family" });
    }
  });
});

describe("directory and organization group create", () => {
  it("accepts a name", () => {
    expect(requestIssues(OPS["directoryGroups.create"].body, { name: "Platform" })).toEqual([]);
    expect(requestIssues(OPS["org.groups.create"].body, { name: "Platform" })).toEqual([]);
  });

  it("requires a non-blank name", () => {
    expect(rules(requestIssues(OPS["directoryGroups.create"].body, {}))).toEqual(["name: required"]);
    expect(rules(requestIssues(OPS["directoryGroups.create"].body, { name: "  " }))).toEqual(["name: min_length"]);
    expect(rules(requestIssues(OPS["org.groups.create"].body, { name: 5 }))).toEqual(["name: type"]);
  });
});

describe("directory and organization group update", () => {
  it("accepts any one field, and the limit's whole range", () => {
    expect(requestIssues(OPS["directoryGroups.update"].body, { name: "New" })).toEqual([]);
    expect(requestIssues(OPS["directoryGroups.update"].body, { monthlySpendingLimitDollars: 0 })).toEqual([]);
    expect(requestIssues(OPS["directoryGroups.update"].body, { monthlySpendingLimitDollars: 2_147_483_647 })).toEqual(
      [],
    );
    expect(requestIssues(OPS["org.groups.update"].body, { clearMonthlySpendingLimitDollars: true, name: "x" })).toEqual(
      [],
    );
  });

  it("needs at least one field", () => {
    expect(rules(requestIssues(OPS["directoryGroups.update"].body, {}))).toEqual([": at_least_one"]);
    expect(rules(requestIssues(OPS["org.groups.update"].body, { unrelated: 1 }))).toEqual([": at_least_one"]);
  });

  it("checks the limit: a whole number 0..2147483647, never null", () => {
    expect(rules(requestIssues(OPS["directoryGroups.update"].body, { monthlySpendingLimitDollars: -1 }))).toEqual([
      "monthlySpendingLimitDollars: min_value",
    ]);
    expect(
      rules(requestIssues(OPS["directoryGroups.update"].body, { monthlySpendingLimitDollars: 2_147_483_648 })),
    ).toEqual(["monthlySpendingLimitDollars: max_value"]);
    expect(rules(requestIssues(OPS["directoryGroups.update"].body, { monthlySpendingLimitDollars: 9.5 }))).toEqual([
      "monthlySpendingLimitDollars: integer",
    ]);
    const [nullIssue] = requestIssues(OPS["directoryGroups.update"].body, { monthlySpendingLimitDollars: null });
    expect(nullIssue).toMatchObject({ path: "monthlySpendingLimitDollars", rule: "type" });
    expect(nullIssue?.message).toContain("clearMonthlySpendingLimitDollars: true");
  });

  it("never sends the limit together with the clear flag, and the flag is only true", () => {
    expect(
      rules(
        requestIssues(OPS["directoryGroups.update"].body, {
          monthlySpendingLimitDollars: 5,
          clearMonthlySpendingLimitDollars: true,
        }),
      ),
    ).toEqual(["clearMonthlySpendingLimitDollars: exclusive"]);
    expect(rules(requestIssues(OPS["org.groups.update"].body, { clearMonthlySpendingLimitDollars: false }))).toEqual([
      "clearMonthlySpendingLimitDollars: one_of",
    ]);
    expect(rules(requestIssues(OPS["org.groups.update"].body, { name: "" }))).toEqual(["name: min_length"]);
  });
});

describe("group member bulk ids", () => {
  const ids = (count: number) => Array.from({ length: count }, (_, index) => `user_${index}`);

  it("accepts up to 100 user_ ids", () => {
    expect(requestIssues(OPS["directoryGroups.addMembers"].body, { userIds: ids(100) })).toEqual([]);
  });

  it("requires userIds, at most 100, each a user_ id", () => {
    expect(rules(requestIssues(OPS["directoryGroups.addMembers"].body, {}))).toEqual(["userIds: required"]);
    expect(rules(requestIssues(OPS["directoryGroups.addMembers"].body, { userIds: ids(101) }))).toEqual([
      "userIds: max_items",
    ]);
    expect(rules(requestIssues(OPS["directoryGroups.addMembers"].body, { userIds: ["user_1", "g_2", 3] }))).toEqual([
      "userIds[1]: id_family",
      "userIds[2]: type",
    ]);
    expect(rules(requestIssues(OPS["directoryGroups.addMembers"].body, { userIds: "user_1" }))).toEqual([
      "userIds: type",
    ]);
  });
});

describe("organization group list query", () => {
  it("accepts page, pageSize above 200 (clamped, not refused) and name", () => {
    expect(requestIssues(OPS["org.groups.list"].query, wireQuery({ page: 1, pageSize: 500, name: "" }))).toEqual([]);
    expect(
      assertRequest(OPS["org.groups.list"].query, wireQuery(new URLSearchParams("page=2&pageSize=20&name=Platform"))),
    ).toEqual({
      page: 2,
      pageSize: 20,
      name: "Platform",
    });
  });

  it("checks page numbers and name", () => {
    expect(rules(requestIssues(OPS["org.groups.list"].query, wireQuery({ page: 0 })))).toEqual(["page: min_value"]);
    expect(rules(requestIssues(OPS["org.groups.list"].query, wireQuery({ pageSize: 0 })))).toEqual([
      "pageSize: min_value",
    ]);
    expect(rules(requestIssues(OPS["org.groups.list"].query, wireQuery({ name: 1 })))).toEqual(["name: type"]);
  });
});

describe("billing groups", () => {
  it("accepts a billing cycle date", () => {
    expect(requestIssues(OPS["billingGroups.list"].query, wireQuery({ billingCycle: "2025-01-01" }))).toEqual([]);
    expect(requestIssues(OPS["billingGroups.list"].query, wireQuery(undefined))).toEqual([]);
    expect(rules(requestIssues(OPS["billingGroups.list"].query, wireQuery({ billingCycle: "last month" })))).toEqual([
      "billingCycle: date",
    ]);
    expect(rules(requestIssues(OPS["billingGroups.list"].query, wireQuery({ billingCycle: "" })))).toEqual([
      "billingCycle: min_length",
    ]);
  });

  it("create: name required, type BILLING", () => {
    expect(requestIssues(OPS["billingGroups.create"].body, { name: "R&D" })).toEqual([]);
    expect(requestIssues(OPS["billingGroups.create"].body, { name: "R&D", type: "BILLING" })).toEqual([]);
    expect(rules(requestIssues(OPS["billingGroups.create"].body, {}))).toEqual(["name: required"]);
    expect(rules(requestIssues(OPS["billingGroups.create"].body, { name: "R&D", type: "COST_CENTER" }))).toEqual([
      "type: one_of",
    ]);
  });

  it("update: exactly one of name or directoryGroupId (string or null)", () => {
    expect(requestIssues(OPS["billingGroups.update"].body, { name: "R&D" })).toEqual([]);
    expect(requestIssues(OPS["billingGroups.update"].body, { directoryGroupId: "team_group_1" })).toEqual([]);
    expect(assertRequest(OPS["billingGroups.update"].body, { directoryGroupId: null })).toEqual({
      directoryGroupId: null,
    });
    expect(rules(requestIssues(OPS["billingGroups.update"].body, {}))).toEqual([": exactly_one_of"]);
    expect(rules(requestIssues(OPS["billingGroups.update"].body, { name: "a", directoryGroupId: null }))).toEqual([
      ": exactly_one_of",
    ]);
    expect(rules(requestIssues(OPS["billingGroups.update"].body, { directoryGroupId: 5 }))).toEqual([
      "directoryGroupId: type",
    ]);
    expect(rules(requestIssues(OPS["billingGroups.update"].body, { directoryGroupId: "" }))).toEqual([
      "directoryGroupId: min_length",
    ]);
  });

  it("members: userIds required", () => {
    expect(requestIssues(OPS["billingGroups.addMembers"].body, { userIds: ["user_1", 42] })).toEqual([]);
    expect(rules(requestIssues(OPS["billingGroups.addMembers"].body, {}))).toEqual(["userIds: required"]);
    expect(rules(requestIssues(OPS["billingGroups.addMembers"].body, { userIds: [true] }))).toEqual([
      "userIds[0]: type",
    ]);
  });
});
