// Two projects: `unit` runs in Node, `browser` runs in a real, system-installed Chromium driven by Playwright.
// `npm test` (scripts/test.mjs) runs them one after the other; `npx vitest run --project unit` runs one by hand.
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
          include: ["test/unit/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
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
