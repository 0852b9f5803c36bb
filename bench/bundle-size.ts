// What an app ships for one entry module, measured in a consumer project that installed the packed tarball: the
// entry bundled for the browser by esbuild and by Vite 8 (a production app build: Rolldown + Oxc minifier), then
// gzip -9. Runtime dependencies are counted; React, Vue and Svelte are the app's own and left out.
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build as esbuild, type Metafile } from "esbuild";
import { build as viteBuild } from "vite";

/** Frameworks an app brings itself: never counted in an entry's bytes. */
export const FRAMEWORK_PACKAGES = ["react", "react-dom", "vue", "svelte"] as const;

const isFramework = (id: string) => FRAMEWORK_PACKAGES.some((name) => id === name || id.startsWith(`${name}/`));

/** The bundlers every entry is measured with. */
export type Bundler = "esbuild" | "vite";

/** One bundle of one entry. */
export interface BundleSize {
  /** Minified bytes of every chunk the entry loads. */
  minified: number;
  /** The same, each chunk gzipped at level 9, summed. */
  gzip: number;
  /** The entry chunk's export names, to check that nothing the snippet exports was dropped. */
  exports: string[];
  /**
   * Bytes each input module contributes, biggest first (paths from `node_modules/` on, or from the project). esbuild
   * counts them minified; Rolldown reports them as rendered, before the minifier: compare within one bundler only.
   */
  inputs: Array<{ path: string; bytes: number }>;
}

/** `node_modules/x/…` for any path under a node_modules folder (anchors are symlinked from elsewhere). */
function shortPath(path: string, project: string): string {
  const at = path.lastIndexOf("node_modules/");
  if (at >= 0) return path.slice(at);
  return path.startsWith(`${project}/`) ? path.slice(project.length + 1) : path;
}

function byBytes(inputs: Map<string, number>): Array<{ path: string; bytes: number }> {
  return [...inputs]
    .filter(([, bytes]) => bytes > 0)
    .map(([path, bytes]) => ({ path, bytes }))
    .sort((a, b) => b.bytes - a.bytes);
}

function addInput(inputs: Map<string, number>, project: string, path: string, bytes: number): void {
  const key = shortPath(path, project);
  inputs.set(key, (inputs.get(key) ?? 0) + bytes);
}

/** esbuild --bundle --minify --format=esm --platform=browser, run from the consumer project. */
async function withEsbuild(project: string, entry: string): Promise<BundleSize> {
  const result = await esbuild({
    absWorkingDir: project,
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    external: FRAMEWORK_PACKAGES.flatMap((name) => [name, `${name}/*`]),
    metafile: true,
    write: false,
    outfile: join(project, "out", "esbuild.js"),
    logLevel: "silent",
  });
  const files = result.outputFiles.filter((file) => file.path.endsWith(".js"));
  const outputs = Object.values((result.metafile as Metafile).outputs);
  const inputs = new Map<string, number>();
  for (const output of outputs) {
    for (const [path, input] of Object.entries(output.inputs)) addInput(inputs, project, path, input.bytesInOutput);
  }
  return {
    minified: files.reduce((sum, file) => sum + file.contents.byteLength, 0),
    gzip: files.reduce((sum, file) => sum + gzipSync(file.contents, { level: 9 }).byteLength, 0),
    exports: outputs.find((output) => output.entryPoint)?.exports ?? [],
    inputs: byBytes(inputs),
  };
}

/**
 * `vite build` of the entry as an app (production mode, Vite's default Oxc minifier and target). An app build, not a
 * library build: Vite does not minify whitespace in an ES library build, and no app ships that. The entry keeps its
 * exports (`preserveEntrySignatures`), so what the snippet uses stays.
 */
async function withVite(project: string, entry: string): Promise<BundleSize> {
  const result = await viteBuild({
    root: project,
    configFile: false,
    logLevel: "silent",
    publicDir: false,
    build: {
      write: false,
      modulePreload: false,
      reportCompressedSize: false,
      rolldownOptions: { input: entry, preserveEntrySignatures: "strict", external: isFramework },
    },
  });
  if (!("output" in result) && !Array.isArray(result)) throw new Error("vite build started a watcher");
  const chunks = (Array.isArray(result) ? result : [result])
    .flatMap((output) => output.output)
    .filter((item) => item.type === "chunk");
  const inputs = new Map<string, number>();
  for (const chunk of chunks) {
    for (const [id, module] of Object.entries(chunk.modules)) addInput(inputs, project, id, module.renderedLength);
  }
  const encoder = new TextEncoder();
  return {
    minified: chunks.reduce((sum, chunk) => sum + encoder.encode(chunk.code).byteLength, 0),
    gzip: chunks.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).byteLength, 0),
    exports: chunks.find((chunk) => chunk.isEntry)?.exports ?? [],
    inputs: byBytes(inputs),
  };
}

/** Bundles `entry` (a path inside `project`) with `bundler`; rejects when it does not bundle. */
export function bundleSize(bundler: Bundler, project: string, entry: string): Promise<BundleSize> {
  return bundler === "esbuild" ? withEsbuild(project, entry) : withVite(project, entry);
}

/**
 * Why a bundle does not measure what its snippet asks for (empty list when it does): a missing export, or no byte
 * from `packageName` (say the bundler resolved something else, or dropped everything as dead code).
 */
export function bundleProblems(size: BundleSize, expectedExports: readonly string[], packageName: string): string[] {
  const problems: string[] = [];
  if (size.minified === 0 || size.gzip === 0) problems.push("the bundle is empty");
  const missing = expectedExports.filter((name) => !size.exports.includes(name));
  if (missing.length > 0) problems.push(`the bundle lacks the export(s) ${missing.join(", ")}`);
  const fromPackage = size.inputs
    .filter((input) => input.path.startsWith(`node_modules/${packageName}/`))
    .reduce((sum, input) => sum + input.bytes, 0);
  if (fromPackage === 0) problems.push(`no byte of the bundle comes from node_modules/${packageName}/`);
  return problems;
}
