import { describe, expect, it } from "vitest";
import { ADMIN_OPERATIONS as OPS } from "../../../src/admin/operations.js";
import { PAGE_SIZE_LIMITS, pageQuerySchema } from "../../../src/admin/schemas/requests-pagination.js";
import type { ValidationIssue } from "../../../src/core/errors.js";
import { assertRequest, requestIssues } from "../../../src/core/schema.js";
import { clampPageSize } from "../../../src/testing/admin/request-check.js";
import { wireQuery } from "./request-inputs.js";

const rules = (issues: readonly ValidationIssue[]) => issues.map((issue) => `${issue.path}: ${issue.rule}`);

describe("clampPageSize", () => {
  it("clamps to 200 on the routes whose server clamps", () => {
    for (const route of [
      "directoryGroups.list",
      "directoryGroups.members",
      "org.groups.list",
      "org.groups.members",
      "org.members.list",
    ] as const) {
      expect([route, clampPageSize(route, 5000)]).toEqual([route, 200]);
      expect(clampPageSize(route, 50)).toBe(50);
      expect(PAGE_SIZE_LIMITS[route]).toMatchObject({ max: 200, overflow: "clamp" });
    }
  });

  it("leaves other routes alone (refusing routes are caught by the check instead)", () => {
    expect(clampPageSize("usage.events", 5000)).toBe(5000);
    expect(clampPageSize("org.spend.list", 5000)).toBe(5000);
  });
});

describe("page queries", () => {
  it("accept page and pageSize, as an object, URLSearchParams or nothing", () => {
    expect(requestIssues(pageQuerySchema("directoryGroups.list"), wireQuery({ page: 1, pageSize: 50 }))).toEqual([]);
    expect(requestIssues(pageQuerySchema("org.members.list"), wireQuery(undefined))).toEqual([]);
    expect(
      assertRequest(pageQuerySchema("org.members.list"), wireQuery(new URLSearchParams("page=2&pageSize=20"))),
    ).toEqual({
      page: 2,
      pageSize: 20,
    });
  });

  it("let a clamped route's large pageSize through, but refuse it where the server would", () => {
    expect(requestIssues(pageQuerySchema("org.groups.list"), wireQuery({ pageSize: 1000 }))).toEqual([]);
    expect(requestIssues(pageQuerySchema("usage.events"), wireQuery({ pageSize: 1000 }))).toEqual([]);
    expect(rules(requestIssues(pageQuerySchema("usage.events"), wireQuery({ pageSize: 1001 })))).toEqual([
      "pageSize: max_value",
    ]);
  });

  it("refuse page and pageSize below 1, fractions and non-numbers", () => {
    expect(rules(requestIssues(pageQuerySchema("directoryGroups.list"), wireQuery({ page: 0, pageSize: 0 })))).toEqual([
      "page: min_value",
      "pageSize: min_value",
    ]);
    expect(rules(requestIssues(pageQuerySchema("directoryGroups.list"), wireQuery({ page: 1.5 })))).toEqual([
      "page: integer",
    ]);
    expect(
      rules(requestIssues(pageQuerySchema("directoryGroups.list"), wireQuery(new URLSearchParams("pageSize=ten")))),
    ).toEqual(["pageSize: type"]);
  });
});

describe("cursor queries", () => {
  it("accept limit 1..100 and a cursor", () => {
    expect(requestIssues(OPS["assistantBot.teamRules.list"].query, wireQuery({ limit: 100, cursor: "abc" }))).toEqual(
      [],
    );
    expect(requestIssues(OPS["assistantBot.teamRules.list"].query, wireQuery(undefined))).toEqual([]);
    expect(
      assertRequest(OPS["assistantBot.teamRules.list"].query, wireQuery(new URLSearchParams("limit=1&cursor=c1"))),
    ).toEqual({
      limit: 1,
      cursor: "c1",
    });
  });

  it("refuse limit outside 1..100 and an empty cursor", () => {
    expect(rules(requestIssues(OPS["assistantBot.teamRules.list"].query, wireQuery({ limit: 0 })))).toEqual([
      "limit: min_value",
    ]);
    expect(rules(requestIssues(OPS["assistantBot.teamRules.list"].query, wireQuery({ limit: 101 })))).toEqual([
      "limit: max_value",
    ]);
    expect(rules(requestIssues(OPS["assistantBot.teamRules.list"].query, wireQuery({ limit: 2.5 })))).toEqual([
      "limit: integer",
    ]);
    expect(rules(requestIssues(OPS["assistantBot.teamRules.list"].query, wireQuery({ cursor: "" })))).toEqual([
      "cursor: min_length",
    ]);
  });
});
