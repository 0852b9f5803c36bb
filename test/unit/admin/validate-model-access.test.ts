import { describe, expect, it } from "vitest";
import {
  assertBulkTeamIds,
  assertModelAccessPath,
  assertModelToggle,
  checkBulkTeamIds,
  checkModelAccessConfig,
  checkModelAccessConfigBulk,
  checkModelAccessPath,
  checkModelToggle,
  checkModelToggleBulk,
  checkOrgModelAccessQuery,
  checkProviderToggle,
  checkProviderToggleBulk,
} from "../../../src/admin/validate.js";
import type { ValidationIssue } from "../../../src/core/errors.js";

const rules = (issues: readonly ValidationIssue[]) => issues.map((issue) => `${issue.path}: ${issue.rule}`);
const teamIds = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe("model access configuration", () => {
  it("accepts state unrestricted alone, or both defaults", () => {
    expect(checkModelAccessConfig({ state: "unrestricted" })).toEqual([]);
    expect(checkModelAccessConfig({ newProviderDefault: "enabled", newModelDefault: "disabled" })).toEqual([]);
  });

  it("refuses every other form", () => {
    expect(rules(checkModelAccessConfig({}))).toEqual([": exactly_one_of"]);
    expect(rules(checkModelAccessConfig({ state: "custom" }))).toEqual(["state: one_of"]);
    expect(rules(checkModelAccessConfig({ state: "unrestricted", newModelDefault: "enabled" }))).toEqual([
      "state: exclusive",
    ]);
    expect(rules(checkModelAccessConfig({ newProviderDefault: "enabled" }))).toEqual(["newModelDefault: required"]);
    expect(rules(checkModelAccessConfig({ newModelDefault: "enabled" }))).toEqual(["newProviderDefault: required"]);
    expect(rules(checkModelAccessConfig({ newProviderDefault: "on", newModelDefault: "enabled" }))).toEqual([
      "newProviderDefault: one_of",
    ]);
  });

  it("bulk: the same rules plus 1..100 teamIds", () => {
    expect(checkModelAccessConfigBulk({ teamIds: [1, 2], state: "unrestricted" })).toEqual([]);
    expect(rules(checkModelAccessConfigBulk({ state: "unrestricted" }))).toEqual(["teamIds: required"]);
    expect(rules(checkModelAccessConfigBulk({ teamIds: [1], newModelDefault: "enabled" }))).toEqual([
      "newProviderDefault: required",
    ]);
  });
});

describe("bulk teamIds", () => {
  it("accepts 1..100 whole numbers", () => {
    expect(checkBulkTeamIds(teamIds(100))).toEqual([]);
    expect(assertBulkTeamIds([7])).toEqual([7]);
  });

  it("refuses none, more than 100, and non-integers", () => {
    expect(rules(checkBulkTeamIds([]))).toEqual(["teamIds: min_items"]);
    expect(rules(checkBulkTeamIds(teamIds(101)))).toEqual(["teamIds: max_items"]);
    expect(rules(checkBulkTeamIds([1, 2.5, "3"]))).toEqual(["teamIds[1]: integer", "teamIds[2]: type"]);
    expect(rules(checkBulkTeamIds(undefined))).toEqual(["teamIds: required"]);
    expect(rules(checkBulkTeamIds("1,2"))).toEqual(["teamIds: type"]);
  });
});

describe("provider toggles", () => {
  it("needs enabled (and teamIds in bulk)", () => {
    expect(checkProviderToggle({ enabled: false })).toEqual([]);
    expect(checkProviderToggleBulk({ enabled: true, teamIds: [1] })).toEqual([]);
    expect(rules(checkProviderToggle({}))).toEqual(["enabled: required"]);
    expect(rules(checkProviderToggle({ enabled: "true" }))).toEqual(["enabled: type"]);
    expect(rules(checkProviderToggleBulk({ enabled: true }))).toEqual(["teamIds: required"]);
  });
});

describe("model toggles and parameters", () => {
  it("accepts enabled alone, or with parameter settings keyed by id", () => {
    expect(checkModelToggle({ enabled: true })).toEqual([]);
    const body = {
      enabled: true,
      parameters: {
        thinking: { allowedValues: ["low", "high"], defaultValue: "high" },
        context: { allowedValues: null, defaultValue: null },
        effort: {},
      },
    };
    expect(assertModelToggle(body)).toEqual(body);
    expect(checkModelToggleBulk({ ...body, teamIds: [1] })).toEqual([]);
  });

  it("checks parameters: an object of settings, allowedValues never empty, default among allowed values", () => {
    expect(rules(checkModelToggle({ enabled: true, parameters: [] }))).toEqual(["parameters: type"]);
    expect(rules(checkModelToggle({ enabled: true, parameters: "x" }))).toEqual(["parameters: type"]);
    expect(rules(checkModelToggle({ enabled: true, parameters: { t: { allowedValues: [] } } }))).toEqual([
      "parameters.t.allowedValues: min_items",
    ]);
    expect(rules(checkModelToggle({ enabled: true, parameters: { t: { allowedValues: "low" } } }))).toEqual([
      "parameters.t.allowedValues: type",
    ]);
    expect(rules(checkModelToggle({ enabled: true, parameters: { t: { allowedValues: [1] } } }))).toEqual([
      "parameters.t.allowedValues[0]: type",
    ]);
    expect(rules(checkModelToggle({ enabled: true, parameters: { t: { defaultValue: 3 } } }))).toEqual([
      "parameters.t.defaultValue: type",
    ]);
    expect(
      rules(checkModelToggle({ enabled: true, parameters: { t: { allowedValues: ["low"], defaultValue: "high" } } })),
    ).toEqual(["parameters.t.defaultValue: default_not_allowed"]);
    expect(rules(checkModelToggle({ enabled: true, parameters: { t: 1 } }))).toEqual(["parameters.t: type"]);
  });

  it("needs enabled, and teamIds in bulk", () => {
    expect(rules(checkModelToggle({ parameters: {} }))).toEqual(["enabled: required"]);
    expect(rules(checkModelToggleBulk({ enabled: true }))).toEqual(["teamIds: required"]);
  });
});

describe("path parameters and the organization list query", () => {
  it("checks teamId, provider and model when present", () => {
    expect(assertModelAccessPath({ teamId: 12, provider: "anthropic", model: "claude-4" })).toEqual({
      teamId: 12,
      provider: "anthropic",
      model: "claude-4",
    });
    expect(rules(checkModelAccessPath({ teamId: "12", provider: "", model: 1 }))).toEqual([
      "teamId: type",
      "provider: min_length",
      "model: type",
    ]);
  });

  it("accepts teamIds as numbers or comma-separated", () => {
    expect(checkOrgModelAccessQuery({ teamIds: [1, 2], page: 1, pageSize: 50 })).toEqual([]);
    expect(checkOrgModelAccessQuery(new URLSearchParams("teamIds=1,2&page=2"))).toEqual([]);
    expect(rules(checkOrgModelAccessQuery({ teamIds: "1,a" }))).toEqual(["teamIds: pattern"]);
    expect(rules(checkOrgModelAccessQuery({ teamIds: true }))).toEqual(["teamIds: type"]);
    expect(rules(checkOrgModelAccessQuery({ page: 0 }))).toEqual(["page: min_value"]);
  });
});
