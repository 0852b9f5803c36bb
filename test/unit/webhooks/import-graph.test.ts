// What importing agentline/webhooks loads, in a fresh Node process (a loader hook records every resolved module):
// verifying deliveries needs neither valibot nor jose nor the forge's schemas, so none is loaded (or shipped)
// until a call needs it: the event schemas on the first typed event, jose on the first installation receipt.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const probe = fileURLToPath(new URL("./fixtures/import-probe.mjs", import.meta.url));
const src = new URL("../../../src/", import.meta.url).href;

interface ProbeOutput {
  steps: Record<"import" | "verify" | "parse" | "receipt", string[]>;
  verified: string;
  known: boolean;
  receipt: string;
}

/** Modules a webhook receiver must not load before it needs them. */
function heavy(urls: readonly string[]): string[] {
  return urls.filter(
    (url) =>
      !url.startsWith(src) ||
      /\/src\/(forge|agents|admin|testing)\//.test(url) ||
      /\/src\/core\/schema\.ts$|\/src\/webhooks\/event-schemas\.ts$/.test(url),
  );
}

describe("agentline/webhooks loads what a call needs, when it needs it", () => {
  it("imports and verifies with no third-party module and no schema; types events and receipts on first use", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", probe], { encoding: "utf8", timeout: 30_000 });
    expect(result.stderr).toBe("");
    const output = JSON.parse(result.stdout) as ProbeOutput;
    const { steps } = output;
    // The probe really ran each step.
    expect([output.verified, output.known, output.receipt]).toEqual(["pull_request.created", true, "malformed_token"]);
    expect(steps.import.length).toBeGreaterThan(10);
    expect(steps.import.some((url) => url.endsWith("/src/webhooks/verify.ts"))).toBe(true);
    // Importing, then verifying a delivery with ForgeKeys: 0 modules outside src/, 0 schema modules.
    expect(heavy(steps.import)).toEqual([]);
    expect(heavy(steps.verify)).toEqual([]);
    // The first typed event loads the event schemas and valibot; the first receipt loads jose (through the
    // module that re-exports the two functions receipts use), and nothing else.
    expect(steps.parse.some((url) => url.endsWith("/src/webhooks/event-schemas.ts"))).toBe(true);
    expect(steps.parse.some((url) => url.includes("/node_modules/valibot/"))).toBe(true);
    expect(steps.parse.some((url) => url.includes("/node_modules/jose/"))).toBe(false);
    expect(steps.receipt.some((url) => url.includes("/node_modules/jose/"))).toBe(true);
    const besidesJose = steps.receipt.filter((url) => !url.includes("/node_modules/jose/"));
    expect(besidesJose.map((url) => url.slice(src.length))).toEqual(["webhooks/receipt-jose.ts"]);
  });
});
