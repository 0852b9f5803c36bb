// Check-run inputs the spec documents, refused before the network: an empty batch, a status outside the documented
// set on a post, and a status filter outside it on the per-commit list. Sent through the public client against a
// counting fetch (spec: Code Forge API § Common references, § Operations known by behavior only).
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/errors.js";
import { ForgeClient } from "../../../src/forge/index.js";

const SHA = "a".repeat(40);

function client() {
  const sent: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`);
    // A batch is answered with one result per post, as the spec says (the runs as posted).
    const posted = request.method === "GET" ? [] : ((await request.json()) as { checkRuns?: unknown[] }).checkRuns;
    const results = (posted ?? []).map((run, i) => ({
      outcome: "created",
      checkRun: { id: `cr_${i}`, ...(run as object) },
    }));
    const body = request.method === "GET" ? { checkRuns: [], nextPageToken: "" } : { results };
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  };
  const forge = new ForgeClient({ token: "utok_test", baseUrl: "https://forge.example", fetch, maxRetries: 0 });
  return { repo: forge.repo("acme", "widgets"), sent };
}

function post(extra: Record<string, unknown> = {}) {
  return {
    sha: SHA,
    suite: { key: "ci", externalId: "build-1" },
    key: "lint",
    externalId: "lint-1",
    status: "in_progress",
    externalUpdatedAt: new Date().toISOString(),
    ...extra,
  };
}

async function refusal(call: () => PromiseLike<unknown>): Promise<ValidationError> {
  const error = await Promise.resolve()
    .then(call)
    .then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe("checkRuns.batchUpsert", () => {
  it("refuses an empty batch before the network, naming `posts`", async () => {
    const { repo, sent } = client();
    const error = await refusal(() => repo.checkRuns.batchUpsert([]));
    expect(error.issues.map((issue) => `${issue.path}:${issue.rule}`)).toEqual(["posts:min_items"]);
    expect(sent).toEqual([]);
  });

  it("sends a batch of one", async () => {
    const { repo, sent } = client();
    await repo.checkRuns.batchUpsert([post() as never]);
    expect(sent).toEqual(["POST /v1/forge/repos/acme/widgets/check-runs:batchUpsert"]);
  });

  it("refuses a post in the batch whose status is not a documented one", async () => {
    const { repo, sent } = client();
    const error = await refusal(() => repo.checkRuns.batchUpsert([post(), post({ status: "done" })] as never));
    expect(error.message).toContain("checkRuns.batchUpsert[1]");
    expect(error.issues.map((issue) => `${issue.path}:${issue.rule}`)).toEqual(["status:one_of"]);
    expect(sent).toEqual([]);
  });
});

describe("checkRuns.post status", () => {
  it.each(["done", "success", "QUEUED", "waiting"])("refuses %s before the network", async (status) => {
    const { repo, sent } = client();
    const error = await refusal(() => repo.checkRuns.post(post({ status }) as never));
    expect(error.issues.map((issue) => `${issue.path}:${issue.rule}`)).toEqual(["status:one_of"]);
    expect(sent).toEqual([]);
  });

  it.each(["queued", "in_progress", "completed"])("sends %s", async (status) => {
    const { repo, sent } = client();
    await repo.checkRuns.post(post({ status }) as never).catch(() => undefined);
    expect(sent).toHaveLength(1);
  });
});

describe("checkRuns.listForCommit status filter", () => {
  it.each(["done", "pending", "COMPLETED"])("refuses %s before the network, naming `status`", async (status) => {
    const { repo, sent } = client();
    const error = await refusal(() => repo.checkRuns.listForCommit(SHA, { status: status as never }));
    expect(error.issues.map((issue) => `${issue.path}:${issue.rule}`)).toEqual(["status:one_of"]);
    expect(sent).toEqual([]);
  });

  it.each(["queued", "in_progress", "completed", "rerequested"] as const)("sends %s", async (status) => {
    const { repo, sent } = client();
    await repo.checkRuns.listForCommit(SHA, { status, checkName: "lint" });
    expect(sent).toHaveLength(1);
    const url = new URL(`https://x${(sent[0] as string).split(" ")[1]}`);
    expect(url.pathname).toBe(`/v1/forge/repos/acme/widgets/commits/${SHA}/check-runs`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ status, checkName: "lint" });
  });

  it("refuses a checkName that is not a string", async () => {
    const { repo, sent } = client();
    const error = await refusal(() => repo.checkRuns.listForCommit(SHA, { checkName: 7 as never }));
    expect(error.issues.map((issue) => `${issue.path}:${issue.rule}`)).toEqual(["checkName:type"]);
    expect(sent).toEqual([]);
  });
});
