// The live-run pages through the relay Worker (examples/live-run-relay) in workerd: each of the React, Vue and
// Svelte builds is served by the Worker in miniflare (its assets as wrangler.toml's [assets] serves them), the relay
// in it holding the key of a service this test runs on 127.0.0.1 (the fake, as a real service would be reached:
// AGENTLINE_BASE_URL + AGENTLINE_API_KEY). Upstream, the first stream connections drop after a few events (fake
// faults: a lost connection, an early end); on the page's leg the Worker cuts each run's first connection (DEMO_PAGE_DROPS). A person's session is
// driven in Chromium and checked (live-run-page-checks.ts), then what reached the service: every call with the key,
// resumed with Last-Event-ID, and nothing at all for requests without a session. A last case runs the Worker as
// `wrangler dev` would without a service: the fake inside it.
//
// Run by scripts/test.mjs (step `example-relay`) with `node --import tsx --test`; by hand, after `npx tsdown`:
//   node --import tsx --test test/examples/live-run-relay.test.ts
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { type Browser, chromium } from "playwright";
import { FAKE_KEY } from "../../examples/live-run-relay/upstream.js";
import { ensureExampleBuilt, LIVE_RUN_EXAMPLES } from "../../scripts/build-examples.mjs";
import { serveFetch } from "../../scripts/lib/serve-fetch.js";
import { AgentsClient } from "../../src/agents/index.js";
import { DEFAULT_RELAY_OPERATIONS } from "../../src/relay/index.js";
import { createFakeService } from "../../src/testing/index.js";
import { checkLiveRunPage, checkPageOnWorkerFake, scanBuiltPage } from "./live-run-page-checks.js";
import { assistantTextOf } from "./reference-text.js";

// Plain-Node scripts without type declarations, imported by URL as vitest.config.ts does.
const { CHROMIUM_ARGS, ensureChromium } = (await import(
  new URL("../../scripts/ensure-chromium.mjs", import.meta.url).href
)) as { CHROMIUM_ARGS: readonly string[]; ensureChromium: () => string };
const { bundleWorker } = (await import(new URL("../workerd/run.mjs", import.meta.url).href)) as {
  bundleWorker: (entry: string) => Promise<string>;
};

const root = fileURLToPath(new URL("../../", import.meta.url));
const relayDir = join(root, "examples", "live-run-relay");
const artifacts = join(root, "test", "demo", "artifacts");
const UPSTREAM_KEY = "upstream-key-5f1c9a7e3b2d4680";
const STREAM_ROUTE = "GET /v1/agents/:id/runs/:runId/stream";

/** wrangler.toml's compatibility date, so the test runs the Worker as a deploy would. */
const COMPATIBILITY_DATE = /compatibility_date = "([\d-]+)"/.exec(
  readFileSync(join(relayDir, "wrangler.toml"), "utf8"),
)?.[1];

let browser: Browser;
let script: string;

before(async () => {
  browser = await chromium.launch({ executablePath: ensureChromium(), args: [...CHROMIUM_ARGS], headless: true });
  mkdirSync(artifacts, { recursive: true });
  script = await bundleWorker(join(relayDir, "worker.ts"));
});

after(async () => {
  await browser?.close();
});

/** The Worker in workerd, serving `example`'s build on 127.0.0.1; `bindings` are its vars. */
async function startWorker(example: string, bindings: Record<string, string>) {
  const { Miniflare } = await import("miniflare");
  const miniflare = new Miniflare({
    modules: [{ type: "ESModule", path: join(relayDir, "worker.bundle.js"), contents: script }],
    compatibilityDate: COMPATIBILITY_DATE,
    // wrangler.toml's [assets] with run_worker_first = true.
    assets: {
      directory: await ensureExampleBuilt(example),
      binding: "ASSETS",
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
    },
    bindings,
    host: "127.0.0.1",
    port: 0,
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      for (const stream of [stdout, stderr]) stream.on("data", (chunk: Buffer) => log.push(String(chunk)));
    },
  });
  const log: string[] = [];
  const url = await miniflare.ready;
  /** What workerd reported as uncaught (an error that escaped the Worker: a relayed stream that failed). */
  const uncaught = () => log.join("").match(/Uncaught exception: .*$/gm) ?? [];
  return { url: url.href, uncaught, close: () => miniflare.dispose() };
}

/** Every operation the Worker's relay exposes, as a page would call it, for the no-session sweep. */
const EXPOSED = [
  ["GET", "/v1/agents/bc-00000000-0000-4000-8000-000000000001"],
  ["GET", "/v1/agents/bc-00000000-0000-4000-8000-000000000001/runs"],
  ["GET", "/v1/agents/bc-00000000-0000-4000-8000-000000000001/runs/run-1"],
  ["GET", "/v1/agents/bc-00000000-0000-4000-8000-000000000001/runs/run-1/stream"],
  ["POST", "/v1/agents/bc-00000000-0000-4000-8000-000000000001/runs"],
  ["POST", "/v1/agents/bc-00000000-0000-4000-8000-000000000001/runs/run-1/cancel"],
  ["POST", "/v1/agents"],
] as const;

for (const example of LIVE_RUN_EXAMPLES) {
  test(`${example} through the relay Worker in workerd: streams, resumes both legs, follows up, cancels, holds no key`, async () => {
    const service = createFakeService({
      apiKeys: [UPSTREAM_KEY],
      run: { creatingMs: 300, runningMs: 6_000, assistantChunks: 8, toolCalls: 2 },
    });
    // Upstream drops, on the first four stream connections: two lost (the socket destroyed), two ended early.
    service.faults.add({ kind: "stream_drop", route: STREAM_ROUTE, afterEvents: 6, mode: "error", times: 2 });
    service.faults.add({ kind: "stream_drop", route: STREAM_ROUTE, afterEvents: 9, mode: "close", times: 2 });
    const api = await serveFetch(service.fetch);
    const worker = await startWorker(example, {
      AGENTLINE_BASE_URL: api.url,
      AGENTLINE_API_KEY: UPSTREAM_KEY,
      SESSION_SECRET: "session-secret-of-this-test",
      DEMO_PAGE_DROPS: "on",
    });
    // The test's own reads of each run's text, told apart from the relay's calls by a header of their own.
    const direct = new AgentsClient({ apiKey: UPSTREAM_KEY, baseUrl: api.url, headers: { "x-reference-read": "1" } });
    try {
      const built = scanBuiltPage(join(root, "examples", example, "dist"), [UPSTREAM_KEY, FAKE_KEY]);
      assert.deepEqual(built.hits, [], "the built page holds no key, no key setting and no fake");

      // Without a session (no cookie, a forged one), every exposed operation is refused and nothing goes upstream.
      const before = service.requests.length;
      const forged = "agentline_demo_session=00000000-0000-4000-8000-000000000000.AAAA";
      const refusals: number[] = [];
      for (const cookie of [undefined, forged]) {
        for (const [method, path] of EXPOSED) {
          const headers: Record<string, string> = { "content-type": "application/json" };
          if (cookie) headers.cookie = cookie;
          const body = method === "POST" ? JSON.stringify({ prompt: { text: "x" } }) : undefined;
          const response = await fetch(new URL(`api/agents${path}`, worker.url), { method, headers, body });
          await response.arrayBuffer();
          refusals.push(response.status);
        }
      }
      assert.deepEqual(new Set(refusals), new Set([401]), `statuses ${refusals.join(", ")}`);
      assert.equal(refusals.length, EXPOSED.length * 2);
      assert.equal(EXPOSED.length, DEFAULT_RELAY_OPERATIONS.length + 1, "the sweep covers every exposed operation");
      assert.equal(service.requests.length - before, 0, "requests without a session sent nothing upstream");

      const name = example.split("-")[0];
      const seen = await checkLiveRunPage(browser, {
        url: worker.url,
        secrets: [UPSTREAM_KEY],
        expectedText: (agentId, runId) => assistantTextOf(direct, agentId, runId),
        screenshot: join(artifacts, `relay-workerd-${name}.png`),
        pageDrops: true,
      });

      // Upstream: every call carried the key (the fake logs it redacted), and the streams resumed with Last-Event-ID.
      const calls = service.requests
        .slice(before)
        .filter(
          (request) => request.path.startsWith("/v1/agents") && request.headers["x-reference-read"] === undefined,
        );
      const unkeyed = calls.filter((request) => request.headers.authorization === undefined);
      assert.equal(unkeyed.length, 0, `${unkeyed.length} upstream call(s) without the key`);
      const streams = calls.filter((request) => request.path.endsWith("/stream"));
      const resumed = streams.filter((request) => request.headers["last-event-id"] !== undefined);
      assert.ok(resumed.length >= 2, `upstream resumed ${resumed.length} time(s)`);
      // A lost upstream connection is resumed, not thrown: nothing escaped the Worker.
      assert.deepEqual(worker.uncaught(), [], "workerd logged no uncaught exception");
      // The relay keeps no stream state: each page connection to a run's stream is one upstream connection (two when
      // workerd's first attempt after a drop fails and the relay makes its one fresh attempt), so the page resumed
      // every drop on either leg, each time with the id of the last event it had.
      let freshAttempts = 0;
      for (const runId of seen.runIds) {
        const ofRun = (path: string) => path.endsWith(`/runs/${runId}/stream`);
        const pageIds = seen.requests.filter((request) => ofRun(request.url)).map((r) => r.headers["last-event-id"]);
        const upstreamIds = streams.filter((request) => ofRun(request.path)).map((r) => r.headers["last-event-id"]);
        const distinct = upstreamIds.filter((id, index) => index === 0 || id !== upstreamIds[index - 1]);
        freshAttempts += upstreamIds.length - distinct.length;
        assert.deepEqual(distinct, pageIds, `run ${runId}: upstream connections and their Last-Event-ID, per page one`);
      }
      assert.ok(
        freshAttempts <= 4,
        `${freshAttempts} fresh upstream attempts (at most one per upstream drop: 4 armed)`,
      );
      const created = calls.filter((request) => request.method === "POST" && /\/runs$/.test(request.path));
      assert.equal(created.length, 2, "two follow-ups reached the service (the empty one did not)");
      assert.ok(
        calls.some((request) => request.path.endsWith(`/runs/${seen.runIds[2]}/cancel`)),
        "the cancel did",
      );
      console.log(
        `   ${example}: ${seen.requests.length} page requests, 0 with Authorization; ${calls.length} upstream calls, ${resumed.length} upstream resumes`,
      );
    } finally {
      await worker.close();
      await api.close();
    }
  });
}

test("react-live-run in workerd with no service configured: the fake inside the Worker, drops on both legs", async () => {
  const worker = await startWorker("react-live-run", {});
  try {
    const seen = await checkPageOnWorkerFake(browser, {
      url: worker.url,
      folder: join(root, "examples", "react-live-run", "dist"),
      screenshot: join(artifacts, "relay-workerd-fake.png"),
    });
    assert.equal(seen.runIds.length, 3);
    assert.deepEqual(worker.uncaught(), [], "workerd logged no uncaught exception");
  } finally {
    await worker.close();
  }
});
