#!/usr/bin/env node
// Runs examples/cloudflare-webhooks in workerd: bundles its Worker the way wrangler does (esbuild; `agentline/*` is
// the built package in dist/), starts miniflare with the bindings of its wrangler.toml (Durable Object, KV
// namespace, queue producer and consumer), and lets the fake forge (in this Node process) deliver to it. The
// Worker's outbound fetches (the forge's /keys) are answered by the fake: no network is used.
//
//   node test/examples/cloudflare-webhooks.mjs     after `npm run build`; `npm test` runs it as step example-worker
//
// Plain Node.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleWorker, locateWorkerd } from "../workerd/run.mjs";
import { createForge, webhookChecks } from "./webhook-checks.mjs";
import { miniflareOptions, parseWranglerToml } from "./wrangler-config.mjs";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const exampleDir = join(root, "examples", "cloudflare-webhooks");
const WEBHOOK_URL = "https://agentline-webhooks.example.workers.dev/webhooks";

/** The built package's exports that the checks use. */
async function loadSdk() {
  const dist = (file) => import(pathToFileURL(join(root, "dist", file)).href);
  const [testing, forge, webhooks] = await Promise.all([dist("testing.js"), dist("forge.js"), dist("webhooks.js")]);
  return { ...testing, ...forge, ...webhooks };
}

// Requests cross between Node's fetch classes and miniflare's own: each side gets its own kind.
async function copyRequest(RequestClass, request) {
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new RequestClass(request.url, {
    method: request.method,
    headers: [...request.headers],
    ...(hasBody ? { body: await request.arrayBuffer() } : {}),
  });
}

async function copyResponse(ResponseClass, response) {
  const body = await response.arrayBuffer();
  return new ResponseClass(body.byteLength > 0 ? body : null, {
    status: response.status,
    headers: [...response.headers],
  });
}

/**
 * Runs the checks once against the Worker in workerd. Resolves to each check's `{ name, ok, error? }`, the
 * runtime, and the Worker's log lines; rejects when the Worker cannot be built or started.
 */
export async function runCloudflareExample() {
  const runtime = await locateWorkerd();
  if (!existsSync(join(root, "dist", "webhooks.js"))) throw new Error("dist/ is missing: run `npm run build` first.");
  const config = parseWranglerToml(readFileSync(join(exampleDir, "wrangler.toml"), "utf8"));
  const [script, sdk, { Miniflare, Request: WorkerRequest, Response: WorkerResponse }] = await Promise.all([
    bundleWorker(join(exampleDir, config.main)),
    loadSdk(),
    import("miniflare"),
  ]);
  const fake = createForge(sdk);
  const forgeOrigin = new URL(fake.baseUrl).origin;
  const outsideRequests = [];
  const logs = [];
  const miniflare = new Miniflare({
    modules: [{ type: "ESModule", path: join(exampleDir, "worker.bundle.js"), contents: script }],
    ...miniflareOptions(config, { vars: { FORGE_BASE_URL: fake.baseUrl } }),
    // Every fetch the Worker makes lands here: the fake forge answers its own origin, anything else is refused.
    outboundService: async (request) => {
      if (new URL(request.url).origin !== forgeOrigin) {
        outsideRequests.push(request.url);
        return new WorkerResponse("no network in this test", { status: 502 });
      }
      return copyResponse(WorkerResponse, await fake.fetch(await copyRequest(Request, request)));
    },
    handleRuntimeStdio(stdout, stderr) {
      for (const stream of [stdout, stderr])
        stream.on("data", (chunk) => logs.push(...String(chunk).trimEnd().split("\n")));
    },
  });
  try {
    const kv = await miniflare.getKVNamespace("PROCESSED");
    const target = {
      webhookUrl: WEBHOOK_URL,
      receiver: async (request) =>
        copyResponse(Response, await miniflare.dispatchFetch(await copyRequest(WorkerRequest, request))),
      send: async (init) => {
        const response = await miniflare.dispatchFetch(WEBHOOK_URL, init);
        await response.arrayBuffer();
        return { status: response.status };
      },
      processedCount: async (id) => (await kv.list({ prefix: `${id}/` })).keys.length,
    };
    const checks = [
      ...webhookChecks(sdk, fake, target),
      {
        name: "made no request outside the fake forge",
        run: async () => {
          if (outsideRequests.length > 0) throw new Error(`the Worker fetched ${outsideRequests.join(", ")}`);
        },
      },
    ];
    const results = [];
    for (const { name, run } of checks) {
      try {
        await run();
        results.push({ name, ok: true });
      } catch (error) {
        results.push({ name, ok: false, error: error instanceof Error ? error.message : String(error) });
      }
    }
    return { results, runtime, logs };
  } finally {
    await miniflare.dispose();
  }
}

/** Prints one line per check (and the Worker's log when one failed); returns the counts. */
export function reportCloudflareExample({ results, logs }) {
  for (const { name, ok, error } of results) {
    console.log(`  ${ok ? "\u2713" : "\u2717"} example cloudflare-webhooks (workerd): ${name}`);
    if (!ok) console.log(`      ${error}`);
  }
  const passed = results.filter((result) => result.ok).length;
  const failed = results.length - passed;
  if (failed > 0 && logs.length > 0)
    console.log(`    the Worker's log:\n${logs.map((line) => `      ${line}`).join("\n")}`);
  return { passed, failed };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const outcome = await runCloudflareExample();
    console.log(`running on ${outcome.runtime}`);
    const { passed, failed } = reportCloudflareExample(outcome);
    console.log(`${passed} passed, ${failed} failed`);
    process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
  } catch (error) {
    console.error(`agentline example-worker: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
