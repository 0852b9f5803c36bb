// The shared suite (test/shared/suite.ts) in Deno, against the built package (dist/), one `Deno.test` per case.
// Run through `npm test` (test/deno/run.mjs), which builds dist/ and starts the npm `deno` binary.
import { createSuite, type SharedSdk } from "../shared/suite.js";

// Deno's globals are typed here rather than globally, so the rest of test/ cannot use them by accident.
const { Deno } = globalThis as unknown as {
  Deno: { test(name: string, fn: () => Promise<void>): void; version: { deno: string } };
};

// Imported by URL: dist/ exists only after a build, and type checking the sources is tsc's job.
const dist = (file: string) => import(new URL(`../../dist/${file}`, import.meta.url).href);
const sdk: SharedSdk = {
  ...(await dist("index.js")),
  ...(await dist("testing.js")),
  ...(await dist("webhooks.js")),
  ...(await dist("reactive.js")),
  ...(await dist("relay.js")),
};

for (const { name, run } of createSuite(sdk)) Deno.test(`shared suite (Deno ${Deno.version.deno}): ${name}`, run);
