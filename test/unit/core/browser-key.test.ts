// A client that holds a key refuses to start in a web page unless `dangerouslyAllowBrowser: true`: simulated here by
// the globals that make a page (window + document), and by the globals of runtimes that are not one.
import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { constructorError, constructorOutcome, type KeyedSecrets, keyedClients } from "./keyed-clients.js";

const SECRETS: KeyedSecrets = {
  agents: "ak_live_page_secret_1",
  team: "team_key_page_secret_2",
  organization: "org_key_page_secret_3",
  forge: "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIpage_secret_4\n-----END PRIVATE KEY-----",
};
const KEYED = keyedClients(SECRETS);
const outcome = constructorOutcome;
const errorOf = constructorError;

/** The globals of one runtime: a page has `window` and `document`; Deno 1.x has a `window` but no `document`. */
const RUNTIMES: Record<string, Record<string, unknown>> = {
  browser: { window: {}, document: {} },
  "Deno 1.x": { window: {}, Deno: { version: { deno: "1.46.3" } } },
  workerd: { navigator: { userAgent: "Cloudflare-Workers" } },
  Node: {},
};

function enter(runtime: string): void {
  for (const [name, value] of Object.entries(RUNTIMES[runtime] ?? {})) vi.stubGlobal(name, value);
}

afterEach(() => vi.unstubAllGlobals());

describe("a keyed client in a browser page", () => {
  it("throws browser_key for each keyed constructor × { no flag, false }, and builds with true", () => {
    enter("browser");
    const outcomes: Record<string, string[]> = {};
    for (const [name, build] of KEYED) {
      outcomes[name] = [outcome(() => build()), outcome(() => build(false)), outcome(() => build(true))];
    }
    const expected = ["browser_key", "browser_key", "built"];
    expect(outcomes).toEqual({
      AgentsClient: expected,
      AdminClient: expected,
      OrganizationClient: expected,
      ForgeApp: expected,
    });
  });

  it("says why and points at createAgentsRelay, with 0 secrets in message, JSON, String and inspect (4 clients × 4 views)", () => {
    enter("browser");
    const leaks: string[] = [];
    for (const [name, build] of KEYED) {
      const error = errorOf(() => build());
      expect(error.message).toContain(name);
      expect(error.message).toContain("leaked key");
      expect(error.message).toContain('`createAgentsRelay` from "agentline/relay"');
      expect(error.message).toContain("dangerouslyAllowBrowser: true");
      const views = [error.message, JSON.stringify(error), String(error), inspect(error, { depth: 5 })];
      for (const view of views) {
        for (const secret of Object.values(SECRETS)) {
          if (view.includes(secret) || view.includes(secret.slice(0, 12))) leaks.push(`${name}: ${secret.slice(0, 6)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it("builds a relay-mode AgentsClient (no key) without the flag", () => {
    enter("browser");
    expect(outcome(() => new AgentsClient({ baseUrl: "https://app.example/api/agents" }))).toBe("built");
  });
});

describe("runtimes that are not a browser page", () => {
  it.each(["Deno 1.x", "workerd", "Node"])("%s: every keyed client builds without the flag", (runtime) => {
    enter(runtime);
    const built = KEYED.filter(([, build]) => outcome(() => build()) === "built");
    expect(built.length).toBe(KEYED.length);
  });
});

describe("dangerouslyAllowBrowser values", () => {
  it("refuses anything but a boolean with invalid_option on every keyed client, outside a page too (4 × 4)", () => {
    const wrong: string[] = [];
    for (const [name, build] of KEYED) {
      for (const flag of ["true", 1, null, {}]) {
        const code = outcome(() => build(flag as boolean));
        if (code !== "invalid_option") wrong.push(`${name} ${JSON.stringify(flag)}: ${code}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
