// A method's query or params object given as an array (`list(["open"])`) is a caller's mistake: valibot's object
// schemas take arrays, and their indexes went out as query keys (`?0=open`) with the documented filters missing. Found
// by walking the clients: every method whose first parameter is its `params` or `query` object, called with `[]` and
// `["x"]`: 0 sent, each refused with an AgentlineError.
import { describe, expect, it } from "vitest";
import * as adminEntry from "../../../src/admin/index.js";
import * as agentsEntry from "../../../src/agents/index.js";
import { isAgentlineError } from "../../../src/core/errors.js";
import * as forgeEntry from "../../../src/forge/index.js";
import * as testingEntry from "../../../src/testing/index.js";
import { methodNames, parameterNames } from "./argument-sweep.js";

const OBJECT_PARAMETERS = new Set(["params", "query", "filters"]);

describe("an array where a method reads its params object", () => {
  it("every such method of every client: 0 sent", async () => {
    const fake = testingEntry.createFakeService({ apiKeys: ["test-key"] });
    let sent = 0;
    const fetch = async (request: Request) => {
      sent++;
      return fake.fetch(request);
    };
    const common = { baseUrl: "http://127.0.0.1:9", fetch, maxRetries: 0 };
    const roots: Array<[string, object]> = [
      ["agents", new agentsEntry.AgentsClient({ apiKey: "test-key", ...common })],
      ["admin", new adminEntry.AdminClient({ apiKey: "team-key", rateBudgets: false, ...common })],
      [
        "org",
        new adminEntry.OrganizationClient({
          apiKey: "org-key",
          organizationId: fake.admin.organizationId,
          rateBudgets: false,
          ...common,
        }),
      ],
      ["forge", new forgeEntry.ForgeClient({ token: "user-token", ...common })],
    ];
    const swept: string[] = [];
    const wrong: string[] = [];
    const seen = new Set<object>();
    const walk = async (value: object, path: string, depth: number): Promise<void> => {
      if (seen.has(value) || depth > 4) return;
      seen.add(value);
      for (const method of methodNames(value)) {
        const fn = (value as Record<string, (...args: unknown[]) => unknown>)[method] as (
          ...args: unknown[]
        ) => unknown;
        const parameters = parameterNames(fn);
        const at = parameters.findIndex((name) => OBJECT_PARAMETERS.has(name));
        if (at === -1) continue;
        swept.push(`${path}.${method}`);
        for (const bad of [[], ["x"]]) {
          const before = sent;
          let outcome: unknown;
          try {
            const result = fn.apply(value, [...Array.from({ length: at }, () => "acme"), bad]) as PromiseLike<unknown>;
            outcome = await Promise.resolve(result).then(
              () => "resolved",
              (error: unknown) => error,
            );
          } catch (error) {
            outcome = error;
          }
          if (sent !== before) wrong.push(`${path}.${method}(${JSON.stringify(bad)}): sent`);
          else if (!isAgentlineError(outcome))
            wrong.push(`${path}.${method}(${JSON.stringify(bad)}): ${String(outcome)}`);
        }
      }
      for (const [key, child] of Object.entries(value)) {
        if (child && typeof child === "object" && !("then" in child) && methodNames(child).length > 0)
          await walk(child, `${path}.${key}`, depth + 1);
      }
      for (const factory of ["repo", "owner"]) {
        const make = (value as Record<string, unknown>)[factory];
        if (typeof make === "function")
          await walk(make.call(value, "acme", "widgets") as object, `${path}.${factory}(…)`, depth + 1);
      }
    };
    for (const [name, root] of roots) await walk(root, name, 0);
    console.log(`array inputs: ${swept.length} methods swept, ${wrong.length} wrong`);
    expect(swept.length).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  }, 120_000);
});
