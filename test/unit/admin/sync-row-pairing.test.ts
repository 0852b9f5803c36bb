// Team membership sync answers `results[]` rows that echo each entry's `userId` (spec: Organization API, sync), but the
// spec does not promise request order (unlike spend limits, "in request order"). A server that answers rows in another
// order must not pin one user's failure on another (and make `retryFailed` resend the wrong users). Rows for an
// invalid `userId` echo 0, so those are paired by position. Served by a plain fetch written from the spec.
import { describe, expect, it } from "vitest";
import { OrganizationClient } from "../../../src/admin/index.js";

const ORG = "org_1";
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

type Entry = { userId: number | string; teamIds: number[] };
/** Users whose ids end in 3 are not members of the organization: error rows. Id 0 is invalid: an error row echoing 0. */
function syncServer(order: "request" | "reversed" | "shuffled") {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const { users } = (await new Request(input, init).json()) as { users: Entry[] };
    const rows = users.map((entry) => {
      const invalid = entry.userId === "x";
      const failed = invalid || String(entry.userId).endsWith("3");
      return {
        userId: invalid ? 0 : entry.userId,
        teamIds: entry.teamIds,
        status: failed ? "error" : "success",
        ...(failed ? { errorMessage: invalid ? "invalid userId" : `user ${entry.userId} not a member` } : {}),
      };
    });
    if (order === "reversed") rows.reverse();
    if (order === "shuffled") rows.sort((a, b) => String(a.userId).localeCompare(String(b.userId)) * -1 || 0);
    const errorCount = rows.filter((row) => row.status === "error").length;
    return json({ results: rows, successCount: rows.length - errorCount, errorCount });
  };
}

describe("org.teamMemberships.sync pairs each row with its own user", () => {
  const users: Entry[] = Array.from({ length: 40 }, (_, i) => ({ userId: 1000 + i, teamIds: [7] }));
  for (const order of ["request", "reversed", "shuffled"] as const) {
    it(`rows answered in ${order} order: 0 rows paired with another user`, async () => {
      const org = new OrganizationClient({
        apiKey: "org-key-0123456789",
        organizationId: ORG,
        baseUrl: "http://127.0.0.1:9",
        fetch: syncServer(order),
        rateBudgets: false,
      });
      const result = await org.teamMemberships.sync(users);
      const mispaired = result.rows.filter((r) => String(r.row?.userId) !== String(r.input.userId));
      expect(mispaired.map((r) => `${r.input.userId} ← ${r.row?.userId}`)).toEqual([]);
      const failed = result.rows.filter((r) => r.status !== "ok").map((r) => r.input.userId);
      expect(failed).toEqual([1003, 1013, 1023, 1033]);
    });
  }

  it("a row for an invalid userId (echoed as 0) stays with its entry by position", async () => {
    const org = new OrganizationClient({
      apiKey: "org-key-0123456789",
      organizationId: ORG,
      baseUrl: "http://127.0.0.1:9",
      fetch: syncServer("request"),
      rateBudgets: false,
    });
    const result = await org.teamMemberships.sync([
      { userId: 1000, teamIds: [7] },
      { userId: "x", teamIds: [7] },
      { userId: 1002, teamIds: [7] },
    ]);
    expect(result.rows.map((r) => [r.input.userId, r.status, r.row?.errorMessage])).toEqual([
      [1000, "ok", undefined],
      ["x", "failed", "invalid userId"],
      [1002, "ok", undefined],
    ]);
  });
});
