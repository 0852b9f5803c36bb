import { describe, expect, it } from "vitest";
import { ADMIN_OPERATIONS as OPS } from "../../../src/admin/operations.js";
import { SpendLimitUpdatesSchema } from "../../../src/admin/schemas/index.js";
import type { ValidationIssue } from "../../../src/core/errors.js";
import { assertRequest, requestIssues } from "../../../src/core/schema.js";
import { validationErrorOf } from "../validation-error-of.js";
import { fieldOf, wireQuery } from "./request-inputs.js";

const rules = (issues: readonly ValidationIssue[]) => issues.map((issue) => `${issue.path}: ${issue.rule}`);
const DAY = 86_400_000;
const JAN_1 = Date.UTC(2025, 0, 1);

describe("remove member", () => {
  it("accepts a user_ id or an email, and keeps unknown fields", () => {
    expect(requestIssues(OPS["members.remove"].body, { userId: "user_abc" })).toEqual([]);
    expect(requestIssues(OPS["members.remove"].body, { email: "dev@example.com" })).toEqual([]);
    expect(assertRequest(OPS["members.remove"].body, { email: "dev@example.com", later: 1 })).toEqual({
      email: "dev@example.com",
      later: 1,
    });
  });

  it("needs exactly one of userId or email", () => {
    expect(rules(requestIssues(OPS["members.remove"].body, {}))).toEqual([": exactly_one_of"]);
    expect(rules(requestIssues(OPS["members.remove"].body, { userId: "user_a", email: "dev@example.com" }))).toEqual([
      ": exactly_one_of",
    ]);
  });

  it("takes only user_ ids and real emails", () => {
    expect(rules(requestIssues(OPS["members.remove"].body, { userId: "g_a" }))).toEqual(["userId: id_family"]);
    expect(rules(requestIssues(OPS["members.remove"].body, { email: "not-an-email" }))).toEqual(["email: email"]);
    expect(rules(requestIssues(OPS["members.remove"].body, { email: "" }))).toEqual(["email: min_length"]);
    expect(rules(requestIssues(OPS["members.remove"].body, "x"))).toEqual([": type"]);
  });

  it("throws before sending, naming the context and the rule", () => {
    const error = validationErrorOf(() =>
      assertRequest(OPS["members.remove"].body, { userId: "team_group_1" }, "members.remove"),
    );
    expect(error.direction).toBe("request");
    expect(error.message).toContain("members.remove: userId:");
    expect(error.message).toContain("[id_family]");
  });
});

describe("single spend limit", () => {
  it("accepts whole dollars, 0 and null", () => {
    for (const spendLimitDollars of [250, 0, null]) {
      expect(requestIssues(OPS["spendLimits.set"].body, { userEmail: "dev@example.com", spendLimitDollars })).toEqual(
        [],
      );
    }
  });

  it("requires userEmail and spendLimitDollars", () => {
    expect(rules(requestIssues(OPS["spendLimits.set"].body, {}))).toEqual([
      "userEmail: required",
      "spendLimitDollars: required",
    ]);
  });

  it("checks each field", () => {
    const base = { userEmail: "dev@example.com" };
    expect(rules(requestIssues(OPS["spendLimits.set"].body, { ...base, spendLimitDollars: 1.5 }))).toEqual([
      "spendLimitDollars: integer",
    ]);
    expect(rules(requestIssues(OPS["spendLimits.set"].body, { ...base, spendLimitDollars: "5" }))).toEqual([
      "spendLimitDollars: type",
    ]);
    expect(rules(requestIssues(OPS["spendLimits.set"].body, { ...base, spendLimitDollars: -1 }))).toEqual([
      "spendLimitDollars: min_value",
    ]);
    expect(rules(requestIssues(OPS["spendLimits.set"].body, { userEmail: "dev", spendLimitDollars: 1 }))).toEqual([
      "userEmail: email",
    ]);
    expect(rules(requestIssues(OPS["spendLimits.set"].body, { userEmail: 3, spendLimitDollars: 1 }))).toEqual([
      "userEmail: type",
    ]);
  });
});

describe("bulk spend limits", () => {
  const update = (index: number, spendLimitDollars: number | null = 10) => ({
    userEmail: `dev${index}@example.com`,
    spendLimitDollars,
  });
  const updates = (count: number) => Array.from({ length: count }, (_, index) => update(index));

  it("accepts up to 100 updates in one request", () => {
    expect(requestIssues(OPS["spendLimits.setMany"].body, { updates: updates(100) })).toEqual([]);
    expect(assertRequest(OPS["spendLimits.setMany"].body, { updates: [update(1, null)] }).updates).toHaveLength(1);
  });

  it("refuses more than 100 updates in one request, but checks any length row by row", () => {
    expect(rules(requestIssues(OPS["spendLimits.setMany"].body, { updates: updates(101) }))).toEqual([
      "updates: max_items",
    ]);
    expect(requestIssues(SpendLimitUpdatesSchema, fieldOf("updates", updates(250)))).toEqual([]);
    expect(assertRequest(SpendLimitUpdatesSchema, fieldOf("updates", updates(250))).updates).toHaveLength(250);
  });

  it("checks every row, wherever it sits in a long list", () => {
    const list = updates(150);
    list[120] = { userEmail: "nope", spendLimitDollars: 1.25 };
    expect(rules(requestIssues(SpendLimitUpdatesSchema, fieldOf("updates", list)))).toEqual([
      "updates[120].userEmail: email",
      "updates[120].spendLimitDollars: integer",
    ]);
    expect(rules(requestIssues(SpendLimitUpdatesSchema, fieldOf("updates", [{ userEmail: "a@example.com" }])))).toEqual(
      ["updates[0].spendLimitDollars: required"],
    );
    expect(rules(requestIssues(SpendLimitUpdatesSchema, fieldOf("updates", "x")))).toEqual(["updates: type"]);
  });

  it("refuses duplicate emails, compared case-insensitively, even across chunks", () => {
    const list = updates(150);
    list[140] = { userEmail: "DEV3@example.com", spendLimitDollars: 5 };
    expect(rules(requestIssues(SpendLimitUpdatesSchema, fieldOf("updates", list)))).toEqual([
      "updates[140].userEmail: unique",
    ]);
    expect(rules(requestIssues(OPS["spendLimits.setMany"].body, { updates: [update(1), update(1)] }))).toEqual([
      "updates[1].userEmail: unique",
    ]);
  });

  it("requires updates", () => {
    expect(rules(requestIssues(OPS["spendLimits.setMany"].body, {}))).toEqual(["updates: required"]);
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
    expect(requestIssues(OPS["auditLogs.list"].query, wireQuery(query))).toEqual([]);
    expect(
      requestIssues(
        OPS["auditLogs.list"].query,
        wireQuery({ eventTypes: ["login", "a_future_type"], users: ["dev@example.com"] }),
      ),
    ).toEqual([]);
    expect(
      requestIssues(OPS["auditLogs.list"].query, wireQuery(new URLSearchParams("page=1&pageSize=10&startTime=7d"))),
    ).toEqual([]);
    expect(requestIssues(OPS["auditLogs.list"].query, wireQuery(undefined))).toEqual([]);
    expect(assertRequest(OPS["auditLogs.list"].query, wireQuery(new URLSearchParams("page=3")))).toEqual({ page: 3 });
  });

  it("limits users to pageSize (100 by default)", () => {
    const users = Array.from({ length: 101 }, (_, index) => `u${index}@example.com`);
    expect(rules(requestIssues(OPS["auditLogs.list"].query, wireQuery({ users })))).toEqual(["users: max_items"]);
    expect(requestIssues(OPS["auditLogs.list"].query, wireQuery({ users, pageSize: 200 }))).toEqual([]);
    expect(
      rules(requestIssues(OPS["auditLogs.list"].query, wireQuery(new URLSearchParams("users=1,2,user_c&pageSize=2")))),
    ).toEqual(["users: max_items"]);
  });

  it("checks the range: ordered and at most 30 days", () => {
    expect(
      rules(requestIssues(OPS["auditLogs.list"].query, wireQuery({ startTime: JAN_1 + DAY, endTime: JAN_1 }))),
    ).toEqual(["endTime: date_range"]);
    expect(
      rules(requestIssues(OPS["auditLogs.list"].query, wireQuery({ startTime: JAN_1, endTime: JAN_1 + 31 * DAY }))),
    ).toEqual(["endTime: max_range"]);
    expect(
      requestIssues(OPS["auditLogs.list"].query, wireQuery({ startTime: JAN_1, endTime: JAN_1 + 30 * DAY })),
    ).toEqual([]);
  });

  it("checks field types and page numbers", () => {
    expect(rules(requestIssues(OPS["auditLogs.list"].query, wireQuery({ startTime: true })))).toEqual([
      "startTime: type",
    ]);
    expect(rules(requestIssues(OPS["auditLogs.list"].query, wireQuery({ eventTypes: 5 })))).toEqual([
      "eventTypes: type",
    ]);
    expect(rules(requestIssues(OPS["auditLogs.list"].query, wireQuery({ search: 5 })))).toEqual(["search: type"]);
    expect(rules(requestIssues(OPS["auditLogs.list"].query, wireQuery({ page: 0 })))).toEqual(["page: min_value"]);
    expect(rules(requestIssues(OPS["auditLogs.list"].query, wireQuery(new URLSearchParams("pageSize=abc"))))).toEqual([
      "pageSize: type",
    ]);
  });
});

describe("team daily usage body", () => {
  it("accepts a range, with or without page and pageSize together", () => {
    expect(requestIssues(OPS["usage.daily"].body, { startDate: JAN_1, endDate: JAN_1 + 7 * DAY })).toEqual([]);
    expect(
      requestIssues(OPS["usage.daily"].body, { startDate: JAN_1, endDate: JAN_1, page: 1, pageSize: 100 }),
    ).toEqual([]);
  });

  it("requires startDate and endDate as epoch ms numbers", () => {
    expect(rules(requestIssues(OPS["usage.daily"].body, {}))).toEqual(["startDate: required", "endDate: required"]);
    expect(rules(requestIssues(OPS["usage.daily"].body, { startDate: "2025-01-01", endDate: JAN_1 }))).toEqual([
      "startDate: type",
    ]);
    expect(rules(requestIssues(OPS["usage.daily"].body, { startDate: JAN_1, endDate: Number.NaN }))).toEqual([
      "endDate: type",
    ]);
  });

  it("checks the range and that page and pageSize come together", () => {
    expect(rules(requestIssues(OPS["usage.daily"].body, { startDate: JAN_1, endDate: JAN_1 - 1 }))).toEqual([
      "endDate: date_range",
    ]);
    expect(rules(requestIssues(OPS["usage.daily"].body, { startDate: JAN_1, endDate: JAN_1 + 31 * DAY }))).toEqual([
      "endDate: max_range",
    ]);
    expect(rules(requestIssues(OPS["usage.daily"].body, { startDate: JAN_1, endDate: JAN_1, pageSize: 10 }))).toEqual([
      "page: together",
    ]);
    expect(rules(requestIssues(OPS["usage.daily"].body, { startDate: JAN_1, endDate: JAN_1, page: 1 }))).toEqual([
      "pageSize: together",
    ]);
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
    expect(requestIssues(OPS["usage.events"].body, body)).toEqual([]);
    expect(requestIssues(OPS["usage.events"].body, {})).toEqual([]);
  });

  it("checks each rule", () => {
    expect(rules(requestIssues(OPS["usage.events"].body, { pageSize: 1001 }))).toEqual(["pageSize: max_value"]);
    expect(rules(requestIssues(OPS["usage.events"].body, { pageSize: 0 }))).toEqual(["pageSize: min_value"]);
    expect(rules(requestIssues(OPS["usage.events"].body, { hostingType: "cloud" }))).toEqual(["hostingType: one_of"]);
    expect(rules(requestIssues(OPS["usage.events"].body, { userId: "42" }))).toEqual(["userId: type"]);
    expect(rules(requestIssues(OPS["usage.events"].body, { startDate: 2, endDate: 1 }))).toEqual([
      "endDate: date_range",
    ]);
    expect(rules(requestIssues(OPS["usage.events"].body, { cloudAgentId: "" }))).toEqual(["cloudAgentId: min_length"]);
  });
});

describe("team spend body", () => {
  it("accepts the documented fields", () => {
    expect(
      requestIssues(OPS["spend.list"].body, {
        searchTerm: "ann",
        sortBy: "amount",
        sortDirection: "asc",
        page: 2,
        pageSize: 25,
      }),
    ).toEqual([]);
  });

  it("checks sortBy, sortDirection and pages", () => {
    expect(rules(requestIssues(OPS["spend.list"].body, { sortBy: "email" }))).toEqual(["sortBy: one_of"]);
    expect(rules(requestIssues(OPS["spend.list"].body, { sortDirection: "up" }))).toEqual(["sortDirection: one_of"]);
    expect(rules(requestIssues(OPS["spend.list"].body, { page: 1.5 }))).toEqual(["page: integer"]);
    expect(rules(requestIssues(OPS["spend.list"].body, { searchTerm: 1 }))).toEqual(["searchTerm: type"]);
  });
});

describe("repository blocklists", () => {
  it("accepts repos with patterns", () => {
    expect(
      requestIssues(OPS["repoBlocklists.upsert"].body, {
        repos: [{ url: "https://github.com/acme/web", patterns: ["*", "**/*.secret"] }],
      }),
    ).toEqual([]);
    expect(assertRequest(OPS["repoBlocklists.delete"].params, fieldOf("repoId", "repo_1")).repoId).toBe("repo_1");
  });

  it("requires repos, url and patterns", () => {
    expect(rules(requestIssues(OPS["repoBlocklists.upsert"].body, {}))).toEqual(["repos: required"]);
    expect(rules(requestIssues(OPS["repoBlocklists.upsert"].body, { repos: [{}] }))).toEqual([
      "repos[0].url: required",
      "repos[0].patterns: required",
    ]);
    expect(rules(requestIssues(OPS["repoBlocklists.upsert"].body, { repos: [{ url: "x", patterns: [""] }] }))).toEqual([
      "repos[0].patterns[0]: min_length",
    ]);
    expect(rules(requestIssues(OPS["repoBlocklists.delete"].params, fieldOf("repoId", "")))).toEqual([
      "repoId: min_length",
    ]);
  });
});
