import { describe, expect, it } from "vitest";
import { validationErrorOf } from "../validation-error-of.js";
import { assertBody, assertQuery, bodyIssues, minimalBody, queryIssues, rulesOf } from "./issues.js";

describe("CreateRunRequest", () => {
  it("accepts prompt, images, mcpServers and mode, and keeps unknown fields", () => {
    const body = {
      prompt: { text: "Now add tests", images: [{ url: "https://example.com/a.png" }] },
      mcpServers: [{ name: "fs", command: "npx" }],
      mode: "agent",
      later: 1,
    };
    expect(bodyIssues("runs.create", body)).toEqual([]);
    expect(assertBody("runs.create", body)).toEqual(body);
  });

  it("checks the prompt and mode", () => {
    expect(rulesOf(bodyIssues("runs.create", {}))).toEqual(["prompt: required"]);
    expect(rulesOf(bodyIssues("runs.create", { prompt: { text: "" } }))).toEqual(["prompt.text: min_length"]);
    expect(rulesOf(bodyIssues("runs.create", { ...minimalBody, mode: "review" }))).toEqual(["mode: one_of"]);
    expect(rulesOf(bodyIssues("runs.create", { prompt: { text: "t", images: [{ data: "iVBO" }] } }))).toEqual([
      "prompt.images[0].mimeType: required",
    ]);
  });

  it("throws with the runs.create context", () => {
    expect(validationErrorOf(() => assertBody("runs.create", {})).message).toMatch(/^runs\.create: prompt: /);
  });
});

describe("list agents query", () => {
  it("accepts nothing, an empty object, and every field", () => {
    expect(queryIssues("agents.list")).toEqual([]);
    expect(queryIssues("agents.list", {})).toEqual([]);
    expect(
      queryIssues("agents.list", {
        limit: 100,
        cursor: "c1",
        prUrl: "https://github.com/a/b/pull/1",
        includeArchived: false,
      }),
    ).toEqual([]);
    expect(assertQuery("agents.list", undefined)).toEqual({});
  });

  it("takes a limit that is an integer in 1..100", () => {
    expect(rulesOf(queryIssues("agents.list", { limit: 1 }))).toEqual([]);
    expect(rulesOf(queryIssues("agents.list", { limit: 0 }))).toEqual(["limit: min_value"]);
    expect(rulesOf(queryIssues("agents.list", { limit: 101 }))).toEqual(["limit: max_value"]);
    expect(rulesOf(queryIssues("agents.list", { limit: 2.5 }))).toEqual(["limit: integer"]);
    expect(rulesOf(queryIssues("agents.list", { limit: "20" }))).toEqual(["limit: type"]);
  });

  it("takes a non-empty cursor, a URI prUrl and a boolean includeArchived", () => {
    expect(rulesOf(queryIssues("agents.list", { cursor: "" }))).toEqual(["cursor: min_length"]);
    expect(rulesOf(queryIssues("agents.list", { prUrl: "pull/1" }))).toEqual(["prUrl: uri"]);
    expect(rulesOf(queryIssues("agents.list", { includeArchived: "false" }))).toEqual(["includeArchived: type"]);
  });

  it("reads the wire form from URLSearchParams", () => {
    expect(queryIssues("agents.list", new URLSearchParams("limit=20&includeArchived=false&cursor=abc"))).toEqual([]);
    expect(assertQuery("agents.list", new URLSearchParams("limit=20&includeArchived=true"))).toEqual({
      limit: 20,
      includeArchived: true,
    });
    expect(rulesOf(queryIssues("agents.list", new URLSearchParams("limit=abc&includeArchived=yes&cursor=")))).toEqual([
      "limit: type",
      "cursor: min_length",
      "includeArchived: type",
    ]);
    expect(rulesOf(queryIssues("agents.list", new URLSearchParams("limit=500")))).toEqual(["limit: max_value"]);
  });

  it("throws with the agents.list context", () => {
    const error = validationErrorOf(() => assertQuery("agents.list", { limit: 0 }));
    expect(error.message).toMatch(/^agents\.list: limit: /);
    expect(error.rule).toBe("min_value");
  });
});

describe("list runs query", () => {
  it("checks limit and cursor", () => {
    expect(queryIssues("runs.list")).toEqual([]);
    expect(queryIssues("runs.list", { limit: 20, cursor: "c" })).toEqual([]);
    expect(rulesOf(queryIssues("runs.list", { limit: 101, cursor: "" }))).toEqual([
      "limit: max_value",
      "cursor: min_length",
    ]);
    expect(rulesOf(queryIssues("runs.list", new URLSearchParams("limit=0")))).toEqual(["limit: min_value"]);
    expect(validationErrorOf(() => assertQuery("runs.list", { limit: -1 })).message).toMatch(/^runs\.list: /);
  });
});

describe("agent usage query", () => {
  it("takes an optional non-empty runId", () => {
    expect(queryIssues("agents.usage")).toEqual([]);
    expect(queryIssues("agents.usage", { runId: "run-1" })).toEqual([]);
    expect(rulesOf(queryIssues("agents.usage", { runId: "" }))).toEqual(["runId: min_length"]);
    expect(rulesOf(queryIssues("agents.usage", { runId: 7 }))).toEqual(["runId: type"]);
    expect(assertQuery("agents.usage", new URLSearchParams("runId=run-1"))).toEqual({ runId: "run-1" });
    expect(validationErrorOf(() => assertQuery("agents.usage", { runId: "" })).message).toMatch(
      /^agents\.usage: runId: /,
    );
  });
});

describe("CreateSubTokenRequest", () => {
  it("accepts exactly one of forUserEmail or forUserId", () => {
    expect(bodyIssues("subTokens.create", { forUserEmail: "Dev@Example.com" })).toEqual([]);
    expect(bodyIssues("subTokens.create", { forUserId: 42 })).toEqual([]);
  });

  it("refuses neither and both", () => {
    expect(rulesOf(bodyIssues("subTokens.create", {}))).toEqual([": exactly_one_of"]);
    expect(rulesOf(bodyIssues("subTokens.create", { forUserEmail: "a@b.co", forUserId: 1 }))).toEqual([
      ": exactly_one_of",
    ]);
  });

  it("checks the email and the user id", () => {
    expect(rulesOf(bodyIssues("subTokens.create", { forUserEmail: "not-an-email" }))).toEqual(["forUserEmail: email"]);
    expect(rulesOf(bodyIssues("subTokens.create", { forUserEmail: "" }))).toEqual([
      "forUserEmail: min_length",
      "forUserEmail: email",
    ]);
    expect(rulesOf(bodyIssues("subTokens.create", { forUserId: 0 }))).toEqual(["forUserId: min_value"]);
    expect(rulesOf(bodyIssues("subTokens.create", { forUserId: 1.5 }))).toEqual(["forUserId: integer"]);
    expect(rulesOf(bodyIssues("subTokens.create", { forUserId: "7" }))).toEqual(["forUserId: type"]);
  });

  it("throws a request ValidationError", () => {
    const error = validationErrorOf(() => assertBody("subTokens.create", {}));
    expect(error.direction).toBe("request");
    expect(error.rule).toBe("exactly_one_of");
  });
});
