// A Worker that runs the shared suite (test/shared/suite.ts) against the built package (dist/) and answers
// `{ name, ok, error? }[]` as JSON. test/workerd/run.mjs bundles it as a deployment would (esbuild, the SDK and its
// dependencies inlined) and serves it with miniflare on workerd, without `nodejs_compat`: the SDK must not need it.
import * as agentline from "../../dist/index.js";
import * as reactive from "../../dist/reactive.js";
import * as relay from "../../dist/relay.js";
import * as testing from "../../dist/testing.js";
import * as webhooks from "../../dist/webhooks.js";
import { createSuite, runSuite } from "../shared/suite.ts";

export default {
  async fetch() {
    // Built per request: workerd forbids I/O and timers at the top level of a module.
    const results = await runSuite(createSuite({ ...agentline, ...testing, ...webhooks, ...reactive, ...relay }));
    return Response.json(results);
  },
};
