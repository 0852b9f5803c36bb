// Adversarial sweep: every public method of the Admin and Organization clients, each argument (and each field of
// an object argument, and an unknown extra field) replaced by odd values. "Every public function given a wrong
// argument throws an AgentlineError, never a raw engine error": nothing here may escape as a TypeError or as the
// argument's own exception.
import { describe, expect, it } from "vitest";
import { AgentlineError, retryFailed } from "../../../src/admin/index.js";
import { publicCalls } from "./spec-calls.js";
import { settle, specServer } from "./spec-server.js";

const { admin, org } = specServer();

const circular: Record<string, unknown> = {};
circular.self = circular;
const throwing = new Proxy(
  {},
  {
    get() {
      throw new Error("boom-getter");
    },
    ownKeys() {
      throw new Error("boom-keys");
    },
  },
);
const ODD: Array<[string, unknown]> = [
  ["undefined", undefined],
  ["null", null],
  ["number", 42],
  ["string", "x"],
  ["array", []],
  ["object", {}],
  ["symbol", Symbol("s")],
  ["bigint", 1n],
  ["function", () => 1],
  ["circular", circular],
  ["array of symbol", [Symbol("s")]],
  ["array of bigint", [1n]],
  ["array of null", [null]],
  ["object with symbol", { x: Symbol("s") }],
  ["object with bigint", { extra: 1n }],
  ["NaN", Number.NaN],
  ["Infinity", Number.POSITIVE_INFINITY],
  ["invalid Date", new Date(Number.NaN)],
  ["throwing proxy", throwing],
];

const calls = publicCalls(admin, org);

async function outcome(call: () => unknown): Promise<string | undefined> {
  try {
    await settle(call());
    return undefined;
  } catch (error) {
    if (error instanceof AgentlineError) return undefined;
    return `${(error as Error)?.constructor?.name}: ${String((error as Error)?.message ?? error)}`;
  }
}

describe("adversarial: wrong arguments throw AgentlineErrors", () => {
  it("no public method lets a raw error escape", async () => {
    const raw: string[] = [];
    for (const [name, fn, valid] of calls) {
      for (let position = 0; position < valid.length; position++) {
        const base = valid[position];
        const variants: Array<[string, unknown]> = ODD.map(([label, odd]) => [`arg${position}=${label}`, odd]);
        if (base && typeof base === "object" && !Array.isArray(base)) {
          for (const key of [...Object.keys(base), "extraField"]) {
            for (const [label, odd] of ODD) variants.push([`arg${position}.${key}=${label}`, { ...base, [key]: odd }]);
          }
        }
        for (const [label, value] of variants) {
          const args = [...valid];
          args[position] = value;
          const problem = await outcome(() => fn(...args));
          if (problem) raw.push(`${name} ${label}: ${problem}`);
        }
      }
    }
    expect(raw).toEqual([]);
  });

  it("retryFailed() names an unreadable argument", () => {
    expect(() => retryFailed(throwing as never)).toThrow(AgentlineError);
  });
});
