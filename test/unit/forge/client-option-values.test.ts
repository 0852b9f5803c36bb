// ForgeClient's `points` and `credential` options: a wrong value is an `invalid_option` naming it at construction
// where it can be checked, and a `credential` callback answering the wrong thing fails the call with an AgentlineError
// naming it — never a raw TypeError from inside, and never a request sent without a bearer token.
import { describe, expect, it } from "vitest";
import { AgentlineError } from "../../../src/core/errors.js";
import { ForgeClient, type ForgeClientOptions } from "../../../src/forge/index.js";

/** A forge that refuses every token (401), counting what reached it. */
function refusingForge() {
  const sent: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(request.headers.get("authorization") ?? "(none)");
    return Response.json({ code: 16, message: "unauthenticated", details: [] }, { status: 401 });
  };
  return { sent, common: { baseUrl: "https://forge.example", fetch, maxRetries: 0 } };
}

const token = async () => "utok_option_values";

/** What one call through the client (`pulls.get`) fails with, or undefined when it succeeds. */
const pullError = (client: ForgeClient): Promise<unknown> =>
  client
    .repo("o", "r")
    .pulls.get("1")
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );

describe("ForgeClient option values", () => {
  it.each([
    ["points", { token: "utok_x", points: {} }],
    ["points", { token: "utok_x", points: true }],
    ["points", { token: "utok_x", points: { budget: {}, principal: async () => ({ kind: "user", id: "u" }) } }],
    ["points", { token: "utok_x", points: { budget: { acquire() {}, observe() {}, penalize() {} }, principal: 5 } }],
    ["credential.refresh", { credential: { token, refresh: "x" } }],
    ["credential.secrets", { credential: { token, secrets: 5 } }],
    ["credential.kind", { credential: { token, kind: "bogus" } }],
  ])("refuses a wrong `%s` at construction", (name, options) => {
    const { common } = refusingForge();
    let error: unknown;
    try {
      new ForgeClient({ ...common, ...(options as unknown as ForgeClientOptions) });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AgentlineError);
    expect((error as AgentlineError).code).toBe("invalid_option");
    expect((error as AgentlineError).message).toContain(`\`options.${name}\``);
  });

  it.each([
    ["a number", async () => 5],
    ["undefined", async () => undefined],
    ["an empty string", async () => ""],
  ])("fails a call whose credential.token() gives %s, naming it, with nothing sent", async (_, badToken) => {
    const { sent, common } = refusingForge();
    const client = new ForgeClient({ ...common, credential: { token: badToken as never } });
    const error = await pullError(client);
    expect(error).toBeInstanceOf(AgentlineError);
    expect((error as AgentlineError).message).toContain("`credential.token`");
    expect(sent).toEqual([]);
  });

  it("fails a call whose credential.secrets() gives no array with an AgentlineError naming it", async () => {
    const { common } = refusingForge();
    const client = new ForgeClient({ ...common, credential: { token, secrets: (() => 5) as never } });
    const error = await pullError(client);
    expect(error).toBeInstanceOf(AgentlineError);
    expect((error as AgentlineError).message).toContain("`credential.secrets`");
  });
});
