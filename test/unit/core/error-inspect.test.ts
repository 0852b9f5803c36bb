// What console.log(error) prints (util.inspect): a safe view with the stack, the toJSON() fields, the body and
// the cause, built without a Node import (a registered symbol).
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { type ApiError, ConnectionError, ValidationError } from "../../../src/core/errors.js";

const KEY = "sk_live_inspect_0123456789";

describe("the inspect view of agentline errors", () => {
  it("shows the stack, the fields, the body and the cause, and no secret", async () => {
    const client = new AgentsClient({
      apiKey: KEY,
      baseUrl: "https://api.example.test",
      maxRetries: 0,
      fetch: async (request) =>
        Response.json(
          {
            error: { code: "forbidden", message: `key ${KEY} lacks a plan` },
            seen: request.headers.get("authorization"),
          },
          { status: 403, headers: { "x-request-id": "req_42" } },
        ),
    });
    const error = (await client.agents.list().catch((e: unknown) => e)) as ApiError;
    const view = inspect(error, { depth: Number.POSITIVE_INFINITY });
    expect(view).toMatch(
      /^PermissionDeniedError: 403 forbidden: key \[redacted\] lacks a plan \(GET \/v1\/agents\)\n\s+at /,
    );
    expect(view).toContain("status: 403");
    expect(view).toContain("requestId: 'req_42'");
    expect(view).toContain("seen: 'Bearer [redacted]'");
    expect(view).not.toContain(KEY);
  });

  it("shows a connection error's cause chain with codes", async () => {
    const client = new AgentsClient({
      apiKey: KEY,
      baseUrl: "https://api.example.test",
      maxRetries: 0,
      fetch: async (request) => {
        throw new TypeError("fetch failed", {
          cause: Object.assign(new Error(`reset while sending ${request.headers.get("authorization")}`), {
            code: "ECONNRESET",
          }),
        });
      },
    });
    const error = (await client.agents.get("bc-1").catch((e: unknown) => e)) as ConnectionError;
    const view = inspect(error, { depth: Number.POSITIVE_INFINITY });
    expect(view).toContain("causeCode: 'ECONNRESET'");
    expect(view).toContain("reset while sending Bearer [redacted]");
    expect(view).toContain("code: 'ECONNRESET'");
    expect(view).not.toContain(KEY);
    // The cause is a plain copy keeping the original's name.
    expect((error.cause as Error).name).toBe("TypeError");
  });

  it("removes credential-shaped text even from an error built outside the transport", () => {
    const error = new ConnectionError(
      "proxy refused Authorization: Bearer abc.def-123456",
      new Error("Bearer zz9-token"),
    );
    const view = inspect(error, { depth: Number.POSITIVE_INFINITY });
    expect(view).not.toContain("abc.def-123456");
    expect(view).not.toContain("zz9-token");
  });

  it("prints a placeholder beyond the depth limit, as Node does for nested objects", () => {
    const error = new ValidationError([{ path: "a", rule: "required", message: "is required" }]);
    expect(inspect({ a: { b: error } }, { depth: 0 })).toBe("{ a: [Object] }");
    expect(inspect({ a: error }, { depth: 0 })).toContain("[ValidationError]");
  });
});
