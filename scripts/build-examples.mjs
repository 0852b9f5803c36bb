#!/usr/bin/env node
// Builds the live-run example apps (examples/react-live-run, vue-live-run, svelte-live-run) with Vite's JS API, each
// into examples/<name>/dist/ (git-ignored), against the built package: dist/ is built with tsdown first when missing
// or older than its sources.
//
//   node scripts/build-examples.mjs                  all three
//   node scripts/build-examples.mjs react-live-run   only the named ones
//   import { buildExamples, ensureExampleBuilt } from "./build-examples.mjs"   (scripts/test.mjs, scripts/demo.ts)
//
// Plain Node; Vite is imported only when something is built. Types for TypeScript callers: build-examples.d.mts.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/** The example apps this script builds, by folder name under examples/. */
export const LIVE_RUN_EXAMPLES = Object.freeze(["react-live-run", "vue-live-run", "svelte-live-run"]);

/** The package entries the examples import: `agentline`, an adapter and the reactive core in the pages; the relay and the fake in the relay Worker. */
const DIST_ENTRIES = ["index.js", "testing.js", "reactive.js", "relay.js", "react.js", "vue.js", "svelte.js"];

/** The folder of example `name`. */
export function exampleDir(name) {
  if (!LIVE_RUN_EXAMPLES.includes(name)) {
    throw new Error(`unknown example "${name}"; the live-run examples are: ${LIVE_RUN_EXAMPLES.join(", ")}`);
  }
  return join(root, "examples", name);
}

/** Where example `name` is built to. */
export function exampleOutDir(name) {
  return join(exampleDir(name), "dist");
}

/**
 * Whether dist/ under `projectRoot` must be built: an entry the examples import is missing, or is older than a file
 * it is built from (src/, adapters/, package.json, tsdown.config.ts), as after a pull or an edit.
 */
export function isDistStale(projectRoot = root) {
  const entries = DIST_ENTRIES.map((entry) => join(projectRoot, "dist", entry));
  if (!entries.every((entry) => existsSync(entry))) return true;
  const built = Math.min(...entries.map((entry) => statSync(entry).mtimeMs));
  const sources = [
    ...["src", "adapters"].map((dir) =>
      existsSync(join(projectRoot, dir)) ? newestFile(join(projectRoot, dir), []) : 0,
    ),
    ...["package.json", "tsdown.config.ts"].map((file) =>
      existsSync(join(projectRoot, file)) ? statSync(join(projectRoot, file)).mtimeMs : 0,
    ),
  ];
  return built < Math.max(...sources);
}

/** Builds dist/ with tsdown when it is missing or older than its sources (see {@link isDistStale}). */
export async function ensureDist() {
  if (!isDistStale()) return;
  const { bin } = JSON.parse(readFileSync(join(root, "node_modules", "tsdown", "package.json"), "utf8"));
  const cli = join(root, "node_modules", "tsdown", typeof bin === "string" ? bin : bin.tsdown);
  console.log("   dist/ is missing or older than src/: building it (tsdown) for the examples");
  const exitCode = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(signal ? 128 : (code ?? 1)));
  });
  if (exitCode !== 0) throw new Error(`the build of dist/ failed (tsdown exited with ${exitCode}); see above.`);
}

/** Newest modification time (ms) of the files under `dir`, skipping `skip` folder names. */
function newestFile(dir, skip) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.includes(entry.name)) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestFile(path, skip) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Whether example `name` has no build, or one older than its sources or than the package entries it bundles. */
export function isExampleStale(name) {
  const built = join(exampleOutDir(name), "index.html");
  if (!existsSync(built)) return true;
  const inputs = Math.max(
    newestFile(exampleDir(name), ["dist", "node_modules", "README.md"]),
    newestFile(join(root, "examples", "live-run-shared"), ["README.md"]),
    ...DIST_ENTRIES.map((entry) => statSync(join(root, "dist", entry)).mtimeMs),
  );
  return statSync(built).mtimeMs < inputs;
}

/**
 * Builds example `name` into examples/<name>/dist/ with its own vite.config.ts. Throws what Vite threw. `dist/`
 * must exist (see {@link ensureDist}).
 */
export async function buildExample(name, { logLevel = "warn" } = {}) {
  const { build } = await import("vite");
  const dir = exampleDir(name);
  const started = Date.now();
  await build({ root: dir, configFile: join(dir, "vite.config.ts"), logLevel, build: { emptyOutDir: true } });
  return { name, outDir: exampleOutDir(name), ms: Date.now() - started };
}

/**
 * Builds each named example (default: all), one after the other, after {@link ensureDist}. A failed build does not
 * stop the others: each result says `ok` and, when not, the `error`.
 */
export async function buildExamples(names = LIVE_RUN_EXAMPLES, options = {}) {
  for (const name of names) exampleDir(name); // an unknown name fails before anything is built
  await ensureDist();
  const results = [];
  for (const name of names) {
    try {
      results.push({ ...(await buildExample(name, options)), ok: true });
    } catch (error) {
      results.push({ name, outDir: exampleOutDir(name), ok: false, error });
    }
  }
  return results;
}

/** The built folder of example `name`, building it (and dist/, when missing) first if it is missing or stale. */
export async function ensureExampleBuilt(name, options = {}) {
  await ensureDist();
  if (isExampleStale(name)) {
    console.log(`   building examples/${name} (vite)`);
    await buildExample(name, options);
  }
  return exampleOutDir(name);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const names = process.argv.slice(2);
  const results = await buildExamples(names.length > 0 ? names : LIVE_RUN_EXAMPLES, { logLevel: "info" }).catch(
    (error) => {
      console.error(`agentline: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
  for (const result of results) {
    if (result.ok) console.log(`✓ examples/${result.name} → ${result.outDir} (${result.ms} ms)`);
    else console.error(`✗ examples/${result.name}: ${result.error?.message ?? result.error}`);
  }
  process.exitCode = results.every((result) => result.ok) ? 0 : 1;
}
