import { describe, expect, it } from "vitest";
import { ConflictError, ValidationError } from "../../../src/core/errors.js";
import { ForgeApp } from "../../../src/forge/forge-app.js";
import { generateAppKeyPair } from "../../../src/forge/keys.js";
import { isMergeable } from "../../../src/forge/schemas/pull-responses.js";
import { createFakeService } from "../../../src/testing/index.js";

const SCOPES = [
  "repository:contents:write",
  "repository:pull_requests:write",
  "repository:checks:write",
  "repository:labels:write",
];

async function repoSetup() {
  const now = Date.parse("2026-11-21T12:00:00Z");
  const fake = createFakeService({ now: () => now });
  const keys = await generateAppKeyPair();
  const { appId } = fake.forge.registerApp({ publicKeyPem: keys.publicKey, install: false });
  const { installationId } = fake.forge.createInstallation({ appId, scopes: SCOPES });
  const app = new ForgeApp({
    appId,
    privateKey: keys.privateKey,
    baseUrl: "http://127.0.0.1:9",
    fetch: fake.fetch,
    now: () => now,
    sleep: async () => {},
  });
  const forge = app.installation(installationId);
  const iso = (offsetMs = 0) => new Date(now + offsetMs).toISOString();
  return { fake, forge, repo: forge.repo("acme", "web-app"), iso };
}

describe("ForgeClient repository resources against the fake forge", () => {
  it("manages labels, and checks the documented limits before the network", async () => {
    const { repo, fake } = await repoSetup();
    const created = await repo.labels.create({ name: "needs-review", color: "ff8800", description: "waiting" });
    expect(created.name).toBe("needs-review");
    await expect(repo.labels.create({ name: "needs-review", color: "00ff00" })).rejects.toBeInstanceOf(ConflictError);
    const names = (await repo.labels.list().toArray()).map((l) => l.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain("needs-review");
    expect((await repo.labels.update("needs-review", { color: "00aa00" })).color).toBe("00aa00");
    await repo.labels.delete("needs-review");
    const before = fake.requests.length;
    await expect(repo.labels.create({ name: "x", color: "#ff0000" })).rejects.toMatchObject({
      path: "color",
      rule: "color",
    });
    await expect(repo.labels.create({ name: "é".repeat(51), color: "ff0000" })).rejects.toBeInstanceOf(ValidationError);
    expect(fake.requests.length).toBe(before);
  });

  it("opens, lists, updates and merges a pull request; numbers stay strings; base must be a branch", async () => {
    const { repo, fake } = await repoSetup();
    const pull = await repo.pulls.create({ title: "Add login", head: "feature/login", base: "main" });
    expect(typeof pull.number).toBe("string");
    expect((await repo.pulls.list({ state: "open" }).toArray()).map((p) => p.number)).toContain(pull.number);
    expect((await repo.pulls.update(pull.number, { title: "Add login page" })).title).toBe("Add login page");
    await repo.pulls.merge(pull.number, { mergeMethod: "squash" });
    expect((await repo.pulls.get(pull.number)).state).toBe("merged");
    const before = fake.requests.length;
    await expect(repo.pulls.create({ title: "x", head: "fix/typo", base: "a".repeat(40) })).rejects.toMatchObject({
      path: "base",
    });
    await expect(repo.pulls.merge(pull.number, { mergeMethod: "rebase" as never })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(fake.requests.length).toBe(before);
    expect(isMergeable({ verdict: "maybe" } as never)).toBe(false);
  });

  it("posts check runs with the ledger's outcomes, batches in order, annotations, listing by commit", async () => {
    const { repo, iso } = await repoSetup();
    const sha = "b".repeat(40);
    const base = { sha, suite: { key: "ci", externalId: "build-1" }, key: "lint", externalId: "lint-1" };
    const first = await repo.checkRuns.post({ ...base, status: "in_progress", externalUpdatedAt: iso(0) });
    expect(first.outcome).toBe("created");
    const same = await repo.checkRuns.post({ ...base, status: "in_progress", externalUpdatedAt: iso(0) });
    expect(same.outcome).toBe("unchanged");
    const done = await repo.checkRuns.post({
      ...base,
      status: "completed",
      conclusion: "success",
      externalUpdatedAt: iso(1_000),
    });
    expect(done.outcome).toBe("updated");
    const stale = await repo.checkRuns.post({ ...base, status: "in_progress", externalUpdatedAt: iso(500) });
    expect(stale.outcome).toBe("ignored_stale");
    expect(stale.checkRun.status).toBe("completed");
    const batch = await repo.checkRuns.batchUpsert([
      { ...base, key: "test", externalId: "test-1", status: "queued", externalUpdatedAt: iso(0) },
      { ...base, key: "types", externalId: "types-1", status: "queued", externalUpdatedAt: iso(0) },
    ]);
    expect(batch.results.map((r) => [r.checkRun.key, r.outcome])).toEqual([
      ["test", "created"],
      ["types", "created"],
    ]);
    const runs = await repo.checkRuns.listForCommit(sha).toArray();
    expect(runs.map((r) => r.key).sort()).toEqual(["lint", "test", "types"]);
    const runId = first.checkRun.id;
    await repo.checkRuns.appendAnnotations(runId, [
      { path: "src/a.ts", startLine: 1, endLine: 1, level: "warning", message: "unused" },
    ] as never);
    expect(await repo.checkRuns.annotations(runId).toArray()).toHaveLength(1);
    await expect(
      repo.checkRuns.post({ ...base, status: "rerequested", externalUpdatedAt: iso(2_000) }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      repo.checkRuns.post({ ...base, status: "queued", externalUpdatedAt: iso(3_600_000) }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it("reads check suites: one by id, the suites on a commit, and a suite's runs (latest attempts)", async () => {
    const { repo, iso, fake } = await repoSetup();
    const sha = "d".repeat(40);
    const post = (suite: string, key: string, at = 0) =>
      repo.checkRuns.post({
        sha,
        suite: { key: suite, externalId: `${suite}-1` },
        key,
        externalId: `${key}-1`,
        status: "in_progress",
        externalUpdatedAt: iso(at),
      });
    const lint = await post("ci", "lint");
    await post("ci", "test");
    await post("deploy", "preview");
    await post("ci", "lint", 1_000);
    const suiteId = lint.checkSuite?.id as string;
    expect((await repo.checkSuites.get(suiteId)).id).toBe(suiteId);
    const suites = await repo.checkSuites.listForCommit(sha, { pageSize: 1 }).toArray();
    expect(suites).toHaveLength(2);
    expect(new Set(suites.map((suite) => suite.id)).size).toBe(2);
    const runs = await repo.checkSuites.runs(suiteId).toArray();
    expect(runs.map((run) => run.key).sort()).toEqual(["lint", "test"]);
    const before = fake.requests.length;
    expect(() => repo.checkSuites.runs(suiteId, { pageSize: 101 })).not.toThrow();
    await expect(repo.checkSuites.runs(suiteId, { pageSize: 101 }).toArray()).rejects.toMatchObject({
      path: "pageSize",
    });
    await expect(repo.checkSuites.get("")).rejects.toBeInstanceOf(ValidationError);
    expect(fake.requests.length).toBe(before);
  });
});
