// Two projects: `unit` runs in Node, `browser` runs in a real, system-installed Chromium driven by Playwright.
// `npm test` (scripts/test.mjs) runs them one after the other; `npx vitest run --project unit` runs one by hand.
import { fileURLToPath } from "node:url";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import react from "@vitejs/plugin-react";
import vue from "@vitejs/plugin-vue";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import type { BrowserProviderOption } from "vitest/node";

// A plain-Node script shared with scripts/test.mjs; imported by URL because it ships no type declarations.
const { CHROMIUM_ARGS, findChromium } = (await import(
  new URL("./scripts/ensure-chromium.mjs", import.meta.url).href
)) as {
  CHROMIUM_ARGS: readonly string[];
  findChromium: () => string | null;
};

/**
 * The Playwright provider, resolving the Chromium executable only when Vitest instantiates the provider, that is
 * when the browser project actually runs: `--project unit` never looks for a browser. scripts/test.mjs passes
 * the executable it found (or installed) in AGENTLINE_CHROMIUM. Playwright's own browser is never used.
 */
function systemChromium(): BrowserProviderOption {
  const launchOptions = { args: [...CHROMIUM_ARGS], headless: true };
  const provider = playwright({ launchOptions });
  return {
    ...provider,
    providerFactory(project) {
      const executablePath = findChromium();
      if (!executablePath) {
        throw new Error(
          "The browser tests need a Chromium: run them with `npm test`, which installs one when it can, " +
            "or set AGENTLINE_CHROMIUM=/path/to/chromium (e.g. after `sudo apt-get install chromium`).",
        );
      }
      return playwright({ launchOptions: { ...launchOptions, executablePath } }).providerFactory(project);
    },
  };
}

export default defineConfig({
  test: {
    // Tests never wait on the wall clock; a test that needs this long is stuck, not slow.
    testTimeout: 30_000,
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          // Inline projects do not inherit the root's test options (vitest 4): stated per project.
          testTimeout: 30_000,
          include: ["test/unit/**/*.test.ts"],
        },
      },
      {
        // The framework adapters' tests mount real React, Vue and Svelte components; the adapters import the
        // reactive core by its package name, resolved here to the sources (tsconfig.json "paths" does the same).
        plugins: [react(), vue(), svelte({ configFile: false })],
        resolve: {
          alias: { "agentline/reactive": fileURLToPath(new URL("./src/reactive/index.ts", import.meta.url)) },
        },
        // Pre-bundled up front: discovered mid-run, they would make Vite reload a test file.
        optimizeDeps: {
          include: [
            "react",
            "react-dom",
            "react-dom/client",
            "react/jsx-dev-runtime",
            "vue",
            "vitest-browser-react",
            "vitest-browser-vue",
            "vitest-browser-svelte",
          ],
        },
        test: {
          name: "browser",
          testTimeout: 30_000,
          include: ["test/browser/**/*.test.ts", "test/browser/**/*.test.tsx"],
          browser: {
            enabled: true,
            headless: true,
            provider: systemChromium(),
            instances: [{ browser: "chromium" }],
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
