// Bad bodies get the SDK's errors: a body JSON cannot write is a request ValidationError, before the network,
// for all three APIs (the transport is where every request body is serialized).
import { describe, expect, it } from "vitest";
import { AdminClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { ValidationError } from "../../../src/core/errors.js";
import { ForgeClient } from "../../../src/forge/index.js";

function countingFetch() {
  const sent: string[] = [];
  const fetch = async (request: Request) => {
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    return Response.json({});
  };
  return { fetch, sent };
}

const circular = () => {
  const node: Record<string, unknown> = { name: "loop" };
  node.self = node;
  return node;
};

/** One body-carrying call per API, given an extra field to put in its body. */
const CALLS: Array<[string, (fetch: (r: Request) => Promise<Response>, extra: unknown) => Promise<unknown>]> = [
  [
    "agents.create",
    (fetch, extra) =>
      new AgentsClient({ apiKey: "k", baseUrl: "https://api.example.test", fetch }).agents.create({
        prompt: { text: "x" },
        extra,
      } as never),
  ],
  [
    "repoBlocklists.upsert",
    (fetch, extra) =>
      new AdminClient({
        apiKey: "k",
        baseUrl: "https://api.example.test",
        fetch,
        rateBudgets: false,
      }).repoBlocklists.upsert([{ url: "https://github.com/o/r", patterns: ["*"], extra } as never]),
  ],
  [
    "labels.create",
    (fetch, extra) =>
      new ForgeClient({ token: "t", baseUrl: "https://api.example.test", fetch })
        .repo("o", "r")
        .labels.create({ name: "bug", color: "ff0000", extra } as never),
  ],
];

const BAD_VALUES: Array<[string, () => unknown, RegExp]> = [
  ["a circular reference", circular, /circular reference/],
  ["a BigInt", () => ({ count: 10n }), /BigInt/],
  [
    "a throwing toJSON",
    () => ({
      toJSON() {
        throw new RangeError("no");
      },
    }),
    /toJSON\(\) threw a RangeError/,
  ],
];

describe("request bodies JSON cannot write", () => {
  it(`${CALLS.length} APIs × ${BAD_VALUES.length} unwritable values: a ValidationError naming the field, 0 sent`, async () => {
    const failures: string[] = [];
    for (const [operation, call] of CALLS) {
      for (const [what, value, reason] of BAD_VALUES) {
        const { fetch, sent } = countingFetch();
        const error = await call(fetch, value()).catch((e: unknown) => e);
        const ok =
          error instanceof ValidationError &&
          error.direction === "request" &&
          error.rule === "json_serializable" &&
          /extra/.test(error.path) &&
          reason.test(error.message) &&
          error.message.includes("request body") &&
          sent.length === 0;
        if (!ok) failures.push(`${operation} with ${what}: ${String(error)} (sent ${sent.length})`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("names the path down to the offending value", async () => {
    const { fetch } = countingFetch();
    const agents = new AgentsClient({ apiKey: "k", baseUrl: "https://api.example.test", fetch });
    const nested = { prompt: { text: "x" }, metadata: { tags: [1, circular()] } };
    const error = (await agents.agents.create(nested as never).catch((e: unknown) => e)) as ValidationError;
    expect(error.path).toBe("metadata.tags[1].self");
    expect(error.message).toMatch(
      /^agents\.create: metadata\.tags\[1\]\.self: the request body cannot be sent as JSON/,
    );
    const big = (await agents.agents
      .create({ prompt: { text: "x" }, n: 1n } as never)
      .catch((e: unknown) => e)) as ValidationError;
    expect(big.path).toBe("n");
  });

  it("sends a body with a shared (not circular) object and a Date as JSON does", async () => {
    const { fetch, sent } = countingFetch();
    const shared = { a: 1 };
    const agents = new AgentsClient({ apiKey: "k", baseUrl: "https://api.example.test", fetch });
    await agents.agents
      .create({ prompt: { text: "x" }, one: shared, two: shared, at: new Date(0) } as never)
      .catch(() => undefined);
    expect(sent).toEqual(["POST /v1/agents"]);
  });
});
