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
    relay: "src/relay/index.ts",
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
  // The adapters import the reactive core by its package name: kept as an import (the package resolves it to
  // dist/reactive.js), so an app holds one copy of the core and its signals whichever entries it uses.
  deps: { onlyBundle: [], neverBundle: [/^agentline\//] },
  tsconfig: "tsconfig.json",
  // Declaration bundling dominates build time by design; the per-plugin timing report is noise in CI logs.
  checks: { pluginTimings: false },
  // Fewer, larger chunks: Node loads an entry's static imports one file at a time, and each file costs more to find,
  // read and link than its code costs to run (`import "agentline/agents"` was 12 files). Groups follow the
  // dependency layers, so an entry loads only its layers: every API's transport, errors and redaction (core); the
  // run-state reducer that agentline/reactive shares with the Cloud Agents client (run-state); that client, its
  // schemas and its run stream (agents-api). Esbuild/Rollup consumers tree-shake the same either way.
  // `.d.ts` modules (the declaration build shares the module graph) stay out of the JavaScript chunks.
  // test/unit/core/chunks.test.ts guards the layout (file counts, which layers each entry loads).
  outputOptions: {
    // JSDoc lives in the .d.ts files, where editors read it; in the JavaScript it only costs every cold start the
    // time to scan it (a third of the bytes). Pure annotations stay: bundlers need them to drop unused schemas.
    comments: { legal: true, annotation: true, jsdoc: false },
    // An entries-aware group's chunks are named after the entries that share them (`core~agents~admin~…`): keep
    // the group's name only. Other chunks (declaration chunks among them) keep the default template.
    chunkFileNames: ({ name }) => (name.includes("~") ? `${name.split("~")[0]}-[hash].js` : "[name]-[hash].js"),
    codeSplitting: {
      groups: [
        {
          // The errors and argument checks every entry shares, agentline/webhooks included: no valibot, no transport.
          name: "errors",
          test: /[\\/]src[\\/]core[\\/](errors|rate-limit|redact|secret-forms|text-views|auth|arguments|wait|load-once|crypto-key|receipt-guard|bounded-body)\.ts$/,
          priority: 4,
        },
        {
          name: "core",
          test: /[\\/]src[\\/]core[\\/][^/\\]+(?<!\.d)\.ts$/,
          priority: 3,
          entriesAware: true,
          entriesAwareMergeThreshold: 30_000,
        },
        {
          name: "run-state",
          test: /[\\/]src[\\/]agents[\\/](run-state|tool-call-list|status-order|stream[\\/]resume-cursor|schemas[\\/]constants)\.ts$/,
          priority: 2,
        },
        { name: "agents-api", test: /[\\/]src[\\/]agents[\\/].*(?<!\.d)\.ts$/, priority: 1 },
      ],
    },
  },
});
