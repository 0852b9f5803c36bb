import { describe, expect, it } from "vitest";
import {
  assertAuditLogsQuery,
  assertBlocklistRepoId,
  assertRemoveMember,
  assertSetSpendLimits,
  assertSpendLimitUpdates,
  checkAuditLogsQuery,
  checkBlocklistRepoId,
  checkBlocklistUpsert,
  checkDailyUsageBody,
  checkRemoveMember,
  checkSetSpendLimit,
  checkSetSpendLimits,
  checkSpendLimitUpdates,
  checkTeamSpendBody,
  checkUsageEventsBody,
} from "../../../src/admin/validate.js";
import { ValidationError, type ValidationIssue } from "../../../src/core/errors.js";

const rules = (issues: readonly ValidationIssue[]) => issues.map((issue) => `${issue.path}: ${issue.rule}`);
const DAY = 86_400_000;
const JAN_1 = Date.UTC(2025, 0, 1);

function thrownBy(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error("expected a ValidationError");
}

describe("remove member", () => {
  it("accepts a user_ id or an email, and keeps unknown fields", () => {
    expect(checkRemoveMember({ userId: "user_abc" })).toEqual([]);
    expect(checkRemoveMember({ email: "dev@example.com" })).toEqual([]);
    expect(assertRemoveMember({ email: "dev@example.com", later: 1 })).toEqual({ email: "dev@example.com", later: 1 });
  });

  it("needs exactly one of userId or email", () => {
    expect(rules(checkRemoveMember({}))).toEqual([": exactly_one_of"]);
    expect(rules(checkRemoveMember({ userId: "user_a", email: "dev@example.com" }))).toEqual([": exactly_one_of"]);
  });

  it("takes only user_ ids and real emails", () => {
    expect(rules(checkRemoveMember({ userId: "g_a" }))).toEqual(["userId: id_family"]);
    expect(rules(checkRemoveMember({ email: "not-an-email" }))).toEqual(["email: email"]);
    expect(rules(checkRemoveMember({ email: "" }))).toEqual(["email: min_length"]);
    expect(rules(checkRemoveMember("x"))).toEqual([": type"]);
  });

  it("throws before sending, naming the context and the rule", () => {
    const error = thrownBy(() => assertRemoveMember({ userId: "team_group_1" }));
    expect(error.direction).toBe("request");
    expect(error.message).toContain("removeMember: userId:");
    expect(error.message).toContain("[id_family]");
  });
});

describe("single spend limit", () => {
  it("accepts whole dollars, 0 and null", () => {
    for (const spendLimitDollars of [250, 0, null]) {
      expect(checkSetSpendLimit({ userEmail: "dev@example.com", spendLimitDollars })).toEqual([]);
    }
  });

  it("requires userEmail and spendLimitDollars", () => {
    expect(rules(checkSetSpendLimit({}))).toEqual(["userEmail: required", "spendLimitDollars: required"]);
  });

  it("checks each field", () => {
    const base = { userEmail: "dev@example.com" };
    expect(rules(checkSetSpendLimit({ ...base, spendLimitDollars: 1.5 }))).toEqual(["spendLimitDollars: integer"]);
    expect(rules(checkSetSpendLimit({ ...base, spendLimitDollars: "5" }))).toEqual(["spendLimitDollars: type"]);
    expect(rules(checkSetSpendLimit({ ...base, spendLimitDollars: -1 }))).toEqual(["spendLimitDollars: min_value"]);
    expect(rules(checkSetSpendLimit({ userEmail: "dev", spendLimitDollars: 1 }))).toEqual(["userEmail: email"]);
    expect(rules(checkSetSpendLimit({ userEmail: 3, spendLimitDollars: 1 }))).toEqual(["userEmail: type"]);
  });
});

describe("bulk spend limits", () => {
  const update = (index: number, spendLimitDollars: number | null = 10) => ({
    userEmail: `dev${index}@example.com`,
    spendLimitDollars,
  });
  const updates = (count: number) => Array.from({ length: count }, (_, index) => update(index));

  it("accepts up to 100 updates in one request", () => {
    expect(checkSetSpendLimits({ updates: updates(100) })).toEqual([]);
    expect(assertSetSpendLimits({ updates: [update(1, null)] }).updates).toHaveLength(1);
  });

  it("refuses more than 100 updates in one request, but checks any length row by row", () => {
    expect(rules(checkSetSpendLimits({ updates: updates(101) }))).toEqual(["updates: max_items"]);
    expect(checkSpendLimitUpdates(updates(250))).toEqual([]);
    expect(assertSpendLimitUpdates(updates(250))).toHaveLength(250);
  });

  it("checks every row, wherever it sits in a long list", () => {
    const list = updates(150);
    list[120] = { userEmail: "nope", spendLimitDollars: 1.25 };
    expect(rules(checkSpendLimitUpdates(list))).toEqual([
      "updates[120].userEmail: email",
      "updates[120].spendLimitDollars: integer",
    ]);
    expect(rules(checkSpendLimitUpdates([{ userEmail: "a@example.com" }]))).toEqual([
      "updates[0].spendLimitDollars: required",
    ]);
    expect(rules(checkSpendLimitUpdates("x"))).toEqual(["updates: type"]);
  });

  it("refuses duplicate emails, compared case-insensitively, even across chunks", () => {
    const list = updates(150);
    list[140] = { userEmail: "DEV3@example.com", spendLimitDollars: 5 };
    expect(rules(checkSpendLimitUpdates(list))).toEqual(["updates[140].userEmail: unique"]);
    expect(rules(checkSetSpendLimits({ updates: [update(1), update(1)] }))).toEqual(["updates[1].userEmail: unique"]);
  });

  it("requires updates", () => {
    expect(rules(checkSetSpendLimits({}))).toEqual(["updates: required"]);
  });
});

describe("audit logs query", () => {
  it("accepts every documented parameter, as an object or as URLSearchParams", () => {
    const query = {
      startTime: JAN_1,
      endTime: "2025-01-20T00:00:00Z",
      eventTypes: "login,logout",
      search: "deploy",
      page: 2,
      pageSize: 50,
      users: ["dev@example.com", 42, "user_abc"].join(","),
    };
    expect(checkAuditLogsQuery(query)).toEqual([]);
    expect(checkAuditLogsQuery({ eventTypes: ["login", "a_future_type"], users: ["dev@example.com"] })).toEqual([]);
    expect(checkAuditLogsQuery(new URLSearchParams("page=1&pageSize=10&startTime=7d"))).toEqual([]);
    expect(checkAuditLogsQuery()).toEqual([]);
    expect(assertAuditLogsQuery(new URLSearchParams("page=3"))).toEqual({ page: 3 });
  });

  it("limits users to pageSize (100 by default)", () => {
    const users = Array.from({ length: 101 }, (_, index) => `u${index}@example.com`);
    expect(rules(checkAuditLogsQuery({ users }))).toEqual(["users: max_items"]);
    expect(checkAuditLogsQuery({ users, pageSize: 200 })).toEqual([]);
    expect(rules(checkAuditLogsQuery(new URLSearchParams("users=a,b,c&pageSize=2")))).toEqual(["users: max_items"]);
  });

  it("checks the range: ordered and at most 30 days", () => {
    expect(rules(checkAuditLogsQuery({ startTime: JAN_1 + DAY, endTime: JAN_1 }))).toEqual(["endTime: date_range"]);
    expect(rules(checkAuditLogsQuery({ startTime: JAN_1, endTime: JAN_1 + 31 * DAY }))).toEqual(["endTime: max_range"]);
    expect(checkAuditLogsQuery({ startTime: JAN_1, endTime: JAN_1 + 30 * DAY })).toEqual([]);
  });

  it("checks field types and page numbers", () => {
    expect(rules(checkAuditLogsQuery({ startTime: true }))).toEqual(["startTime: type"]);
    expect(rules(checkAuditLogsQuery({ eventTypes: 5 }))).toEqual(["eventTypes: type"]);
    expect(rules(checkAuditLogsQuery({ search: 5 }))).toEqual(["search: type"]);
    expect(rules(checkAuditLogsQuery({ page: 0 }))).toEqual(["page: min_value"]);
    expect(rules(checkAuditLogsQuery(new URLSearchParams("pageSize=abc")))).toEqual(["pageSize: type"]);
  });
});

describe("team daily usage body", () => {
  it("accepts a range, with or without page and pageSize together", () => {
    expect(checkDailyUsageBody({ startDate: JAN_1, endDate: JAN_1 + 7 * DAY })).toEqual([]);
    expect(checkDailyUsageBody({ startDate: JAN_1, endDate: JAN_1, page: 1, pageSize: 100 })).toEqual([]);
  });

  it("requires startDate and endDate as epoch ms numbers", () => {
    expect(rules(checkDailyUsageBody({}))).toEqual(["startDate: required", "endDate: required"]);
    expect(rules(checkDailyUsageBody({ startDate: "2025-01-01", endDate: JAN_1 }))).toEqual(["startDate: type"]);
    expect(rules(checkDailyUsageBody({ startDate: JAN_1, endDate: Number.NaN }))).toEqual(["endDate: type"]);
  });

  it("checks the range and that page and pageSize come together", () => {
    expect(rules(checkDailyUsageBody({ startDate: JAN_1, endDate: JAN_1 - 1 }))).toEqual(["endDate: date_range"]);
    expect(rules(checkDailyUsageBody({ startDate: JAN_1, endDate: JAN_1 + 31 * DAY }))).toEqual(["endDate: max_range"]);
    expect(rules(checkDailyUsageBody({ startDate: JAN_1, endDate: JAN_1, pageSize: 10 }))).toEqual(["page: together"]);
    expect(rules(checkDailyUsageBody({ startDate: JAN_1, endDate: JAN_1, page: 1 }))).toEqual(["pageSize: together"]);
  });
});

describe("team usage events body", () => {
  it("accepts every documented filter", () => {
    const body = {
      startDate: JAN_1,
      endDate: JAN_1 + DAY,
      userId: 42,
      page: 1,
      pageSize: 1000,
      email: "dev@example.com",
      serviceAccountId: "sa_1",
      cloudAgentId: "*",
      automationId: "*",
      hostingType: "SELF_HOSTED_POOL",
    };
    expect(checkUsageEventsBody(body)).toEqual([]);
    expect(checkUsageEventsBody({})).toEqual([]);
  });

  it("checks each rule", () => {
    expect(rules(checkUsageEventsBody({ pageSize: 1001 }))).toEqual(["pageSize: max_value"]);
    expect(rules(checkUsageEventsBody({ pageSize: 0 }))).toEqual(["pageSize: min_value"]);
    expect(rules(checkUsageEventsBody({ hostingType: "cloud" }))).toEqual(["hostingType: one_of"]);
    expect(rules(checkUsageEventsBody({ userId: "42" }))).toEqual(["userId: type"]);
    expect(rules(checkUsageEventsBody({ startDate: 2, endDate: 1 }))).toEqual(["endDate: date_range"]);
    expect(rules(checkUsageEventsBody({ cloudAgentId: "" }))).toEqual(["cloudAgentId: min_length"]);
  });
});

describe("team spend body", () => {
  it("accepts the documented fields", () => {
    expect(
      checkTeamSpendBody({ searchTerm: "ann", sortBy: "amount", sortDirection: "asc", page: 2, pageSize: 25 }),
    ).toEqual([]);
  });

  it("checks sortBy, sortDirection and pages", () => {
    expect(rules(checkTeamSpendBody({ sortBy: "email" }))).toEqual(["sortBy: one_of"]);
    expect(rules(checkTeamSpendBody({ sortDirection: "up" }))).toEqual(["sortDirection: one_of"]);
    expect(rules(checkTeamSpendBody({ page: 1.5 }))).toEqual(["page: integer"]);
    expect(rules(checkTeamSpendBody({ searchTerm: 1 }))).toEqual(["searchTerm: type"]);
  });
});

describe("repository blocklists", () => {
  it("accepts repos with patterns", () => {
    expect(
      checkBlocklistUpsert({ repos: [{ url: "https://github.com/acme/web", patterns: ["*", "**/*.secret"] }] }),
    ).toEqual([]);
    expect(assertBlocklistRepoId("repo_1")).toBe("repo_1");
  });

  it("requires repos, url and patterns", () => {
    expect(rules(checkBlocklistUpsert({}))).toEqual(["repos: required"]);
    expect(rules(checkBlocklistUpsert({ repos: [{}] }))).toEqual([
      "repos[0].url: required",
      "repos[0].patterns: required",
    ]);
    expect(rules(checkBlocklistUpsert({ repos: [{ url: "x", patterns: [""] }] }))).toEqual([
      "repos[0].patterns[0]: min_length",
    ]);
    expect(rules(checkBlocklistRepoId(""))).toEqual(["repoId: min_length"]);
  });
});
