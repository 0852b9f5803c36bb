// Adversarial sweep: the documented error bodies ({code: 'error', message} on most routes, {error} on remove-member
// and sync, {outcome: 'error', message} from the spend-limit route) at every documented status, on every public call,
// answered by the independent server (./adv-spec-server.ts); and 429 with Retry-After: 60.
import { describe, expect, it } from "vitest";
import {
  type ApiError,
  AuthenticationError,
  BadRequestError,
  BulkPartialError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  OperationFailedError,
  PermissionDeniedError,
  RateLimitError,
} from "../../../src/admin/index.js";
import { publicCalls } from "./spec-calls.js";
import { settle, specServer } from "./spec-server.js";

const STATUSES: Array<[number, new (...args: never[]) => ApiError]> = [
  [400, BadRequestError],
  [401, AuthenticationError],
  [403, PermissionDeniedError],
  [404, NotFoundError],
  [409, ConflictError],
  [429, RateLimitError],
  [500, InternalServerError],
];
const BODIES: Array<(message: string) => unknown> = [
  (message) => ({ code: "error", message }),
  (message) => ({ error: message }),
];

async function failure(call: () => unknown): Promise<unknown> {
  try {
    await settle(call());
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("adversarial: documented error bodies map to error classes", () => {
  it("every call × status × body shape rejects with the status's class, status and the server's message", async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [status, ErrorClass] of STATUSES) {
      for (const shape of BODIES) {
        const server = specServer();
        const message = `server says ${status}`;
        server.answer(() => ({ status, body: shape(message), headers: { "retry-after": "1" } }));
        for (const [name, call, args] of publicCalls(server.admin, server.org)) {
          if (name.endsWith("retryFailed")) continue;
          let error = await failure(() => call(...args));
          // Chunked bulk calls report a chunk rejected whole as a BulkPartialError (README), the API error its cause.
          if (error instanceof BulkPartialError) error = error.cause;
          checked++;
          if (!(error instanceof ErrorClass) || error.status !== status || !error.message.includes(message)) {
            wrong.push(`${name} ${status} ${JSON.stringify(shape(message))}: ${String(error)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(700);
  });

  it("a 2xx in a failure shape is an OperationFailedError, never data", async () => {
    const server = specServer();
    for (const body of [
      { outcome: "error", message: "invalid email" },
      { code: "error", message: "nope" },
      { error: "nope" },
    ]) {
      server.answer(() => ({ status: 200, body }));
      const error = await failure(() =>
        server.admin.spendLimits.set({ userEmail: "a@example.com", spendLimitDollars: 5 }),
      );
      expect(error).toBeInstanceOf(OperationFailedError);
      expect((error as ApiError).status).toBe(200);
    }
  });

  it("429 with Retry-After: 60 waits 60 s and retries, then succeeds", async () => {
    const waits: number[] = [];
    const server = specServer();
    const { admin } = server.clients({ maxRetries: 2, sleep: async (ms: number) => void waits.push(ms) });
    let first = true;
    server.answer(() => {
      if (!first) return undefined;
      first = false;
      return { status: 429, body: { code: "error", message: "slow down" }, headers: { "retry-after": "60" } };
    });
    const page = await admin.directoryGroups.list();
    expect(page.groups).toEqual([]);
    expect(server.requests).toHaveLength(2);
    expect(waits).toContain(60_000);
  });

  it("429 on a non-idempotent write (remove-member) is retried too: it was not processed", async () => {
    const server = specServer();
    const { admin } = server.clients({ maxRetries: 1 });
    let first = true;
    server.answer(() => {
      if (!first) return undefined;
      first = false;
      return { status: 429, body: { code: "error", message: "slow down" }, headers: { "retry-after": "60" } };
    });
    await admin.members.remove({ email: "a@example.com" });
    expect(server.requests).toHaveLength(2);
  });

  it("429 without retries left is a RateLimitError carrying Retry-After", async () => {
    const server = specServer();
    server.answer(() => ({ status: 429, body: { code: "error", message: "slow" }, headers: { "retry-after": "60" } }));
    const error = await failure(() => server.org.groups.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(JSON.stringify(error)).toMatch(/60/);
  });
  it("a 429 blocks the route family's budget: the next groups call waits out Retry-After before sending", async () => {
    let now = 0;
    const waits: number[] = [];
    const server = specServer();
    const { org } = server.clients({
      rateBudgets: {},
      now: () => now,
      sleep: async (ms: number) => {
        waits.push(ms);
        now += ms;
      },
    });
    server.answer((request) =>
      request.method === "GET" && request.path === "/organizations/groups"
        ? { status: 429, body: { code: "error", message: "slow" }, headers: { "retry-after": "60" } }
        : undefined,
    );
    expect(await failure(() => org.groups.list())).toBeInstanceOf(RateLimitError);
    const sentAt: number[] = [];
    server.answer(() => {
      sentAt.push(now);
      return undefined;
    });
    await org.groups.get("g_1");
    expect(sentAt[0]).toBeGreaterThanOrEqual(60_000);
  });
});
