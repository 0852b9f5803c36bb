// What a person does on a live-run page, driven in Chromium and checked: the page (served behind the relay) creates
// its agent and streams the first run, across the drops of both legs; an empty follow-up shows its field error and
// sends nothing; a typed follow-up streams in; Cancel ends the next run CANCELLED. Every request the page made is
// swept for an Authorization header and for the secrets. Shared by test/demo (the Node relay of `npm run demo`) and
// test/examples/live-run-relay.test.ts (the relay Worker in workerd).
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright";
import { DEMO_RUN, FAKE_KEY } from "../../examples/live-run-relay/upstream.js";
import { FIRST_PROMPT } from "../../examples/live-run-shared/page-helpers.js";
import { scriptedAssistantText } from "./reference-text.js";

/** One distinct thing the page showed, and when (ms since the page started). */
export interface Frame {
  at: number;
  runId: string;
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
    const frame = { at: performance.now(), runId: read("run-id"), status: read("status"), connection: read("connection"), text: read("text") };
    const last = frames.at(-1);
    if (!last || last.runId !== frame.runId || last.status !== frame.status || last.connection !== frame.connection || last.text !== frame.text) {
      frames.push(frame);
    }
  });
  document.addEventListener("DOMContentLoaded", () => {
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
`;

/** A request the page made, as the browser sent it. */
export interface PageRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What the checks found, for the caller's own checks (the upstream's request log, say). */
export interface LiveRunObservation {
  requests: PageRequest[];
  runIds: string[];
  frames: Frame[];
}

/** What a run's assistant text should read in the end (folded from the service's own events, read past the relay). */
export type ExpectedText = (agentId: string, runId: string) => Promise<string>;

export interface LiveRunPageOptions {
  /** The page's address (served behind the relay). */
  url: string;
  /** Values that must never reach the page: the relay's key, the upstream's key. */
  secrets: readonly string[];
  /** The full assistant text of a finished run, read past the relay: the page's must equal it (nothing lost or repeated). */
  expectedText: ExpectedText;
  /** Where the screenshot of the page with a finished follow-up goes (`-cancelled.png` beside it: the cancelled run). */
  screenshot: string;
  /** The page leg is cut once per run (the Worker's DEMO_PAGE_DROPS): the page must show `resuming`, then `live`. */
  pageDrops: boolean;
}

const FOLLOW_UP = "Now add a test for the --dry-run flag";
const CANCELLED_FOLLOW_UP = "Then rewrite the release script in Rust";

/** The frames of run `runId`, checked: its text only ever grew, across every drop and resume. */
function framesOf(frames: Frame[], runId: string): Frame[] {
  const own = frames.filter((frame) => frame.runId === runId);
  assert.ok(own.length > 0, `the page never showed run ${runId}`);
  own.forEach((frame, index) => {
    const previous = own[index - 1];
    if (previous) assert.ok(frame.text.startsWith(previous.text), `run ${runId}: frame ${index} took text back`);
  });
  return own;
}

/** Waits until the page shows a run other than `earlier` ones; resolves to its id. */
async function waitForRun(page: Page, earlier: string[]): Promise<string> {
  await page.waitForFunction(
    (previous) => {
      const id = document.querySelector("[data-testid=run-id]")?.textContent ?? "";
      return id !== "" && !previous.includes(id);
    },
    earlier,
    { timeout: 30_000 },
  );
  return (await page.locator("[data-testid=run-id]").textContent()) ?? "";
}

async function waitForEnd(page: Page, status: string): Promise<void> {
  await page.waitForFunction(
    (want) =>
      document.querySelector("[data-testid=status]")?.textContent === want &&
      document.querySelector("[data-testid=connection]")?.textContent === "closed",
    status,
    { timeout: 30_000 },
  );
}

/** A finished run, checked against what the service sent: same text, result quoting its prompt, tool calls done. */
async function checkFinished(page: Page, frames: Frame[], runId: string, prompt: string, expected: ExpectedText) {
  const own = framesOf(frames, runId);
  const growth = own.filter((frame, index) => index > 0 && frame.text.length > (own[index - 1]?.text.length ?? 0));
  assert.ok(growth.length >= 3, `run ${runId}: the text grew in ${growth.length} step(s); expected several`);
  const agentId = (await page.locator("[data-testid=agent-id]").textContent()) ?? "";
  assert.equal(
    own.at(-1)?.text,
    await expected(agentId, runId),
    `run ${runId}: the page's text is the service's, exactly`,
  );
  assert.equal(await page.locator("[data-testid=result]").textContent(), `Done: ${prompt}`);
  const tools = await page.locator("[data-testid=tools] li").evaluateAll((items) => items.map((li) => li.className));
  assert.ok(tools.length > 0 && tools.every((name) => name === "done"), `run ${runId}: every tool call turned done`);
  return own;
}

/** Drives the page through a person's session and checks what it shows; resolves to what it saw. */
export async function checkLiveRunPage(browser: Browser, options: LiveRunPageOptions): Promise<LiveRunObservation> {
  const context = await browser.newContext({ viewport: { width: 860, height: 640 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    // The browser logs each refused request (the empty follow-up is refused before it is sent: none expected).
    if (message.type() === "error") problems.push(message.text());
  });
  // Which request failed, when one did: the console line alone does not say.
  page.on("response", (response) => {
    if (response.status() >= 400)
      problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  const pending: Promise<PageRequest>[] = [];
  page.on("request", (request) => {
    pending.push(
      request.allHeaders().then((headers) => ({
        method: request.method(),
        url: request.url(),
        headers,
        body: request.postData() ?? "",
      })),
    );
  });
  try {
    await page.addInitScript({ content: RECORD_FRAMES });
    await page.goto(options.url);

    // 1. The first run: created by the page through the relay, streamed in, dropped and resumed.
    const firstRun = await waitForRun(page, []);
    await waitForEnd(page, "FINISHED");
    let frames = await page.evaluate(() => window.__liveRunFrames ?? []);
    const first = await checkFinished(page, frames, firstRun, FIRST_PROMPT, options.expectedText);
    const connections = first.map((frame) => frame.connection);
    if (options.pageDrops) {
      const resumedAt = connections.indexOf("resuming");
      assert.ok(resumedAt > 0, `no resume was shown (connection states: ${[...new Set(connections)].join(", ")})`);
      const states = connections.filter((state, index) => state !== connections[index - 1]).join(" → ");
      assert.ok(connections.slice(resumedAt).includes("live"), `the stream went live again after the drop (${states})`);
      assert.ok(!connections.slice(resumedAt).includes("connecting"), "the resume did not start over");
    }
    assert.equal(await page.evaluate(() => document.cookie), "", "the session cookie is HttpOnly: no script reads it");

    // 2. An empty follow-up: refused by the SDK before anything is sent, its field shown.
    const postsBefore = (await Promise.all(pending)).filter((request) => request.method === "POST").length;
    await page.locator("[data-testid=follow-up-send]").click();
    await page.locator("[data-testid=follow-up-error]").waitFor({ timeout: 5_000 });
    assert.match((await page.locator("[data-testid=follow-up-error]").textContent()) ?? "", /^prompt\.text: /);
    assert.equal(await page.locator("[data-testid=follow-up-text]").getAttribute("aria-invalid"), "true");
    const postsAfter = (await Promise.all(pending)).filter((request) => request.method === "POST").length;
    assert.equal(postsAfter - postsBefore, 0, "the empty follow-up sent nothing");

    // 3. A follow-up typed in the page: its run streams in.
    await page.locator("[data-testid=follow-up-text]").fill(FOLLOW_UP);
    await page.locator("[data-testid=follow-up-send]").click();
    const secondRun = await waitForRun(page, [firstRun]);
    assert.equal(await page.locator("[data-testid=follow-up-error]").count(), 0, "the field error went away");
    await waitForEnd(page, "FINISHED");
    frames = await page.evaluate(() => window.__liveRunFrames ?? []);
    await checkFinished(page, frames, secondRun, FOLLOW_UP, options.expectedText);
    assert.equal(await page.locator("[data-testid=follow-up-text]").inputValue(), "", "the box emptied once sent");
    await page.screenshot({ path: options.screenshot, fullPage: true });

    // 4. Another follow-up, cancelled while it runs.
    await page.locator("[data-testid=follow-up-text]").fill(CANCELLED_FOLLOW_UP);
    await page.locator("[data-testid=follow-up-send]").click();
    const thirdRun = await waitForRun(page, [firstRun, secondRun]);
    // Cancelled mid-run: once some of its text has arrived.
    await page.waitForFunction(
      () =>
        document.querySelector("[data-testid=status]")?.textContent === "RUNNING" &&
        Boolean(document.querySelector("[data-testid=text]")?.textContent),
    );
    await page.locator("[data-testid=cancel]").click();
    await waitForEnd(page, "CANCELLED");
    const ended = await page.locator("[data-testid=text]").textContent();
    assert.ok(!ended?.endsWith("All done."), "the cancelled run did not run to its end");
    assert.ok(await page.locator("[data-testid=cancel]").isDisabled(), "Cancel is off once the run ended");
    frames = await page.evaluate(() => window.__liveRunFrames ?? []);
    framesOf(frames, thirdRun);
    // The page moved from run to run and never back (no flash of an earlier run while a follow-up was being sent).
    const shown = frames.map((frame) => frame.runId).filter((id, index, all) => id !== "" && id !== all[index - 1]);
    assert.deepEqual(shown, [firstRun, secondRun, thirdRun], "the runs shown, in order, each once");

    await page.screenshot({ path: options.screenshot.replace(/\.png$/, "-cancelled.png"), fullPage: true });
    assert.deepEqual(problems, [], "the page logged no error");

    // 5. No key anywhere the page can see: its requests, its DOM.
    const requests = await Promise.all(pending);
    const withAuthorization = requests.filter((request) => "authorization" in request.headers);
    assert.deepEqual(withAuthorization, [], "0 requests with an Authorization header");
    const html = await page.content();
    for (const secret of options.secrets) {
      const leaks = requests.filter((request) => JSON.stringify(request).includes(secret));
      assert.equal(leaks.length, 0, `${leaks.length} page request(s) carry a secret`);
      assert.ok(!html.includes(secret), "the page shows no secret");
    }
    const apiCalls = requests.filter((request) => new URL(request.url).pathname.startsWith("/api/agents/"));
    assert.ok(apiCalls.length >= 6, `the page called the relay ${apiCalls.length} times`);
    return { requests, runIds: [firstRun, secondRun, thirdRun], frames };
  } catch (error) {
    // What the page showed when a check failed, for the report (and a screenshot of it).
    await page
      .screenshot({ path: options.screenshot.replace(/\.png$/, "-failed.png"), fullPage: true })
      .catch(() => {});
    const shown = await page
      .locator("main")
      .textContent()
      .catch(() => "(no page)");
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n  page: ${shown}\n  problems: ${problems.join(" | ")}`,
      { cause: error },
    );
  } finally {
    await context.close();
  }
}

/** Every file of a built page, as text: none may contain a secret or a key setting. */
export function scanBuiltPage(folder: string, secrets: readonly string[]): { files: number; hits: string[] } {
  const hits: string[] = [];
  let files = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      files++;
      const text = readFileSync(path, "utf8");
      for (const needle of [...secrets, "VITE_AGENTLINE_API_KEY", "dangerouslyAllowBrowser:!0", "createFakeService"]) {
        if (text.includes(needle)) hits.push(`${name}: ${needle}`);
      }
    }
  };
  walk(folder);
  return { files, hits };
}

/**
 * The page as the relay Worker serves it with no service configured (the fake inside it, drops on both legs): its
 * built files scanned, then the whole session checked; the secret is the fake's key.
 */
export async function checkPageOnWorkerFake(
  browser: Browser,
  page: { url: string; folder: string; screenshot: string },
): Promise<LiveRunObservation> {
  const built = scanBuiltPage(page.folder, [FAKE_KEY]);
  assert.ok(built.files >= 3, `the built page has ${built.files} files`);
  assert.deepEqual(built.hits, [], "the built page holds no key, no key setting and no fake");
  const expected = await scriptedAssistantText(DEMO_RUN);
  return checkLiveRunPage(browser, {
    url: page.url,
    secrets: [FAKE_KEY],
    expectedText: async () => expected,
    screenshot: page.screenshot,
    pageDrops: true,
  });
}
