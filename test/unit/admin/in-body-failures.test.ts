import { describe, expect, it } from "vitest";
import { adminContext } from "../../../src/admin/client-base.js";
import {
  ADMIN_OPERATIONS,
  AdminClient,
  type AdminOperation,
  ApiError,
  OperationFailedError,
  OrganizationClient,
  retryFailed,
} from "../../../src/admin/index.js";
import { sendOperation } from "../../../src/core/operation.js";
import { adminSetup } from "./client-helpers.js";

// A failure the server reports inside a successful-status body is never handed back as data. The handler here is
// written from spec/admin-api.md alone, not from the fake: the single spend-limit route's response is
// `{outcome: success or error, message}`, remove-member and sync fail with `{error}`, most routes with
// `{code: 'error', message}`, and the bulk routes report per-row `status` (`failed` / `error`).

const KEY = "team-key-0123456789";
const ORG_KEY = "org-key-0123456789";

/** A server that answers every request with `body` and `status`, and counts what it got. */
function answering(body: unknown, status = 200) {
  const seen: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };
  return { fetch, seen };
}

const common = { baseUrl: "https://admin.example", rateBudgets: false as const, maxRetries: 2 };

function clients(fetch: ReturnType<typeof answering>["fetch"]) {
  return {
    admin: new AdminClient({ apiKey: KEY, fetch, ...common }),
    org: new OrganizationClient({ apiKey: ORG_KEY, organizationId: "org_1", fetch, ...common }),
  };
}

/** Every body the spec's failure shapes allow on a successful status. */
const FAILURE_BODIES: unknown[] = [
  { outcome: "error", message: "Invalid email format" },
  { code: "error", message: "User is not a member of the team" },
  { error: "Neither userId nor email was given" },
  { success: false, userId: "user_1", hasBillingCycleUsage: false },
];

describe("failures inside a 2xx body are thrown, never returned as data", () => {
  it("spend limit, remove member and sync: every failure body → OperationFailedError (an ApiError), sent once", async () => {
    const calls: Array<[string, (c: ReturnType<typeof clients>) => Promise<unknown>]> = [
      ["spendLimits.set", ({ admin }) => admin.spendLimits.set({ userEmail: "a@example.com", spendLimitDollars: 5 })],
      ["members.remove", ({ admin }) => admin.members.remove({ email: "a@example.com" })],
      ["teamMemberships.sync", ({ org }) => org.teamMemberships.sync([{ userId: 1, teamIds: [2] }])],
    ];
    const returned: string[] = [];
    for (const [name, call] of calls) {
      for (const body of FAILURE_BODIES) {
        const server = answering(body);
        const outcome = await call(clients(server.fetch)).then(
          (data) => ({ data }),
          (error: unknown) => ({ error }),
        );
        const error = "error" in outcome ? outcome.error : undefined;
        // Sync is chunked: a chunk the server refused arrives as a BulkPartialError whose cause is the failure.
        const failure = error instanceof ApiError ? error : (error as { cause?: unknown } | undefined)?.cause;
        if (!(failure instanceof OperationFailedError) || failure.status !== 200 || server.seen.length !== 1)
          returned.push(`${name} ← ${JSON.stringify(body)}`);
      }
    }
    expect(returned).toEqual([]);
  });

  it("keeps the server's message and scrubs the key from it, the body and toJSON()", async () => {
    const server = answering({ outcome: "error", message: `key ${KEY} may not set limits` });
    const error = await clients(server.fetch)
      .admin.spendLimits.set({ userEmail: "a@example.com", spendLimitDollars: 5 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OperationFailedError);
    const failure = error as OperationFailedError;
    expect([failure.code, failure.method, failure.path]).toEqual([
      "operation_failed",
      "POST",
      "/teams/user-spend-limit",
    ]);
    expect(failure.serverMessage).toMatch(/may not set limits/);
    const printed = `${failure.message} ${JSON.stringify(failure.body)} ${JSON.stringify(failure)}`;
    expect(printed).not.toContain(KEY);
  });

  it("every route: a 2xx body in any failure shape rejects (routes × bodies, 0 returned as data)", async () => {
    // The entries without their request and response schemas: every operation's answer reaches the policy's check.
    const operations = Object.fromEntries(
      Object.entries(ADMIN_OPERATIONS as Record<string, AdminOperation>).map(([name, entry]) => {
        const { method, path, keyKind, family } = entry;
        return [name, { method, path, keyKind, family }];
      }),
    ) as unknown as typeof ADMIN_OPERATIONS;
    const team = (fetch: typeof globalThis.fetch) => ({
      ...adminContext({ apiKey: KEY, fetch, ...common }, "team"),
      operations,
    });
    const organization = (fetch: typeof globalThis.fetch) => ({
      ...adminContext({ apiKey: ORG_KEY, fetch, ...common }, "organization", "org_1"),
      operations,
    });
    const returned: string[] = [];
    let swept = 0;
    for (const [name, route] of Object.entries(operations) as Array<
      [keyof typeof operations, { path: string; keyKind: string }]
    >) {
      const pathParams = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, key]) => [key, "x1"]));
      for (const body of FAILURE_BODIES) {
        for (const status of [200, 201]) {
          swept++;
          const server = answering(body, status);
          const context = route.keyKind === "team" ? team(server.fetch) : organization(server.fetch);
          const result = await sendOperation(context, name, { params: pathParams }).then(
            () => "data",
            (error: unknown) =>
              error instanceof OperationFailedError && error.status === status ? "thrown" : String(error),
          );
          if (result !== "thrown") returned.push(`${name} ${status} ${JSON.stringify(body)}: ${result}`);
        }
      }
    }
    expect(swept).toBe(Object.keys(ADMIN_OPERATIONS).length * FAILURE_BODIES.length * 2);
    expect(returned).toEqual([]);
  });

  it("bulk rows: failed, error, status-less and unknown-status rows are failures, never applied", async () => {
    const spend = answering({
      requestedCount: 4,
      updatedCount: 1,
      unchangedCount: 0,
      failedCount: 1,
      results: [
        { userEmail: "a@example.com", status: "updated" },
        { userEmail: "b@example.com", status: "failed", error: "User is not a member of this team." },
        { userEmail: "c@example.com" },
        { userEmail: "d@example.com", status: "queued" },
      ],
    });
    const updates = ["a", "b", "c", "d"].map((name) => ({ userEmail: `${name}@example.com`, spendLimitDollars: 5 }));
    const limits = await clients(spend.fetch).admin.spendLimits.setMany(updates);
    expect(limits.rows.map((row) => row.status)).toEqual(["ok", "failed", "failed", "failed"]);
    expect(retryFailed(limits.report)).toEqual(updates.slice(1));

    const sync = answering({
      results: [
        { userId: 1, teamIds: [2], status: "success" },
        { userId: 0, teamIds: [2], status: "error", errorMessage: "user not found" },
        { userId: 3, teamIds: [2] },
      ],
      successCount: 1,
      errorCount: 1,
    });
    const entries = [1, 2, 3].map((userId) => ({ userId, teamIds: [2] }));
    const synced = await clients(sync.fetch).org.teamMemberships.sync(entries);
    expect(synced.rows.map((row) => row.status)).toEqual(["ok", "failed", "failed"]);

    const models = answering({
      results: [
        { teamId: 1, status: "success" },
        { teamId: 2, status: "error", errorMessage: "team not linked" },
        { teamId: 3, status: "success", errorMessage: "no policy" },
      ],
      successCount: 2,
      errorCount: 1,
    });
    const bulk = await clients(models.fetch).org.modelAccess.setMany([1, 2, 3], { state: "unrestricted" });
    expect(bulk.rows.map((row) => row.status)).toEqual(["ok", "failed", "failed"]);
  });
});

describe("the fake answers spend-limit failures as the spec shows, and the client throws", () => {
  it("a non-member's limit: 200 {outcome: 'error'} from the fake, OperationFailedError from the client, nothing set", async () => {
    const { admin, fake } = adminSetup();
    const error = await admin.spendLimits
      .set({ userEmail: "stranger@example.com", spendLimitDollars: 5 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OperationFailedError);
    expect((error as OperationFailedError).status).toBe(200);
    expect((error as OperationFailedError).serverMessage).toMatch(/not a member/);
    const sent = fake.requests.filter((request) => request.path === "/teams/user-spend-limit");
    expect(sent).toHaveLength(1);
  });
});
