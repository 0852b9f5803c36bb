import { describe, expect, it } from "vitest";
import { ADMIN_OPERATIONS as OPS } from "../../../src/admin/operations.js";
import { BulkTeamIdsBodySchema, ModelAccessPathSchema } from "../../../src/admin/schemas/index.js";
import type { ValidationIssue } from "../../../src/core/errors.js";
import { assertRequest, requestIssues } from "../../../src/core/schema.js";
import { fieldOf, wireQuery } from "./request-inputs.js";

const rules = (issues: readonly ValidationIssue[]) => issues.map((issue) => `${issue.path}: ${issue.rule}`);
const teamIds = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe("model access configuration", () => {
  it("accepts state unrestricted alone, or both defaults", () => {
    expect(requestIssues(OPS["modelAccess.set"].body, { state: "unrestricted" })).toEqual([]);
    expect(
      requestIssues(OPS["modelAccess.set"].body, { newProviderDefault: "enabled", newModelDefault: "disabled" }),
    ).toEqual([]);
  });

  it("refuses every other form", () => {
    expect(rules(requestIssues(OPS["modelAccess.set"].body, {}))).toEqual([": exactly_one_of"]);
    expect(rules(requestIssues(OPS["modelAccess.set"].body, { state: "custom" }))).toEqual(["state: one_of"]);
    expect(
      rules(requestIssues(OPS["modelAccess.set"].body, { state: "unrestricted", newModelDefault: "enabled" })),
    ).toEqual(["state: exclusive"]);
    expect(rules(requestIssues(OPS["modelAccess.set"].body, { newProviderDefault: "enabled" }))).toEqual([
      "newModelDefault: required",
    ]);
    expect(rules(requestIssues(OPS["modelAccess.set"].body, { newModelDefault: "enabled" }))).toEqual([
      "newProviderDefault: required",
    ]);
    expect(
      rules(requestIssues(OPS["modelAccess.set"].body, { newProviderDefault: "on", newModelDefault: "enabled" })),
    ).toEqual(["newProviderDefault: one_of"]);
  });

  it("bulk: the same rules plus 1..100 teamIds", () => {
    expect(requestIssues(OPS["org.modelAccess.setMany"].body, { teamIds: [1, 2], state: "unrestricted" })).toEqual([]);
    expect(rules(requestIssues(OPS["org.modelAccess.setMany"].body, { state: "unrestricted" }))).toEqual([
      "teamIds: required",
    ]);
    expect(
      rules(requestIssues(OPS["org.modelAccess.setMany"].body, { teamIds: [1], newModelDefault: "enabled" })),
    ).toEqual(["newProviderDefault: required"]);
  });
});

describe("bulk teamIds", () => {
  it("accepts 1..100 whole numbers", () => {
    expect(requestIssues(BulkTeamIdsBodySchema, fieldOf("teamIds", teamIds(100)))).toEqual([]);
    expect(assertRequest(BulkTeamIdsBodySchema, fieldOf("teamIds", [7])).teamIds).toEqual([7]);
  });

  it("refuses none, more than 100, and non-integers", () => {
    expect(rules(requestIssues(BulkTeamIdsBodySchema, fieldOf("teamIds", [])))).toEqual(["teamIds: min_items"]);
    expect(rules(requestIssues(BulkTeamIdsBodySchema, fieldOf("teamIds", teamIds(101))))).toEqual([
      "teamIds: max_items",
    ]);
    expect(rules(requestIssues(BulkTeamIdsBodySchema, fieldOf("teamIds", [1, 2.5, "3"])))).toEqual([
      "teamIds[1]: integer",
      "teamIds[2]: type",
    ]);
    expect(rules(requestIssues(BulkTeamIdsBodySchema, fieldOf("teamIds", undefined)))).toEqual(["teamIds: required"]);
    expect(rules(requestIssues(BulkTeamIdsBodySchema, fieldOf("teamIds", "1,2")))).toEqual(["teamIds: type"]);
  });
});

describe("provider toggles", () => {
  it("needs enabled (and teamIds in bulk)", () => {
    expect(requestIssues(OPS["modelAccess.setProvider"].body, { enabled: false })).toEqual([]);
    expect(requestIssues(OPS["org.modelAccess.setProviderMany"].body, { enabled: true, teamIds: [1] })).toEqual([]);
    expect(rules(requestIssues(OPS["modelAccess.setProvider"].body, {}))).toEqual(["enabled: required"]);
    expect(rules(requestIssues(OPS["modelAccess.setProvider"].body, { enabled: "true" }))).toEqual(["enabled: type"]);
    expect(rules(requestIssues(OPS["org.modelAccess.setProviderMany"].body, { enabled: true }))).toEqual([
      "teamIds: required",
    ]);
  });
});

describe("model toggles and parameters", () => {
  it("accepts enabled alone, or with parameter settings keyed by id", () => {
    expect(requestIssues(OPS["modelAccess.setModel"].body, { enabled: true })).toEqual([]);
    const body = {
      enabled: true,
      parameters: {
        thinking: { allowedValues: ["low", "high"], defaultValue: "high" },
        context: { allowedValues: null, defaultValue: null },
        effort: {},
      },
    };
    expect(assertRequest(OPS["modelAccess.setModel"].body, body)).toEqual(body);
    expect(requestIssues(OPS["org.modelAccess.setModelMany"].body, { ...body, teamIds: [1] })).toEqual([]);
  });

  it("checks parameters: an object of settings, allowedValues never empty, default among allowed values", () => {
    expect(rules(requestIssues(OPS["modelAccess.setModel"].body, { enabled: true, parameters: [] }))).toEqual([
      "parameters: type",
    ]);
    expect(rules(requestIssues(OPS["modelAccess.setModel"].body, { enabled: true, parameters: "x" }))).toEqual([
      "parameters: type",
    ]);
    expect(
      rules(
        requestIssues(OPS["modelAccess.setModel"].body, { enabled: true, parameters: { t: { allowedValues: [] } } }),
      ),
    ).toEqual(["parameters.t.allowedValues: min_items"]);
    expect(
      rules(
        requestIssues(OPS["modelAccess.setModel"].body, { enabled: true, parameters: { t: { allowedValues: "low" } } }),
      ),
    ).toEqual(["parameters.t.allowedValues: type"]);
    expect(
      rules(
        requestIssues(OPS["modelAccess.setModel"].body, { enabled: true, parameters: { t: { allowedValues: [1] } } }),
      ),
    ).toEqual(["parameters.t.allowedValues[0]: type"]);
    expect(
      rules(requestIssues(OPS["modelAccess.setModel"].body, { enabled: true, parameters: { t: { defaultValue: 3 } } })),
    ).toEqual(["parameters.t.defaultValue: type"]);
    expect(
      rules(
        requestIssues(OPS["modelAccess.setModel"].body, {
          enabled: true,
          parameters: { t: { allowedValues: ["low"], defaultValue: "high" } },
        }),
      ),
    ).toEqual(["parameters.t.defaultValue: default_not_allowed"]);
    expect(rules(requestIssues(OPS["modelAccess.setModel"].body, { enabled: true, parameters: { t: 1 } }))).toEqual([
      "parameters.t: type",
    ]);
  });

  it("needs enabled, and teamIds in bulk", () => {
    expect(rules(requestIssues(OPS["modelAccess.setModel"].body, { parameters: {} }))).toEqual(["enabled: required"]);
    expect(rules(requestIssues(OPS["org.modelAccess.setModelMany"].body, { enabled: true }))).toEqual([
      "teamIds: required",
    ]);
  });
});

describe("path parameters and the organization list query", () => {
  it("checks teamId, provider and model when present", () => {
    expect(assertRequest(ModelAccessPathSchema, { teamId: 12, provider: "anthropic", model: "claude-4" })).toEqual({
      teamId: 12,
      provider: "anthropic",
      model: "claude-4",
    });
    expect(rules(requestIssues(ModelAccessPathSchema, { teamId: "12", provider: "", model: 1 }))).toEqual([
      "teamId: type",
      "provider: min_length",
      "model: type",
    ]);
  });

  it("accepts teamIds as numbers or comma-separated", () => {
    expect(
      requestIssues(OPS["org.modelAccess.list"].query, wireQuery({ teamIds: [1, 2], page: 1, pageSize: 50 })),
    ).toEqual([]);
    expect(
      requestIssues(OPS["org.modelAccess.list"].query, wireQuery(new URLSearchParams("teamIds=1,2&page=2"))),
    ).toEqual([]);
    expect(rules(requestIssues(OPS["org.modelAccess.list"].query, wireQuery({ teamIds: "1,a" })))).toEqual([
      "teamIds: pattern",
    ]);
    expect(rules(requestIssues(OPS["org.modelAccess.list"].query, wireQuery({ teamIds: true })))).toEqual([
      "teamIds: type",
    ]);
    expect(rules(requestIssues(OPS["org.modelAccess.list"].query, wireQuery({ page: 0 })))).toEqual([
      "page: min_value",
    ]);
  });
});
