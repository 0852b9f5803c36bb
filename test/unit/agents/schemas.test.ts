import { describe, expect, it } from "vitest";
import { isTerminalRunStatus, RUN_STATUSES, TERMINAL_RUN_STATUSES } from "../../../src/agents/schemas/constants.js";
import {
  AgentSchema,
  AgentUsageResponseSchema,
  ApiKeyInfoSchema,
  CreateAgentResponseSchema,
  CreateSubTokenResponseSchema,
  DownloadArtifactResponseSchema,
  ErrorBodySchema,
  IdResponseSchema,
  ListAgentsResponseSchema,
  ListArtifactsResponseSchema,
  ListModelsResponseSchema,
  ListRepositoriesResponseSchema,
  ListRunsResponseSchema,
  RunSchema,
  ToolCallDataSchema,
} from "../../../src/agents/schemas/resources.js";
import { parseResponse } from "../../../src/core/schema.js";
import { validationErrorOf } from "../validation-error-of.js";

const now = "2025-01-02T03:04:05.000Z";
const summary = {
  id: "bc-0f8fad5b-d9cb-469f-a165-70867728950e",
  name: "Dark mode",
  status: "ACTIVE",
  env: { type: "cloud" },
  url: "https://app.example.com/agents/bc-0f8fad5b",
  createdAt: now,
  updatedAt: now,
  latestRunId: "run-1",
};
const run = { id: "run-1", agentId: summary.id, status: "RUNNING", createdAt: now, updatedAt: now };
const usage = { inputTokens: 1, outputTokens: 2, cacheWriteTokens: 3, cacheReadTokens: 4, totalTokens: 10 };

describe("run statuses", () => {
  it("lists the documented statuses and the terminal ones", () => {
    expect(RUN_STATUSES).toEqual(["CREATING", "RUNNING", "FINISHED", "ERROR", "CANCELLED", "EXPIRED"]);
    expect(TERMINAL_RUN_STATUSES).toEqual(["FINISHED", "ERROR", "CANCELLED", "EXPIRED"]);
  });

  it("treats only FINISHED, ERROR, CANCELLED and EXPIRED as terminal; unknown ones are not", () => {
    expect(RUN_STATUSES.filter(isTerminalRunStatus)).toEqual([...TERMINAL_RUN_STATUSES]);
    expect(isTerminalRunStatus("PAUSED")).toBe(false);
    expect(isTerminalRunStatus("finished")).toBe(false);
  });
});

describe("response schemas are lenient", () => {
  it("keeps unknown fields, top-level and nested", () => {
    const agent = {
      ...summary,
      env: { type: "cloud", name: "prod", region: "eu" },
      repos: [{ url: "github.com/acme/web", startingRef: "main", cloneDepth: 1 }],
      workOnCurrentBranch: false,
      autoCreatePR: true,
      skipReviewerRequest: false,
      customSubagents: [{ name: "r", description: "d", prompt: "p", model: "inherit" }],
      labels: ["x"],
    };
    const parsed = parseResponse(AgentSchema, agent, "agents.get");
    expect(parsed).toEqual(agent);
    expect(parsed.labels).toEqual(["x"]);
    expect(parsed.env.region).toBe("eu");
  });

  it("keeps an unknown run status such as PAUSED", () => {
    const parsed = parseResponse(RunSchema, { ...run, status: "PAUSED" }, "runs.get");
    expect(parsed.status).toBe("PAUSED");
  });

  it("keeps unknown agent statuses, env types and tool call statuses", () => {
    expect(
      parseResponse(AgentSchema, { ...summary, status: "DELETING", env: { type: "edge" } }, "agents.get").status,
    ).toBe("DELETING");
    const toolCall = parseResponse(
      ToolCallDataSchema,
      { callId: "c1", name: "read_file", status: "queued", args: null },
      "stream",
    );
    expect(toolCall.status).toBe("queued");
    expect(toolCall.args).toBeNull();
  });

  it("does not insist that addresses are strict URIs", () => {
    const parsed = parseResponse(AgentSchema, { ...summary, url: "/agents/bc-1" }, "agents.get");
    expect(parsed.url).toBe("/agents/bc-1");
  });

  it("reads a null nextCursor as the last page", () => {
    const parsed = parseResponse(ListRunsResponseSchema, { items: [run], nextCursor: null }, "runs.list");
    expect(parsed.nextCursor).toBeUndefined();
    expect(parseResponse(ListRunsResponseSchema, { items: [], nextCursor: "c2" }, "runs.list").nextCursor).toBe("c2");
  });
});

describe("response schemas still require what the spec requires", () => {
  it("names the missing field in a response ValidationError", () => {
    const { status: _status, ...noStatus } = run;
    const error = validationErrorOf(() => parseResponse(RunSchema, noStatus, "runs.get"));
    expect(error.direction).toBe("response");
    expect(error.path).toBe("status");
    expect(error.message).toMatch(/^runs\.get: status: /);
  });

  it("names a nested missing field", () => {
    const body = { agent: { ...summary, env: {} }, run };
    expect(validationErrorOf(() => parseResponse(CreateAgentResponseSchema, body, "agents.create")).path).toBe(
      "agent.env.type",
    );
    const branches = { ...run, git: { branches: [{ branch: "service/x" }] } };
    expect(validationErrorOf(() => parseResponse(RunSchema, branches, "runs.get")).path).toBe(
      "git.branches[0].repoUrl",
    );
  });

  it("refuses a wrong type", () => {
    const error = validationErrorOf(() =>
      parseResponse(ListAgentsResponseSchema, { items: [{ ...summary, createdAt: 5 }] }, "agents.list"),
    );
    expect(error.path).toBe("items[0].createdAt");
  });
});

describe("every response shape parses", () => {
  const cases: Array<[string, Parameters<typeof parseResponse>[0], unknown]> = [
    ["CreateAgentResponse", CreateAgentResponseSchema, { agent: { ...summary, repos: [] }, run }],
    ["ListAgentsResponse", ListAgentsResponseSchema, { items: [summary], nextCursor: "c" }],
    [
      "ListRunsResponse",
      ListRunsResponseSchema,
      {
        items: [
          {
            ...run,
            status: "FINISHED",
            durationMs: 1200,
            result: "Done",
            git: {
              branches: [
                { repoUrl: "github.com/acme/web", branch: "service/x", prUrl: "https://github.com/acme/web/pull/3" },
              ],
            },
          },
        ],
      },
    ],
    ["IdResponse", IdResponseSchema, { id: "bc-1" }],
    [
      "ToolCallData",
      ToolCallDataSchema,
      { callId: "c", name: "mcp", status: "completed", args: { a: 1 }, result: "ok", truncated: { result: true } },
    ],
    [
      "AgentUsageResponse",
      AgentUsageResponseSchema,
      {
        totalUsage: usage,
        runs: [
          { id: "run-1", usageUuid: "u", usage },
          { id: "run-2", usage },
        ],
      },
    ],
    [
      "ListArtifactsResponse",
      ListArtifactsResponseSchema,
      { items: [{ path: "report.md", sizeBytes: 12, updatedAt: now }] },
    ],
    [
      "DownloadArtifactResponse",
      DownloadArtifactResponseSchema,
      { url: "https://s3.example.com/x?sig=1", expiresAt: now },
    ],
    ["ApiKeyInfo", ApiKeyInfoSchema, { apiKeyName: "ci", createdAt: now, userId: 3, userEmail: "a@b.co" }],
    [
      "ListModelsResponse",
      ListModelsResponseSchema,
      {
        items: [
          {
            id: "m",
            displayName: "M",
            aliases: ["m-latest"],
            parameters: [{ id: "effort", values: [{ value: "low" }] }],
            variants: [{ params: [], displayName: "Default", isDefault: true }],
          },
        ],
      },
    ],
    ["ListRepositoriesResponse", ListRepositoriesResponseSchema, { items: [{ url: "https://github.com/acme/web" }] }],
    [
      "CreateSubTokenResponse",
      CreateSubTokenResponseSchema,
      { accessToken: "tok", expiresAt: now, userId: 3, teamId: 9 },
    ],
    [
      "ErrorBody",
      ErrorBodySchema,
      { error: { code: "integration_not_connected", message: "Connect it", helpUrl: "https://x", provider: "github" } },
    ],
  ];

  it.each(cases)("%s", (_name, schema, body) => {
    expect(parseResponse(schema, body, "test")).toEqual(body);
  });

  it("requires the error body's code and message", () => {
    expect(validationErrorOf(() => parseResponse(ErrorBodySchema, { error: { message: "m" } }, "error")).path).toBe(
      "error.code",
    );
  });

  it("requires every token count", () => {
    const { totalTokens: _total, ...partial } = usage;
    const error = validationErrorOf(() =>
      parseResponse(AgentUsageResponseSchema, { totalUsage: partial, runs: [] }, "usage"),
    );
    expect(error.path).toBe("totalUsage.totalTokens");
  });
});
