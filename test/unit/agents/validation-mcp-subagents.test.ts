import { describe, expect, it } from "vitest";
import { bodyIssues, minimalBody, rulesOf, withField } from "./issues.js";

const servers = (...list: unknown[]) => rulesOf(bodyIssues("agents.create", withField("mcpServers", list)));
const subagents = (...list: unknown[]) => rulesOf(bodyIssues("agents.create", withField("customSubagents", list)));

const stdio = { name: "fs", command: "npx", args: ["fs-mcp"], env: { ROOT: "/work" } };
const remote = { name: "docs", url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer abc" } };
const subagent = { name: "reviewer", description: "Reviews diffs", prompt: "You review code." };

describe("mcpServers", () => {
  it("accepts stdio and remote servers, with and without type", () => {
    expect(servers(stdio, remote)).toEqual([]);
    expect(
      servers({ ...stdio, type: "stdio" }, { ...remote, type: "http" }, { ...remote, name: "s", type: "sse" }),
    ).toEqual([]);
  });

  it("is also checked on CreateRunRequest", () => {
    expect(rulesOf(bodyIssues("runs.create", { ...minimalBody, mcpServers: [{ name: "x" }] }))).toEqual([
      "mcpServers[0]: exactly_one_of",
    ]);
  });

  it("allows at most 50 servers", () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `s${i}`, command: "run" }));
    expect(servers(...list(50))).toEqual([]);
    expect(servers(...list(51))).toEqual(["mcpServers: max_items"]);
  });

  it("requires unique names and reports the repeat", () => {
    expect(servers(stdio, remote, { ...remote, name: "fs" })).toEqual(["mcpServers[2].name: unique"]);
  });

  it("refuses a server with both command and url, saying so", () => {
    const issues = bodyIssues(
      "agents.create",
      withField("mcpServers", [remote, { name: "x", command: "run", url: "https://a.example" }]),
    );
    expect(rulesOf(issues)).toEqual(["mcpServers[1]: exactly_one_of"]);
    expect(issues[0]?.message).toMatch(/both/);
  });

  it("refuses a server with neither command nor url, saying so", () => {
    const issues = bodyIssues("agents.create", withField("mcpServers", [{ name: "x" }]));
    expect(rulesOf(issues)).toEqual(["mcpServers[0]: exactly_one_of"]);
    expect(issues[0]?.message).toMatch(/`command`.*`url`/);
  });

  it("refuses a server that is not an object", () => {
    expect(servers("fs")).toEqual(["mcpServers[0]: type"]);
  });

  it("checks the stdio shape", () => {
    expect(servers({ command: "run" })).toEqual(["mcpServers[0].name: required"]);
    expect(servers({ name: "", command: "run" })).toEqual(["mcpServers[0].name: min_length"]);
    expect(servers({ name: "a", command: "" })).toEqual(["mcpServers[0].command: min_length"]);
    expect(servers({ name: "a", type: "stdio" })).toEqual(["mcpServers[0].command: required"]);
    expect(servers({ name: "a", command: "run", type: "http" })).toEqual(["mcpServers[0].type: one_of"]);
    expect(servers({ name: "a", command: "run", args: "--x" })).toEqual(["mcpServers[0].args: type"]);
    expect(servers({ name: "a", command: "run", args: [1] })).toEqual(["mcpServers[0].args[0]: type"]);
    expect(servers({ name: "a", command: "run", env: { A: 1 } })).toEqual(["mcpServers[0].env.A: type"]);
    expect(servers({ name: "a", command: "run", env: ["A=1"] })).toEqual(["mcpServers[0].env: type"]);
  });

  it("allows no extra properties on a stdio server", () => {
    expect(servers({ name: "a", command: "run", headers: {} })).toEqual(["mcpServers[0].headers: unknown_property"]);
  });

  it("checks the remote shape", () => {
    expect(servers({ name: "a", url: "ftp://files.example.com" })).toEqual(["mcpServers[0].url: http_url"]);
    expect(servers({ name: "a", url: "" })).toEqual(["mcpServers[0].url: http_url"]);
    expect(servers({ name: "a", type: "sse" })).toEqual(["mcpServers[0].url: required"]);
    expect(servers({ name: "a", url: "https://a.example", type: "stdio" })).toEqual(["mcpServers[0].type: one_of"]);
    expect(servers({ name: "a", url: "https://a.example", headers: { X: 1 } })).toEqual([
      "mcpServers[0].headers.X: type",
    ]);
  });

  it("refuses userinfo in a remote url without echoing it", () => {
    const issues = bodyIssues(
      "agents.create",
      withField("mcpServers", [stdio, { name: "a", url: "https://bob:hunter2@mcp.example.com" }]),
    );
    expect(rulesOf(issues)).toEqual(["mcpServers[1].url: no_userinfo"]);
    expect(issues[0]?.message).not.toContain("hunter2");
    expect(servers({ name: "a", url: "https://token@mcp.example.com" })).toEqual(["mcpServers[0].url: no_userinfo"]);
  });

  it("allows no extra properties on a remote server", () => {
    expect(servers({ ...remote, args: [] })).toEqual(["mcpServers[0].args: unknown_property"]);
  });

  it("never puts a header or env value into a message", () => {
    const issues = bodyIssues(
      "agents.create",
      withField("mcpServers", [
        { name: "a", url: "https://a.example", headers: { Authorization: ["Bearer SUPERSECRET"] } },
        { name: "b", command: "run", env: { TOKEN: { value: "SUPERSECRET" } } },
        { name: "c", url: "https://a.example", auth: { CLIENT_ID: "id", CLIENT_SECRET: ["SUPERSECRET"] } },
      ]),
    );
    expect(rulesOf(issues)).toEqual([
      "mcpServers[0].headers.Authorization: type",
      "mcpServers[1].env.TOKEN: type",
      "mcpServers[2].auth.CLIENT_SECRET: type",
    ]);
    for (const issue of issues) expect(issue.message).not.toContain("SUPERSECRET");
  });

  it("checks auth: CLIENT_ID required, scopes non-empty strings, no extra properties", () => {
    const withAuth = (auth: unknown) => servers({ ...remote, auth });
    expect(withAuth({ CLIENT_ID: "id" })).toEqual([]);
    expect(withAuth({ CLIENT_SECRET: "s" })).toEqual(["mcpServers[0].auth.CLIENT_ID: required"]);
    expect(withAuth({ CLIENT_ID: "" })).toEqual(["mcpServers[0].auth.CLIENT_ID: min_length"]);
    expect(withAuth({ CLIENT_ID: "id", scopes: ["read", ""] })).toEqual(["mcpServers[0].auth.scopes[1]: min_length"]);
    expect(withAuth({ CLIENT_ID: "id", tokenUrl: "https://a" })).toEqual([
      "mcpServers[0].auth.tokenUrl: unknown_property",
    ]);
  });
});

describe("customSubagents", () => {
  it("accepts a subagent with each kind of model", () => {
    expect(subagents(subagent)).toEqual([]);
    expect(subagents({ ...subagent, model: "inherit" })).toEqual([]);
    expect(subagents({ ...subagent, model: "gpt-5" })).toEqual([]);
    expect(subagents({ ...subagent, model: { id: "gpt-5", params: [{ id: "effort", value: "low" }] } })).toEqual([]);
  });

  it("allows at most 20 subagents", () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => ({ ...subagent, name: `helper${i}` }));
    expect(subagents(...list(20))).toEqual([]);
    expect(subagents(...list(21))).toEqual(["customSubagents: max_items"]);
  });

  it("requires unique names", () => {
    expect(subagents(subagent, { ...subagent })).toEqual(["customSubagents[1].name: unique"]);
  });

  it.each(["explore", "shell", "debug", "computerUse", "serviceGuide"])("refuses the built-in name %s", (name) => {
    expect(subagents({ ...subagent, name })).toEqual(["customSubagents[0].name: reserved_name"]);
  });

  it("bounds name, description and prompt", () => {
    expect(subagents({ ...subagent, name: "x".repeat(101) })).toEqual(["customSubagents[0].name: max_length"]);
    expect(subagents({ ...subagent, name: "" })).toEqual(["customSubagents[0].name: min_length"]);
    expect(subagents({ ...subagent, description: "x".repeat(1001) })).toEqual([
      "customSubagents[0].description: max_length",
    ]);
    expect(subagents({ ...subagent, description: "" })).toEqual(["customSubagents[0].description: min_length"]);
    expect(subagents({ ...subagent, prompt: "x".repeat(8193) })).toEqual(["customSubagents[0].prompt: max_length"]);
    expect(subagents({ ...subagent, prompt: "x".repeat(8192) })).toEqual([]);
    expect(subagents({ name: "a", description: "d" })).toEqual(["customSubagents[0].prompt: required"]);
  });

  it("checks the model", () => {
    expect(subagents({ ...subagent, model: "" })).toEqual(["customSubagents[0].model: min_length"]);
    expect(subagents({ ...subagent, model: 5 })).toEqual(["customSubagents[0].model: type"]);
    expect(subagents({ ...subagent, model: { id: "" } })).toEqual(["customSubagents[0].model.id: min_length"]);
  });

  it("allows no extra properties", () => {
    expect(subagents({ ...subagent, tools: ["read_file"] })).toEqual(["customSubagents[0].tools: unknown_property"]);
  });
});
