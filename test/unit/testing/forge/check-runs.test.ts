import { describe, expect, it } from "vitest";
import { type Json, rpc } from "./helpers.js";
import { repoSetup } from "./repo-setup.js";

const SHA = "a".repeat(40);
const RUNS = "/repos/acme/web-app/check-runs";

function post(iso: (offset?: number) => string, overrides: Record<string, unknown> = {}) {
  return {
    sha: SHA,
    suite: { key: "ci", externalId: "build-1" },
    key: "lint",
    externalId: "lint-1",
    status: "in_progress",
    externalUpdatedAt: iso(),
    startedAt: iso(),
    name: "Lint",
    ...overrides,
  };
}

describe("forge check runs: post and batch upsert", () => {
  it("answers created, unchanged, updated and ignored_stale through HTTP, charging 5 points", async () => {
    const { call, token, iso, clock } = await repoSetup();
    const first = await call("POST", RUNS, { token, body: post(iso) });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-used")).toBe("5");
    expect(first.json).toMatchObject({
      outcome: "created",
      checkRun: { key: "lint", name: "Lint", status: "in_progress", sha: SHA, isRerequestable: false },
      checkSuite: { key: "ci", externalId: "build-1", sha: SHA },
    });
    expect(first.json.checkRun.actor.app.id).toMatch(/^app_/);
    const body = post(iso);
    expect((await call("POST", RUNS, { token, body })).json.outcome).toBe("unchanged");
    clock.t += 1000;
    const done = post(iso, { status: "completed", conclusion: "success", completedAt: iso() });
    const updated = await call("POST", RUNS, { token, body: done });
    expect(updated.json).toMatchObject({
      outcome: "updated",
      checkRun: { status: "completed", conclusion: "success" },
    });
    expect(updated.json.checkRun.id).toBe(first.json.checkRun.id);
    const stale = await call("POST", RUNS, { token, body: post(iso, { externalUpdatedAt: iso(-5000) }) });
    expect(stale.status).toBe(200);
    expect(stale.json).toMatchObject({ outcome: "ignored_stale", checkRun: { status: "completed" } });
    expect(stale.json.checkRun.updatedAt).toBe(updated.json.checkRun.updatedAt);
  });

  it("accepts _/{repoId} and case-insensitive slugs for the same repository", async () => {
    const { call, token, iso } = await repoSetup();
    const created = await call("POST", "/repos/ACME/Web-App/check-runs", { token, body: post(iso) });
    const byId = await call("GET", `/repos/_/repo_0001/check-runs/${created.json.checkRun.id}`, { token });
    expect(byId.status).toBe(200);
    expect(byId.json.id).toBe(created.json.checkRun.id);
  });

  it("refuses a posted rerequested status and broken timestamps with field violations", async () => {
    const { call, token, iso } = await repoSetup();
    const rerequested = await call("POST", RUNS, { token, body: post(iso, { status: "rerequested" }) });
    expect(rerequested.status).toBe(400);
    expect(rpc(rerequested.json)).toMatchObject({ code: 3, fields: ["status"] });
    const future = await call("POST", RUNS, { token, body: post(iso, { externalUpdatedAt: iso(120_000) }) });
    expect(rpc(future.json).fields).toEqual(["externalUpdatedAt"]);
    const missing = await call("POST", RUNS, { token, body: { sha: SHA } });
    expect(rpc(missing.json).fields).toEqual(expect.arrayContaining(["key", "externalId", "suite"]));
  });

  it("batch upsert answers results[] in request order plus the deprecated checkRuns[]", async () => {
    const { call, token, iso } = await repoSetup();
    await call("POST", RUNS, { token, body: post(iso, { key: "test", externalId: "t-1" }) });
    const requests = [
      post(iso, { key: "build", externalId: "b-1" }),
      post(iso, { key: "test", externalId: "t-1", externalUpdatedAt: iso(-1000) }),
      post(iso, { key: "lint", externalId: "l-1" }),
    ];
    const { status, json } = await call("POST", `${RUNS}:batchUpsert`, { token, body: { requests } });
    expect(status).toBe(200);
    expect(json.results.map((r: Json) => [r.checkRun.key, r.outcome])).toEqual([
      ["build", "created"],
      ["test", "ignored_stale"],
      ["lint", "created"],
    ]);
    expect(json.checkRuns.map((r: Json) => r.key)).toEqual(["build", "test", "lint"]);
    const bad = await call("POST", `${RUNS}:batchUpsert`, {
      token,
      body: { requests: [post(iso), post(iso, { status: "rerequested" })] },
    });
    expect(rpc(bad.json)).toMatchObject({ code: 3, fields: ["requests[1].status"] });
    expect((await call("POST", `${RUNS}:batchUpsert`, { token, body: { requests: [] } })).status).toBe(400);
  });

  it("needs checks:write on an installation token, and refuses mirrors (403) and unknown repos (404)", async () => {
    const { call, token, iso } = await repoSetup();
    const readOnly = await repoSetup(["repository:checks:read"]);
    const denied = await readOnly.call("POST", RUNS, { token: readOnly.token, body: post(readOnly.iso) });
    expect(denied.status).toBe(403);
    const mirror = await call("POST", "/repos/acme/legacy-mirror/check-runs", { token, body: post(iso) });
    expect(mirror.status).toBe(403);
    expect((await call("POST", "/repos/acme/nope/check-runs", { token, body: post(iso) })).status).toBe(404);
  });
});

describe("forge check runs: reads", () => {
  it("gets a run and a suite, lists suites and latest runs for a commit with filters, and runs for a suite", async () => {
    const { call, token, iso, clock } = await repoSetup();
    const lint = await call("POST", RUNS, { token, body: post(iso) });
    await call("POST", RUNS, { token, body: post(iso, { key: "test", externalId: "t-1", status: "queued" }) });
    clock.t += 1000;
    // A new externalId starts a new attempt; the old stays readable by id but is no longer listed.
    const retry = await call("POST", RUNS, { token, body: post(iso, { externalId: "lint-2", status: "queued" }) });
    const old = await call("GET", `${RUNS}/${lint.json.checkRun.id}`, { token });
    expect(old.json).toMatchObject({ externalId: "lint-1" });
    const suiteId = lint.json.checkSuite.id;
    expect((await call("GET", `/repos/acme/web-app/check-suites/${suiteId}`, { token })).json).toMatchObject({
      id: suiteId,
      key: "ci",
    });
    const commit = `/repos/acme/web-app/commits/${SHA}`;
    const suites = await call("GET", `${commit}/check-suites`, { token });
    expect(suites.json.checkSuites.map((s: Json) => s.id)).toEqual([suiteId]);
    const runs = await call("GET", `${commit}/check-runs`, { token });
    expect(runs.json.checkRuns.map((r: Json) => r.externalId).sort()).toEqual(["lint-2", "t-1"]);
    const named = await call("GET", `${commit}/check-runs?checkName=lint`, { token });
    expect(named.json.checkRuns.map((r: Json) => r.id)).toEqual([retry.json.checkRun.id]);
    const queued = await call("GET", `${commit}/check-runs?status=queued`, { token });
    expect(queued.json.checkRuns).toHaveLength(2);
    expect((await call("GET", `${commit}/check-runs?status=done`, { token })).status).toBe(400);
    const inSuite = await call("GET", `/repos/acme/web-app/check-suites/${suiteId}/check-runs`, { token });
    expect(inSuite.json.checkRuns).toHaveLength(2);
    expect((await call("GET", `${RUNS}/cr_nope`, { token })).status).toBe(404);
  });

  it("expires an in_progress run past its deadline on the next read", async () => {
    const { call, token, iso, clock } = await repoSetup();
    const body = post(iso, { deadlineAt: iso(2 * 60_000) });
    const { json } = await call("POST", RUNS, { token, body });
    clock.t += 3 * 60_000; // tokens live 5 minutes (the JWT bound)
    const read = await call("GET", `${RUNS}/${json.checkRun.id}`, { token });
    expect(read.json).toMatchObject({ status: "completed", conclusion: "timed_out" });
    expect(read.json.deadlineAt).toBeUndefined();
    expect(read.json.externalUpdatedAt).toBe(body.externalUpdatedAt);
  });
});

describe("forge check runs: annotations and re-requests", () => {
  it("appends 1..25 per call, lists ascending by id, and caps a run at 100 (429)", async () => {
    const { call, token, iso } = await repoSetup();
    const { json } = await call("POST", RUNS, { token, body: post(iso) });
    const path = `${RUNS}/${json.checkRun.id}/annotations`;
    const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ message: `**m${i}**`, rawDetails: "raw" }));
    const appended = await call("POST", path, { token, body: { annotations: batch(25) } });
    expect(appended.json.annotations).toHaveLength(25);
    const tooMany = await call("POST", path, { token, body: { annotations: batch(26) } });
    expect(rpc(tooMany.json)).toMatchObject({ code: 3, fields: ["annotations"] });
    expect((await call("POST", path, { token, body: { annotations: [] } })).status).toBe(400);
    for (let i = 0; i < 3; i++) await call("POST", path, { token, body: { annotations: batch(25) } });
    const over = await call("POST", path, { token, body: { annotations: batch(1) } });
    expect(over.status).toBe(429);
    expect(over.json.code).toBe(8);
    const first = await call("GET", path, { token });
    expect(first.json.annotations).toHaveLength(30);
    const ids: string[] = first.json.annotations.map((a: Json) => a.id);
    expect([...ids].sort()).toEqual(ids);
    const page = await call("GET", `${path}?pageSize=100`, { token });
    expect(page.json).toMatchObject({ nextPageToken: "" });
    expect(page.json.annotations).toHaveLength(100);
  });

  it("re-requests the current completed run on an open pull request's head; a second one is 409", async () => {
    const { call, token, iso } = await repoSetup();
    const pull = await call("POST", "/repos/acme/web-app/pulls", {
      token,
      body: { title: "Login", head: "feature/login", base: "main" },
    });
    const sha = pull.json.head.sha;
    const done = { status: "completed", conclusion: "failure", completedAt: iso(), isRerequestable: true };
    const { json } = await call("POST", RUNS, { token, body: post(iso, { sha, ...done }) });
    const path = `${RUNS}/${json.checkRun.id}/rerequest`;
    const first = await call("POST", path, { token, body: {} });
    expect(first.status).toBe(200);
    expect(first.json.checkRun).toMatchObject({ status: "rerequested", conclusion: "failure" });
    expect(first.json.checkRun.rerequestedBy.app.id).toMatch(/^app_/);
    const second = await call("POST", path, { token, body: {} });
    expect(second.status).toBe(409);
    expect(second.json.code).toBe(6);
    const plain = await call("POST", RUNS, {
      token,
      body: post(iso, { sha, key: "x", externalId: "x", ...done, isRerequestable: false }),
    });
    expect((await call("POST", `${RUNS}/${plain.json.checkRun.id}/rerequest`, { token })).status).toBe(400);
    const offPull = await call("POST", RUNS, { token, body: post(iso, { key: "y", externalId: "y", ...done }) });
    expect((await call("POST", `${RUNS}/${offPull.json.checkRun.id}/rerequest`, { token })).status).toBe(400);
  });
});
