import { describe, expect, it } from "vitest";
import {
  assertAgentUsageQuery,
  assertCreateRunRequest,
  assertCreateSubTokenRequest,
  assertListAgentsQuery,
  assertListRunsQuery,
  checkAgentUsageQuery,
  checkCreateRunRequest,
  checkCreateSubTokenRequest,
  checkListAgentsQuery,
  checkListRunsQuery,
} from "../../../src/agents/validate.js";
import { ValidationError } from "../../../src/core/errors.js";
import { minimalBody, rulesOf } from "./issues.js";

function thrownBy(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error("expected a ValidationError");
}

describe("CreateRunRequest", () => {
  it("accepts prompt, images, mcpServers and mode, and keeps unknown fields", () => {
    const body = {
      prompt: { text: "Now add tests", images: [{ url: "https://example.com/a.png" }] },
      mcpServers: [{ name: "fs", command: "npx" }],
      mode: "agent",
      later: 1,
    };
    expect(checkCreateRunRequest(body)).toEqual([]);
    expect(assertCreateRunRequest(body)).toEqual(body);
  });

  it("checks the prompt and mode", () => {
    expect(rulesOf(checkCreateRunRequest({}))).toEqual(["prompt: required"]);
    expect(rulesOf(checkCreateRunRequest({ prompt: { text: "" } }))).toEqual(["prompt.text: min_length"]);
    expect(rulesOf(checkCreateRunRequest({ ...minimalBody, mode: "review" }))).toEqual(["mode: one_of"]);
    expect(rulesOf(checkCreateRunRequest({ prompt: { text: "t", images: [{ data: "iVBO" }] } }))).toEqual([
      "prompt.images[0].mimeType: required",
    ]);
  });

  it("throws with the runs.create context", () => {
    expect(thrownBy(() => assertCreateRunRequest({})).message).toMatch(/^runs\.create: prompt: /);
  });
});

describe("list agents query", () => {
  it("accepts nothing, an empty object, and every field", () => {
    expect(checkListAgentsQuery()).toEqual([]);
    expect(checkListAgentsQuery({})).toEqual([]);
    expect(
      checkListAgentsQuery({
        limit: 100,
        cursor: "c1",
        prUrl: "https://github.com/a/b/pull/1",
        includeArchived: false,
      }),
    ).toEqual([]);
    expect(assertListAgentsQuery(undefined)).toEqual({});
  });

  it("takes a limit that is an integer in 1..100", () => {
    expect(rulesOf(checkListAgentsQuery({ limit: 1 }))).toEqual([]);
    expect(rulesOf(checkListAgentsQuery({ limit: 0 }))).toEqual(["limit: min_value"]);
    expect(rulesOf(checkListAgentsQuery({ limit: 101 }))).toEqual(["limit: max_value"]);
    expect(rulesOf(checkListAgentsQuery({ limit: 2.5 }))).toEqual(["limit: integer"]);
    expect(rulesOf(checkListAgentsQuery({ limit: "20" }))).toEqual(["limit: type"]);
  });

  it("takes a non-empty cursor, a URI prUrl and a boolean includeArchived", () => {
    expect(rulesOf(checkListAgentsQuery({ cursor: "" }))).toEqual(["cursor: min_length"]);
    expect(rulesOf(checkListAgentsQuery({ prUrl: "pull/1" }))).toEqual(["prUrl: uri"]);
    expect(rulesOf(checkListAgentsQuery({ includeArchived: "false" }))).toEqual(["includeArchived: type"]);
  });

  it("reads the wire form from URLSearchParams", () => {
    expect(checkListAgentsQuery(new URLSearchParams("limit=20&includeArchived=false&cursor=abc"))).toEqual([]);
    expect(assertListAgentsQuery(new URLSearchParams("limit=20&includeArchived=true"))).toEqual({
      limit: 20,
      includeArchived: true,
    });
    expect(rulesOf(checkListAgentsQuery(new URLSearchParams("limit=abc&includeArchived=yes&cursor=")))).toEqual([
      "limit: type",
      "cursor: min_length",
      "includeArchived: type",
    ]);
    expect(rulesOf(checkListAgentsQuery(new URLSearchParams("limit=500")))).toEqual(["limit: max_value"]);
  });

  it("throws with the agents.list context", () => {
    const error = thrownBy(() => assertListAgentsQuery({ limit: 0 }));
    expect(error.message).toMatch(/^agents\.list: limit: /);
    expect(error.rule).toBe("min_value");
  });
});

describe("list runs query", () => {
  it("checks limit and cursor", () => {
    expect(checkListRunsQuery()).toEqual([]);
    expect(checkListRunsQuery({ limit: 20, cursor: "c" })).toEqual([]);
    expect(rulesOf(checkListRunsQuery({ limit: 101, cursor: "" }))).toEqual(["limit: max_value", "cursor: min_length"]);
    expect(rulesOf(checkListRunsQuery(new URLSearchParams("limit=0")))).toEqual(["limit: min_value"]);
    expect(thrownBy(() => assertListRunsQuery({ limit: -1 })).message).toMatch(/^runs\.list: /);
  });
});

describe("agent usage query", () => {
  it("takes an optional non-empty runId", () => {
    expect(checkAgentUsageQuery()).toEqual([]);
    expect(checkAgentUsageQuery({ runId: "run-1" })).toEqual([]);
    expect(rulesOf(checkAgentUsageQuery({ runId: "" }))).toEqual(["runId: min_length"]);
    expect(rulesOf(checkAgentUsageQuery({ runId: 7 }))).toEqual(["runId: type"]);
    expect(assertAgentUsageQuery(new URLSearchParams("runId=run-1"))).toEqual({ runId: "run-1" });
    expect(thrownBy(() => assertAgentUsageQuery({ runId: "" })).message).toMatch(/^agents\.usage: runId: /);
  });
});

describe("CreateSubTokenRequest", () => {
  it("accepts exactly one of forUserEmail or forUserId", () => {
    expect(checkCreateSubTokenRequest({ forUserEmail: "Dev@Example.com" })).toEqual([]);
    expect(checkCreateSubTokenRequest({ forUserId: 42 })).toEqual([]);
  });

  it("refuses neither and both", () => {
    expect(rulesOf(checkCreateSubTokenRequest({}))).toEqual([": exactly_one_of"]);
    expect(rulesOf(checkCreateSubTokenRequest({ forUserEmail: "a@b.co", forUserId: 1 }))).toEqual([": exactly_one_of"]);
  });

  it("checks the email and the user id", () => {
    expect(rulesOf(checkCreateSubTokenRequest({ forUserEmail: "not-an-email" }))).toEqual(["forUserEmail: email"]);
    expect(rulesOf(checkCreateSubTokenRequest({ forUserEmail: "" }))).toEqual([
      "forUserEmail: min_length",
      "forUserEmail: email",
    ]);
    expect(rulesOf(checkCreateSubTokenRequest({ forUserId: 0 }))).toEqual(["forUserId: min_value"]);
    expect(rulesOf(checkCreateSubTokenRequest({ forUserId: 1.5 }))).toEqual(["forUserId: integer"]);
    expect(rulesOf(checkCreateSubTokenRequest({ forUserId: "7" }))).toEqual(["forUserId: type"]);
  });

  it("throws a request ValidationError", () => {
    const error = thrownBy(() => assertCreateSubTokenRequest({}));
    expect(error.direction).toBe("request");
    expect(error.rule).toBe("exactly_one_of");
  });
});
