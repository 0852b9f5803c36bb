// One ESM bundle per public entry point, named to match package.json "exports" (dist/<name>.js + dist/<name>.d.ts).
import { defineConfig } from "tsdown";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    agents: "src/agents/index.ts",
    admin: "src/admin/index.ts",
    forge: "src/forge/index.ts",
    webhooks: "src/webhooks/index.ts",
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
  tsconfig: "tsconfig.json",
  // Declaration bundling dominates build time by design; the per-plugin timing report is noise in CI logs.
  checks: { pluginTimings: false },
});
