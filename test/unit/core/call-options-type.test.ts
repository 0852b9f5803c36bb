// Every client method's last `options` argument is a call-options object ({ signal, timeoutMs, maxRetries, headers })
// or omitted, its headers a plain object of headers the SDK may send. Anything else (a string, a number, an array, `true`) is a caller's mistake: it must be refused before the
// network with an AgentlineError naming `options`, never read as "no options". Found by walking the clients (as the
// bad-argument sweep does): a method counts once a call with the same leading arguments and no options was sent.
import { describe, expect, it } from "vitest";
import * as adminEntry from "../../../src/admin/index.js";
import * as agentsEntry from "../../../src/agents/index.js";
import { isAgentlineError } from "../../../src/core/errors.js";
import * as forgeEntry from "../../../src/forge/index.js";
import * as testingEntry from "../../../src/testing/index.js";
import { methodNames, parameterNames } from "./argument-sweep.js";

const NOT_OPTIONS: ReadonlyArray<[string, () => unknown]> = [
  ['"fast"', () => "fast"],
  ["5000", () => 5000],
  ["[]", () => []],
  ["true", () => true],
  // Headers the runtime writes from the request (fetch forbids them: dropped in a browser, a mid-flight failure in
  // Node read as a lost connection), and a `Headers` instance, whose entries an object spread loses.
  ["{ headers: { Host } }", () => ({ headers: { Host: "evil.example" } })],
  ["{ headers: { Content-Length } }", () => ({ headers: { "Content-Length": "5" } })],
  ["{ headers: { Transfer-Encoding } }", () => ({ headers: { "transfer-encoding": "chunked" } })],
  ["{ headers: { Expect } }", () => ({ headers: { Expect: "100-continue" } })],
  ["{ headers: new Headers() }", () => ({ headers: new Headers({ "x-trace": "1" }) })],
];
/** Methods whose options are not call options and name no `headers` (an unknown option is ignored, as everywhere). */
const TAKES_NO_HEADERS = new Set(["agents.runs.wait"]);
/** Leading arguments tried in turn until a call is sent. */
const LEADING = ["acme", "1", {}];

async function settle(value: unknown): Promise<unknown> {
  try {
    const result = await Promise.race([
      Promise.resolve(value),
      new Promise((resolve) => setTimeout(() => resolve("slow"), 2_000)),
    ]);
    return result;
  } catch (error) {
    return error;
  }
}

describe("call options that are not an object", () => {
  it("every method reached: 0 calls sent or read as no options", async () => {
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
    const reached: string[] = [];
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
        const at = parameters.lastIndexOf("options");
        if (at === -1) continue;
        for (const lead of LEADING) {
          const leading = Array.from({ length: at }, () => lead);
          const before = sent;
          let call: unknown;
          try {
            call = fn.apply(value, leading);
          } catch {
            continue;
          }
          await settle(call);
          if (sent === before) continue;
          reached.push(`${path}.${method}`);
          for (const [label, make] of NOT_OPTIONS) {
            if (label.startsWith("{ headers") && TAKES_NO_HEADERS.has(`${path}.${method}`)) continue;
            const start = sent;
            let outcome: unknown;
            try {
              outcome = await settle(fn.apply(value, [...leading, make()]));
            } catch (error) {
              outcome = error;
            }
            const named = isAgentlineError(outcome) && /`options[`.]/.test(outcome.message);
            if (sent !== start || !named) {
              wrong.push(`${path}.${method}(…, ${label}): ${sent !== start ? "sent" : String(outcome).slice(0, 80)}`);
            }
          }
          break;
        }
      }
      for (const [key, child] of Object.entries(value)) {
        if (child && typeof child === "object" && !("then" in child) && methodNames(child).length > 0)
          await walk(child, `${path}.${key}`, depth + 1);
      }
      // Factories (`forge.repo(owner, repo)`, `forge.owner(owner)`).
      for (const factory of ["repo", "owner"]) {
        const make = (value as Record<string, unknown>)[factory];
        if (typeof make === "function")
          await walk(make.call(value, "acme", "widgets") as object, `${path}.${factory}(…)`, depth + 1);
      }
    };
    for (const [name, root] of roots) await walk(root, name, 0);
    console.log(`call options: ${reached.length} methods reached, ${wrong.length} wrong`);
    expect(reached.length).toBeGreaterThan(60);
    expect(wrong).toEqual([]);
  }, 120_000);
});
