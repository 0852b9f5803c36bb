// A pull request number in a path (`{pullNumber}`): the spec makes pull request numbers 64-bit integers sent as
// strings, so every operation with that placeholder refuses a value that is not a string of digits before the
// network, naming `pullNumber` and the rule, and sends a string of digits as is.
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/errors.js";
import { FORGE_OPERATIONS, ForgeClient } from "../../../src/forge/index.js";
import { type Clients, FORGE_INVOKERS, invoke } from "../core/route-invokers.js";

const WITH_PULL = Object.entries(FORGE_OPERATIONS).filter(([, entry]) => entry.path.includes("{pullNumber}"));

/** Not a pull request number: words, signs, fractions, exponents, hex, whitespace, non-ASCII digits. */
const NOT_DIGITS = ["abc", "7a", "1.5", "-1", "+7", "1e3", "0x10", " 7", "7 ", "7\n", "１２", "٣", "7/8", "7%2F8"];
const DIGITS = ["1", "7", "42", "9223372036854775807"];

function clientsWith(fetch: (request: Request) => Promise<Response>): Clients {
  const forge = new ForgeClient({ token: "user-token", baseUrl: "http://127.0.0.1:9", fetch, maxRetries: 0 });
  return { forge } as unknown as Clients;
}

describe("{pullNumber} in every path that has one", () => {
  it("covers the pull request operations", () => {
    expect(WITH_PULL.length).toBeGreaterThanOrEqual(20);
  });

  it("refuses a value that is not a string of digits before the network, naming pullNumber and `digits`", async () => {
    const sent: string[] = [];
    const clients = clientsWith(async (request) => {
      sent.push(request.url);
      return Response.json({});
    });
    const wrong: string[] = [];
    for (const [operation] of WITH_PULL) {
      const invoker = FORGE_INVOKERS[operation as keyof typeof FORGE_INVOKERS];
      for (const value of NOT_DIGITS) {
        const values = { owner: "acme", repo: "web", pullNumber: value, reviewId: "rev_1", labelName: "bug" };
        const error = await invoke(clients, invoker, values).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        const ok = error instanceof ValidationError && error.path === "pullNumber" && error.rule === "digits";
        if (!ok) wrong.push(`${operation}(${JSON.stringify(value)}): ${String(error)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("sends a string of digits as is", async () => {
    const sent: string[] = [];
    const clients = clientsWith(async (request) => {
      sent.push(new URL(request.url).pathname);
      return new Response(null, { status: 500 });
    });
    const missing: string[] = [];
    for (const [operation] of WITH_PULL) {
      const invoker = FORGE_INVOKERS[operation as keyof typeof FORGE_INVOKERS];
      for (const value of DIGITS) {
        const before = sent.length;
        const values = { owner: "acme", repo: "web", pullNumber: value, reviewId: "rev_1", labelName: "bug" };
        await invoke(clients, invoker, values).catch(() => undefined);
        if (!sent.slice(before).some((path) => path.includes(`/pulls/${value}`) || path.includes(`/pull/${value}`)))
          missing.push(`${operation}(${value})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
