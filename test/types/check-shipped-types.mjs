#!/usr/bin/env node
// The shipped declarations as users compile them: packs the built package (dist/ must exist), installs the tarball
// into a throwaway consumer, and type-checks consumer.ts (every export of every runtime entry) there with
// `skipLibCheck: false` and `strict` under each environment the package claims — Node's types without DOM, DOM
// without Node's types, Cloudflare's workers types alone, and Deno — plus adapters.ts (React, Vue, Svelte) where
// DOM is. A declaration that names a global one of them lacks (`CryptoKey` under Node's types, say) fails here.
//
//   node test/types/check-shipped-types.mjs     (after `npx tsdown`); `npm test -- --only=types` builds first
//
// The consumer links the type packages it needs from this repository's node_modules (nothing is downloaded) and
// is removed when every check passes; a failing run prints its path so the compiler can be rerun by hand.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { packedConsumer, repositoryRoot } from "../../scripts/lib/packed-consumer.mjs";
import { DENO, locateRuntime } from "../../scripts/locate-runtime.mjs";

const here = dirname(fileURLToPath(import.meta.url));

/** What a careful app sets; `skipLibCheck: false` is the point: it checks our .d.ts files, not only their use. */
const STRICT = { strict: true, skipLibCheck: false, noEmit: true, target: "es2022" };

/**
 * The environments. `absent` names files the compiler must not load (a config that quietly got DOM or Node's
 * types through some dependency would prove nothing).
 * @type {{ name: string, description: string, files: string[], compilerOptions?: object, absent?: RegExp[], typescript?: string }[]}
 */
export const TYPE_CONFIGS = [
  {
    name: "node",
    description: "Node's types, no DOM: lib es2023, types [node], module/moduleResolution nodenext",
    compilerOptions: { ...STRICT, lib: ["es2023"], types: ["node"], module: "nodenext", moduleResolution: "nodenext" },
    files: ["consumer.ts"],
    absent: [/[\\/]lib\.dom\.d\.ts$/],
  },
  {
    name: "node-ts5",
    description: "the same with TypeScript 5.9 (the oldest major a user may still compile with)",
    typescript: "typescript5",
    compilerOptions: { ...STRICT, lib: ["es2023"], types: ["node"], module: "nodenext", moduleResolution: "nodenext" },
    files: ["consumer.ts"],
    absent: [/[\\/]lib\.dom\.d\.ts$/],
  },
  {
    name: "dom",
    description: "DOM, no Node types: lib es2023 + dom + dom.iterable, moduleResolution bundler, with the adapters",
    compilerOptions: {
      ...STRICT,
      lib: ["es2023", "dom", "dom.iterable"],
      types: [],
      module: "esnext",
      moduleResolution: "bundler",
    },
    files: ["consumer.ts", "adapters.ts"],
    absent: [/[\\/]@types[\\/]node[\\/]/],
  },
  {
    name: "workers",
    description: "Cloudflare's workers types alone: lib es2023, types [@cloudflare/workers-types], no DOM, no Node",
    compilerOptions: {
      ...STRICT,
      lib: ["es2023"],
      types: ["@cloudflare/workers-types"],
      module: "esnext",
      moduleResolution: "bundler",
    },
    files: ["consumer.ts"],
    absent: [/[\\/]lib\.dom\.d\.ts$/, /[\\/]@types[\\/]node[\\/]/],
  },
  {
    name: "deno",
    description: "deno check --all (npm packages' declarations included), the package from node_modules",
    files: ["consumer.ts"],
  },
];

/** Type packages and frameworks linked into the consumer from this repository's node_modules. */
const LINKED_PACKAGES = ["@types/node", "@types/react", "@cloudflare/workers-types", "react", "vue", "svelte"];

/** Installs the packed package into a fresh consumer and writes the consumer files and one config per check. */
export function prepareConsumer() {
  const { project } = packedConsumer();
  for (const name of LINKED_PACKAGES) {
    const target = join(project, "node_modules", name);
    mkdirSync(dirname(target), { recursive: true });
    if (!existsSync(target)) symlinkSync(join(repositoryRoot, "node_modules", name), target, "junction");
  }
  for (const file of ["consumer.ts", "adapters.ts"]) cpSync(join(here, file), join(project, file));
  for (const config of TYPE_CONFIGS) {
    if (!config.compilerOptions) continue;
    const tsconfig = { compilerOptions: config.compilerOptions, files: config.files };
    writeFileSync(join(project, `tsconfig.${config.name}.json`), `${JSON.stringify(tsconfig, null, 2)}\n`);
  }
  // Deno reads the package from node_modules as npm installed it; no lock file, nothing fetched.
  writeFileSync(join(project, "deno.json"), `${JSON.stringify({ nodeModulesDir: "manual", lock: false })}\n`);
  return project;
}

/**
 * Runs one check in `project`: `{ name, ok, errors, output, ms }`, where `errors` counts the compiler's
 * diagnostics (plus one per file that should have stayed out) and `output` is what it printed.
 */
export async function checkTypes(project, config, denoPath) {
  const started = Date.now();
  const { code, output } = config.compilerOptions
    ? await run(process.execPath, [tscPath(config), "-p", `tsconfig.${config.name}.json`, "--listFiles"], project, {})
    : await run(denoPath, ["check", "--all", "--cached-only", ...config.files], project, {
        DENO_DIR: join(project, "..", "deno-dir"),
        DENO_NO_UPDATE_CHECK: "1",
        NO_COLOR: "1",
      });
  // --listFiles prints the loaded files as absolute paths; everything else is diagnostics.
  const lines = output.split(/\r?\n/);
  const loaded = lines.filter((line) => isAbsolute(line) && existsSync(line));
  const diagnostics = lines.filter((line) => !(isAbsolute(line) && existsSync(line))).join("\n");
  const intruders = loaded.filter((file) => config.absent?.some((pattern) => pattern.test(file)));
  const errors =
    (diagnostics.match(config.compilerOptions ? /error TS\d+:/g : /TS\d+ \[ERROR\]/g) ?? []).length + intruders.length;
  const report = [diagnostics.trim(), ...intruders.map((file) => `loaded ${file}, which this config must not have`)];
  // A compiler that failed without a diagnostic we recognise still fails the check.
  const failed = code !== 0 || errors > 0;
  return {
    name: config.name,
    ok: !failed,
    errors: failed ? Math.max(errors, 1) : 0,
    output: report.filter(Boolean).join("\n"),
    ms: Date.now() - started,
  };
}

/**
 * The entry points of package.json "exports" that consumer.ts and adapters.ts do not import whole (a new entry must
 * join the check), as a result like the compilers': `{ name: "entries", ok, errors, output, ms }`.
 */
export function checkEntryCoverage() {
  const { exports } = JSON.parse(readFileSync(join(repositoryRoot, "package.json"), "utf8"));
  const sources = ["consumer.ts", "adapters.ts"].map((file) => readFileSync(join(here, file), "utf8")).join("\n");
  const missing = Object.keys(exports)
    .filter((key) => key !== "./package.json")
    .map((key) => (key === "." ? "agentline" : `agentline/${key.slice(2)}`))
    .filter((specifier) => !new RegExp(`^import \\* as \\w+ from "${specifier}";$`, "m").test(sources));
  const output = missing.map((specifier) => `no \`import * as … from "${specifier}"\` in test/types/`).join("\n");
  return { name: "entries", ok: missing.length === 0, errors: missing.length, output, ms: 0 };
}

/** Prepares a consumer and runs the checks, as many at once as there are cores; removes the consumer if all pass. */
export async function checkShippedTypes({ denoPath = locateRuntime(DENO).path } = {}) {
  const project = prepareConsumer();
  const results = [checkEntryCoverage()];
  const checks = new Array(TYPE_CONFIGS.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < TYPE_CONFIGS.length; index = next++) {
      checks[index] = await checkTypes(project, TYPE_CONFIGS[index], denoPath);
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), TYPE_CONFIGS.length) }, worker));
  results.push(...checks);
  if (results.every((result) => result.ok)) rmSync(dirname(project), { recursive: true, force: true });
  return { project, results };
}

/** Prints one line per check (and the compiler's output for a failed one); returns the failed count. */
export function reportTypeChecks({ project, results }) {
  for (const { name, ok, errors, output, ms } of results) {
    const description =
      TYPE_CONFIGS.find((config) => config.name === name)?.description ?? "every package.json entry point imported";
    if (ok) console.log(`   \u2713 ${name}: ${description}${ms ? ` (${ms} ms)` : ""}`);
    else console.error(`   \u2717 ${name}: ${errors} error(s) (${description})\n${indent(output)}`);
  }
  const failed = results.filter((result) => !result.ok).length;
  if (failed > 0) console.error(`   the consumer is kept at ${project}`);
  return failed;
}

/** The compiler of a check: this repository's TypeScript, or the older one a check names (`typescript5`). */
function tscPath(config) {
  return join(repositoryRoot, "node_modules", config.typescript ?? "typescript", "bin", "tsc");
}

function indent(text) {
  return text.replace(/^/gm, "     ");
}

function run(command, args, cwd, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const failed = reportTypeChecks(await checkShippedTypes());
  process.exitCode = failed > 0 ? 1 : 0;
}
