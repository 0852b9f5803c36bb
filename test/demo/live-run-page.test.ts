// The demo page in a real Chromium: the built React live-run example, served by the same Node server `npm run demo`
// starts (the relay Worker of examples/live-run-relay, its fetch handler in Node, with the fake service inside it:
// each run's upstream stream drops once, and the page's first stream connection is cut once). A person's session
// is driven and checked (test/examples/live-run-page-checks.ts): the run streams in across both drops with text that
// never shrinks and ends equal to the service's; an empty follow-up shows its field error and sends nothing; a typed
// follow-up streams in; Cancel ends a run CANCELLED; no request carries an Authorization header or the key. The
// screenshot lands in test/demo/artifacts/ (git-ignored).
//
// Run by scripts/test.mjs (step `demo-page`) with `node --import tsx --test`; by hand:
//   node --import tsx --test test/demo/live-run-page.test.ts
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { type Browser, chromium } from "playwright";
import { serveExample } from "../../scripts/lib/serve-example.js";
import { checkPageOnWorkerFake } from "../examples/live-run-page-checks.js";

// A plain-Node script without type declarations, imported by URL as vitest.config.ts does.
const { CHROMIUM_ARGS, ensureChromium } = (await import(
  new URL("../../scripts/ensure-chromium.mjs", import.meta.url).href
)) as { CHROMIUM_ARGS: readonly string[]; ensureChromium: () => string };

const root = fileURLToPath(new URL("../../", import.meta.url));
const artifacts = join(root, "test", "demo", "artifacts");

let browser: Browser;

before(async () => {
  browser = await chromium.launch({ executablePath: ensureChromium(), args: [...CHROMIUM_ARGS], headless: true });
  mkdirSync(artifacts, { recursive: true });
});

after(async () => {
  await browser?.close();
});

test("react-live-run through the demo's Node relay: streams, resumes both legs, follows up, cancels, holds no key", async () => {
  const served = await serveExample("react-live-run");
  try {
    const seen = await checkPageOnWorkerFake(browser, {
      url: served.url,
      folder: served.folder,
      screenshot: join(artifacts, "live-run.png"),
    });
    console.log(`   ${seen.requests.length} page requests, 0 with Authorization; runs ${seen.runIds.join(", ")}`);

    // Without the session cookie, the relay answers 401 and calls nothing upstream.
    const api = new URL("api/agents/v1/agents", served.url);
    const headers = { "content-type": "application/json" };
    const refused = await fetch(api, { method: "POST", headers, body: JSON.stringify({ prompt: { text: "x" } }) });
    assert.equal(refused.status, 401);
    assert.equal(((await refused.json()) as { error: { code: string } }).error.code, "unauthorized");
  } finally {
    await served.close();
  }
});
