// What `fetch` cannot send in a header (a line break, a NUL, a character beyond Latin-1, a name that is not a token)
// must fail as the SDK's own error, before the network, naming the option or header and never quoting its value:
// `Headers`' TypeError quotes the value, and the value may be a key or a token. Every client, over fetch (options of
// the wrong type: client-option-checks.test.ts).
import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { AgentlineError } from "../../../src/core/errors.js";
import { ForgeClient } from "../../../src/forge/index.js";
import { baseUrl, clients, countingFetch, failureOf, rawGet } from "./client-fixtures.js";

const SECRET = "sk_live_Q1w2E3r4T5y6U7i8O9p0";
const BAD_VALUES = [
  `${SECRET}\nx`,
  `${SECRET}\r\nx-injected: 1`,
  `${SECRET}\u0000`,
  `${SECRET}✓`,
  `${SECRET}\u{1F511}`,
];
const BAD_NAMES = ["a b", "x-ä", "", "x:y", "x\n"];

/** No surface of the error shows the secret, in any of the forms a header value took. */
function expectNoSecret(error: unknown): void {
  const e = error as Error;
  for (const surface of [e.message, String(e), e.stack ?? "", JSON.stringify(e)]) expect(surface).not.toContain(SECRET);
}

describe("headers no request can carry: the SDK's own error, nothing sent, the value never quoted", () => {
  it(`client headers: ${BAD_VALUES.length} values and ${BAD_NAMES.length} names × 3 clients → invalid_option at construction`, async () => {
    let refused = 0;
    for (const make of Object.values(clients)) {
      const { sent, fetch } = countingFetch();
      const cases = [
        ...BAD_VALUES.map((value) => ({ "x-trace": value })),
        ...BAD_NAMES.map((name) => ({ [name]: "ok" })),
        { "x-number": 5 },
        "x-trace: 1",
        ["x-trace", "1"],
      ];
      for (const headers of cases) {
        const error = await failureOf(() => make({ headers }, fetch));
        expect(error).toBeInstanceOf(AgentlineError);
        expect((error as AgentlineError).code).toBe("invalid_option");
        expect((error as Error).message).toContain("options.headers");
        expectNoSecret(error);
        refused++;
      }
      expect(sent).toHaveLength(0);
    }
    expect(refused).toBe(3 * (BAD_VALUES.length + BAD_NAMES.length + 3));
  });

  it("call headers: every bad value and name × 3 clients → invalid_option before the network", async () => {
    for (const make of Object.values(clients)) {
      const { sent, fetch } = countingFetch();
      const client = make({}, fetch);
      for (const headers of [
        ...BAD_VALUES.map((value) => ({ "x-trace": value })),
        ...BAD_NAMES.map((n) => ({ [n]: "1" })),
      ]) {
        const error = await failureOf(() => rawGet(client, { headers }));
        expect((error as AgentlineError).code).toBe("invalid_option");
        expectNoSecret(error);
      }
      expect(sent).toHaveLength(0);
    }
  });

  it("an API key or token with a line break, a NUL or a non-Latin-1 character → invalid_option naming it, never quoting it", async () => {
    for (const value of BAD_VALUES) {
      const made = [
        () => new AgentsClient({ apiKey: value, baseUrl }),
        () => new ForgeClient({ token: value, baseUrl }),
      ];
      for (const make of made) {
        const error = await failureOf(make);
        expect((error as AgentlineError).code).toBe("invalid_option");
        expect((error as Error).message).toMatch(/`(apiKey|token)`/);
        expectNoSecret(error);
      }
      // Basic sends the key base64-encoded, which any key survives.
      expect(() => new AgentsClient({ apiKey: value, baseUrl, authScheme: "basic" })).not.toThrow();
    }
  });

  it("a key read with its trailing newline still works: fetch trims the spaces and line breaks around a value", async () => {
    const { sent, fetch } = countingFetch();
    await rawGet(new AgentsClient({ apiKey: `${SECRET}\n`, baseUrl, fetch }));
    await new ForgeClient({ token: ` ${SECRET}\r\n`, baseUrl, fetch, maxRetries: 0 }).request({
      method: "GET",
      path: "/v1/forge/user",
    });
    expect(sent.map((request) => request.headers.get("authorization"))).toEqual([
      `Bearer ${SECRET}`,
      `Bearer  ${SECRET}`,
    ]);
  });

  it("a token a credential provider hands out that no header can carry: invalid_header, nothing sent, no timer or listener left", async () => {
    for (const value of BAD_VALUES) {
      const { sent, fetch } = countingFetch();
      const client = new ForgeClient({ credential: { token: async () => value }, baseUrl, fetch });
      const controller = new AbortController();
      const error = await failureOf(() =>
        client.request({ method: "GET", path: "/v1/forge/user", signal: controller.signal }),
      );
      expect(error).toBeInstanceOf(AgentlineError);
      expect((error as AgentlineError).code).toBe("invalid_header");
      expect((error as Error).message).toContain("`authorization` header");
      expectNoSecret(error);
      expect(sent).toHaveLength(0);
      expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
    }
  });

  it("a provider that fails leaves no listener on the caller's signal (the attempt starts after the credential)", async () => {
    const { sent, fetch } = countingFetch();
    const failure = new AgentlineError("mint failed", { code: "mint_failed" });
    const client = new ForgeClient({ credential: { token: () => Promise.reject(failure) }, baseUrl, fetch });
    const controller = new AbortController();
    const error = await failureOf(() =>
      client.request({ method: "GET", path: "/v1/forge/user", signal: controller.signal }),
    );
    expect(error).toBe(failure);
    expect(sent).toHaveLength(0);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("an Idempotency-Key no header can carry → invalid_header naming it, nothing sent", async () => {
    const { sent, fetch } = countingFetch();
    const client = clients.agents({}, fetch);
    for (const idempotencyKey of BAD_VALUES) {
      const error = await failureOf(() =>
        client.request({ method: "POST", path: "/v1/agents/bc-1/archive", body: {}, idempotencyKey }),
      );
      expect((error as AgentlineError).code).toBe("invalid_header");
      expect((error as Error).message).toContain("`idempotency-key` header");
      expectNoSecret(error);
    }
    expect(sent).toHaveLength(0);
  });
});
