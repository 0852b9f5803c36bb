#!/usr/bin/env node
// Runs the shared suite in workerd: bundles test/workerd/worker.js with the built package (dist/) and its
// dependencies, serves it with miniflare (npm `miniflare`, whose `workerd` dependency ships the runtime binary in an
// optional platform package: nothing is downloaded), asks it once, and reports each case.
//
//   node test/workerd/run.mjs        after `npm run build`; `npm test` builds dist/ and runs this as the workerd step
//   import { runWorkerdSuite } from "../../test/workerd/run.mjs"
//
// Plain Node.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const workerPath = join(root, "test", "workerd", "worker.js");
// Pinned so that a workerd update cannot change behaviour silently; at most the date of the installed workerd.
const COMPATIBILITY_DATE = "2026-04-01";

const HOW_TO_GET_IT =
  "workerd comes with the `miniflare` dev dependency, its binary in an optional platform package " +
  "(@cloudflare/workerd-linux-64, -linux-arm64, -darwin-64, -darwin-arm64 or -windows-64): reinstall the " +
  "dependencies without omitting optional ones (`rm -rf node_modules && npm test` installs them).";

async function importOrExplain(name, howToGetIt = HOW_TO_GET_IT) {
  try {
    return await import(name);
  } catch (error) {
    throw new Error(`cannot load ${name} (${error instanceof Error ? error.message : error}). ${howToGetIt}`);
  }
}

/**
 * A Worker as one ES module, bundled the way `wrangler deploy` bundles it (esbuild), with the workerd export
 * conditions. `agentline/*` resolves to this package itself through its package.json `exports`, that is to dist/,
 * as it would to node_modules/agentline in an app.
 */
export async function bundleWorker(entry) {
  const esbuild = await importOrExplain(
    "esbuild",
    "esbuild is a dev dependency: reinstall the dependencies (`rm -rf node_modules && npm test` installs them).",
  );
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    // Not the repository's tsconfig.json: its `paths` point agentline/* at the sources, and this tests what ships.
    tsconfigRaw: "{}",
    logLevel: "warning",
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error("esbuild produced no Worker bundle");
  return output.text;
}

/** Loads miniflare and workerd, or explains how to get them; resolves to the workerd version. */
export async function locateWorkerd() {
  const { version } = (await importOrExplain("workerd")).default ?? {};
  await importOrExplain("miniflare");
  return `workerd ${version ?? "(version unknown)"}`;
}

/**
 * Runs the suite once in workerd. Resolves to each case's `{ name, ok, error? }` and the workerd version; rejects
 * when the Worker cannot be built, started or asked.
 */
export async function runWorkerdSuite() {
  const runtime = await locateWorkerd();
  if (!existsSync(join(root, "dist", "index.js"))) {
    throw new Error("dist/ is missing: run `npm run build` first (`npm test` does).");
  }
  const script = await bundleWorker(workerPath);
  const { Miniflare } = await importOrExplain("miniflare");
  const miniflare = new Miniflare({
    modules: [{ type: "ESModule", path: join(root, "test", "workerd", "worker.bundle.js"), contents: script }],
    compatibilityDate: COMPATIBILITY_DATE,
  });
  try {
    const response = await miniflare.dispatchFetch("http://suite.agentline.test/");
    const text = await response.text();
    if (!response.ok) throw new Error(`the Worker answered ${response.status}: ${text.slice(0, 2000)}`);
    return { results: JSON.parse(text), runtime };
  } finally {
    await miniflare.dispose();
  }
}

/** Prints one line per case, vitest-like, and returns the counts. */
export function reportResults(results) {
  for (const { name, ok, error } of results) {
    console.log(`  ${ok ? "\u2713" : "\u2717"} shared suite (workerd): ${name}`);
    if (!ok) console.log(`      ${error}`);
  }
  const passed = results.filter((result) => result.ok).length;
  return { passed, failed: results.length - passed };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const { results, runtime } = await runWorkerdSuite();
    console.log(`running on ${runtime}`);
    const { passed, failed } = reportResults(results);
    console.log(`${passed} passed, ${failed} failed`);
    process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
  } catch (error) {
    console.error(`agentline workerd: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
