// `node --import tsx bench/startup.ts` (also part of `npm run bench`): what importing each entry point adds to a
// cold start, measured from the packed tarball installed in a consumer project.
// - Node: whole-process wall time of `node file.mjs` whose only line imports the entry, against `node -e 0`; every
//   command runs once per round, round-robin with a rotating start, so machine load hits all alike; medians.
// - workerd: a Worker module importing the entry at top level (bundled by esbuild as wrangler does), timed from
//   `new Miniflare(...)` to its first response, against a Worker that imports nothing; medians over rounds.
// The anchors (openai, @octokit/core) are measured the same way.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { benchConsumer, runIfMain, saveResults } from "./consumer.js";
import { median } from "./harness.js";

/** The entries whose import is timed: every runtime entry point of agentline, then the anchors. */
export const STARTUP_ENTRIES = [
  "agentline",
  "agentline/webhooks",
  "agentline/forge",
  "agentline/agents",
  "agentline/admin",
  "openai",
  "@octokit/core",
] as const;

/** Goals in ms added over `node -e 0` (issue 13). */
export const NODE_STARTUP_GOALS: Partial<Record<string, number>> = { "agentline/webhooks": 5, agentline: 15 };

// test/workerd pins the same date: at most the installed workerd's.
const COMPATIBILITY_DATE = "2026-04-01";

const roundsFrom = (name: string, fallback: number, least: number) =>
  Math.max(least, Number.parseInt(process.env[name] ?? "", 10) || fallback);

/** One timed command or Worker: its median and the ms it adds over the baseline's median. */
export interface StartupTiming {
  name: string;
  medianMs: number;
  addedMs: number;
  goalAddedMs?: number;
}

/** Everything `benchStartup` measured. */
export interface StartupResult {
  node: { version: string; rounds: number; baselineMs: number; timings: StartupTiming[] };
  workerd: { rounds: number; baselineMs: number; timings: Array<StartupTiming & { scriptBytes: number }> };
}

const slug = (specifier: string) => specifier.replace(/[@/]/g, "_");

/** Runs `tasks` once per round in a rotating order; returns each task's samples (ms), by index. */
async function roundRobin(tasks: ReadonlyArray<() => Promise<number> | number>, rounds: number): Promise<number[][]> {
  const samples = tasks.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < tasks.length; step++) {
      const index = (round + step) % tasks.length;
      (samples[index] as number[]).push(await (tasks[index] as () => Promise<number> | number)());
    }
  }
  return samples;
}

function timings(names: readonly string[], samples: number[][], goals: Partial<Record<string, number>> = {}) {
  const medians = samples.map(median);
  const baselineMs = medians[0] as number;
  return {
    baselineMs,
    timings: names.map((name, index) => {
      const goal = goals[name];
      const medianMs = medians[index] as number;
      return { name, medianMs, addedMs: medianMs - baselineMs, ...(goal === undefined ? {} : { goalAddedMs: goal }) };
    }),
  };
}

/** Node: `node -e 0`, an empty module, then one module per entry; the first run of each checks that it works. */
async function nodeStartup(project: string, rounds: number): Promise<StartupResult["node"]> {
  const dir = join(project, "bench-startup");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "empty.mjs"), "");
  const commands: Array<{ name: string; args: string[] }> = [
    { name: "node -e 0", args: ["-e", "0"] },
    { name: "empty .mjs", args: [join(dir, "empty.mjs")] },
  ];
  for (const specifier of STARTUP_ENTRIES) {
    const file = join(dir, `${slug(specifier)}.mjs`);
    writeFileSync(file, `import ${JSON.stringify(specifier)};\n`);
    commands.push({ name: specifier, args: [file] });
  }
  // No NODE_OPTIONS (a `--import tsx` there would load tsx into every child).
  const { NODE_OPTIONS: _, ...env } = process.env;
  const run = (args: string[]) => {
    const started = performance.now();
    const child = spawnSync(process.execPath, args, { cwd: project, env, stdio: ["ignore", "ignore", "pipe"] });
    const ms = performance.now() - started;
    if (child.status !== 0) throw new Error(`node ${args.join(" ")} failed: ${child.stderr.toString().trim()}`);
    return ms;
  };
  for (const command of commands) run(command.args); // warm the file cache; fail before timing anything
  const samples = await roundRobin(
    commands.map((command) => () => run(command.args)),
    rounds,
  );
  const names = commands.map((command) => command.name);
  return { version: process.version, rounds, ...timings(names, samples, NODE_STARTUP_GOALS) };
}

interface WorkerdModules {
  bundleWorker(entry: string): Promise<string>;
}

/** workerd: one Miniflare per start, timed from construction to the first response's body. */
async function workerdStartup(project: string, rounds: number): Promise<StartupResult["workerd"]> {
  const dir = join(project, "bench-workers");
  mkdirSync(dir, { recursive: true });
  // Bundled exactly as the workerd suite bundles its Worker (esbuild, the workerd conditions), from the consumer.
  const { bundleWorker } = (await import(new URL("../test/workerd/run.mjs", import.meta.url).href)) as WorkerdModules;
  const { Miniflare } = await import("miniflare");
  const workers: Array<{ name: string; script: string }> = [];
  const sources: Array<{ name: string; code: string }> = [
    { name: "(imports nothing)", code: `export default { fetch: () => new Response("0") };` },
    ...STARTUP_ENTRIES.map((specifier) => ({
      name: specifier,
      // The namespace is read on each request, so no export can be dropped as unused.
      code: `import * as entry from ${JSON.stringify(specifier)};
export default { fetch: () => new Response(String(Object.keys(entry).length)) };`,
    })),
  ];
  for (const source of sources) {
    const file = join(dir, `${slug(source.name)}.js`);
    writeFileSync(file, `${source.code}\n`);
    workers.push({ name: source.name, script: await bundleWorker(file) });
  }
  const start = async (script: string) => {
    const started = performance.now();
    const miniflare = new Miniflare({ modules: true, script, compatibilityDate: COMPATIBILITY_DATE });
    try {
      const response = await miniflare.dispatchFetch("http://startup.bench.test/");
      const text = await response.text();
      if (!response.ok) throw new Error(`the Worker answered ${response.status}: ${text.slice(0, 500)}`);
      return performance.now() - started;
    } finally {
      await miniflare.dispose();
    }
  };
  for (const worker of workers) await start(worker.script); // fail before timing anything
  const samples = await roundRobin(
    workers.map((worker) => () => start(worker.script)),
    rounds,
  );
  const measured = timings(
    workers.map((worker) => worker.name),
    samples,
  );
  const encoder = new TextEncoder();
  return {
    rounds,
    baselineMs: measured.baselineMs,
    timings: measured.timings.map((timing, index) => ({
      ...timing,
      scriptBytes: encoder.encode((workers[index] as { script: string }).script).byteLength,
    })),
  };
}

const ms = (value: number) => value.toFixed(1);

/** Prints both tables (Markdown). */
export function printStartupTables(result: StartupResult): void {
  const { node, workerd } = result;
  console.log(
    `\nNode ${node.version} startup, whole process, median of ${node.rounds} round-robin runs (node -e 0: ${ms(node.baselineMs)} ms)`,
  );
  // The ES module loader's own start (what an empty .mjs adds) differs between machines; the last column shows
  // what each entry adds on top of it, comparable across machines.
  const emptyModuleMs = node.timings.find((timing) => timing.name === "empty .mjs")?.medianMs ?? node.baselineMs;
  console.log("| import | median ms | added over `node -e 0` | goal | met? | added over an empty .mjs |");
  console.log("|---|---|---|---|---|---|");
  for (const timing of node.timings.slice(1)) {
    const goal = timing.goalAddedMs;
    const met = goal === undefined ? "–" : timing.addedMs <= goal ? "yes" : "no";
    const overEmpty = timing.name === "empty .mjs" ? "–" : `+${ms(timing.medianMs - emptyModuleMs)}`;
    console.log(
      `| ${timing.name} | ${ms(timing.medianMs)} | +${ms(timing.addedMs)} | ${goal === undefined ? "–" : `≤ ${goal}`} | ${met} | ${overEmpty} |`,
    );
  }
  console.log(
    `\nworkerd (miniflare) startup, construction to first response, median of ${workerd.rounds} round-robin runs (a Worker importing nothing: ${ms(workerd.baselineMs)} ms)`,
  );
  console.log("| Worker imports | median ms | added | Worker script bytes |");
  console.log("|---|---|---|---|");
  for (const timing of workerd.timings.slice(1)) {
    console.log(
      `| ${timing.name} | ${ms(timing.medianMs)} | +${ms(timing.addedMs)} | ${timing.scriptBytes.toLocaleString("en-US")} |`,
    );
  }
}

/** Builds, packs and installs the package, times every entry in Node and workerd, prints, saves the JSON. */
export async function benchStartup(): Promise<StartupResult> {
  const { project } = benchConsumer();
  const result: StartupResult = {
    node: await nodeStartup(project, roundsFrom("BENCH_STARTUP_ROUNDS", 21, 21)),
    workerd: await workerdStartup(project, roundsFrom("BENCH_WORKERD_ROUNDS", 11, 5)),
  };
  printStartupTables(result);
  console.log(`(figures: ${saveResults("startup", result)})`);
  return result;
}

await runIfMain(import.meta.url, benchStartup);
