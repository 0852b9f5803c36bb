// Every public function and constructor of agentline/webhooks, given a wrong argument (undefined, null, another
// type, a missing required option), throws an AgentlineError (`invalid_argument` / `invalid_option`) that names
// the argument, never an engine TypeError. The table (bad-arguments.ts): each row puts one bad value in one place
// of an otherwise good call.
import { describe, expect, it } from "vitest";
import { isAgentlineError } from "../../../src/core/errors.js";
import * as webhooks from "../../../src/webhooks/index.js";
import { badArgumentRows } from "./bad-arguments.js";

const { ForgeKeys, isWebhookEventType, MemoryDedupeStore, resolveWebhookScheme } = webhooks;
const ACCEPTED = Symbol("accepted");

async function outcome(call: () => unknown): Promise<unknown> {
  try {
    await call();
    return ACCEPTED;
  } catch (error) {
    return error;
  }
}

describe("agentline/webhooks: bad arguments get the SDK's errors", () => {
  it("throws an AgentlineError naming the argument for every bad value of every argument of every export", async () => {
    const table = await badArgumentRows();
    const failures: string[] = [];
    let calls = 0;
    for (const row of table) {
      for (const bad of row.bad) {
        calls += 1;
        const where = `${row.target}(${row.name} = ${typeof bad === "string" ? JSON.stringify(bad) : String(JSON.stringify(bad) ?? bad)})`;
        const error = await outcome(() => row.call(bad));
        if (error === ACCEPTED) failures.push(`${where}: accepted`);
        else if (!isAgentlineError(error)) failures.push(`${where}: ${String(error)}`);
        else if (error.code !== "invalid_argument" && error.code !== "invalid_option")
          failures.push(`${where}: code ${error.code} (${error.message})`);
        else if (!error.message.includes(`\`${row.name}`)) failures.push(`${where}: message "${error.message}"`);
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(400);
    // Every export that is a function or class is in the table (constants, types and error classes aside).
    const covered = new Set(table.map((row) => row.target.split(".")[0]));
    const callable = Object.entries(webhooks)
      .filter(([name, value]) => typeof value === "function" && !name.endsWith("Error"))
      .map(([name]) => name)
      // A type guard answers false for anything; loadWebhookEventSchemas takes no argument.
      .filter((name) => name !== "isWebhookEventType" && name !== "loadWebhookEventSchemas");
    expect(callable.filter((name) => !covered.has(name))).toEqual([]);
  });

  it("good calls still work, and isWebhookEventType (a type guard) answers false for a non-string", async () => {
    for (const value of [undefined, null, 42, {}, [], "toString"])
      expect(isWebhookEventType(value as never)).toBe(false);
    expect(() => new MemoryDedupeStore({ maxEntries: 1, now: Date.now })).not.toThrow();
    expect(() => new ForgeKeys({ jwksUrl: "https://forge.example/v1/forge/keys" })).not.toThrow();
    expect(resolveWebhookScheme({ prefix: "v2" }).acceptedPrefixes).toEqual(["v2"]);
  });
});
