import { describe, expect, it } from "vitest";
import { isAgentlineError } from "../../../src/core/errors.js";
import { loadOnce } from "../../../src/core/load-once.js";

describe("loadOnce (the lazy loader of event schemas and jose)", () => {
  it("imports once for any number of callers, and retries after a failure reported as an AgentlineError", async () => {
    let imports = 0;
    let fail = true;
    const load = loadOnce(async () => {
      imports += 1;
      if (fail) throw new Error("Cannot find package 'jose'");
      return { loaded: imports };
    }, "jose");
    const failures = await Promise.all([load(), load()].map((promise) => promise.catch((error: unknown) => error)));
    expect(imports).toBe(1);
    for (const error of failures) {
      expect(isAgentlineError(error)).toBe(true);
      expect(error).toMatchObject({ code: "module_load_failed", message: expect.stringContaining("jose") });
    }
    fail = false;
    const loaded = await Promise.all([load(), load(), load()]);
    expect(imports).toBe(2);
    expect(new Set(loaded).size).toBe(1);
  });
});
