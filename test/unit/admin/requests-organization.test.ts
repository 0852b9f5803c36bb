import { describe, expect, it } from "vitest";
import { ADMIN_OPERATIONS as OPS } from "../../../src/admin/operations.js";
import { SyncEntriesSchema } from "../../../src/admin/schemas/index.js";
import { ValidationError, type ValidationIssue } from "../../../src/core/errors.js";
import { assertRequest, requestIssues } from "../../../src/core/schema.js";
import { fieldOf } from "./request-inputs.js";

const rules = (issues: readonly ValidationIssue[]) => issues.map((issue) => `${issue.path}: ${issue.rule}`);
const DAY = 86_400_000;
const JAN_1 = Date.UTC(2025, 0, 1);
const entry = (index: number) => ({ userId: index, teamIds: [1, 2] });
const entries = (count: number) => Array.from({ length: count }, (_, index) => entry(index));

describe("membership sync", () => {
  it("accepts 1..500 entries of either form, with numeric or string user ids", () => {
    expect(
      requestIssues(OPS["org.teamMemberships.sync"].body, { organizationId: "org_1", users: entries(500) }),
    ).toEqual([]);
    const body = {
      organizationId: "org_1",
      users: [
        { userId: 1, teamIds: [] },
        { userId: "user_abc", destinationTeamId: 7 },
        { userId: 2, teamIds: Array.from({ length: 100 }, (_, index) => index) },
      ],
    };
    expect(assertRequest(OPS["org.teamMemberships.sync"].body, body)).toEqual(body);
  });

  it("requires organizationId and a non-empty users array of at most 500 per request", () => {
    expect(rules(requestIssues(OPS["org.teamMemberships.sync"].body, {}))).toEqual([
      "organizationId: required",
      "users: required",
    ]);
    expect(rules(requestIssues(OPS["org.teamMemberships.sync"].body, { organizationId: "", users: [] }))).toEqual([
      "organizationId: min_length",
      "users: min_items",
    ]);
    expect(
      rules(requestIssues(OPS["org.teamMemberships.sync"].body, { organizationId: "o", users: entries(501) })),
    ).toEqual(["users: max_items"]);
    expect(rules(requestIssues(OPS["org.teamMemberships.sync"].body, { organizationId: "o", users: {} }))).toEqual([
      "users: type",
    ]);
  });

  it("checks each entry: userId type, exactly one target form, teamIds at most 100", () => {
    const users = [
      { userId: 1.5, teamIds: [1] },
      { userId: true, destinationTeamId: 1 },
      { userId: 3 },
      { userId: 4, teamIds: [1], destinationTeamId: 1 },
      { userId: 5, teamIds: Array.from({ length: 101 }, (_, index) => index) },
      { userId: 6, teamIds: ["1"] },
      { userId: 7, destinationTeamId: 1.5 },
      { teamIds: [1] },
      { userId: "", destinationTeamId: 1 },
    ];
    expect(rules(requestIssues(OPS["org.teamMemberships.sync"].body, { organizationId: "o", users }))).toEqual([
      "users[0].userId: integer",
      "users[1].userId: type",
      "users[2]: exactly_one_of",
      "users[3]: exactly_one_of",
      "users[4].teamIds: max_items",
      "users[5].teamIds[0]: type",
      "users[6].destinationTeamId: integer",
      "users[7].userId: required",
      "users[8].userId: min_length",
    ]);
  });

  it("checks entries on any length before the client splits them", () => {
    expect(requestIssues(SyncEntriesSchema, fieldOf("users", entries(1200)))).toEqual([]);
    expect(assertRequest(SyncEntriesSchema, fieldOf("users", entries(1200))).users).toHaveLength(1200);
    const list: unknown[] = entries(1200);
    list[900] = { userId: 1 };
    expect(rules(requestIssues(SyncEntriesSchema, fieldOf("users", list)))).toEqual(["users[900]: exactly_one_of"]);
    expect(rules(requestIssues(SyncEntriesSchema, fieldOf("users", [])))).toEqual(["users: min_items"]);
    expect(rules(requestIssues(SyncEntriesSchema, fieldOf("users", undefined)))).toEqual(["users: required"]);
    expect(() => assertRequest(SyncEntriesSchema, fieldOf("users", [{ userId: 1 }])).users).toThrow(ValidationError);
  });
});

describe("organization usage and spend bodies", () => {
  it("pooled usage needs organizationId", () => {
    expect(requestIssues(OPS["org.usage.pooled"].body, { organizationId: "org_1" })).toEqual([]);
    expect(rules(requestIssues(OPS["org.usage.pooled"].body, {}))).toEqual(["organizationId: required"]);
  });

  it("usage events: documented filters, ordered range", () => {
    const body = {
      organizationId: "org_1",
      teamIds: [1, 2],
      startDate: JAN_1,
      endDate: JAN_1 + DAY,
      userId: "user_1",
      email: "dev@example.com",
      serviceAccountId: "sa",
      page: 1,
      pageSize: 10,
    };
    expect(requestIssues(OPS["org.usage.events"].body, body)).toEqual([]);
    expect(requestIssues(OPS["org.usage.events"].body, { organizationId: "org_1", userId: 42 })).toEqual([]);
    expect(rules(requestIssues(OPS["org.usage.events"].body, { teamIds: [1.5] }))).toEqual([
      "organizationId: required",
      "teamIds[0]: integer",
    ]);
    expect(
      rules(requestIssues(OPS["org.usage.events"].body, { organizationId: "o", startDate: 2, endDate: 1 })),
    ).toEqual(["endDate: date_range"]);
    expect(rules(requestIssues(OPS["org.usage.events"].body, { organizationId: "o", userId: false }))).toEqual([
      "userId: type",
    ]);
  });

  it("daily usage: range of at most 30 days, userEmail or its alias userEmails (not both)", () => {
    const base = { organizationId: "org_1", startDate: JAN_1, endDate: JAN_1 + 30 * DAY };
    expect(
      requestIssues(OPS["org.usage.daily"].body, {
        ...base,
        teamIds: [1],
        page: 1,
        pageSize: 1000,
        userEmail: "a@example.com",
      }),
    ).toEqual([]);
    expect(
      requestIssues(OPS["org.usage.daily"].body, { ...base, userEmails: ["a@example.com", "b@example.com"] }),
    ).toEqual([]);
    expect(rules(requestIssues(OPS["org.usage.daily"].body, { ...base, endDate: JAN_1 + 31 * DAY }))).toEqual([
      "endDate: max_range",
    ]);
    expect(rules(requestIssues(OPS["org.usage.daily"].body, { ...base, endDate: JAN_1 - 1 }))).toEqual([
      "endDate: date_range",
    ]);
    expect(
      rules(
        requestIssues(OPS["org.usage.daily"].body, {
          ...base,
          userEmail: "a@example.com",
          userEmails: "b@example.com",
        }),
      ),
    ).toEqual(["userEmails: exclusive"]);
    expect(rules(requestIssues(OPS["org.usage.daily"].body, { ...base, userEmail: "nope" }))).toEqual([
      "userEmail: email",
    ]);
    expect(rules(requestIssues(OPS["org.usage.daily"].body, { ...base, userEmails: [1] }))).toEqual([
      "userEmails: type",
    ]);
  });

  it("spend: sortBy email/name/spendCents, sortDirection asc/desc", () => {
    expect(
      requestIssues(OPS["org.spend.list"].body, {
        organizationId: "o",
        teamIds: [1],
        sortBy: "spendCents",
        sortDirection: "desc",
        page: 2,
        pageSize: 100,
      }),
    ).toEqual([]);
    expect(rules(requestIssues(OPS["org.spend.list"].body, { organizationId: "o", sortBy: "amount" }))).toEqual([
      "sortBy: one_of",
    ]);
    expect(rules(requestIssues(OPS["org.spend.list"].body, { organizationId: "o", sortDirection: "ASC" }))).toEqual([
      "sortDirection: one_of",
    ]);
    expect(rules(requestIssues(OPS["org.spend.list"].body, { organizationId: "o", pageSize: 0 }))).toEqual([
      "pageSize: min_value",
    ]);
  });
});
