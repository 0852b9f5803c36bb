// The batch upsert request field is not shown in the spec; the SDK sends `{ checkRuns: [...] }` (README
// "Assumptions"). The fake must read and name that field: an error about a batch the SDK shaped must not speak of a
// field the SDK never sent.
import { describe, expect, it } from "vitest";
import { rpc } from "../testing/forge/helpers.js";
import { repoSetup } from "../testing/forge/repo-setup.js";

const RUNS = "/repos/acme/web-app/check-runs";
const SHA = "a".repeat(40);

describe("fake forge batch upsert field", () => {
  it("names `checkRuns` when the SDK-shaped batch is empty or missing", async () => {
    const { call, token } = await repoSetup();
    const empty = await call("POST", `${RUNS}:batchUpsert`, { token, body: { checkRuns: [] } });
    expect(empty.status).toBe(400);
    expect(rpc(empty.json).fields).toEqual(["checkRuns"]);
    const missing = await call("POST", `${RUNS}:batchUpsert`, { token, body: {} });
    expect(missing.status).toBe(400);
    expect(rpc(missing.json).fields).toEqual(["checkRuns"]);
  });

  it("reads `checkRuns` and names a broken item under it", async () => {
    const { call, token, iso } = await repoSetup();
    const post = { sha: SHA, suite: { key: "ci", externalId: "b" }, key: "lint", externalId: "l", status: "queued" };
    const ok = await call("POST", `${RUNS}:batchUpsert`, {
      token,
      body: { checkRuns: [{ ...post, externalUpdatedAt: iso() }] },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.results).toHaveLength(1);
    const bad = await call("POST", `${RUNS}:batchUpsert`, {
      token,
      body: {
        checkRuns: [
          { ...post, externalUpdatedAt: iso() },
          { ...post, externalUpdatedAt: iso(), status: "rerequested" },
        ],
      },
    });
    expect(rpc(bad.json).fields).toEqual(["checkRuns[1].status"]);
  });

  it("refuses a body that carries both spellings instead of picking one silently", async () => {
    const { call, token, iso } = await repoSetup();
    const post = { sha: SHA, suite: { key: "ci", externalId: "b" }, key: "lint", externalId: "l", status: "queued" };
    const one = [{ ...post, externalUpdatedAt: iso() }];
    const both = { checkRuns: one, requests: one };
    const answer = await call("POST", `${RUNS}:batchUpsert`, { token, body: both });
    expect(answer.status).toBe(400);
    expect(rpc(answer.json).fields).toEqual(["requests"]);
  });
});
