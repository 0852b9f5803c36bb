// Client and call options of the wrong type are refused when the client is made or the call starts, as an
// invalid_option naming the option, and nothing is sent: before, some were read as something else (`maxRetries: "2"`)
// and others threw a TypeError at the first call (`now: 5`, `tokenCache: {}`). Every client, over fetch.
import { describe, expect, it } from "vitest";
import { AgentlineError } from "../../../src/core/errors.js";
import { ForgeApp, generateAppKeyPair } from "../../../src/forge/index.js";
import { baseUrl, clients, countingFetch, failureOf, rawGet } from "./client-fixtures.js";

function expectRefused(error: unknown, option: string): void {
  expect(error, option).toBeInstanceOf(AgentlineError);
  expect((error as AgentlineError).code).toBe("invalid_option");
  expect((error as Error).message).toContain(`options.${option}`);
}

describe("client and call options of the wrong type: invalid_option naming the option, nothing sent", () => {
  const WRONG_CLIENT_OPTIONS: Record<string, unknown[]> = {
    maxRetries: [-1, 1.5, "2", Number.NaN],
    timeoutMs: [0, -5, "1000", Number.NaN],
    fetch: ["fetch", {}],
    shouldRetry: [true],
    hooks: [5, { beforeRequest: "x" }, { afterResponse: [5] }, { beforeRetry: {} }],
    logger: ["console", 5],
    identify: ["yes", 1],
    sleep: [5],
    now: [Date.now()],
    random: [0.5],
  };

  it(`${Object.values(WRONG_CLIENT_OPTIONS).flat().length} wrong values × 3 clients, at construction`, async () => {
    for (const make of Object.values(clients)) {
      const { sent, fetch } = countingFetch();
      for (const [name, values] of Object.entries(WRONG_CLIENT_OPTIONS)) {
        for (const value of values) {
          expectRefused(
            await failureOf(() => make({ [name]: value }, name === "fetch" ? (value as never) : fetch)),
            name,
          );
        }
      }
      expect(sent).toHaveLength(0);
    }
  });

  it("call options: signal, timeoutMs, maxRetries of the wrong type × 3 clients, before the network", async () => {
    const wrong: Record<string, unknown[]> = {
      signal: [5, "abort", {}],
      timeoutMs: [0, "1000", Number.NaN],
      maxRetries: [-1, "2"],
    };
    for (const make of Object.values(clients)) {
      const { sent, fetch } = countingFetch();
      const client = make({}, fetch);
      for (const [name, values] of Object.entries(wrong)) {
        for (const value of values) {
          const error = await failureOf(() => rawGet(client, { [name]: value }));
          expect((error as AgentlineError).code, `${name}: ${String(value)}`).toBe("invalid_option");
          expect((error as Error).message).toContain(`options.${name}`);
        }
      }
      expect(sent).toHaveLength(0);
      // The right types still go through.
      await rawGet(client, {
        signal: new AbortController().signal,
        timeoutMs: Number.POSITIVE_INFINITY,
        maxRetries: 0,
      });
      expect(sent).toHaveLength(1);
    }
  });

  it("each client's own options: ForgeApp tokenCache, tokenRefreshMarginMs, pointsBudget; AdminClient rateBudgets, onWait", async () => {
    const { privateKey } = await generateAppKeyPair();
    const { sent, fetch } = countingFetch();
    const app = (extra: object) => new ForgeApp({ appId: "app_1", privateKey, baseUrl, fetch, ...extra });
    const WRONG: Array<[string, unknown[], (extra: object) => unknown]> = [
      ["tokenCache", [5, "x", {}, [], true], app],
      ["pointsBudget", [5, "x", {}, [], true], app],
      ["tokenRefreshMarginMs", ["x", true, {}, -1, Number.NaN], app],
      ["rateBudgets", [5, "x", [], true, { store: 5 }, { store: {} }], (extra) => clients.admin(extra, fetch)],
      ["onWait", [5, "x", {}, true], (extra) => clients.admin(extra, fetch)],
    ];
    for (const [option, values, make] of WRONG) {
      for (const value of values) expectRefused(await failureOf(() => make({ [option]: value })), option);
    }
    // What the options may be still goes.
    app({ tokenRefreshMarginMs: 0, pointsBudget: false });
    clients.admin({ rateBudgets: false, onWait: () => {} }, fetch);
    clients.admin({ rateBudgets: {} }, fetch);
    expect(sent).toHaveLength(0);
  });
});
