// Every client method's last `options` argument is a call-options object ({ signal, timeoutMs, maxRetries, headers })
// or omitted, its headers a plain object of headers the SDK may send. Anything else (a string, a number, an array, `true`) is a caller's mistake: it must be refused before the
// network with an AgentlineError naming `options`, never read as "no options". Found by walking the clients (as the
// bad-argument sweep does): a method counts once a call with the same leading arguments and no options was sent.
import { describe, expect, it } from "vitest";
import { isAgentlineError } from "../../../src/core/errors.js";
import { countingClients, forEachClientMethod } from "./client-walk.js";

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
    const { roots, sent } = countingClients();
    const reached: string[] = [];
    const wrong: string[] = [];
    await forEachClientMethod(roots, async (path, fn, parameters, self) => {
      const at = parameters.lastIndexOf("options");
      if (at === -1) return;
      for (const lead of LEADING) {
        const leading = Array.from({ length: at }, () => lead);
        const before = sent();
        let call: unknown;
        try {
          call = fn.apply(self, leading);
        } catch {
          continue;
        }
        await settle(call);
        if (sent() === before) continue;
        reached.push(path);
        for (const [label, make] of NOT_OPTIONS) {
          if (label.startsWith("{ headers") && TAKES_NO_HEADERS.has(path)) continue;
          const start = sent();
          let outcome: unknown;
          try {
            outcome = await settle(fn.apply(self, [...leading, make()]));
          } catch (error) {
            outcome = error;
          }
          const named = isAgentlineError(outcome) && /`options[`.]/.test(outcome.message);
          if (sent() !== start || !named) {
            wrong.push(`${path}(…, ${label}): ${sent() !== start ? "sent" : String(outcome).slice(0, 80)}`);
          }
        }
        return;
      }
    });
    console.log(`call options: ${reached.length} methods reached, ${wrong.length} wrong`);
    expect(reached.length).toBeGreaterThan(60);
    expect(wrong).toEqual([]);
  }, 120_000);
});
