import { describe, expect, it } from "vitest";
import { BulkPartialError, OrganizationClient, retryFailed } from "../../../src/admin/index.js";

/**
 * POST /organizations/team-memberships/sync per the spec: every entry applies (a `success` row), except that the
 * requests numbered in `rejectRequests` are refused whole with a 500 (nothing applied).
 */
function syncServer(rejectRequests: number[]) {
  const applied: unknown[] = [];
  let request = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const text = input instanceof Request ? await input.text() : String(init?.body);
    const body = JSON.parse(text) as { users: { userId: number; teamIds: number[] }[] };
    if (rejectRequests.includes(request++)) {
      return new Response(JSON.stringify({ error: "busy" }), { status: 500 });
    }
    for (const user of body.users) applied.push(user.userId);
    const results = body.users.map((user) => ({ ...user, status: "success" }));
    const counts = { successCount: results.length, errorCount: 0 };
    return new Response(JSON.stringify({ results, ...counts }), { headers: { "content-type": "application/json" } });
  };
  const org = new OrganizationClient({
    apiKey: "k",
    organizationId: "org_1",
    baseUrl: "http://x.test",
    fetch,
    maxRetries: 0,
    rateBudgets: false,
  });
  return { org, applied };
}

const users = (n: number) => Array.from({ length: n }, (_, i) => ({ userId: i + 1, teamIds: [1] }));

describe("retryFailed given a whole bulk result", () => {
  it("resends the chunks rejected whole, not only the failed rows (nothing silently lost)", async () => {
    const { org, applied } = syncServer([1]);
    const result = await org.teamMemberships.sync(users(1200), { onChunkError: "continue" });
    expect(result.report.failed.map((failed) => failed.index)).toEqual([1]);
    const fromReport = retryFailed(result.report);
    expect(fromReport).toHaveLength(500);
    // The result itself (it has `rows` too) must not be read as a chunk's row result, which drops chunk 1.
    expect(retryFailed(result)).toEqual(fromReport);
    await org.teamMemberships.sync(retryFailed(result));
    expect(applied).toHaveLength(1200);
    expect(new Set(applied).size).toBe(1200);
  });

  it("takes a BulkPartialError itself and resends its failed and unsent chunks", async () => {
    const { org, applied } = syncServer([1]);
    const error = await org.teamMemberships.sync(users(1200)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BulkPartialError);
    const resend = retryFailed(error as BulkPartialError<{ userId: number; teamIds: number[] }>);
    expect(resend.map((user) => user.userId)).toEqual(
      users(1200)
        .slice(500)
        .map((user) => user.userId),
    );
    await org.teamMemberships.sync(resend);
    expect(applied).toHaveLength(1200);
    expect(new Set(applied).size).toBe(1200);
  });
});
