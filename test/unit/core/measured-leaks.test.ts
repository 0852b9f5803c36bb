// The four leaks the issue measured, one test each, with the exact echo that leaked.
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import type { AgentlineError, ApiError } from "../../../src/core/errors.js";
import type { LogRecord } from "../../../src/core/options.js";

const KEY = "sk_live_0123456789abcdef";
const BASIC = btoa(`${KEY}:`);

function client(fetch: (request: Request) => Promise<Response>, authScheme: "bearer" | "basic" = "bearer") {
  const records: string[] = [];
  const sink = (message: string, record: LogRecord) => void records.push(message, JSON.stringify(record));
  const logger = { debug: sink, info: sink, warn: sink, error: sink };
  const agents = new AgentsClient({
    apiKey: KEY,
    authScheme,
    baseUrl: "https://api.example.test",
    fetch,
    logger,
    sleep: async () => {},
  });
  return { agents, records };
}

const fail = (promise: PromiseLike<unknown>) =>
  promise.then(
    () => expect.unreachable(),
    (e: unknown) => e as ApiError,
  );

describe("the issue's measured leaks", () => {
  it("a key echoed in the error code with JSON escapes reaches no message, String(), stack, toJSON() or log", async () => {
    // `\u0073k_live…` and `\/` are what a JSON encoder writes; the SDK sees `\u0073` literally after a double escape.
    const escaped = `\\u0073${KEY.slice(1)}`;
    const { agents, records } = client(async () =>
      Response.json(
        { error: { code: escaped, message: `bad key \\/${KEY.replace("_", "\\u005f")}` } },
        { status: 401 },
      ),
    );
    const error = await fail(agents.agents.list());
    const surfaces = [error.message, String(error), error.stack ?? "", JSON.stringify(error), ...records];
    for (const text of surfaces) {
      expect(text).not.toContain(escaped);
      expect(text).not.toContain(KEY.slice(1));
    }
    expect(error.code).not.toContain("k_live");
  });

  it("a credential echoed in X-Request-ID reaches neither toJSON() nor the logger", async () => {
    const { agents, records } = client(async (request) =>
      Response.json(
        { error: { code: "unauthorized", message: "no" } },
        { status: 401, headers: { "x-request-id": request.headers.get("authorization") ?? "" } },
      ),
    );
    const error = await fail(agents.agents.list());
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(error.requestId).not.toContain(KEY);
    expect(records.join("\n")).not.toContain(KEY);
  });

  it("the base64 of `key:` (a Basic echo) does not stay in error.body", async () => {
    const { agents } = client(
      async (request) =>
        Response.json(
          {
            error: { code: "unauthorized", message: "no" },
            echo: { authorization: request.headers.get("authorization") },
          },
          { status: 401 },
        ),
      "basic",
    );
    const error = await fail(agents.agents.list());
    expect(JSON.stringify(error.body)).not.toContain(BASIC);
    expect(inspect(error, { depth: Number.POSITIVE_INFINITY })).not.toContain(BASIC);
  });

  it("a fetch that throws with the Authorization header keeps it out of error.cause and console.log(error)", async () => {
    const { agents } = client(async (request) => {
      throw new TypeError(`request failed: authorization: ${request.headers.get("authorization")}`, {
        cause: new Error(`socket closed while sending ${request.headers.get("authorization")}`),
      });
    });
    const error = (await fail(agents.agents.list())) as unknown as AgentlineError;
    const cause = error.cause as Error;
    expect(String(cause.message)).not.toContain(KEY);
    expect(String((cause.cause as Error).message)).not.toContain(KEY);
    expect(inspect(error, { depth: Number.POSITIVE_INFINITY })).not.toContain(KEY);
    expect(inspect(error, { depth: Number.POSITIVE_INFINITY })).toContain("socket closed while sending");
  });
});
