// Types of scripts/build-examples.mjs for the TypeScript scripts and tests that import it.

/** The example apps the script builds, by folder name under examples/. */
export declare const LIVE_RUN_EXAMPLES: readonly ["react-live-run", "vue-live-run", "svelte-live-run"];

/** One of {@link LIVE_RUN_EXAMPLES}. */
export type LiveRunExample = (typeof LIVE_RUN_EXAMPLES)[number];

/** Vite's log level for a build. */
export interface BuildExampleOptions {
  logLevel?: "info" | "warn" | "error" | "silent";
}

/** A finished build of one example. */
export interface ExampleBuild {
  name: string;
  outDir: string;
  ms: number;
}

/** One example's outcome in {@link buildExamples}. */
export type ExampleBuildResult =
  | (ExampleBuild & { ok: true })
  | { name: string; outDir: string; ok: false; error: unknown };

/** The folder of example `name`; throws for a name not in {@link LIVE_RUN_EXAMPLES}. */
export declare function exampleDir(name: string): string;
/** Where example `name` is built to: examples/<name>/dist. */
export declare function exampleOutDir(name: string): string;
/** Whether dist/ must be built: an entry the examples import is missing or older than src/, adapters/ or the build config. */
export declare function isDistStale(projectRoot?: string): boolean;
/** Builds dist/ with tsdown when an entry the examples import is missing or older than its sources. */
export declare function ensureDist(): Promise<void>;
/** Whether example `name` has no build, or one older than its sources or the dist/ entries it bundles. */
export declare function isExampleStale(name: string): boolean;
/** Builds example `name` with Vite (dist/ must exist); throws what Vite threw. */
export declare function buildExample(name: string, options?: BuildExampleOptions): Promise<ExampleBuild>;
/** Builds each named example (default: all) after {@link ensureDist}; a failed build does not stop the others. */
export declare function buildExamples(
  names?: readonly string[],
  options?: BuildExampleOptions,
): Promise<ExampleBuildResult[]>;
/** The built folder of example `name`, (re)built first when missing or stale. */
export declare function ensureExampleBuilt(name: string, options?: BuildExampleOptions): Promise<string>;
