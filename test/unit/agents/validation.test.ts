import { describe, expect, it } from "vitest";
import { AGENT_LIMITS } from "../../../src/agents/schemas/constants.js";
import { ValidationError } from "../../../src/core/errors.js";
import { assertBody, bodyIssues, minimalBody, PNG_BASE64, rulesOf, withField, withImages } from "./issues.js";

const check = (body: unknown) => rulesOf(bodyIssues("agents.create", body));

describe("CreateAgentRequest: valid bodies", () => {
  it("accepts the minimal body", () => {
    expect(bodyIssues("agents.create", minimalBody)).toEqual([]);
  });

  it("accepts a body that uses every field", () => {
    const body = {
      prompt: {
        text: "Add a dark mode",
        images: [
          { data: PNG_BASE64, mimeType: "image/png", dimension: { width: 640, height: 480 } },
          { url: "https://example.com/mock.webp" },
        ],
      },
      model: { id: "claude-4-sonnet", params: [{ id: "thinking", value: "high" }] },
      name: "Dark mode",
      env: { type: "pool", name: "gpu" },
      repos: [
        { url: "https://github.com/acme/web", startingRef: "main" },
        { url: "github.com/acme/api", prUrl: "https://github.com/acme/api/pull/7" },
      ],
      workOnCurrentBranch: false,
      autoCreatePR: true,
      skipReviewerRequest: true,
      envVars: { API_BASE: "https://staging.example.com", ÜBER: "x".repeat(4096) },
      mcpServers: [
        { name: "fs", command: "npx", args: ["-y", "fs-mcp"], env: { ROOT: "/work" } },
        {
          name: "docs",
          type: "sse",
          url: "https://mcp.example.com/sse",
          headers: { "X-Team": "a" },
          auth: { CLIENT_ID: "id", CLIENT_SECRET: "s", scopes: ["read"] },
        },
      ],
      customSubagents: [
        { name: "reviewer", description: "Reviews diffs", prompt: "You review code.", model: "inherit" },
      ],
      mode: "plan",
    };
    expect(bodyIssues("agents.create", body)).toEqual([]);
  });

  it("keeps unknown top-level fields, so fields a newer server accepts still reach it", () => {
    const parsed = assertBody("agents.create", { ...minimalBody, futureOption: { on: true } });
    expect((parsed as Record<string, unknown>).futureOption).toEqual({ on: true });
  });

  it("accepts an empty repos array with a named cloud environment", () => {
    expect(check({ ...minimalBody, env: { type: "cloud", name: "prod" }, repos: [] })).toEqual([]);
  });
});

describe("CreateAgentRequest: body and prompt", () => {
  it("refuses a body that is not an object", () => {
    expect(check("hello")).toEqual([": type"]);
    expect(check(null)).toEqual([": type"]);
  });

  it("requires prompt", () => {
    expect(check({})).toEqual(["prompt: required"]);
  });

  it("requires prompt.text", () => {
    expect(check({ prompt: {} })).toEqual(["prompt.text: required"]);
  });

  it("refuses an empty prompt.text", () => {
    expect(check({ prompt: { text: "" } })).toEqual(["prompt.text: min_length"]);
  });

  it("refuses a prompt.text that is not a string", () => {
    expect(check({ prompt: { text: 42 } })).toEqual(["prompt.text: type"]);
  });

  it("allows at most 5 images", () => {
    const image = { url: "https://example.com/a.png" };
    expect(check(withImages(image, image, image, image, image))).toEqual([]);
    expect(check(withImages(image, image, image, image, image, image))).toEqual(["prompt.images: max_items"]);
  });

  it("still counts images when one of them is broken", () => {
    const image = { url: "https://example.com/a.png" };
    expect(check(withImages(image, image, image, image, image, {}))).toEqual([
      "prompt.images[5]: exactly_one_of",
      "prompt.images: max_items",
    ]);
  });
});

describe("CreateAgentRequest: images", () => {
  it("needs exactly one of data or url", () => {
    expect(check(withImages({ mimeType: "image/png" }))).toEqual(["prompt.images[0]: exactly_one_of"]);
    expect(check(withImages({ data: PNG_BASE64, url: "https://example.com/a.png" }))).toEqual([
      "prompt.images[0]: exactly_one_of",
    ]);
  });

  it("requires mimeType with data", () => {
    expect(check(withImages({ url: "https://example.com/a.png" }, { data: PNG_BASE64 }))).toEqual([
      "prompt.images[1].mimeType: required",
    ]);
  });

  it("refuses mimeType with url", () => {
    expect(check(withImages({ url: "https://example.com/a.png", mimeType: "image/png" }))).toEqual([
      "prompt.images[0].mimeType: exclusive",
    ]);
  });

  it("accepts only png, jpeg, gif and webp", () => {
    for (const mimeType of ["image/png", "image/jpeg", "image/gif", "image/webp"]) {
      expect(check(withImages({ data: PNG_BASE64, mimeType }))).toEqual([]);
    }
    expect(check(withImages({ data: PNG_BASE64, mimeType: "image/bmp" }))).toEqual([
      "prompt.images[0].mimeType: one_of",
    ]);
    expect(check(withImages({ data: PNG_BASE64, mimeType: "" }))).toEqual(["prompt.images[0].mimeType: one_of"]);
  });

  it("names the image by index", () => {
    const ok = { url: "https://example.com/a.png" };
    const issues = bodyIssues("agents.create", withImages(ok, ok, { data: PNG_BASE64, mimeType: "text/plain" }));
    expect(issues[0]?.path).toBe("prompt.images[2].mimeType");
  });

  it("allows decoded data up to exactly 15 MiB and refuses one byte more", () => {
    const limit = AGENT_LIMITS.maxImageBytes;
    expect(limit).toBe(15 * 1024 * 1024);
    const atLimit = "A".repeat((limit / 3) * 4); // 15 MiB is divisible by 3: no padding
    expect(check(withImages({ data: atLimit, mimeType: "image/png" }))).toEqual([]);
    const overLimit = `${atLimit}AA==`; // one more byte
    const issues = bodyIssues("agents.create", withImages({ data: overLimit, mimeType: "image/png" }));
    expect(rulesOf(issues)).toEqual(["prompt.images[0].data: max_bytes"]);
    expect(issues[0]?.message).toContain(`${limit + 1} bytes`);
  });

  it("refuses data that is not base64, such as a data: URL", () => {
    const issues = bodyIssues(
      "agents.create",
      withImages({ data: `data:image/png;base64,${PNG_BASE64}`, mimeType: "image/png" }),
    );
    expect(rulesOf(issues)).toEqual(["prompt.images[0].data: base64"]);
    expect(issues[0]?.message).toContain("mimeType");
  });

  it("refuses empty data", () => {
    expect(check(withImages({ data: "", mimeType: "image/png" }))).toEqual(["prompt.images[0].data: min_length"]);
  });

  it("requires an http or https url", () => {
    expect(check(withImages({ url: "ftp://example.com/a.png" }))).toEqual(["prompt.images[0].url: http_url"]);
    expect(check(withImages({ url: "not a url" }))).toEqual(["prompt.images[0].url: http_url"]);
    expect(check(withImages({ url: "http://example.com/a.png" }))).toEqual([]);
  });

  it("requires integer dimensions >= 1", () => {
    const image = (dimension: unknown) => withImages({ url: "https://example.com/a.png", dimension });
    expect(check(image({ width: 0, height: 10 }))).toEqual(["prompt.images[0].dimension.width: min_value"]);
    expect(check(image({ width: 10, height: 2.5 }))).toEqual(["prompt.images[0].dimension.height: integer"]);
    expect(check(image({ width: "10", height: 10 }))).toEqual(["prompt.images[0].dimension.width: type"]);
    expect(check(image({ width: 10 }))).toEqual(["prompt.images[0].dimension.height: required"]);
  });
});

describe("CreateAgentRequest: model, name and agentId", () => {
  it("requires model.id to be non-empty", () => {
    expect(check(withField("model", { id: "" }))).toEqual(["model.id: min_length"]);
    expect(check(withField("model", {}))).toEqual(["model.id: required"]);
  });

  it("requires both id and value on every model parameter", () => {
    expect(check(withField("model", { id: "m", params: [{ id: "a", value: "" }] }))).toEqual([
      "model.params[0].value: min_length",
    ]);
    expect(check(withField("model", { id: "m", params: [{ value: "x" }] }))).toEqual(["model.params[0].id: required"]);
  });

  it("takes a name of 1..100 characters", () => {
    expect(check(withField("name", "x".repeat(100)))).toEqual([]);
    expect(check(withField("name", "x".repeat(101)))).toEqual(["name: max_length"]);
    expect(check(withField("name", ""))).toEqual(["name: min_length"]);
  });

  it("takes an agentId of the form bc-<uuid>, hex in either case", () => {
    expect(check(withField("agentId", "bc-0f8fad5b-d9cb-469f-a165-70867728950e"))).toEqual([]);
    expect(check(withField("agentId", "bc-0F8FAD5B-D9CB-469F-A165-70867728950E"))).toEqual([]);
    expect(check(withField("agentId", "0f8fad5b-d9cb-469f-a165-70867728950e"))).toEqual(["agentId: pattern"]);
    expect(check(withField("agentId", "bc-0f8fad5b-d9cb-469f-a165-70867728950g"))).toEqual(["agentId: pattern"]);
    expect(check(withField("agentId", "run-0f8fad5b-d9cb-469f-a165-70867728950e"))).toEqual(["agentId: pattern"]);
  });

  it("never combines agentId with envVars", () => {
    const body = { ...minimalBody, agentId: "bc-0f8fad5b-d9cb-469f-a165-70867728950e", envVars: { A: "1" } };
    expect(check(body)).toEqual(["envVars: exclusive"]);
  });
});

describe("CreateAgentRequest: repos and env", () => {
  it("allows at most 20 repos", () => {
    const repos = (n: number) => Array.from({ length: n }, (_, i) => ({ url: `https://github.com/acme/r${i}` }));
    expect(check(withField("repos", repos(20)))).toEqual([]);
    expect(check(withField("repos", repos(21)))).toEqual(["repos: max_items"]);
  });

  it("requires a non-empty url on every repo, also with prUrl", () => {
    expect(check(withField("repos", [{ prUrl: "https://github.com/acme/web/pull/1" }]))).toEqual([
      "repos[0].url: required",
    ]);
    expect(check(withField("repos", [{ url: "" }]))).toEqual(["repos[0].url: min_length"]);
  });

  it("refuses an empty startingRef and a prUrl that is not a URI", () => {
    expect(check(withField("repos", [{ url: "u", startingRef: "" }]))).toEqual(["repos[0].startingRef: min_length"]);
    expect(check(withField("repos", [{ url: "u", prUrl: "pull/1" }]))).toEqual(["repos[0].prUrl: uri"]);
  });

  it("refuses repos with a named cloud environment", () => {
    const body = { ...minimalBody, env: { type: "cloud", name: "prod" }, repos: [{ url: "u" }] };
    expect(check(body)).toEqual(["repos: exclusive"]);
  });

  it("allows repos with an unnamed cloud environment or a named pool", () => {
    expect(check({ ...minimalBody, env: { type: "cloud" }, repos: [{ url: "u" }] })).toEqual([]);
    expect(check({ ...minimalBody, env: { type: "pool", name: "default" }, repos: [{ url: "u" }] })).toEqual([]);
  });

  it("requires env.type to be cloud, pool or machine, and env.name non-empty", () => {
    expect(check(withField("env", { type: "lambda" }))).toEqual(["env.type: one_of"]);
    expect(check(withField("env", { name: "x" }))).toEqual(["env.type: required"]);
    expect(check(withField("env", { type: "machine", name: "" }))).toEqual(["env.name: min_length"]);
  });
});

describe("CreateAgentRequest: envVars", () => {
  it("allows at most 50 entries", () => {
    const vars = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`VAR_${i}`, "v"]));
    expect(check(withField("envVars", vars(50)))).toEqual([]);
    expect(check(withField("envVars", vars(51)))).toEqual(["envVars: max_entries"]);
  });

  it("refuses an empty name, a name over 255 bytes and a SERVICE_ prefix", () => {
    expect(check(withField("envVars", { "": "v" }))).toEqual(["envVars.: min_length"]);
    expect(check(withField("envVars", { ["é".repeat(128)]: "v" }))).toEqual([`envVars.${"é".repeat(128)}: max_bytes`]);
    expect(check(withField("envVars", { ["x".repeat(255)]: "v" }))).toEqual([]);
    expect(check(withField("envVars", { SERVICE_TOKEN: "v" }))).toEqual(["envVars.SERVICE_TOKEN: reserved_prefix"]);
  });

  it("refuses an empty value, a value over 4096 bytes and a value that is not a string", () => {
    expect(check(withField("envVars", { MY_VAR: "" }))).toEqual(["envVars.MY_VAR: min_length"]);
    expect(check(withField("envVars", { MY_VAR: "€".repeat(1366) }))).toEqual(["envVars.MY_VAR: max_bytes"]);
    expect(check(withField("envVars", { MY_VAR: 12 }))).toEqual(["envVars.MY_VAR: type"]);
  });

  it("refuses envVars that is not an object of strings", () => {
    expect(check(withField("envVars", ["A=1"]))).toEqual(["envVars: type"]);
    expect(check(withField("envVars", "A=1"))).toEqual(["envVars: type"]);
  });

  it("never puts a value into a message", () => {
    const secret = "sk-live-SUPERSECRET";
    const bodies = [
      { MY_VAR: secret.repeat(300) },
      { SERVICE_X: secret },
      { ["n".repeat(300)]: secret },
      { MY_VAR: { nested: secret } },
      { MY_VAR: [secret] },
    ];
    for (const envVars of bodies) {
      const issues = bodyIssues("agents.create", {
        ...withField("envVars", envVars),
        agentId: "bc-0f8fad5b-d9cb-469f-a165-70867728950e",
      });
      expect(issues.length).toBeGreaterThan(0);
      for (const issue of issues) expect(issue.message).not.toContain("SUPERSECRET");
      let thrown: unknown;
      try {
        assertBody("agents.create", { ...minimalBody, envVars });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ValidationError);
      expect(JSON.stringify(thrown)).not.toContain("SUPERSECRET");
      expect((thrown as Error).message).not.toContain("SUPERSECRET");
    }
  });
});

describe("CreateAgentRequest: booleans and mode", () => {
  it.each(["workOnCurrentBranch", "autoCreatePR", "skipReviewerRequest"])("requires %s to be a boolean", (field) => {
    expect(check(withField(field, true))).toEqual([]);
    expect(check(withField(field, "true"))).toEqual([`${field}: type`]);
    expect(check(withField(field, 1))).toEqual([`${field}: type`]);
  });

  it("takes mode agent or plan", () => {
    expect(check(withField("mode", "agent"))).toEqual([]);
    expect(check(withField("mode", "plan"))).toEqual([]);
    expect(check(withField("mode", "auto"))).toEqual(["mode: one_of"]);
  });
});

describe("assertCreateAgentRequest", () => {
  it("throws a request ValidationError naming every broken field", () => {
    let thrown: unknown;
    try {
      assertBody("agents.create", { prompt: { text: "" }, mode: "auto" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    const error = thrown as ValidationError;
    expect(error.direction).toBe("request");
    expect(error.path).toBe("prompt.text");
    expect(error.rule).toBe("min_length");
    expect(rulesOf(error.issues)).toEqual(["prompt.text: min_length", "mode: one_of"]);
    expect(error.message).toMatch(/^agents\.create: prompt\.text: /);
  });

  it("returns the body when it is valid", () => {
    expect(assertBody("agents.create", minimalBody)).toEqual(minimalBody);
  });
});
