// What a call returns is awaited like a promise: then, catch and finally, on a single answer and on every kind of
// list (cursor pages, page-number pages, date-windowed pages). A user's `.finally(stopSpinner)` must not be a
// TypeError on a list when it works on a single call.
import { describe, expect, it } from "vitest";
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { ForgeClient } from "../../../src/forge/index.js";

describe("the promise shape of every kind of answer", () => {
  it("single calls and the four kinds of list all have then, catch and finally; finally runs once and settles", async () => {
    // Every call is refused by the server: the shape is what is tested, and a rejection settles as well.
    const fetch = async () => Response.json({ error: { code: "internal_error", message: "no" } }, { status: 400 });
    const common = { baseUrl: "https://api.example.test", fetch, maxRetries: 0 };
    const agents = new AgentsClient({ apiKey: "test-key", ...common });
    const admin = new AdminClient({ apiKey: "team-key", rateBudgets: false, ...common });
    const org = new OrganizationClient({ apiKey: "org-key", organizationId: "org_1", rateBudgets: false, ...common });
    const forge = new ForgeClient({ token: "oit_not_a_real_token_0123", ...common });
    const now = Date.now();
    const calls: Record<string, () => unknown> = {
      "a single call (ApiPromise)": () => agents.agents.get("bc-missing"),
      "a cursor list (agents.list)": () => agents.agents.list(),
      "a page-number list (org.members.list)": () => org.members.list(),
      "a date-windowed list (auditLogs.list)": () =>
        admin.auditLogs.list({ startTime: now - 86_400_000, endTime: now }),
      "a forge list (pulls.list)": () => forge.repo("acme", "web").pulls.list(),
    };
    const wrong: string[] = [];
    for (const [name, call] of Object.entries(calls)) {
      const result = call() as Partial<Promise<unknown>>;
      for (const method of ["then", "catch", "finally"] as const) {
        if (typeof result[method] !== "function") wrong.push(`${name}: no ${method}`);
      }
      if (typeof result.finally !== "function") continue;
      let ran = 0;
      const settled = await result
        .finally(() => {
          ran++;
        })
        .then(
          () => "fulfilled",
          () => "rejected",
        );
      if (ran !== 1) wrong.push(`${name}: finally ran ${ran} times (${settled})`);
      if (Object.prototype.toString.call(result) === "[object Object]") wrong.push(`${name}: no toStringTag`);
    }
    expect(wrong).toEqual([]);
  });
});
