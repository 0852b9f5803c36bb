// One ESM bundle per public entry point, named to match package.json "exports" (dist/<name>.js + dist/<name>.d.ts).
import { defineConfig } from "tsdown";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    agents: "src/agents/index.ts",
    admin: "src/admin/index.ts",
    forge: "src/forge/index.ts",
    webhooks: "src/webhooks/index.ts",
    reactive: "src/reactive/index.ts",
    react: "adapters/react/index.ts",
    vue: "adapters/vue/index.ts",
    svelte: "adapters/svelte/index.ts",
    testing: "src/testing/index.ts",
  },
  format: "esm",
  // Web-platform code for every runtime: no Node built-ins, no Node-specific resolution or shims.
  platform: "neutral",
  target: "es2022",
  // `.js` / `.d.ts` rather than `.mjs` / `.d.mts`: the package is "type": "module" and exports name `.js`.
  fixedExtension: false,
  dts: true,
  minify: false,
  sourcemap: false,
  clean: true,
  // dependencies and peerDependencies stay external (tsdown's default); bundling anything else from node_modules
  // (a devDependency imported by mistake) fails the build.
  deps: { onlyBundle: [] },
  // The adapters import the reactive core by its package name: kept as an import (the package resolves it to
  // dist/reactive.js), so an app holds one copy of the core and its signals whichever entries it uses.
  external: [/^agentline\//],
  tsconfig: "tsconfig.json",
  // Declaration bundling dominates build time by design; the per-plugin timing report is noise in CI logs.
  checks: { pluginTimings: false },
});
