// A BulkPartialError must say WHY: the server's reason for each chunk it rejected whole and for each failed row of
// the chunks it applied, in the message and in the error's data (`failures`, `toJSON()`), through the same redaction
// as every message (a reason that echoes the key comes out without it). Served by a plain fetch written from the spec.
import { describe, expect, it } from "vitest";
import { AdminClient, BulkPartialError, OrganizationClient } from "../../../src/admin/index.js";

const KEY = "sk-team-0123456789abcdefSECRET";
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** POST /teams/user-spend-limits: chunk 1 applies with one failed row, chunk 2 is refused whole (400). */
function spendLimitServer() {
  let calls = 0;
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const { updates } = (await request.json()) as { updates: Array<{ userEmail: string }> };
    calls++;
    if (calls === 1) {
      const results = updates.map((u, i) =>
        i === 7
          ? { userEmail: u.userEmail, status: "failed", error: "user not a member of the team" }
          : { userEmail: u.userEmail, status: "updated" },
      );
      return json(200, { requestedCount: 100, updatedCount: 99, unchangedCount: 0, failedCount: 1, results });
    }
    return json(400, { code: "error", message: `invalid spendLimitDollars in updates[3] for key ${KEY}` });
  };
}

const updates = Array.from({ length: 250 }, (_, i) => ({ userEmail: `member${i}@example.com`, spendLimitDollars: 5 }));

async function caught(promise: Promise<unknown>): Promise<BulkPartialError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BulkPartialError);
  return error as BulkPartialError;
}

describe("BulkPartialError carries the server's reasons", () => {
  it("spend limits: the rejected chunk's reason and the failed row's reason are in the message and the data", async () => {
    const admin = new AdminClient({ apiKey: KEY, baseUrl: "http://127.0.0.1:9", fetch: spendLimitServer() });
    const error = await caught(admin.spendLimits.setMany(updates));
    expect(error.message).toContain("user not a member of the team");
    expect(error.message).toContain("invalid spendLimitDollars in updates[3]");
    expect(error.failures).toEqual([
      { chunk: 0, row: 7, item: 7, reason: "user not a member of the team" },
      { chunk: 1, status: 400, reason: expect.stringContaining("invalid spendLimitDollars in updates[3]") },
    ]);
    const logged = JSON.stringify(error.toJSON());
    expect(logged).toContain("user not a member of the team");
    expect(logged).toContain("invalid spendLimitDollars");
    // Redacted like every message; inputs (emails) are still not in the record.
    for (const text of [error.message, logged]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain("member7@example.com");
    }
  });

  it("sync: the failed rows' errorMessage are carried, with their item index across chunks", async () => {
    let calls = 0;
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const { users } = (await new Request(input, init).json()) as { users: Array<{ userId: number }> };
      calls++;
      if (calls === 2) return json(503, { code: "error", message: "sync temporarily unavailable" });
      const results = users.map((u, i) =>
        i === 2
          ? { userId: u.userId, teamIds: [1], status: "error", errorMessage: "team not linked to the organization" }
          : { userId: u.userId, teamIds: [1], status: "success" },
      );
      return json(200, { results, successCount: users.length - 1, errorCount: 1 });
    };
    const org = new OrganizationClient({
      apiKey: KEY,
      organizationId: "org_1",
      baseUrl: "http://127.0.0.1:9",
      fetch,
      maxRetries: 0,
    });
    const users = Array.from({ length: 600 }, (_, i) => ({ userId: i + 1, teamIds: [1] }));
    const error = await caught(org.teamMemberships.sync(users));
    expect(error.failures).toEqual([
      { chunk: 0, row: 2, item: 2, reason: "team not linked to the organization" },
      { chunk: 1, status: 503, reason: expect.stringContaining("sync temporarily unavailable") },
    ]);
    expect(error.message).toContain("team not linked to the organization");
    expect(error.message).toContain("sync temporarily unavailable");
  });

  it("a row's reason from a 2xx body passes the client's redaction (the key it echoes is scrubbed)", async () => {
    let calls = 0;
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const { updates: sent } = (await new Request(input, init).json()) as { updates: Array<{ userEmail: string }> };
      if (++calls > 1) return json(500, { code: "error", message: "boom" });
      const results = sent.map((u) => ({ userEmail: u.userEmail, status: "failed", error: `refused for key ${KEY}` }));
      return json(200, { requestedCount: 100, updatedCount: 0, unchangedCount: 0, failedCount: 100, results });
    };
    const admin = new AdminClient({ apiKey: KEY, baseUrl: "http://127.0.0.1:9", fetch, maxRetries: 0 });
    const error = await caught(admin.spendLimits.setMany(updates));
    expect(error.message).toContain("refused for key");
    expect(error.failures[0]?.reason).toContain("refused for key");
    expect(error.message + JSON.stringify(error.toJSON())).not.toContain(KEY);
  });

  it("a long list of reasons is cut short in the message (the data keeps them all)", async () => {
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const { updates: sent } = (await new Request(input, init).json()) as { updates: Array<{ userEmail: string }> };
      if (sent.length < 100) return json(400, { code: "error", message: "x".repeat(5000) });
      const results = sent.map((u) => ({ userEmail: u.userEmail, status: "failed", error: "user not found" }));
      return json(200, { requestedCount: 100, updatedCount: 0, unchangedCount: 0, failedCount: 100, results });
    };
    const admin = new AdminClient({ apiKey: KEY, baseUrl: "http://127.0.0.1:9", fetch });
    const error = await caught(admin.spendLimits.setMany(updates));
    expect(error.failures.length).toBe(201);
    expect(error.message.length).toBeLessThan(2000);
    expect(error.message).toMatch(/and \d+ more/);
  });
});
