// The building blocks of scripts/test.mjs's steps: running a command or vitest project and counting its results
// (JUnit or vitest JSON), building dist/ once per run, readying Deno, and the command-line file filter.
//
// Plain Node.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { DENO, locateRuntime } from "../locate-runtime.mjs";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** @typedef {{ passed: number, failed: number, skipped: number, ok: boolean, note?: string }} StepResult */

export async function prepareDeno() {
  const deno = locateRuntime(DENO);
  // DENO_DIR inside the checkout (git-ignored): no cache in the home directory, nothing shared between clones.
  const env = { AGENTLINE_DENO: deno.path, DENO_DIR: join(root, ".deno"), DENO_NO_UPDATE_CHECK: "1" };
  return { env, runtime: `${deno.version} (${relative(root, deno.path) || deno.path})` };
}

/** Node's test runner on a TypeScript test file (through tsx), reporting to the console and as JUnit. */
export function nodeTestCommand(_env, reportPath) {
  return [
    process.execPath,
    [
      "--import",
      "tsx",
      "--test",
      "--test-reporter=spec",
      "--test-reporter-destination=stdout",
      "--test-reporter=junit",
      `--test-reporter-destination=${reportPath}`,
    ],
  ];
}

let distBuild;

/** Builds dist/ once per run: the deno, bun and workerd steps test what ships. */
export function buildDist() {
  distBuild ??= (async () => {
    const { bin } = JSON.parse(readFileSync(join(root, "node_modules", "tsdown", "package.json"), "utf8"));
    const cli = join(root, "node_modules", "tsdown", typeof bin === "string" ? bin : bin.tsdown);
    console.log("   building dist/ (tsdown) for the steps that test the built package");
    const exitCode = await runNode([cli, "--logLevel", "warn"], {});
    if (exitCode !== 0) throw new Error(`the build failed (tsdown exited with ${exitCode}); see its output above.`);
  })();
  return distBuild;
}

/** Whether a file filter from the command line (vitest style: a substring of the path) selects `file`. */
export function matchesFileFilter(file, args) {
  const filters = args.filter((arg) => !arg.startsWith("-"));
  return filters.length === 0 || filters.some((filter) => file.includes(filter));
}

/** @returns {StepResult} */
export function skippedByFilter() {
  return { passed: 0, failed: 0, skipped: 0, ok: true, note: "no test file matched the filter" };
}

export function browserVersion(executablePath) {
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
  return runCommand(process.execPath, args, env);
}

function runCommand(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(signal ? 128 : (code ?? 1)));
  });
}

/**
 * A step that runs one test file with a runtime's own test runner and counts the tests in the JUnit report it
 * writes; `command(env, reportPath)` returns the executable and its arguments (the file is appended).
 */
export function junitStep(file, command) {
  return async ({ args, env }) => {
    if (!matchesFileFilter(file, args)) return skippedByFilter();
    await buildDist();
    const reportDir = mkdtempSync(join(tmpdir(), "agentline-test-"));
    const reportPath = join(reportDir, "report.xml");
    try {
      const [executable, commandArgs] = command(env, reportPath);
      const exitCode = await runCommand(executable, [...commandArgs, `./${file}`], env);
      return countJUnitReport(reportPath, exitCode);
    } finally {
      rmSync(reportDir, { recursive: true, force: true });
    }
  };
}

/** @returns {StepResult} */
function countJUnitReport(reportPath, exitCode) {
  if (!existsSync(reportPath)) {
    return { passed: 0, failed: 1, skipped: 0, ok: false, note: `the runner exited with ${exitCode} before reporting` };
  }
  const xml = readFileSync(reportPath, "utf8");
  const bodies = xml
    .split(/<testcase\b/)
    .slice(1)
    .map((chunk) => (/^[^>]*\/>/.test(chunk) ? "" : chunk.slice(0, chunk.indexOf("</testcase>"))));
  const failed = bodies.filter((body) => /<(failure|error)\b/.test(body)).length;
  const skipped = bodies.filter((body) => /<skipped\b/.test(body)).length;
  const result = { passed: bodies.length - failed - skipped, failed, skipped, ok: exitCode === 0 };
  if (bodies.length === 0) {
    // A file that failed to load, or a runner that found nothing: never green.
    return { ...result, failed: 1, ok: false, note: `no test ran (exit code ${exitCode}; see the output above)` };
  }
  if (!result.ok && failed === 0) {
    result.failed = 1;
    result.note = `the runner exited with ${exitCode} (see its output above)`;
  }
  return result;
}

/** A step that runs one vitest project and counts its tests from vitest's JSON report. */
export function vitestStep(project, { passWithNoTests = false } = {}) {
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
