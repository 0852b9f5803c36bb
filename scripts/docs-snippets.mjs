#!/usr/bin/env node
// README snippets are code: every ```ts / ```tsx block of README.md is type-checked against the built package
// (dist/, reached through the package's own name, as a user's `import "agentline/forge"` is), and the blocks marked
// `run` are run in Node against the embedded fake service.
//
//   node scripts/docs-snippets.mjs            check and run (needs dist/: `npm run build`)
//   node scripts/docs-snippets.mjs --list     print each block's classification and stop
//
// Each TypeScript block says how it is tested in its info string, and a block that does not is refused:
//
//   ```ts run setup=agents-run     type-checked, then run; `setup` names test/readme/setups/<name>.ts, whose code
//                                  goes before the block (the variables the block takes as given, a fake network)
//                                  and registers what must hold after it (`expectAfterSnippet`, given the block's
//                                  exports)
//   ```tsx check setup=live-views  type-checked only (it needs what a Node run cannot give: a DOM and a renderer,
//                                  real credentials, a request the fake cannot make)
//   ```ts no-check                 neither: reserved for pseudo-code, and there should be almost none
//
// The block's own lines keep their README line numbers in every diagnostic. Generated files go to
// test/readme/.generated/ (git-ignored, removed afterwards): inside the package, so "agentline/*" resolves through
// package.json "exports" to dist/ exactly as in a consumer.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const SETUPS = join(root, "test", "readme", "setups");
const GENERATED = join(root, "test", "readme", ".generated");

/** Fence languages that are not code the SDK compiles; any other language is refused. */
const PROSE_LANGUAGES = new Set(["sh", "bash", "console", "text", "json", "jsonc", "toml", "yaml", "diff", "http"]);
const CODE_LANGUAGES = new Set(["ts", "tsx"]);
const MODES = new Set(["run", "check", "no-check"]);

/** A run block that takes longer than this is stuck (the fake's runs last milliseconds). */
const RUN_TIMEOUT_MS = 20_000;

/**
 * @typedef {{ line: number, lang: string, mode: "run" | "check" | "no-check", setup?: string, code: string }} Snippet
 * @typedef {{ snippets: Snippet[], refused: string[] }} Extracted
 */

/**
 * Finds the fenced blocks of a Markdown text and classifies the TypeScript ones; `refused` lists every block
 * that cannot be classified (bare fence, unknown language, missing or unknown mode, unknown setup).
 * @param {string} markdown
 * @param {{ file?: string, setupExists?: (name: string) => boolean }} [options]
 * @returns {Extracted}
 */
export function extractSnippets(markdown, { file = "README.md", setupExists = defaultSetupExists } = {}) {
  const lines = markdown.split("\n");
  /** @type {Snippet[]} */
  const snippets = [];
  const refused = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^ {0,3}(`{3,}|~{3,})\s*(.*)$/.exec(lines[index] ?? "");
    if (!open) continue;
    const [, fence, info] = open;
    const start = index + 1;
    let end = start;
    while (end < lines.length && !isClosingFence(lines[end] ?? "", fence)) end++;
    const code = lines.slice(start, end).join("\n");
    index = end;
    if (end === lines.length) {
      refused.push(`${file}:${start}: the block opened here is never closed`);
      continue;
    }
    const [lang = "", ...attributes] = info.trim().split(/\s+/).filter(Boolean);
    const where = `${file}:${start}`;
    if (PROSE_LANGUAGES.has(lang)) continue;
    if (!CODE_LANGUAGES.has(lang)) {
      refused.push(
        lang === ""
          ? `${where}: a block without a language; write \`\`\`ts run|check|no-check, or \`\`\`sh, \`\`\`text, …`
          : `${where}: unknown block language "${lang}"; TypeScript blocks are \`\`\`ts or \`\`\`tsx, others one of ${[...PROSE_LANGUAGES].join(", ")}`,
      );
      continue;
    }
    const modes = attributes.filter((attribute) => MODES.has(attribute));
    const setups = attributes.filter((attribute) => attribute.startsWith("setup="));
    const unknown = attributes.filter((attribute) => !MODES.has(attribute) && !attribute.startsWith("setup="));
    if (modes.length !== 1 || unknown.length > 0 || setups.length > 1) {
      refused.push(
        `${where}: \`\`\`${info.trim()} says neither how nor whether it is tested: write \`\`\`${lang} run, ` +
          `\`\`\`${lang} check or \`\`\`${lang} no-check (one of them), optionally with setup=<name>` +
          (unknown.length > 0 ? ` (unknown: ${unknown.join(" ")})` : ""),
      );
      continue;
    }
    const mode = /** @type {Snippet["mode"]} */ (modes[0]);
    const setup = setups[0]?.slice("setup=".length);
    if (setup !== undefined && !(/^[a-z0-9-]+$/.test(setup) && setupExists(setup))) {
      refused.push(`${where}: setup "${setup}" is not a file test/readme/setups/${setup}.ts`);
      continue;
    }
    if (mode === "no-check" && setup !== undefined) {
      refused.push(`${where}: a no-check block is neither compiled nor run; its setup=${setup} would be unused`);
      continue;
    }
    snippets.push({ line: start + 1, lang, mode, ...(setup === undefined ? {} : { setup }), code });
  }
  return { snippets, refused };
}

function isClosingFence(line, fence) {
  const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
  return close !== null && close[1][0] === fence[0] && close[1].length >= fence.length;
}

function defaultSetupExists(name) {
  return existsSync(join(SETUPS, `${name}.ts`));
}

/**
 * Writes one module per checked snippet: its setup, then the block, then (for run blocks) the check that the run
 * did what the setup expects. Returns the files and where each block's first line is.
 * @param {Snippet[]} snippets
 */
function generateModules(snippets) {
  rmSync(GENERATED, { recursive: true, force: true });
  mkdirSync(GENERATED, { recursive: true });
  return snippets
    .filter((snippet) => snippet.mode !== "no-check")
    .map((snippet) => {
      const setup = snippet.setup ? readFileSync(join(SETUPS, `${snippet.setup}.ts`), "utf8") : "export {};\n";
      const head = `${setup}\n// README.md line ${snippet.line}\n`;
      const name = `readme-line-${snippet.line}`;
      // A run block's checks get the block's own module (its `export default`, say), imported from itself: by now
      // every export of the block has been evaluated.
      const tail =
        snippet.mode === "run"
          ? `\nimport { finishSnippet as __finishSnippet } from "../network.js";\nimport * as __block from "./${name}.js";\nawait __finishSnippet(__block);\n`
          : "\n";
      const file = join(GENERATED, `${name}.${snippet.lang}`);
      writeFileSync(file, `${head}${snippet.code}\n${tail}`);
      return { snippet, file, firstLine: head.split("\n").length - 1 };
    });
}

/** Compiler options of a demanding consumer: strict, Node's own resolution of package "exports". */
function compilerOptions(ts) {
  return {
    strict: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    types: ["node"],
    jsx: ts.JsxEmit.ReactJSX,
    skipLibCheck: true,
    noEmit: true,
  };
}

/** Type-checks the generated modules; returns the diagnostics per module, positioned in README.md. */
async function typeCheck(modules) {
  const ts = (await import("typescript")).default;
  const program = ts.createProgram(
    modules.map((module) => module.file),
    compilerOptions(ts),
  );
  const byFile = new Map(modules.map((module) => [module.file, []]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    const file = diagnostic.file?.fileName;
    const module = modules.find((candidate) => candidate.file === file);
    if (!module || diagnostic.start === undefined) {
      // A diagnostic outside the generated files (a broken dist/.d.ts) fails every module.
      for (const list of byFile.values()) list.push(`TS${diagnostic.code}: ${message}`);
      continue;
    }
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const inBlock = line >= module.firstLine && line < module.firstLine + module.snippet.code.split("\n").length;
    const where = inBlock
      ? `README.md:${module.snippet.line + line - module.firstLine}:${character + 1}`
      : `test/readme/setups/${module.snippet.setup ?? "(none)"}.ts, generated line ${line + 1}`;
    byFile.get(module.file)?.push(`${where} TS${diagnostic.code}: ${message}`);
  }
  return byFile;
}

/** Bundles a run module (its own code and the setup's helpers; every package stays external) and runs it in Node. */
async function runModule(module) {
  const esbuild = await import("esbuild");
  const outfile = module.file.replace(/\.tsx?$/, ".mjs");
  await esbuild.build({
    entryPoints: [module.file],
    outfile,
    bundle: true,
    packages: "external",
    format: "esm",
    platform: "node",
    target: "node20",
    jsx: "automatic",
    // Not the repository's tsconfig.json: its "paths" point "agentline/*" at src/, and the snippets run on dist/.
    tsconfigRaw: {},
    logLevel: "silent",
  });
  // AGENTLINE_API_KEY as the README tells users to set it; the fake accepts this key.
  const env = { ...process.env, AGENTLINE_API_KEY: "test-key", NODE_NO_WARNINGS: "1" };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [outfile], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      const ok = code === 0;
      const why = signal ? `killed after ${RUN_TIMEOUT_MS} ms` : `exit code ${code}`;
      resolve({ ok, output: ok ? output : `${why}\n${output}` });
    });
  });
}

/**
 * Checks README.md: refuses unclassified blocks, type-checks every `run` and `check` block, runs the `run` blocks.
 * Prints one line per block; returns counts in the shape scripts/test.mjs reads.
 * @returns {Promise<{ passed: number, failed: number, skipped: number, ok: boolean, note?: string }>}
 */
export async function checkReadmeSnippets({ readme = join(root, "README.md"), log = console.log } = {}) {
  if (!existsSync(join(root, "dist", "index.d.ts"))) {
    throw new Error("dist/ is missing: run `npm run build` first (the snippets are checked against the built package)");
  }
  const { snippets, refused } = extractSnippets(readFileSync(readme, "utf8"), { file: relative(root, readme) });
  for (const reason of refused) log(`   \u2717 ${reason}`);
  const modules = generateModules(snippets);
  let passed = 0;
  let failed = refused.length;
  try {
    const diagnostics = await typeCheck(modules);
    for (const module of modules) {
      const { snippet } = module;
      const label = `README.md:${snippet.line} \`\`\`${snippet.lang} ${snippet.mode}${snippet.setup ? ` setup=${snippet.setup}` : ""}`;
      const problems = diagnostics.get(module.file) ?? [];
      if (problems.length > 0) {
        failed++;
        log(`   \u2717 ${label}: does not compile\n${indent(problems.join("\n"))}`);
        continue;
      }
      if (snippet.mode === "check") {
        passed++;
        log(`   \u2713 ${label}: compiles`);
        continue;
      }
      const started = Date.now();
      const result = await runModule(module);
      if (result.ok) {
        passed++;
        log(`   \u2713 ${label}: compiles and runs against the fake (${Date.now() - started} ms)`);
      } else {
        failed++;
        log(`   \u2717 ${label}: compiles, but running it failed: ${indent(result.output.trim())}`);
      }
    }
  } finally {
    // AGENTLINE_KEEP_SNIPPETS=1 keeps the generated modules to debug a failing block.
    if (!process.env.AGENTLINE_KEEP_SNIPPETS) rmSync(GENERATED, { recursive: true, force: true });
  }
  const skipped = snippets.filter((snippet) => snippet.mode === "no-check").length;
  for (const snippet of snippets.filter((candidate) => candidate.mode === "no-check")) {
    log(`   - README.md:${snippet.line} \`\`\`${snippet.lang} no-check: marked as not meant to compile`);
  }
  if (snippets.length === 0 && refused.length === 0) {
    return { passed, failed: 1, skipped, ok: false, note: "README.md has no TypeScript block" };
  }
  return { passed, failed, skipped, ok: failed === 0 };
}

function indent(text) {
  return text
    .split("\n")
    .map((line) => `       ${line}`)
    .join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes("--list")) {
    const { snippets, refused } = extractSnippets(readFileSync(join(root, "README.md"), "utf8"));
    for (const { line, lang, mode, setup } of snippets) {
      console.log(`README.md:${line} ${lang} ${mode}${setup ? ` setup=${setup}` : ""}`);
    }
    for (const reason of refused) console.log(`refused: ${reason}`);
    process.exitCode = refused.length > 0 ? 1 : 0;
  } else {
    const started = Date.now();
    const result = await checkReadmeSnippets();
    console.log(
      `README snippets: ${result.passed} passed, ${result.failed} failed, ${result.skipped} not checked ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    process.exitCode = result.ok ? 0 : 1;
  }
}
