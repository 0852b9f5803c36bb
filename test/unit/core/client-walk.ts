// The four API clients over one fake service with a counting `fetch`, and a walk of every method they hold: their
// resources' and what the synchronous factories return (`forge.repo(owner, repo)`, `forge.owner(owner)`). Shared by
// the sweeps that call every method with a wrong argument and count what was sent (call-options-type, array-inputs).
import * as adminEntry from "../../../src/admin/index.js";
import * as agentsEntry from "../../../src/agents/index.js";
import * as forgeEntry from "../../../src/forge/index.js";
import * as testingEntry from "../../../src/testing/index.js";
import { methodNames, parameterNames } from "./argument-sweep.js";

type Method = (...args: unknown[]) => unknown;

/** The clients as `[name, client]`, and how many requests reached the fake so far. */
export function countingClients(): { roots: Array<[string, object]>; sent: () => number } {
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
  return { roots, sent: () => sent };
}

/** Calls `visit` once per method reachable from `roots` (depth 4), with its path, its parameter names and its owner. */
export async function forEachClientMethod(
  roots: ReadonlyArray<[string, object]>,
  visit: (path: string, fn: Method, parameters: string[], self: object) => Promise<void>,
): Promise<void> {
  const seen = new Set<object>();
  const walk = async (value: object, path: string, depth: number): Promise<void> => {
    if (seen.has(value) || depth > 4) return;
    seen.add(value);
    for (const method of methodNames(value)) {
      const fn = (value as Record<string, Method>)[method] as Method;
      await visit(`${path}.${method}`, fn, parameterNames(fn), value);
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
}
