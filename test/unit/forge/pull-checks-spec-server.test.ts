import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForgeClient, isMergeable, readOutcome } from "../../../src/forge/index.js";

// An independent forge from the spec (not src/testing): each route answers what the test queues for it, and
// every request is recorded, so the SDK's reading of mergeability, pull labels and check-run results is checked.

interface Seen {
  method: string;
  path: string;
  body: unknown;
}
const seen: Seen[] = [];
let answer: (seen: Seen) => [number, unknown] = () => [404, { code: 5, message: "no", details: [] }];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => {
      text += chunk;
    });
    req.on("end", () => {
      const request = {
        method: req.method ?? "",
        path: decodeURIComponent(req.url ?? ""),
        body: text ? JSON.parse(text) : undefined,
      };
      seen.push(request);
      const [status, body] = answer(request);
      res.writeHead(status, status === 204 ? {} : { "content-type": "application/json" });
      res.end(status === 204 ? undefined : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const repo = () => new ForgeClient({ token: "oit_abc", baseUrl: origin, maxRetries: 0 }).repo("acme", "web");
const SHA = "d".repeat(40);

describe("mergeability verdicts", () => {
  it("counts only `mergeable` as mergeable: every other verdict, known or not, reads as blocked", async () => {
    const failures: string[] = [];
    const verdicts = [
      "mergeable",
      "blocked",
      "MERGEABLE",
      "unknown",
      "pending",
      "",
      "mergeable ",
      "VERDICT_UNSPECIFIED",
    ];
    for (const verdict of verdicts) {
      answer = () => [200, { verdict, blockers: [], evaluatedPullRequests: [] }];
      try {
        const result = await repo().pulls.mergeability("7");
        if (isMergeable(result) !== (verdict === "mergeable"))
          failures.push(`${JSON.stringify(verdict)}: ${isMergeable(result)}`);
      } catch (error) {
        failures.push(`${JSON.stringify(verdict)} threw ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("pull request labels", () => {
  it("remove one answers the labels that remain, with the label name as one escaped path segment", async () => {
    const remaining = [{ id: "lbl_1", name: "bug", color: "ff0000" }];
    const failures: string[] = [];
    for (const name of ["ready", "needs review", "a/b", "100%", "ünï", "x?y#z"]) {
      answer = () => [200, { labels: remaining }];
      const before = seen.length;
      const result = await repo().pulls.labels.remove("7", name);
      const request = seen[before];
      if (request?.method !== "DELETE") failures.push(`${name}: method ${request?.method}`);
      if (request?.path !== `/v1/forge/repos/acme/web/pulls/7/labels/${name}`)
        failures.push(`${name}: path ${request?.path}`);
      if (JSON.stringify(result.labels) !== JSON.stringify(remaining))
        failures.push(`${name}: ${JSON.stringify(result)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("check-run posts through the REST client", () => {
  it("pairs batch results in request order and reads an unknown outcome as `unknown` without failing", async () => {
    const now = Date.now();
    const post = (externalId: string) => ({
      sha: SHA,
      suite: { key: "ci", externalId: "s1" },
      key: "build",
      externalId,
      status: "completed",
      conclusion: "success",
      externalUpdatedAt: new Date(now - 1000).toISOString(),
      completedAt: new Date(now - 1000).toISOString(),
    });
    const outcomes = ["created", "ignored_stale", "something_new", "unchanged", "updated"];
    answer = () => [
      200,
      {
        results: outcomes.map((outcome, i) => ({ checkRun: { id: `run_${i}`, status: "completed" }, outcome })),
        checkRuns: outcomes.map((_, i) => ({ id: `run_${i}`, status: "completed" })),
      },
    ];
    const result = await repo().checkRuns.batchUpsert(outcomes.map((_, i) => post(`e${i}`)));
    expect(result.results.map((r) => [r.checkRun.id, readOutcome(r.outcome)])).toEqual([
      ["run_0", "created"],
      ["run_1", "ignored_stale"],
      ["run_2", "unknown"],
      ["run_3", "unchanged"],
      ["run_4", "updated"],
    ]);
    answer = () => [200, { checkRun: { id: "run_9", status: "queued_for_gpu" }, outcome: "deferred" }];
    const single = await repo().checkRuns.post(post("e9"));
    expect([single.checkRun.status, readOutcome(single.outcome)]).toEqual(["queued_for_gpu", "unknown"]);
  });

  it("refuses a `rerequested` post, a post more than 60 s ahead and a deadline beyond 24 h, before the network", async () => {
    const now = Date.now();
    const base = {
      sha: SHA,
      suite: { key: "ci", externalId: "s1" },
      key: "build",
      externalId: "e1",
      status: "in_progress",
      externalUpdatedAt: new Date(now).toISOString(),
    };
    const bad = [
      { ...base, status: "rerequested" },
      { ...base, externalUpdatedAt: new Date(now + 120_000).toISOString() },
      { ...base, deadlineAt: new Date(now + 25 * 3_600_000).toISOString() },
      {
        ...base,
        status: "completed",
        startedAt: new Date(now).toISOString(),
        completedAt: new Date(now - 1).toISOString(),
      },
    ];
    const before = seen.length;
    const sent: string[] = [];
    for (const [i, body] of bad.entries()) {
      await repo()
        .checkRuns.post(body)
        .then(
          () => sent.push(`case ${i} resolved`),
          (error: unknown) => {
            if ((error as Error).name !== "ValidationError") sent.push(`case ${i}: ${(error as Error).name}`);
          },
        );
    }
    expect(sent).toEqual([]);
    expect(seen.length).toBe(before);
  });
});
