#!/usr/bin/env node
// Runs the whole suite, one step per runtime, and ends with one line `N passed, N failed` (CI reads it).
//
//   npm test                                 every step
//   npm test -- test/browser/smoke           extra arguments go to each step's vitest (here: a file filter)
//   npm test -- --only=unit                  only the named steps (comma-separated); --skip=browser skips some
//
// A step is { name, runtime, prepare?, run }. `prepare` readies the runtime (installs Chromium, say) and returns
// { env, runtime }: extra env for `run` and a fuller description of what runs; `run` returns the counts. New
// runtimes (workerd, Deno, Bun) are further entries in STEPS: a vitest project through `vitestStep`, or any command
// whose results can be counted.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureChromium } from "./ensure-chromium.mjs";

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
];

function browserVersion(executablePath) {
  const result = spawnSync(executablePath, ["--version"], { encoding: "utf8", timeout: 10_000 });
  return result.stdout?.trim().split("\n")[0] || "Chromium";
}

function resolveVitestCli() {
  const manifestPath = join(root, "node_modules", "vitest", "package.json");
  if (!existsSync(manifestPath)) {
    throw new Error("vitest is not installed: run `npm test` (it installs dependencies) or `npm ci`.");
  }
  const { bin } = JSON.parse(readFileSync(manifestPath, "utf8"));
  return join(root, "node_modules", "vitest", typeof bin === "string" ? bin : bin.vitest);
}

function runNode(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(signal ? 128 : (code ?? 1)));
  });
}

/** A step that runs one vitest project and counts its tests from vitest's JSON report. */
function vitestStep(project, { passWithNoTests = false } = {}) {
  return async ({ args, env, filtered }) => {
    const reportDir = mkdtempSync(join(tmpdir(), "agentline-test-"));
    const reportPath = join(reportDir, "report.json");
    try {
      const vitestArgs = [
        resolveVitestCli(),
        "run",
        "--project",
        project,
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${reportPath}`,
        // With a filter, a step whose files do not match must not fail; the totals still catch "nothing ran".
        ...(passWithNoTests || filtered ? ["--passWithNoTests"] : []),
        ...args,
      ];
      const exitCode = await runNode(vitestArgs, env);
      return countVitestReport(reportPath, exitCode);
    } finally {
      rmSync(reportDir, { recursive: true, force: true });
    }
  };
}

/** @returns {StepResult} */
function countVitestReport(reportPath, exitCode) {
  if (!existsSync(reportPath)) {
    // vitest died before reporting (bad config, crash): one failure so the totals cannot read as green.
    return { passed: 0, failed: 1, skipped: 0, ok: false, note: `vitest exited with ${exitCode} before reporting` };
  }
  const report = JSON.parse(readFileSync(reportPath, "utf8"));
  // A file that fails outside any test (import error, failing hook) has no failed test; count it as one.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === "failed" && !file.assertionResults?.some((test) => test.status === "failed"),
  ).length;
  const result = {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    ok: exitCode === 0 && report.success !== false,
  };
  if (brokenFiles > 0) result.note = `${brokenFiles} test file(s) failed to run`;
  if (!result.ok && result.failed === 0) {
    // e.g. an unhandled error after the tests passed, or "no test files found".
    result.failed = 1;
    result.note = `vitest exited with ${exitCode} (see its output above)`;
  }
  return result;
}

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
