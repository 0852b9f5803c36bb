// The shared suite (test/shared/suite.ts) in Bun, against the built package (dist/), one `bun:test` test per case.
// Run through `npm test` (test/bun/run.mjs), which builds dist/ and starts the npm `bun` binary.
import { test } from "bun:test";
import { createSuite, type SharedSdk } from "../shared/suite.js";

// Imported by URL: dist/ exists only after a build, and type checking the sources is tsc's job.
const dist = (file: string) => import(new URL(`../../dist/${file}`, import.meta.url).href);
const sdk: SharedSdk = {
  ...(await dist("index.js")),
  ...(await dist("testing.js")),
  ...(await dist("webhooks.js")),
  ...(await dist("reactive.js")),
  ...(await dist("relay.js")),
};
const { Bun } = globalThis as unknown as { Bun: { version: string } };

for (const { name, run } of createSuite(sdk)) test(`shared suite (Bun ${Bun.version}): ${name}`, run);
