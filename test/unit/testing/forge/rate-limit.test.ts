import { describe, expect, it } from "vitest";
import { forgeSetup, rpc, USER_TOKEN } from "./helpers.js";
import { repoSetup } from "./repo-setup.js";

describe("forge rate limits, request ids and unmatched routes", () => {
  it("GET /rate_limit costs 0, carries no rate-limit headers and mirrors resources.core in rate", async () => {
    const { call, jwt, mint, clock } = await forgeSetup();
    await call("GET", "/app", { token: await jwt() });
    const { status, json, headers } = await call("GET", "/rate_limit", { token: await jwt() });
    expect(status).toBe(200);
    expect(headers.get("x-ratelimit-limit")).toBeNull();
    const reset = Math.floor(clock.t / 1000) + 60;
    expect(json.resources.core).toEqual({ limit: 6000, remaining: 5999, reset, used: 1 });
    expect(json.rate).toEqual(json.resources.core);
    const installation = await call("GET", "/rate_limit", { token: (await mint()).json.token });
    expect(installation.json.resources.core).toMatchObject({ limit: 3000, used: 0 });
    const user = await call("GET", "/rate_limit", { token: USER_TOKEN });
    expect(user.json.resources.core.limit).toBe(600);
  });

  it("charges points with X-RateLimit-* headers and answers 429 code 8 with Retry-After 60 when spent", async () => {
    const { fake, call, jwt, appId, clock } = await forgeSetup({ forge: { rateLimits: { app: 7 } } });
    const first = await call("GET", "/app", { token: await jwt() });
    expect(Object.fromEntries([...first.headers].filter(([name]) => name.startsWith("x-ratelimit")))).toEqual({
      "x-ratelimit-limit": "7",
      "x-ratelimit-remaining": "6",
      "x-ratelimit-used": "1",
      "x-ratelimit-reset": String(Math.floor(clock.t / 1000) + 60),
      "x-ratelimit-resource": "core",
    });
    const installationId = fake.forge.createInstallation({ appId }).installationId;
    expect(
      (await call("DELETE", `/app/installations/${installationId}`, { token: await jwt() })).headers.get(
        "x-ratelimit-used",
      ),
    ).toBe("6");
    const lastPoint = await call("POST", `/app/installations/${installationId}/access_tokens`, { token: await jwt() });
    expect(lastPoint.status).toBe(404); // 1 point: 7 of 7 used, still admitted
    const limited = await call("GET", "/app", { token: await jwt() });
    expect([limited.status, limited.json.code]).toEqual([429, 8]);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(fake.forge.stats[`app:${appId}`]).toMatchObject({ limit: 7, used: 7, rejected: 1 });
    clock.t += 60_000;
    expect((await call("GET", "/app", { token: await jwt() })).status).toBe(200);
  });

  it("does not charge authentication or authorization failures", async () => {
    const { fake, call, jwt, appId } = await forgeSetup({ forge: { rateLimits: { app: 1 } } });
    await call("GET", "/app", { token: await jwt({ aud: "nope" }) });
    await call("GET", "/installation/repos", { token: await jwt() });
    expect(fake.forge.stats[`app:${appId}`]).toBeUndefined();
    expect((await call("GET", "/app", { token: await jwt() })).status).toBe(200);
  });

  it("does not charge an unreachable repository (404) or a scope that does not apply to a mirror (403)", async () => {
    const { fake, call, mint, repoInstallationId } = await repoSetup();
    const mirror = fake.forge.mirrors.add({ status: "inbound" });
    const token: string = (await mint({}, repoInstallationId)).json.token;
    const key = `installation:${repoInstallationId}`;
    const missing = await call("GET", "/repos/acme/no-such-repo/labels", { token });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-ratelimit-used")).toBeNull();
    const refused = await call("GET", `/repos/_/${mirror.repoId}/labels`, { token });
    expect(refused.status).toBe(403);
    expect(fake.forge.stats[key]?.totalCharged ?? 0).toBe(0);
    const served = await call("GET", "/repos/acme/web-app/labels", { token });
    expect([served.status, served.headers.get("x-ratelimit-used")]).toEqual([200, "1"]);
  });

  it("echoes x-request-id (else generates one) in the header and the RequestInfo detail", async () => {
    const { call, jwt } = await forgeSetup();
    const echoed = await call("GET", "/app/installations/nope", {
      token: await jwt(),
      headers: { "x-request-id": "trace-42" },
    });
    expect(echoed.headers.get("x-request-id")).toBe("trace-42");
    expect(rpc(echoed.json)).toMatchObject({ code: 5, requestId: "trace-42" });
    const generated = await call("GET", "/app");
    const id = generated.headers.get("x-request-id");
    expect(id).toBeTruthy();
    expect(rpc(generated.json).requestId).toBe(id);
    expect(
      (await call("GET", "/app", { token: await jwt(), headers: { "x-request-id": "ok-1" } })).headers.get(
        "x-request-id",
      ),
    ).toBe("ok-1");
  });

  it("answers unmatched paths and wrong methods with the RPC body naming method and path, not the query", async () => {
    const { call } = await forgeSetup();
    const missing = await call("GET", "/nowhere?secret=1");
    expect([missing.status, missing.json.code]).toEqual([404, 5]);
    expect(missing.json.message).toContain("GET /v1/forge/nowhere");
    expect(missing.json.message).not.toContain("secret");
    const wrong = await call("PUT", "/app");
    expect(wrong.status).toBe(404);
    expect(wrong.json.message).toContain("PUT /v1/forge/app");
    expect(wrong.headers.get("allow")).toBe("GET");
  });

  it("turns injected faults into the forge's RPC body", async () => {
    const { fake, call, jwt } = await forgeSetup();
    fake.faults.add({ kind: "server_error", status: 503, route: "/v1/forge/app" });
    const { status, json, headers } = await call("GET", "/app", { token: await jwt() });
    expect([status, json.code]).toEqual([503, 14]);
    expect(rpc(json).requestId).toBe(headers.get("x-request-id"));
  });
});
