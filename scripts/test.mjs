#!/usr/bin/env node
import { tmpdir } from "node:os";
import { dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { reportCloudflareExample, runCloudflareExample } from "../test/examples/cloudflare-webhooks.mjs";
import { locateWorkerd, reportResults, runWorkerdSuite } from "../test/workerd/run.mjs";
import { ensureChromium } from "./ensure-chromium.mjs";
import {
  browserVersion,
  buildDist,
  junitStep,
  matchesFileFilter,
  nodeTestCommand,
  prepareDeno,
  skippedByFilter,
  vitestStep,
} from "./lib/test-steps.mjs";
import { BUN, DENO, locateRuntime } from "./locate-runtime.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/** @typedef {{ passed: number, failed: number, skipped: number, ok: boolean, note?: string }} StepResult */

/**
 * @typedef {{ env: Record<string, string>, runtime?: string }} Prepared
 * @typedef {{ args: string[], env: Record<string, string>, filtered: boolean }} RunContext
 * @typedef {(ctx: RunContext) => Promise<StepResult>} Run
 * @typedef {{ name: string, runtime: string, prepare?: () => Promise<Prepared>, run: Run }} Step
 * @type {Step[]}
 */
const STEPS = [
  {
    name: "unit",
    runtime: `Node ${process.version}`,
    // src/ is still being written: an empty unit suite passes rather than failing the run.
    run: vitestStep("unit", { passWithNoTests: true }),
  },
  {
    name: "browser",
    runtime: "Chromium through Playwright",
    prepare: async () => {
      const executablePath = ensureChromium();
      return {
        env: { AGENTLINE_CHROMIUM: executablePath },
        runtime: `${browserVersion(executablePath)} (${executablePath})`,
      };
    },
    run: vitestStep("browser"),
  },
  {
    name: "deno",
    runtime: "Deno (npm `deno`), shared suite on dist/",
    prepare: prepareDeno,
    run: junitStep("test/deno/suite.test.ts", (env, reportPath) => [
      env.AGENTLINE_DENO,
      // No network permission: the fake service runs in-process. Type checking is tsc's job (npm run typecheck);
      // sloppy imports let Deno follow the TypeScript sources' `.js` specifiers.
      ["test", "--no-check", "--no-lock", "--sloppy-imports", `--allow-read=${root}`, `--junit-path=${reportPath}`],
    ]),
  },
  {
    name: "bun",
    runtime: "Bun (npm `bun`), shared suite on dist/",
    prepare: async () => {
      const bun = locateRuntime(BUN);
      return {
        env: { AGENTLINE_BUN: bun.path },
        runtime: `Bun ${bun.version} (${relative(root, bun.path) || bun.path})`,
      };
    },
    run: junitStep("test/bun/suite.test.ts", (env, reportPath) => [
      env.AGENTLINE_BUN,
      ["test", "--reporter=junit", `--reporter-outfile=${reportPath}`],
    ]),
  },
  {
    name: "workerd",
    runtime: "workerd through miniflare (npm `miniflare`), shared suite on dist/",
    prepare: async () => ({ env: {}, runtime: await locateWorkerd() }),
    run: async ({ args }) => {
      if (!matchesFileFilter("test/workerd/worker.js", args)) return skippedByFilter();
      await buildDist();
      const { results } = await runWorkerdSuite();
      const { passed, failed } = reportResults(results);
      // A Worker that ran nothing is a broken Worker, not a green step.
      if (passed + failed === 0) return { passed, failed: 1, skipped: 0, ok: false, note: "the Worker ran no case" };
      return { passed, failed, skipped: 0, ok: failed === 0 };
    },
  },
  {
    name: "workerd-stores",
    runtime: "shared budgets and token caches: three Workers on one Durable Object in workerd (miniflare), on dist/",
    prepare: async () => ({ env: {}, runtime: await locateWorkerd() }),
    // Node's test runner (TypeScript through tsx): it serves the fake on 127.0.0.1 and drives the Workers.
    run: junitStep("test/workerd/stores.test.ts", nodeTestCommand),
  },
  {
    name: "deno-stores",
    runtime: "shared budgets and token caches: three Deno workers on one Deno KV file (npm `deno`), on dist/",
    prepare: prepareDeno,
    run: junitStep("test/deno/stores.test.ts", (env, reportPath) => [
      env.AGENTLINE_DENO,
      // The KV file lives in a temporary directory; the fake is served on 127.0.0.1 from the test itself.
      [
        "test",
        "--no-check",
        "--no-lock",
        "--sloppy-imports",
        "--unstable-kv",
        `--allow-read=${root},${tmpdir()}`,
        `--allow-write=${tmpdir()}`,
        "--allow-net=127.0.0.1",
        `--junit-path=${reportPath}`,
      ],
    ]),
  },
  {
    name: "example-worker",
    runtime: "examples/cloudflare-webhooks in workerd through miniflare, on dist/",
    prepare: async () => ({ env: {}, runtime: await locateWorkerd() }),
    run: async ({ args }) => {
      if (!matchesFileFilter("test/examples/cloudflare-webhooks.mjs", args)) return skippedByFilter();
      await buildDist();
      const { passed, failed } = reportCloudflareExample(await runCloudflareExample());
      if (passed + failed === 0) return { passed, failed: 1, skipped: 0, ok: false, note: "no check ran" };
      return { passed, failed, skipped: 0, ok: failed === 0 };
    },
  },
  {
    name: "example-deno",
    runtime: "examples/deno-webhooks with Deno (npm `deno`), on dist/",
    prepare: prepareDeno,
    run: junitStep("test/examples/deno-webhooks.test.ts", (env, reportPath) => [
      env.AGENTLINE_DENO,
      // The test starts the example with this same binary; the network stays on 127.0.0.1.
      [
        "test",
        "--no-check",
        "--no-lock",
        "--sloppy-imports",
        `--allow-read=${root},${env.AGENTLINE_DENO}`,
        "--allow-net=127.0.0.1",
        `--allow-run=${env.AGENTLINE_DENO}`,
        `--junit-path=${reportPath}`,
      ],
    ]),
  },
  {
    name: "examples-build",
    runtime: "examples/{react,vue,svelte}-live-run built with Vite's JS API (scripts/build-examples.mjs), on dist/",
    run: async ({ args }) => {
      if (!matchesFileFilter("scripts/build-examples.mjs", args)) return skippedByFilter();
      await buildDist();
      const { buildExamples } = await import("./build-examples.mjs");
      const results = await buildExamples();
      for (const { name, ok, ms, error } of results) {
        if (ok) console.log(`   \u2713 examples/${name} built in ${ms} ms`);
        else console.error(`   \u2717 examples/${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const failed = results.filter((result) => !result.ok).length;
      return { passed: results.length - failed, failed, skipped: 0, ok: failed === 0 };
    },
  },
  {
    name: "readme",
    runtime: "README.md's TypeScript blocks type-checked (strict, NodeNext) on dist/, the `run` ones run in Node",
    run: async ({ args }) => {
      if (!matchesFileFilter("README.md", args)) return skippedByFilter();
      await buildDist();
      const { checkReadmeSnippets } = await import("./docs-snippets.mjs");
      const { checkExtractor } = await import("../test/readme/extractor-cases.mjs");
      const { checkLinkRules } = await import("../test/readme/link-cases.mjs");
      // The extractor's and the link checker's own cases first (pure, milliseconds), then README.md itself.
      const rules = [checkExtractor(), checkLinkRules()];
      const readme = await checkReadmeSnippets();
      const passed = readme.passed + rules.reduce((sum, result) => sum + result.passed, 0);
      const failed = readme.failed + rules.reduce((sum, result) => sum + result.failed, 0);
      return { ...readme, passed, failed, ok: readme.ok && failed === 0 };
    },
  },
  {
    name: "types",
    runtime: "the packed package's declarations under tsc (Node types, DOM, workers types) and deno check, on dist/",
    prepare: async () => ({ env: { AGENTLINE_DENO: locateRuntime(DENO).path } }),
    run: async ({ args, env }) => {
      if (!matchesFileFilter("test/types/check-shipped-types.mjs", args)) return skippedByFilter();
      await buildDist();
      const { checkShippedTypes, reportTypeChecks } = await import("../test/types/check-shipped-types.mjs");
      const results = await checkShippedTypes({ denoPath: env.AGENTLINE_DENO });
      const failed = reportTypeChecks(results);
      return { passed: results.results.length - failed, failed, skipped: 0, ok: failed === 0 };
    },
  },
  {
    name: "demo-page",
    runtime: "the built live-run examples, served as `npm run demo` serves them, in Chromium through Playwright",
    prepare: async () => {
      const executablePath = ensureChromium();
      return {
        env: { AGENTLINE_CHROMIUM: executablePath },
        runtime: `${browserVersion(executablePath)} (${executablePath})`,
      };
    },
    // Node's test runner (TypeScript through tsx); an example without a build, or one older than dist/, is built first.
    run: junitStep("test/demo/live-run-page.test.ts", nodeTestCommand),
  },
  {
    name: "example-relay",
    runtime:
      "examples/live-run-relay in workerd through miniflare serving the React, Vue and Svelte pages, in Chromium",
    prepare: async () => {
      const executablePath = ensureChromium();
      return {
        env: { AGENTLINE_CHROMIUM: executablePath },
        runtime: `${await locateWorkerd()} and ${browserVersion(executablePath)} (${executablePath})`,
      };
    },
    run: junitStep("test/examples/live-run-relay.test.ts", nodeTestCommand),
  },
];

/** Readies the npm `deno` binary for a step. */
function parseArgs(argv) {
  const forwarded = [];
  let only;
  const skip = new Set();
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === "--") continue;
    const [flag, inline] = arg.split(/=(.*)/s, 2);
    if (flag === "--only" || flag === "--skip") {
      const value = inline ?? argv[++index];
      if (!value) throw new Error(`${flag} needs step names, e.g. ${flag}=unit,browser`);
      const names = value.split(",").map((name) => name.trim());
      if (flag === "--only") only = new Set(names);
      else for (const name of names) skip.add(name);
      continue;
    }
    forwarded.push(arg);
  }
  const known = new Set(STEPS.map((step) => step.name));
  for (const name of [...(only ?? []), ...skip]) {
    if (!known.has(name)) throw new Error(`unknown step "${name}"; the steps are: ${[...known].join(", ")}`);
  }
  const steps = STEPS.filter((step) => (!only || only.has(step.name)) && !skip.has(step.name));
  return { steps, forwarded };
}

function line(text) {
  console.log(`\n\u2500\u2500 ${text}`);
}

function formatCounts({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`agentline test: ${error.message}`);
    process.exit(2);
  }
  const { steps, forwarded } = parsed;
  const filtered = forwarded.length > 0;
  const results = [];

  for (const step of steps) {
    const started = Date.now();
    let result;
    line(`step ${step.name}: ${step.runtime}`);
    try {
      const prepared = (await step.prepare?.()) ?? { env: {} };
      if (prepared.runtime) console.log(`   running on ${prepared.runtime}`);
      result = await step.run({ args: forwarded, env: prepared.env, filtered });
    } catch (error) {
      console.error(`agentline: ${error instanceof Error ? error.message : String(error)}`);
      result = { passed: 0, failed: 1, skipped: 0, ok: false, note: "the step could not run" };
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    results.push({ name: step.name, ...result });
    const status = result.ok ? "ok" : "FAILED";
    line(
      `step ${step.name} ${status}: ${formatCounts(result)} in ${seconds} s${result.note ? ` (${result.note})` : ""}`,
    );
  }

  const passed = results.reduce((sum, result) => sum + result.passed, 0);
  let failed = results.reduce((sum, result) => sum + result.failed, 0);
  const width = Math.max(...results.map((result) => result.name.length));
  console.log("\n\u2500\u2500 summary");
  for (const result of results) {
    console.log(`  ${result.name.padEnd(width)}  ${(result.ok ? "ok" : "FAILED").padEnd(6)}  ${formatCounts(result)}`);
  }
  if (filtered && passed + failed === 0) {
    console.log(`  no test matched ${forwarded.join(" ")}`);
    failed = 1;
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 || results.some((result) => !result.ok) ? 1 : 0;
}

await main();
