import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/errors.js";
import { ForgeApp } from "../../../src/forge/forge-app.js";
import { generateAppKeyPair } from "../../../src/forge/keys.js";
import type { PostCheckRunResponse } from "../../../src/forge/schemas/check-responses.js";
import { watchCheckRuns } from "../../../src/reactive/index.js";
import { createFakeService } from "../../../src/testing/index.js";
import { manualClock, record, settle } from "./helpers.js";

const SHA = "c".repeat(40);

async function forgeSetup() {
  const { now, sleep, advance } = manualClock();
  const fake = createFakeService({ now });
  const keys = await generateAppKeyPair();
  const { appId } = fake.forge.registerApp({ publicKeyPem: keys.publicKey, install: false });
  const { installationId } = fake.forge.createInstallation({ appId, scopes: ["repository:checks:write"] });
  const app = new ForgeApp({
    appId,
    privateKey: keys.privateKey,
    baseUrl: "http://127.0.0.1:9",
    fetch: fake.fetch,
    now,
    sleep: async () => {},
  });
  const forge = app.installation(installationId);
  const repo = forge.repo("acme", "web-app");
  const iso = (offsetMs = 0) => new Date(now() + offsetMs).toISOString();
  const checkRequests = () => fake.requests.filter((request) => request.path.includes("/check-runs"));
  return { fake, forge, repo, iso, advance, sleep, checkRequests };
}

/** A `repository.check_run.*` delivery as a webhook handler hands it over: the post's answer, wrapped. */
function delivery(type: string, answer: PostCheckRunResponse, repository = "acme/web-app") {
  return {
    type,
    payload: { repository: { fullName: repository }, checkSuite: answer.checkSuite, checkRun: answer.checkRun },
  };
}

describe("watchCheckRuns", () => {
  it("holds the current run per key from webhook events, ignoring stale and unrelated ones", async () => {
    const { repo, iso, fake } = await forgeSetup();
    const suite = { key: "ci", externalId: "build-1" };
    const base = { sha: SHA, suite, key: "lint", externalId: "lint-1" };
    const view = watchCheckRuns({ owner: "acme", repo: "web-app", sha: SHA });
    const lint = record(view.run("lint"));
    const test = record(view.run("test"));

    const started = await repo.checkRuns.post({ ...base, status: "in_progress", externalUpdatedAt: iso(0) });
    const done = await repo.checkRuns.post({
      ...base,
      status: "completed",
      conclusion: "success",
      externalUpdatedAt: iso(1_000),
    });
    const requests = fake.requests.length;
    expect(view.feed(delivery("repository.check_run.created", started))).toBe("applied");
    expect(view.pending.value).toBe(true);
    expect(view.feed(delivery("repository.check_run.completed", done))).toBe("applied");
    expect(view.feed(delivery("repository.check_run.created", started))).toBe("stale"); // a late redelivery
    expect(view.feed(delivery("repository.check_run.completed", done))).toBe("unchanged");
    // Without updatedAt the spec's rule decides: in_progress cannot reopen a completed run at the same timestamp.
    const reopen = { ...done, checkRun: { ...done.checkRun, status: "in_progress", updatedAt: undefined } };
    expect(view.feed(delivery("repository.check_run.created", reopen))).toBe("stale");
    expect(view.run("lint").value).toMatchObject({ status: "completed", conclusion: "success" });
    expect(view.pending.value).toBe(false);
    expect(fake.requests.length).toBe(requests); // feeding never calls the forge

    const testRun = await repo.checkRuns.post({
      ...base,
      key: "test",
      externalId: "test-1",
      status: "queued",
      externalUpdatedAt: iso(2_000),
    });
    view.feed(delivery("repository.check_run.created", testRun));
    expect(view.runs.value.map((run) => `${run.key}:${run.status}`)).toEqual(["lint:completed", "test:queued"]);
    expect(lint.values.map((run) => run?.status)).toEqual([undefined, "in_progress", "completed"]);
    expect(test.values.map((run) => run?.status)).toEqual([undefined, "queued"]);

    expect(view.feed(delivery("repository.check_run.created", testRun, "acme/other"))).toBe("unrelated");
    expect(view.feed({ type: "pull_request.created", payload: {} })).toBe("unrelated");
    const otherCommit = { ...testRun, checkRun: { ...testRun.checkRun, id: "cr_other", sha: "d".repeat(40) } };
    expect(view.feed(delivery("repository.check_run.created", otherCommit))).toBe("unrelated");
    expect(view.feed({ type: "repository.check_run.created", payload: { checkRun: { id: 5 } } })).toBe("invalid");
    expect(view.feed("not an event")).toBe("invalid");
    lint.stop();
    test.stop();
  });

  it("selects by the ledger's rules: a newer suite attempt replaces the old attempt's runs", async () => {
    const { repo, iso } = await forgeSetup();
    const view = watchCheckRuns({ owner: "acme", repo: "web-app", sha: SHA });
    const post = (externalId: string, key: string, at: number) =>
      repo.checkRuns.post({
        sha: SHA,
        suite: { key: "ci", externalId },
        key,
        externalId: `${key}-${externalId}`,
        status: "completed",
        conclusion: "failure",
        externalUpdatedAt: iso(at),
      });
    for (const answer of [await post("build-1", "lint", 0), await post("build-1", "test", 100)]) {
      view.feed(delivery("repository.check_run.completed", answer));
    }
    expect(view.runs.value.map((run) => run.key)).toEqual(["lint", "test"]);
    const retry = await post("build-2", "lint", 5_000);
    view.feed(delivery("repository.check_run.completed", retry));
    expect(view.runs.value.map((run) => run.id)).toEqual([retry.checkRun.id]);
    const listed = await repo.checkRuns.listForCommit(SHA).toArray();
    expect(listed.map((run) => run.id)).toEqual([retry.checkRun.id]); // the forge agrees
  });

  it("polls List Check Runs For Commit while watched, and sees a deadline expire", async () => {
    const { repo, iso, forge, advance, sleep, checkRequests } = await forgeSetup();
    const base = { sha: SHA, suite: { key: "ci", externalId: "build-1" }, externalUpdatedAt: iso(0) };
    await repo.checkRuns.post({
      ...base,
      key: "lint",
      externalId: "lint-1",
      status: "in_progress",
      deadlineAt: iso(120_000),
    });
    const view = watchCheckRuns({ owner: "acme", repo: "web-app", sha: SHA, forge, pollIntervalMs: 60_000, sleep });
    await settle();
    expect(checkRequests()).toHaveLength(1); // only the post: nothing is polled until watched

    const watching = record(view.snapshot);
    await advance(0);
    expect(view.connection.value).toBe("polling");
    expect(view.runs.value.map((run) => `${run.key}:${run.status}`)).toEqual(["lint:in_progress"]);
    await repo.checkRuns.post({ ...base, key: "test", externalId: "test-1", status: "queued" });
    await advance(60_000);
    expect(view.runs.value.map((run) => run.key)).toEqual(["lint", "test"]);
    await advance(120_000); // past lint's deadline: the forge completes it as timed_out
    expect(view.run("lint").value).toMatchObject({ status: "completed", conclusion: "timed_out" });
    expect(view.pending.value).toBe(true); // test is still queued (queued runs never expire)

    watching.stop();
    await settle();
    expect(view.connection.value).toBe("idle");
    const polls = checkRequests().length;
    await advance(600_000);
    expect(checkRequests()).toHaveLength(polls);
    expect(view.error.value).toBeUndefined();
  });

  it("checks its options before any request", async () => {
    const { forge, fake } = await forgeSetup();
    const before = fake.requests.length;
    expect(() => watchCheckRuns({ owner: "", repo: "web-app", sha: SHA })).toThrow(ValidationError);
    expect(() => watchCheckRuns({ owner: "acme", repo: "web-app", sha: " ", forge })).toThrow(
      expect.objectContaining({ path: "sha", rule: "required" }),
    );
    expect(() => watchCheckRuns({ owner: "acme", repo: "web-app", sha: SHA, forge, pollIntervalMs: -1 })).toThrow(
      expect.objectContaining({ path: "pollIntervalMs", rule: "positive" }),
    );
    await expect(watchCheckRuns({ owner: "acme", repo: "web-app", sha: SHA }).refresh()).rejects.toThrow(/forge/);
    expect(fake.requests.length).toBe(before);
  });
});
