// The fake's Cloud Agents API, checked against spec/cloud-agents-api.md with raw `Request`s only
// (no SDK client): every documented route gets a valid call and its documented failures, and every
// mismatch is collected into one list that must stay empty.
import { describe, expect, it } from "vitest";
import { big, DATE_TIME, type Json, KEY, prompt, UUID, world } from "./spec-conformance-agents-helpers.js";

describe("fake Cloud Agents API against the spec (raw requests)", () => {
  it("accepts Bearer and Basic (key as username, empty password) and refuses bad keys with 401", async () => {
    const { failures, expectCall } = world();
    const basic = (user: string) => `Basic ${btoa(user)}`;
    await expectCall("bearer ok", "GET", "/v1/agents", 200, undefined);
    await expectCall("basic ok", "GET", "/v1/agents", 200, undefined, { headers: { authorization: basic(`${KEY}:`) } });
    await expectCall("no auth", "GET", "/v1/agents", 401, ["unauthorized", "api_key_not_found"], {
      headers: { authorization: "" },
    });
    await expectCall("bearer wrong", "GET", "/v1/agents", 401, ["unauthorized", "api_key_not_found"], {
      headers: { authorization: "Bearer nope" },
    });
    await expectCall("basic wrong", "GET", "/v1/agents", 401, ["unauthorized", "api_key_not_found"], {
      headers: { authorization: basic("nope:") },
    });
    await expectCall("wrong key on unknown agent", "GET", "/v1/agents/bc-x", 401, undefined, {
      headers: { authorization: "Bearer nope" },
    });
    await expectCall("wrong key on bad body", "POST", "/v1/agents", 401, undefined, {
      raw: "{",
      headers: { authorization: "Bearer nope" },
    });
    expect(failures).toEqual([]);
  });

  it("answers 400 for every documented CreateAgentRequest rule and 201 for valid bodies", async () => {
    const { failures, expectCall, call } = world();
    const png = { data: "iVBORw0KGgo=", mimeType: "image/png" };
    const stdio = (name: string) => ({ name, command: "node" });
    const sub = (name: string) => ({ name, description: "d", prompt: "p" });
    const bad: Array<[string, unknown]> = [
      ["no prompt", {}],
      ["empty text", { prompt: { text: "" } }],
      ["prompt not object", { prompt: "hi" }],
      ["6 images", { prompt: { ...prompt, images: Array(6).fill(png) } }],
      ["image data+url", { prompt: { ...prompt, images: [{ ...png, url: "https://x.test/a.png" }] } }],
      ["image neither", { prompt: { ...prompt, images: [{ mimeType: "image/png" }] } }],
      [
        "image url+mimeType",
        { prompt: { ...prompt, images: [{ url: "https://x.test/a.png", mimeType: "image/png" }] } },
      ],
      ["image data no mimeType", { prompt: { ...prompt, images: [{ data: "aGk=" }] } }],
      ["image bmp", { prompt: { ...prompt, images: [{ data: "aGk=", mimeType: "image/bmp" }] } }],
      ["image url ftp", { prompt: { ...prompt, images: [{ url: "ftp://x.test/a.png" }] } }],
      ["image width 0", { prompt: { ...prompt, images: [{ ...png, dimension: { width: 0, height: 1 } }] } }],
      ["image height missing", { prompt: { ...prompt, images: [{ ...png, dimension: { width: 3 } }] } }],
      ["image width 1.5", { prompt: { ...prompt, images: [{ ...png, dimension: { width: 1.5, height: 1 } }] } }],
      ["model no id", { prompt, model: {} }],
      ["model param empty value", { prompt, model: { id: "fake-model-1", params: [{ id: "thinking", value: "" }] } }],
      ["name empty", { prompt, name: "" }],
      ["name 101", { prompt, name: big(101) }],
      ["agentId bad", { prompt, agentId: "bc-123" }],
      ["agentId no prefix", { prompt, agentId: "0f0e0d0c-0000-4000-8000-000000000001" }],
      ["agentId+envVars", { prompt, agentId: "bc-0f0e0d0c-0000-4000-8000-000000000001", envVars: { A: "b" } }],
      ["env type bad", { prompt, env: { type: "vm" } }],
      ["env no type", { prompt, env: { name: "x" } }],
      ["env name empty", { prompt, env: { type: "cloud", name: "" } }],
      ["unknown pool", { prompt, env: { type: "pool", name: "nowhere" } }],
      [
        "repos+named cloud",
        { prompt, env: { type: "cloud", name: "prod" }, repos: [{ url: "https://github.com/a/b" }] },
      ],
      ["21 repos", { prompt, repos: Array.from({ length: 21 }, (_, i) => ({ url: `https://github.com/a/r${i}` })) }],
      ["repo no url", { prompt, repos: [{ startingRef: "main" }] }],
      ["repo url empty", { prompt, repos: [{ url: "" }] }],
      ["repo startingRef empty", { prompt, repos: [{ url: "https://github.com/a/b", startingRef: "" }] }],
      ["repo prUrl not uri", { prompt, repos: [{ url: "https://github.com/a/b", prUrl: "not a uri" }] }],
      ["workOnCurrentBranch str", { prompt, workOnCurrentBranch: "yes" }],
      ["autoCreatePR str", { prompt, autoCreatePR: "true" }],
      ["skipReviewerRequest num", { prompt, skipReviewerRequest: 1 }],
      ["51 envVars", { prompt, envVars: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`V${i}`, "x"])) }],
      ["envVar SERVICE_", { prompt, envVars: { SERVICE_TOKEN: "x" } }],
      ["envVar empty name", { prompt, envVars: { "": "x" } }],
      ["envVar empty value", { prompt, envVars: { A: "" } }],
      ["envVar value 4097 bytes", { prompt, envVars: { A: big(4097) } }],
      ["envVar value 4096 bytes multibyte", { prompt, envVars: { A: "é".repeat(2049) } }],
      ["envVar name 256 bytes", { prompt, envVars: { [big(256)]: "x" } }],
      ["envVar value number", { prompt, envVars: { A: 1 } }],
      ["51 mcpServers", { prompt, mcpServers: Array.from({ length: 51 }, (_, i) => stdio(`s${i}`)) }],
      ["mcp dup names", { prompt, mcpServers: [stdio("a"), stdio("a")] }],
      ["mcp stdio extra", { prompt, mcpServers: [{ ...stdio("a"), url: "https://x.test" }] }],
      ["mcp stdio no command", { prompt, mcpServers: [{ name: "a", type: "stdio" }] }],
      ["mcp no name", { prompt, mcpServers: [{ command: "node" }] }],
      ["mcp remote userinfo", { prompt, mcpServers: [{ name: "a", url: "https://u:p@x.test/mcp" }] }],
      ["mcp remote ftp", { prompt, mcpServers: [{ name: "a", url: "ftp://x.test/mcp" }] }],
      ["mcp remote type stdio", { prompt, mcpServers: [{ name: "a", type: "stdio", url: "https://x.test" }] }],
      ["mcp auth no CLIENT_ID", { prompt, mcpServers: [{ name: "a", url: "https://x.test", auth: {} }] }],
      [
        "mcp auth extra",
        { prompt, mcpServers: [{ name: "a", url: "https://x.test", auth: { CLIENT_ID: "c", x: 1 } }] },
      ],
      [
        "mcp auth empty scope",
        { prompt, mcpServers: [{ name: "a", url: "https://x.test", auth: { CLIENT_ID: "c", scopes: [""] } }] },
      ],
      ["21 subagents", { prompt, customSubagents: Array.from({ length: 21 }, (_, i) => sub(`s${i}`)) }],
      ["subagent builtin", { prompt, customSubagents: [sub("explore")] }],
      ["subagent builtin computerUse", { prompt, customSubagents: [sub("computerUse")] }],
      ["subagent dup", { prompt, customSubagents: [sub("a"), sub("a")] }],
      ["subagent name 101", { prompt, customSubagents: [sub(big(101))] }],
      ["subagent desc 1001", { prompt, customSubagents: [{ ...sub("a"), description: big(1001) }] }],
      ["subagent prompt 8193", { prompt, customSubagents: [{ ...sub("a"), prompt: big(8193) }] }],
      ["subagent extra", { prompt, customSubagents: [{ ...sub("a"), tools: [] }] }],
      ["subagent model empty", { prompt, customSubagents: [{ ...sub("a"), model: "" }] }],
      ["mode bad", { prompt, mode: "yolo" }],
    ];
    for (const [label, body] of bad) await expectCall(label, "POST", "/v1/agents", 400, undefined, { body });
    await expectCall("missing body", "POST", "/v1/agents", 400, ["missing_body", "validation_error"]);
    await expectCall("malformed JSON", "POST", "/v1/agents", 400, ["validation_error", "missing_body"], { raw: "{" });
    await expectCall("unknown model", "POST", "/v1/agents", 400, "invalid_model", {
      body: { prompt, model: { id: "no-such-model" } },
    });

    const good: Array<[string, Json]> = [
      ["minimal", { prompt }],
      ["5 images", { prompt: { ...prompt, images: Array(5).fill(png) } }],
      [
        "image url",
        { prompt: { ...prompt, images: [{ url: "https://x.test/a.png", dimension: { width: 1, height: 1 } }] } },
      ],
      ["name 100", { prompt, name: big(100) }],
      ["20 repos", { prompt, repos: Array.from({ length: 20 }, (_, i) => ({ url: `https://github.com/a/r${i}` })) }],
      ["pool default", { prompt, env: { type: "pool" } }],
      ["named cloud no repos", { prompt, env: { type: "cloud", name: "prod" } }],
      ["empty repos", { prompt, repos: [] }],
      [
        "50 envVars",
        { prompt, envVars: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`V${i}`, big(4096)])) },
      ],
      ["envVar name 255 bytes", { prompt, envVars: { [big(255)]: "x" } }],
      ["50 mcp", { prompt, mcpServers: Array.from({ length: 50 }, (_, i) => stdio(`s${i}`)) }],
      [
        "mcp remote sse",
        { prompt, mcpServers: [{ name: "r", type: "sse", url: "https://x.test/sse", auth: { CLIENT_ID: "c" } }] },
      ],
      ["20 subagents", { prompt, customSubagents: Array.from({ length: 20 }, (_, i) => sub(`s${i}`)) }],
      [
        "subagent limits",
        { prompt, customSubagents: [{ name: big(100), description: big(1000), prompt: big(8192), model: "inherit" }] },
      ],
      ["mode plan", { prompt, mode: "plan" }],
      ["agentId upper hex", { prompt, agentId: "bc-0F0E0D0C-0000-4000-8000-00000000000A" }],
    ];
    for (const [label, body] of good) {
      const r = await expectCall(label, "POST", "/v1/agents", 201, undefined, { body });
      if (r.status !== 201) continue;
      const { agent, run } = r.json;
      if (!agent || !run) failures.push(`${label}: not {agent, run}`);
      if (body.agentId === undefined && !/^bc-/.test(agent.id)) failures.push(`${label}: agent id ${agent.id}`);
      if (body.agentId === undefined && !UUID.test(agent.id.slice(3))) failures.push(`${label}: agent id ${agent.id}`);
      if (!/^run-/.test(run.id) || !UUID.test(run.id.slice(4))) failures.push(`${label}: run id ${run.id}`);
      if (agent.status !== "ACTIVE") failures.push(`${label}: agent status ${agent.status}`);
      for (const f of ["createdAt", "updatedAt"])
        if (!DATE_TIME.test(agent[f] ?? "") || !DATE_TIME.test(run[f] ?? "")) failures.push(`${label}: ${f}`);
      if (typeof agent.url !== "string" || !URL.canParse(agent.url)) failures.push(`${label}: agent.url`);
      if (!agent.env?.type) failures.push(`${label}: agent.env`);
      if (run.agentId !== agent.id) failures.push(`${label}: run.agentId`);
      if (agent.latestRunId !== run.id) failures.push(`${label}: latestRunId ${agent.latestRunId}`);
      if (!["CREATING", "RUNNING"].includes(run.status)) failures.push(`${label}: run status ${run.status}`);
      if ("durationMs" in run || "result" in run) failures.push(`${label}: a new run has durationMs/result`);
      if (!Array.isArray(agent.repos)) failures.push(`${label}: agent.repos`);
      if (body.env?.type === "pool" && agent.env.name !== "default") failures.push(`${label}: pool name default`);
      if ("envVars" in agent) failures.push(`${label}: envVars echoed`);
    }
    const again = await call("POST", "/v1/agents", {
      body: { prompt, agentId: "bc-0f0e0d0c-0000-4000-8000-00000000000a" },
    });
    if (again.status !== 409 || again.json?.error?.code !== "agent_id_conflict")
      failures.push(`re-posted agentId (other case): ${again.status} ${again.text.slice(0, 100)}`);
    expect(failures).toEqual([]);
  });

  it("lists agents and runs newest first with the documented limit/cursor rules", async () => {
    const { failures, expectCall, call, clock } = world();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await call("POST", "/v1/agents", { body: { prompt: { text: `t${i}` } } });
      ids.unshift(r.json.agent.id);
      clock.t += 10_000;
    }
    for (const q of [
      "limit=0",
      "limit=101",
      "limit=abc",
      "limit=1.5",
      "limit=-1",
      "cursor=",
      "cursor=garbage!",
      "includeArchived=maybe",
      "prUrl=not%20a%20uri",
    ])
      await expectCall(`agents ?${q}`, "GET", `/v1/agents?${q}`, 400);
    await expectCall("limit=100", "GET", "/v1/agents?limit=100", 200);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const r = await call("GET", `/v1/agents?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      if (r.status !== 200) {
        failures.push(`page ${page}: ${r.status}`);
        break;
      }
      seen.push(...r.json.items.map((a: Json) => a.id));
      if ("nextCursor" in r.json && typeof r.json.nextCursor !== "string")
        failures.push("nextCursor not string/omitted");
      if (r.json.items.some((a: Json) => "repos" in a)) failures.push("list items are AgentSummary, not Agent");
      cursor = r.json.nextCursor;
      if (cursor === undefined) break;
    }
    if (seen.join() !== ids.join()) failures.push(`pages: ${seen.join()} vs ${ids.join()}`);
    const def = await call("GET", "/v1/agents");
    if (def.json.items.length !== 5 || "nextCursor" in def.json) failures.push("default list");
    // A cursor of the agent list is no cursor of a run list.
    const first = await call("GET", "/v1/agents?limit=1");
    await expectCall("agents cursor on runs", "GET", `/v1/agents/${ids[0]}/runs?cursor=${first.json.nextCursor}`, 400);

    await call("POST", `/v1/agents/${ids[1]}/archive`);
    const noArchived = await call("GET", "/v1/agents?includeArchived=false");
    if (noArchived.json.items.some((a: Json) => a.id === ids[1])) failures.push("includeArchived=false shows archived");
    const withArchived = await call("GET", "/v1/agents?includeArchived=true");
    if (!withArchived.json.items.some((a: Json) => a.id === ids[1] && a.status === "ARCHIVED"))
      failures.push("includeArchived=true hides archived");

    // Runs on one agent.
    const agent = ids[0] as string;
    for (let i = 0; i < 3; i++) {
      clock.t += 60_000;
      const r = await call("POST", `/v1/agents/${agent}/runs`, { body: { prompt: { text: `f${i}` } } });
      if (r.status !== 201) failures.push(`follow-up ${i}: ${r.status}`);
    }
    for (const q of ["limit=0", "limit=101", "limit=x", "cursor="])
      await expectCall(`runs ?${q}`, "GET", `/v1/agents/${agent}/runs?${q}`, 400);
    await expectCall("runs unknown agent", "GET", "/v1/agents/bc-nope/runs", 404, "agent_not_found");
    const runs: string[] = [];
    cursor = undefined;
    for (let page = 0; page < 10; page++) {
      const r = await call("GET", `/v1/agents/${agent}/runs?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      runs.push(...r.json.items.map((x: Json) => x.createdAt));
      cursor = r.json.nextCursor;
      if (cursor === undefined) break;
    }
    if (runs.length !== 4 || [...runs].sort().reverse().join() !== runs.join()) failures.push(`runs order ${runs}`);
    expect(failures).toEqual([]);
  });

  it("gets, deletes, archives, runs, cancels and reports usage with the documented statuses", async () => {
    const { failures, expectCall, call, clock, fake } = world();
    const created = (await call("POST", "/v1/agents", { body: { prompt, repos: [{ url: "https://github.com/a/b" }] } }))
      .json;
    const id = created.agent.id as string;
    const runId = created.run.id as string;
    await expectCall("get", "GET", `/v1/agents/${id}`, 200);
    await expectCall(
      "get unknown",
      "GET",
      "/v1/agents/bc-00000000-0000-4000-8000-000000000000",
      404,
      "agent_not_found",
    );
    await expectCall("run get", "GET", `/v1/agents/${id}/runs/${runId}`, 200);
    await expectCall("run get unknown", "GET", `/v1/agents/${id}/runs/run-nope`, 404, "run_not_found");
    await expectCall("run get unknown agent", "GET", `/v1/agents/bc-nope/runs/${runId}`, 404, "agent_not_found");
    await expectCall("busy", "POST", `/v1/agents/${id}/runs`, 409, "agent_busy", { body: { prompt } });
    await expectCall("run missing body", "POST", `/v1/agents/${id}/runs`, 400);
    await expectCall("run bad mode", "POST", `/v1/agents/${id}/runs`, 400, undefined, { body: { prompt, mode: "x" } });
    await expectCall("run 6 images", "POST", `/v1/agents/${id}/runs`, 400, undefined, {
      body: { prompt: { ...prompt, images: Array(6).fill({ url: "https://x.test/a.png" }) } },
    });
    await expectCall("run unknown agent", "POST", "/v1/agents/bc-nope/runs", 404, "agent_not_found", {
      body: { prompt },
    });
    await expectCall("usage", "GET", `/v1/agents/${id}/usage`, 200);
    await expectCall("usage unknown run", "GET", `/v1/agents/${id}/usage?runId=run-nope`, 404, "run_not_found");
    await expectCall("usage unknown agent", "GET", "/v1/agents/bc-nope/usage", 404, "agent_not_found");
    const cancel = await expectCall("cancel", "POST", `/v1/agents/${id}/runs/${runId}/cancel`, 200);
    if (cancel.json?.id !== runId) failures.push(`cancel body ${cancel.text}`);
    const cancelled = await call("GET", `/v1/agents/${id}/runs/${runId}`);
    if (cancelled.json.status !== "CANCELLED") failures.push(`after cancel ${cancelled.json.status}`);
    if (typeof cancelled.json.durationMs !== "number" || cancelled.json.durationMs < 0)
      failures.push("terminal run lacks durationMs");
    await expectCall("cancel again", "POST", `/v1/agents/${id}/runs/${runId}/cancel`, 409, "run_not_cancellable");
    await expectCall("cancel unknown", "POST", `/v1/agents/${id}/runs/run-nope/cancel`, 404, "run_not_found");

    clock.t += 5_000;
    const follow = await expectCall("follow-up", "POST", `/v1/agents/${id}/runs`, 201, undefined, {
      body: { prompt, mode: "plan" },
    });
    if (!follow.json?.run || Object.keys(follow.json).join() !== "run") failures.push(`follow-up body ${follow.text}`);
    clock.t += 60_000;
    const done = await call("GET", `/v1/agents/${id}/runs/${follow.json.run.id}`);
    if (done.json.status !== "FINISHED" || typeof done.json.result !== "string" || done.json.result === "")
      failures.push(`finished run ${done.text}`);
    const usage = await call("GET", `/v1/agents/${id}/usage`);
    const sum = (u: Json) => u.inputTokens + u.outputTokens + u.cacheWriteTokens + u.cacheReadTokens;
    if (usage.json.runs.length !== 2) failures.push("usage runs count");
    for (const u of [usage.json.totalUsage, ...usage.json.runs.map((r: Json) => r.usage)])
      if (u.totalTokens !== sum(u)) failures.push("totalTokens is not the sum");
    const one = await call("GET", `/v1/agents/${id}/usage?runId=${runId}`);
    if (one.json.runs.length !== 1 || one.json.runs[0].id !== runId) failures.push("usage runId scope");

    await expectCall("archive", "POST", `/v1/agents/${id}/archive`, 200);
    const archived = await expectCall("archived readable", "GET", `/v1/agents/${id}`, 200);
    if (archived.json?.status !== "ARCHIVED") failures.push("archived status");
    await expectCall("run on archived", "POST", `/v1/agents/${id}/runs`, 409, "agent_archived", { body: { prompt } });
    await expectCall("archive unknown", "POST", "/v1/agents/bc-nope/archive", 404, "agent_not_found");
    await expectCall("unarchive", "POST", `/v1/agents/${id}/unarchive`, 200);
    const del = await expectCall("delete", "DELETE", `/v1/agents/${id}`, 200);
    if (del.json?.id !== id) failures.push(`delete body ${del.text}`);
    await expectCall("get deleted", "GET", `/v1/agents/${id}`, 404, "agent_not_found");
    await expectCall("delete deleted", "DELETE", `/v1/agents/${id}`, 404, "agent_not_found");

    const noUsage = world({ features: { usage: false } });
    const a = (await noUsage.call("POST", "/v1/agents", { body: { prompt } })).json.agent.id;
    await noUsage.expectCall("usage early access", "GET", `/v1/agents/${a}/usage`, 403, "feature_unavailable");
    failures.push(...noUsage.failures);

    fake.faults.add({ kind: "rate_limit", retryAfterSeconds: 7 });
    const limited = await expectCall("429", "GET", "/v1/agents", 429, "rate_limit_exceeded");
    for (const h of ["retry-after", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"])
      if (!limited.headers.has(h)) failures.push(`429 lacks ${h}`);
    if (limited.headers.get("retry-after") !== "7") failures.push("Retry-After");
    expect(failures).toEqual([]);
  });
});
