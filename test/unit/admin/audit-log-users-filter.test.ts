// The audit-log `users` filter: "comma-separated emails, numeric ids or user_ ids, may be mixed; count at most
// pageSize" (spec: GET /teams/audit-logs). Every other value is refused before the network with a ValidationError
// naming `users` and a rule; every documented form is sent. A plain fetch that records what it is asked for, written
// from the spec (not the fake, whose reading of the filter quietly matches nobody).
import { describe, expect, it } from "vitest";
import { AdminClient } from "../../../src/admin/index.js";
import { ValidationError } from "../../../src/core/errors.js";

const START = Date.parse("2026-10-01T00:00:00Z");
const END = Date.parse("2026-10-02T00:00:00Z");

function client() {
  const sent: URL[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    sent.push(new URL(input instanceof Request ? input.url : String(input)));
    const body = {
      events: [],
      pagination: { page: 1, pageSize: 100, totalCount: 0, totalPages: 0, hasNextPage: false, hasPreviousPage: false },
      params: { teamId: 1, startDate: String(START), endDate: String(END) },
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  };
  const admin = new AdminClient({ apiKey: "team-key", baseUrl: "http://127.0.0.1:9", fetch, rateBudgets: false });
  return { admin, sent };
}

const BAD: Array<string | unknown[]> = [
  "bob", // neither an email, a numeric id nor a user_ id
  "user_", // the prefix alone
  "team_group_1", // another family's id
  "g_1",
  "12.5",
  "-3",
  "1e3",
  "0x1f",
  "12 34",
  "dev@",
  "@example.com",
  "dev@example.com,bob", // one bad entry among good ones
  "dev@example.com,,user_a", // an empty entry
  "dev@example.com,",
  " , ",
  ["bob"],
  ["user_a", "not an id"],
  ["dev@example.com", ""],
];

const GOOD: Array<{ users: string | Array<string | number>; sent: string }> = [
  { users: "dev@example.com", sent: "dev@example.com" },
  { users: "12345", sent: "12345" },
  { users: "user_abc123", sent: "user_abc123" },
  { users: "dev@example.com,12345,user_abc123", sent: "dev@example.com,12345,user_abc123" },
  { users: ["dev@example.com", "12345", "user_abc123"], sent: "dev@example.com,12345,user_abc123" },
  { users: ["first.last+tag@sub.example.co"], sent: "first.last+tag@sub.example.co" },
  { users: "dev@example.com, user_abc123", sent: "dev@example.com,user_abc123" },
  { users: [12345, "user_x"], sent: "12345,user_x" },
];

describe("audit-log `users` filter", () => {
  it("refuses every malformed value before the network, naming `users` and a rule", async () => {
    const { admin, sent } = client();
    const wrong: string[] = [];
    for (const users of BAD) {
      const error = await Promise.resolve(
        admin.auditLogs.list({ startTime: START, endTime: END, users: users as string }),
      ).catch((caught: unknown) => caught);
      const named =
        error instanceof ValidationError &&
        error.direction === "request" &&
        error.issues.some((issue) => issue.path.startsWith("users") && issue.rule !== "");
      if (!named) wrong.push(`${JSON.stringify(users)}: ${error instanceof Error ? error.message : "accepted"}`);
    }
    expect(wrong).toEqual([]);
    expect(sent.length).toBe(0);
  });

  it("the error names the rule and never echoes the entry (emails are personal data)", async () => {
    const { admin } = client();
    const error = await Promise.resolve(
      admin.auditLogs.list({ startTime: START, endTime: END, users: "secret.person@example.com,bogus-entry" }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    const text = JSON.stringify((error as ValidationError).toJSON()) + (error as Error).message;
    expect(text).toMatch(/user_|email|numeric/);
    expect(text).not.toContain("secret.person");
    expect(text).not.toContain("bogus-entry");
  });

  it("sends every documented form, as one comma-separated `users` value", async () => {
    const { admin, sent } = client();
    const wrong: string[] = [];
    for (const good of GOOD) {
      const before = sent.length;
      try {
        await admin.auditLogs.list({ startTime: START, endTime: END, users: good.users as string[] });
      } catch (error) {
        wrong.push(`${JSON.stringify(good.users)}: ${(error as Error).message}`);
        continue;
      }
      const got = sent[before]?.searchParams.get("users");
      if (sent.length !== before + 1 || got !== good.sent) wrong.push(`${JSON.stringify(good.users)}: sent ${got}`);
    }
    expect(wrong).toEqual([]);
  });
});
