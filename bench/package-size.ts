// `node --import tsx bench/package-size.ts` (also part of `npm run bench`): the min+gzip bytes an app ships for each
// issue-13 scenario, bundled from the packed tarball by esbuild and by Vite, beside an established SDK doing the same
// task. Exits non-zero when a snippet does not bundle or its bundle does not hold what it asks for.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { version as esbuildVersion } from "esbuild";
import { version as viteVersion } from "vite";
import { type Bundler, type BundleSize, bundleProblems, bundleSize } from "./bundle-size.js";
import { benchConsumer, runIfMain, saveResults } from "./consumer.js";
import { ANCHORS, SCENARIOS, type SizeScenario, type SizeSnippet } from "./size-scenarios.js";

const BUNDLERS: readonly Bundler[] = ["esbuild", "vite"];
const TOP_INPUTS = 12;

/** One snippet's bundles, by bundler. */
export type SnippetSizes = Record<Bundler, BundleSize>;

/** One scenario's row: its bytes, what its goal is measured on (the delta for an "over" goal), and its anchor's. */
export interface ScenarioResult {
  id: string;
  label: string;
  goalGzip: number;
  /** The scenario this one's goal is a delta over, if any. */
  over?: string;
  /** Per bundler: min+gzip bytes the goal applies to (the whole bundle, or the bytes added over `over`). */
  measured: Record<Bundler, number>;
  met: boolean;
  sizes: SnippetSizes;
  anchor?: { id: string; sizes: SnippetSizes };
}

/** Everything `benchPackageSize` measured. */
export interface PackageSizeResult {
  agentline: string;
  node: string;
  esbuild: string;
  vite: string;
  scenarios: ScenarioResult[];
}

async function measureSnippet(project: string, snippet: SizeSnippet, failures: string[]): Promise<SnippetSizes> {
  const dir = join(project, "bench-snippets");
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, `${snippet.id}.js`);
  writeFileSync(entry, `${snippet.code}\n`);
  const sizes: Partial<SnippetSizes> = {};
  for (const bundler of BUNDLERS) {
    try {
      const size = await bundleSize(bundler, project, entry);
      for (const problem of bundleProblems(size, snippet.exports, snippet.package)) {
        failures.push(`${snippet.id} (${bundler}): ${problem}`);
      }
      sizes[bundler] = { ...size, inputs: size.inputs.slice(0, TOP_INPUTS) };
    } catch (error) {
      // Rolldown appends a native stack trace to its message: the lines before it say what is wrong.
      const message = (error instanceof Error ? error.message : String(error)).split("\nStack backtrace:")[0];
      failures.push(`${snippet.id} (${bundler}) does not bundle: ${message?.trim()}`);
      sizes[bundler] = { minified: 0, gzip: 0, exports: [], inputs: [] };
    }
  }
  return sizes as SnippetSizes;
}

function scenarioResult(
  scenario: SizeScenario,
  sizes: Map<string, SnippetSizes>,
  anchors: Map<string, SnippetSizes>,
): ScenarioResult {
  const own = sizes.get(scenario.id) as SnippetSizes;
  const base = "over" in scenario.goal ? sizes.get(scenario.goal.over) : undefined;
  const measured = {
    esbuild: own.esbuild.gzip - (base?.esbuild.gzip ?? 0),
    vite: own.vite.gzip - (base?.vite.gzip ?? 0),
  };
  const anchor = scenario.anchor ? anchors.get(scenario.anchor) : undefined;
  return {
    id: scenario.id,
    label: scenario.label,
    goalGzip: scenario.goal.gzipAtMost,
    ...("over" in scenario.goal ? { over: scenario.goal.over } : {}),
    measured,
    met: Math.max(measured.esbuild, measured.vite) <= scenario.goal.gzipAtMost,
    sizes: own,
    ...(scenario.anchor && anchor ? { anchor: { id: scenario.anchor, sizes: anchor } } : {}),
  };
}

const bytes = (value: number) => value.toLocaleString("en-US");

/** Prints the results as a Markdown table (min+gzip bytes, minified in parentheses). */
export function printSizeTable(result: PackageSizeResult): void {
  console.log(
    `\nBundle sizes from the packed tarball (agentline ${result.agentline}; esbuild ${result.esbuild}, vite ${result.vite}): min+gzip B (min B)`,
  );
  console.log("| scenario | esbuild | vite | goal | met? | anchor | anchor esbuild | anchor vite |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const row of result.scenarios) {
    const cell = (bundler: Bundler) => {
      const size = row.sizes[bundler];
      const delta = row.over ? ` = +${bytes(row.measured[bundler])} over ${row.over}` : "";
      return `${bytes(size.gzip)} (${bytes(size.minified)})${delta}`;
    };
    const goal = `≤ ${bytes(row.goalGzip)}${row.over ? " added" : ""}`;
    const anchor = row.anchor?.sizes;
    const anchorCell = (bundler: Bundler) =>
      anchor ? `${bytes(anchor[bundler].gzip)} (${bytes(anchor[bundler].minified)})` : "–";
    console.log(
      `| ${row.label} | ${cell("esbuild")} | ${cell("vite")} | ${goal} | ${row.met ? "yes" : "no"} | ${row.anchor?.id ?? "–"} | ${anchorCell("esbuild")} | ${anchorCell("vite")} |`,
    );
  }
}

/** Builds, packs and installs the package, bundles every scenario and anchor, prints the table, saves the JSON. */
export async function benchPackageSize(): Promise<PackageSizeResult> {
  const consumer = benchConsumer();
  const failures: string[] = [];
  const sizes = new Map<string, SnippetSizes>();
  for (const scenario of SCENARIOS) sizes.set(scenario.id, await measureSnippet(consumer.project, scenario, failures));
  const anchors = new Map<string, SnippetSizes>();
  for (const anchor of ANCHORS) anchors.set(anchor.id, await measureSnippet(consumer.project, anchor, failures));
  if (failures.length > 0) {
    throw new Error(`the size bench cannot measure every scenario:\n  ${failures.join("\n  ")}`);
  }
  const result: PackageSizeResult = {
    agentline: consumer.version,
    node: process.version,
    esbuild: esbuildVersion,
    vite: viteVersion,
    scenarios: SCENARIOS.map((scenario) => scenarioResult(scenario, sizes, anchors)),
  };
  printSizeTable(result);
  console.log(`(figures and each bundle's biggest inputs: ${saveResults("package-size", result)})`);
  return result;
}

await runIfMain(import.meta.url, benchPackageSize);
