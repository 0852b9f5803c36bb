import { describe, expect, it } from "vitest";
import {
  AutoReviewPolicySchema,
  BotAccessSchema,
  BotCapabilitiesSchema,
  BotNetworkSchema,
  BulkTeamResultsSchema,
  ModelAccessConfigSchema,
  ModelProvidersResponseSchema,
  OrgMembersResponseSchema,
  OrgModelAccessListResponseSchema,
  OrgSpendResponseSchema,
  PooledUsageResponseSchema,
  ProviderModelsResponseSchema,
  SetupManifestResponseSchema,
  SetupManifestsPageSchema,
  SyncResultsSchema,
  TeamRuleResponseSchema,
  TeamRulesPageSchema,
} from "../../../src/admin/schemas/index.js";
import { ValidationError } from "../../../src/core/errors.js";
import { parseResponse } from "../../../src/core/schema.js";

const at = "2025-01-02T03:04:05.000Z";
const pagination = { page: 1, pageSize: 50, totalCount: 1, totalPages: 1, hasNextPage: false, hasPreviousPage: false };

function pathOfFailure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError && error.direction === "response") return error.path;
    throw error;
  }
  throw new Error("expected a response ValidationError");
}

describe("model access", () => {
  it("parses configurations in every state, keeping unknown states and defaults", () => {
    const custom = { teamId: 1, state: "custom", newProviderDefault: "enabled", newModelDefault: "disabled" };
    expect(parseResponse(ModelAccessConfigSchema, custom, "x")).toEqual(custom);
    const open = { teamId: 1, state: "unrestricted", newProviderDefault: null, newModelDefault: null };
    expect(parseResponse(ModelAccessConfigSchema, open, "x")).toEqual(open);
    const future = { teamId: 1, state: "frozen", newProviderDefault: "inherit", newModelDefault: null, note: 1 };
    expect(parseResponse(ModelAccessConfigSchema, future, "x")).toEqual(future);
    expect(pathOfFailure(() => parseResponse(ModelAccessConfigSchema, { ...custom, teamId: "1" }, "x"))).toBe("teamId");
  });

  it("parses the organization list, including error rows", () => {
    const body = {
      teams: [
        { teamId: 1, teamName: "Web", state: "legacy", newProviderDefault: null, newModelDefault: null },
        { teamId: 2, teamName: "Ops", errorMessage: "model access control unavailable" },
      ],
      pagination,
    };
    expect(parseResponse(OrgModelAccessListResponseSchema, body, "x")).toEqual(body);
  });

  const parameter = {
    id: "thinking",
    displayName: "Thinking",
    supportedValues: ["low", "high"],
    allowedValues: ["high"],
    configuredDefaultValue: null,
    catalogDefaultValue: "low",
  };
  const model = { id: "model-a", displayName: "Model A", enabled: true, parameters: [parameter] };

  it("parses providers with models and parameters", () => {
    const body = {
      teamId: 1,
      state: "custom",
      providers: [{ id: "prov", displayName: "Provider", enabled: true, models: [model], region: "eu" }],
    };
    expect(parseResponse(ModelProvidersResponseSchema, body, "x")).toEqual(body);
    const broken = {
      ...body,
      providers: [
        { ...body.providers[0], models: [{ ...model, parameters: [{ ...parameter, supportedValues: "low" }] }] },
      ],
    };
    expect(pathOfFailure(() => parseResponse(ModelProvidersResponseSchema, broken, "x"))).toBe(
      "providers[0].models[0].parameters[0].supportedValues",
    );
  });

  it("parses a provider's models leniently, since the envelope is not shown", () => {
    expect(parseResponse(ProviderModelsResponseSchema, { models: [model] }, "x")).toEqual({ models: [model] });
    expect(parseResponse(ProviderModelsResponseSchema, { provider: { id: "p" } }, "x")).toEqual({
      provider: { id: "p" },
    });
  });

  it("parses bulk results, keeping unknown statuses", () => {
    const body = {
      results: [
        { teamId: 1, status: "success" },
        { teamId: 2, status: "error", errorMessage: "team not linked" },
        { teamId: 3, status: "skipped" },
      ],
      successCount: 1,
      errorCount: 1,
    };
    expect(parseResponse(BulkTeamResultsSchema, body, "x")).toEqual(body);
    expect(parseResponse(BulkTeamResultsSchema, { results: [], successCount: 0 }, "x")).toEqual({
      results: [],
      successCount: 0,
    });
    // The rows are what the client pairs with its input: without them the answer is unusable.
    expect(pathOfFailure(() => parseResponse(BulkTeamResultsSchema, { successCount: 0, errorCount: 0 }, "x"))).toBe(
      "results",
    );
  });
});

describe("assistant bot", () => {
  it("parses capabilities with null levels and unknown values", () => {
    const caps = {
      enabled: true,
      cloudAgents: true,
      templateSharing: null,
      actionRecording: false,
      localExecution: "sometimes",
      localEgressAllowed: false,
      betaFlag: 1,
    };
    expect(parseResponse(BotCapabilitiesSchema, caps, "x")).toEqual(caps);
  });

  it("parses auto-review, access and network policies", () => {
    const review = { enforced: true, rules: { allow: ["tests"], block: [] } };
    expect(parseResponse(AutoReviewPolicySchema, review, "x")).toEqual(review);
    const access = { mode: "limited", groups: [{ id: "group_a", name: "R&D" }] };
    expect(parseResponse(BotAccessSchema, access, "x")).toEqual(access);
    expect(parseResponse(BotAccessSchema, { mode: "by_role", groups: [] }, "x").mode).toBe("by_role");
    const network = { egressMode: "network_settings_only", allowlist: ["*.example.com:443"], locked: true };
    expect(parseResponse(BotNetworkSchema, network, "x")).toEqual(network);
    expect(parseResponse(BotNetworkSchema, { ...network, locked: undefined }, "x").locked).toBeUndefined();
    expect(pathOfFailure(() => parseResponse(BotNetworkSchema, { ...network, locked: "yes" }, "x"))).toBe("locked");
  });

  const rule = {
    id: "rule_a",
    name: "No force push",
    content: "Never force push.",
    enabled: true,
    scope: "assistantBot",
    createdAt: at,
    updatedAt: at,
  };

  it("parses team rule pages: nextCursor is a string, null, or (read as null) omitted", () => {
    expect(parseResponse(TeamRulesPageSchema, { teamRules: [rule], nextCursor: "c2" }, "x").nextCursor).toBe("c2");
    expect(parseResponse(TeamRulesPageSchema, { teamRules: [], nextCursor: null }, "x").nextCursor).toBeNull();
    expect(parseResponse(TeamRulesPageSchema, { teamRules: [] }, "x").nextCursor).toBeNull();
    expect(
      parseResponse(TeamRuleResponseSchema, { teamRule: { ...rule, scope: "allAgents" } }, "x").teamRule.scope,
    ).toBe("allAgents");
  });

  it("parses setup manifests", () => {
    const manifest = {
      id: "node.v20",
      scripts: [
        { id: "install", setup: "npm ci", check: "npm ls" },
        { id: "b", setup: "make" },
      ],
    };
    expect(parseResponse(SetupManifestsPageSchema, { manifests: [manifest], nextCursor: null }, "x").manifests).toEqual(
      [manifest],
    );
    expect(parseResponse(SetupManifestResponseSchema, { manifest }, "x")).toEqual({ manifest });
    expect(
      pathOfFailure(() =>
        parseResponse(SetupManifestResponseSchema, { manifest: { id: "m", scripts: [{ id: "a", setup: 1 }] } }, "x"),
      ),
    ).toBe("manifest.scripts[0].setup");
    const partial = { manifest: { id: "m", scripts: [{ id: "a" }] } };
    expect(parseResponse(SetupManifestResponseSchema, partial, "x")).toEqual(partial);
  });
});

describe("organization", () => {
  it("parses members with their teams, keeping unknown roles", () => {
    const body = {
      members: [
        {
          userId: 42,
          email: "dev@example.com",
          name: "Dev",
          organizationRole: "admin",
          teams: [
            { teamId: 1, teamRole: "owner" },
            { teamId: 2, teamRole: "viewer" },
          ],
        },
      ],
      pagination,
    };
    expect(parseResponse(OrgMembersResponseSchema, body, "x")).toEqual(body);
  });

  it("parses sync results with both row forms and error rows", () => {
    const body = {
      results: [
        { userId: 1, teamIds: [1, 2], status: "success" },
        { userId: "user_b", teamIds: [3], destinationTeamId: 3, status: "success" },
        { userId: 0, teamIds: [], status: "error", errorMessage: "invalid userId" },
      ],
      successCount: 2,
      errorCount: 1,
    };
    expect(parseResponse(SyncResultsSchema, body, "x")).toEqual(body);
    expect(
      pathOfFailure(() =>
        parseResponse(SyncResultsSchema, { ...body, results: [{ userId: 1, teamIds: "1", status: "success" }] }, "x"),
      ),
    ).toBe("results[0].teamIds");
    const partial = { ...body, results: [{ userId: 1, status: "success" }] };
    expect(parseResponse(SyncResultsSchema, partial, "x")).toEqual(partial);
  });

  it("parses pooled usage, with null contract dates and optional budgets", () => {
    const body = {
      pool: {
        limitCents: 100000,
        usedCents: 2500.5,
        remainingCents: 97499.5,
        contractStartDate: at,
        contractEndDate: null,
      },
      teams: [
        { teamId: 1, usedCents: 2000.5, budgetLimitCents: 50000 },
        { teamId: 2, usedCents: 500 },
      ],
    };
    expect(parseResponse(PooledUsageResponseSchema, body, "x")).toEqual(body);
  });

  it("parses organization spend", () => {
    const body = {
      teamMemberSpend: [
        { userId: "user_a", teamId: 1, name: "Dev", email: "dev@example.com", role: "member", spendCents: 12.3456 },
      ],
      totalMembers: 1,
      totalPages: 1,
      period: { startDate: 1735689600000, endDate: 1738368000000 },
    };
    expect(parseResponse(OrgSpendResponseSchema, body, "x")).toEqual(body);
    expect(parseResponse(OrgSpendResponseSchema, { ...body, period: undefined }, "x").period).toBeUndefined();
    expect(pathOfFailure(() => parseResponse(OrgSpendResponseSchema, { ...body, period: 1 }, "x"))).toBe("period");
  });
});
