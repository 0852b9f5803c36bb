// The demo page in a real Chromium: each built live-run example (React first: the one `npm run demo` serves) is
// served by the demo's own static server, opened with Playwright, and watched until its run on the in-page fake
// service finishes. What the page showed on the way is recorded in the page by a MutationObserver, so the checks
// see every frame: text that arrives in several steps and never shrinks (the stream drop resumes without a
// glitch), a `resuming` connection followed by `live` again, tool calls all done, the result. A screenshot of each
// finished page lands in test/demo/artifacts/ (git-ignored). A last case points the React page at a service of its
// own through `?baseUrl=…&apiKey=…` (a fake served from this process, with the CORS headers a real one would send).
//
// Run by scripts/test.mjs (step `demo-page`) with `node --import tsx --test`; by hand:
//   node --import tsx --test test/demo/live-run-page.test.ts
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright";
import { LIVE_RUN_EXAMPLES } from "../../scripts/build-examples.mjs";
import { serveExample } from "../../scripts/lib/serve-example.js";
import { serveFetch } from "../../scripts/lib/serve-fetch.js";
import { createFakeService } from "../../src/testing/index.js";

// A plain-Node script without type declarations, imported by URL as vitest.config.ts does.
const { CHROMIUM_ARGS, ensureChromium } = (await import(
  new URL("../../scripts/ensure-chromium.mjs", import.meta.url).href
)) as { CHROMIUM_ARGS: readonly string[]; ensureChromium: () => string };

const root = fileURLToPath(new URL("../../", import.meta.url));
const artifacts = join(root, "test", "demo", "artifacts");

/** One distinct thing the page showed, and when (ms since the page started). */
interface Frame {
  at: number;
  status: string;
  connection: string;
  text: string;
}

declare global {
  interface Window {
    __liveRunFrames?: Frame[];
  }
}

/**
 * Installed before the page's scripts run: records each distinct frame of the run view as the DOM changes. Plain
 * JavaScript in a string: a function would reach the page compiled by tsx, with helpers the page does not have.
 */
const RECORD_FRAMES = `
  const frames = [];
  window.__liveRunFrames = frames;
  const read = (id) => document.querySelector("[data-testid=" + id + "]")?.textContent ?? "";
  const observer = new MutationObserver(() => {
    if (!document.querySelector("[data-testid=text]")) return;
    const frame = { at: performance.now(), status: read("status"), connection: read("connection"), text: read("text") };
    const last = frames.at(-1);
    if (!last || last.status !== frame.status || last.connection !== frame.connection || last.text !== frame.text) {
      frames.push(frame);
    }
  });
  document.addEventListener("DOMContentLoaded", () => {
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
`;

let browser: Browser;

before(async () => {
  browser = await chromium.launch({ executablePath: ensureChromium(), args: [...CHROMIUM_ARGS], headless: true });
  mkdirSync(artifacts, { recursive: true });
});

after(async () => {
  await browser?.close();
});

/** Opens example `name` served like the demo serves it, and waits until its run has finished. */
async function watchExample(name: string, page: Page) {
  const served = await serveExample(name);
  try {
    await page.addInitScript({ content: RECORD_FRAMES });
    await page.goto(served.url);
    await page.locator("[data-testid=result]").waitFor({ timeout: 30_000 });
    // The last frame (the run ended, the stream closed) may still be one animation frame away.
    await page.waitForFunction(() => document.querySelector("[data-testid=connection]")?.textContent === "closed");
    const frames = await page.evaluate(() => window.__liveRunFrames ?? []);
    const tools = await page.locator("[data-testid=tools] li").evaluateAll((items) => items.map((li) => li.className));
    const result = (await page.locator("[data-testid=result]").textContent()) ?? "";
    const status = await page.locator("[data-testid=status]").textContent();
    return { url: served.url, frames, tools, result, status };
  } finally {
    await served.close();
  }
}

for (const name of LIVE_RUN_EXAMPLES) {
  test(`${name}: the built page shows its run live, resumes a dropped stream without a glitch, and finishes`, async () => {
    const page = await browser.newPage({ viewport: { width: 860, height: 540 } });
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") pageErrors.push(message.text());
    });
    try {
      const { url, frames, tools, result, status } = await watchExample(name, page);

      assert.equal(status, "FINISHED");
      assert.match(result, /^Done: .*--dry-run/, "the result is the fake's reply, quoting the example's prompt");
      assert.ok(tools.length > 0, "tool calls are shown");
      assert.deepEqual(
        tools.filter((className) => className !== "done"),
        [],
        "every tool call turned done",
      );

      // Progressive: the text grew in several steps, spread over time, not in one final burst.
      const growth = frames.filter(
        (frame, index) => index > 0 && frame.text.length > (frames[index - 1]?.text.length ?? 0),
      );
      assert.ok(growth.length >= 3, `the text grew in ${growth.length} step(s); expected several`);
      const first = growth[0]?.at ?? 0;
      const last = growth.at(-1)?.at ?? 0;
      assert.ok(last - first >= 1_000, `the text arrived within ${Math.round(last - first)} ms; expected over seconds`);

      // Glitch-free: no frame takes text back, across the drop and the resume too.
      frames.forEach((frame, index) => {
        const previous = frames[index - 1];
        if (previous) assert.ok(frame.text.startsWith(previous.text), `frame ${index} took text back`);
      });

      // The fault dropped the stream once: the page showed `resuming`, then `live` again, and never restarted.
      const connections = frames.map((frame) => frame.connection);
      const resumedAt = connections.indexOf("resuming");
      assert.ok(resumedAt > 0, `no resume was shown (connection states: ${[...new Set(connections)].join(", ")})`);
      assert.ok(connections.slice(resumedAt).includes("live"), "the stream went live again after the drop");
      assert.ok(!connections.slice(resumedAt).includes("connecting"), "the resume did not start over");
      assert.ok(frames.at(-1)?.text.length, "the final text is shown");

      assert.deepEqual(pageErrors, [], "the page logged no error");

      const shot = join(artifacts, name === "react-live-run" ? "live-run.png" : `live-run-${name.split("-")[0]}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      console.log(`   ${name} at ${url}: ${frames.length} frames; screenshot ${relative(process.cwd(), shot)}`);
    } finally {
      await page.close();
    }
  });
}

/** `handler` answering cross-origin calls the way a browser needs them answered (preflights included). */
function withCors(handler: (request: Request) => Promise<Response>) {
  const cors = {
    "access-control-allow-origin": "*",
    "access-control-allow-headers": "authorization, content-type, idempotency-key, last-event-id",
    "access-control-allow-methods": "GET, POST, DELETE",
    "access-control-expose-headers": "*",
  };
  return async (request: Request) => {
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
    const response = await handler(request);
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(cors)) headers.set(name, value);
    return new Response(response.body, { status: response.status, headers });
  };
}

test("react-live-run: ?baseUrl=…&apiKey=… runs on that service, not in the page, and drops the key from the address", async () => {
  const apiKey = "page-key-0123456789";
  const service = createFakeService({ apiKeys: [apiKey], run: { creatingMs: 100, runningMs: 800 } });
  const api = await serveFetch(withCors(service.fetch));
  const served = await serveExample("react-live-run");
  const page = await browser.newPage();
  try {
    await page.goto(`${served.url}?baseUrl=${encodeURIComponent(api.url)}&apiKey=${apiKey}`);
    await page.locator("[data-testid=result]").waitFor({ timeout: 30_000 });
    assert.equal(await page.locator("[data-testid=status]").textContent(), "FINISHED");
    const paths = service.requests.map((request) => `${request.method} ${request.path}`);
    assert.equal(paths[0], "POST /v1/agents", "the page created its agent on the service");
    assert.ok(
      paths.some((path) => path.endsWith("/stream")),
      "the page streamed the run from the service",
    );
    assert.ok(!page.url().includes(apiKey), "the key left the address bar");
    assert.ok(!(await page.content()).includes(apiKey), "the key is not shown on the page");
  } finally {
    await page.close();
    await served.close();
    await api.close();
  }
});
