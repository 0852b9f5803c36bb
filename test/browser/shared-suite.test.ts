// The shared suite (test/shared/suite.ts) in a real Chromium, against the sources; Deno, Bun and workerd run it on
// dist/.
import { describe, it } from "vitest";
import * as agentline from "../../src/index.js";
import * as reactive from "../../src/reactive/index.js";
import * as relay from "../../src/relay/index.js";
import * as testing from "../../src/testing/index.js";
import * as webhooks from "../../src/webhooks/index.js";
import { createSuite } from "../shared/suite.js";

describe("shared suite (Chromium)", () => {
  for (const { name, run } of createSuite({ ...agentline, ...testing, ...webhooks, ...reactive, ...relay }))
    it(name, run);
});
