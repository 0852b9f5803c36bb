// A method's query or params object given as an array (`list(["open"])`) is a caller's mistake: valibot's object
// schemas take arrays, and their indexes went out as query keys (`?0=open`) with the documented filters missing. Found
// by walking the clients: every method whose first parameter is its `params` or `query` object, called with `[]` and
// `["x"]`: 0 sent, each refused with an AgentlineError.
import { describe, expect, it } from "vitest";
import { isAgentlineError } from "../../../src/core/errors.js";
import { countingClients, forEachClientMethod } from "./client-walk.js";

const OBJECT_PARAMETERS = new Set(["params", "query", "filters"]);

describe("an array where a method reads its params object", () => {
  it("every such method of every client: 0 sent", async () => {
    const { roots, sent } = countingClients();
    const swept: string[] = [];
    const wrong: string[] = [];
    await forEachClientMethod(roots, async (path, fn, parameters, self) => {
      const at = parameters.findIndex((name) => OBJECT_PARAMETERS.has(name));
      if (at === -1) return;
      swept.push(path);
      for (const bad of [[], ["x"]]) {
        const before = sent();
        let outcome: unknown;
        try {
          const result = fn.apply(self, [...Array.from({ length: at }, () => "acme"), bad]) as PromiseLike<unknown>;
          outcome = await Promise.resolve(result).then(
            () => "resolved",
            (error: unknown) => error,
          );
        } catch (error) {
          outcome = error;
        }
        if (sent() !== before) wrong.push(`${path}(${JSON.stringify(bad)}): sent`);
        else if (!isAgentlineError(outcome)) wrong.push(`${path}(${JSON.stringify(bad)}): ${String(outcome)}`);
      }
    });
    console.log(`array inputs: ${swept.length} methods swept, ${wrong.length} wrong`);
    expect(swept.length).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  }, 120_000);
});
