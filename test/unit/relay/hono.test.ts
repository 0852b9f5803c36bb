// The relay behind hono (4.x, as apps mount a fetch handler): the shared relay cases (test/shared/relay-cases.ts)
// run again with the page's requests going through a hono app, mounted the two usual ways. In Node, from src/.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import * as agentline from "../../../src/index.js";
import * as reactive from "../../../src/reactive/index.js";
import * as relay from "../../../src/relay/index.js";
import * as testing from "../../../src/testing/index.js";
import * as webhooks from "../../../src/webhooks/index.js";
import { BASE_PATH, type RelayHandler, relayBed } from "../../shared/relay-bed.js";
import { createRelayCases } from "../../shared/relay-cases.js";
import type { SharedSdk } from "../../shared/suite.js";

const sdk: SharedSdk = { ...agentline, ...testing, ...webhooks, ...reactive, ...relay };
type Handler = (request: Request) => Promise<Response>;

/** What a Worker hands its fetch handler besides the request: bindings, and the execution context. */
const workerEnv = { SESSION_SECRET: "s3ss10n" };
const workerContext = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} };

/** `app.all(…/*)` handing hono's raw Request, env and execution context to the relay (basePath as mounted). */
function withAll(handler: RelayHandler): Handler {
  const app = new Hono();
  app.get("/", (c) => c.text("home"));
  app.all(`${BASE_PATH}/*`, (c) => handler(c.req.raw, c.env, c.executionCtx));
  return async (request) => app.fetch(request, workerEnv, workerContext);
}

/** `app.mount(path, fetch)`: hono strips the prefix, so the relay is created with `basePath: ""`. */
function withMount(handler: RelayHandler): Handler {
  const app = new Hono();
  app.get("/", (c) => c.text("home"));
  app.mount(BASE_PATH, handler);
  return async (request) => app.fetch(request, workerEnv, workerContext);
}

describe("relay behind hono: app.all on the base path", () => {
  for (const { name, run } of createRelayCases(sdk, { serve: withAll })) it(name, run);
});

describe('relay behind hono: app.mount (prefix stripped, basePath "")', () => {
  for (const { name, run } of createRelayCases(sdk, { serve: withMount, basePath: "" })) it(name, run);
});

describe("relay behind hono: what authorize is given", () => {
  it("the Worker's env and execution context reach authorize, both ways of mounting", async () => {
    for (const [serve, basePath] of [
      [withAll, BASE_PATH],
      [withMount, ""],
    ] as const) {
      const seen: unknown[][] = [];
      const bed = relayBed(sdk, {
        serve,
        basePath,
        relay: {
          authorize: (_request: Request, context: unknown, env: unknown, ctx: unknown) =>
            seen.push([context, env, ctx]) > 0,
        },
      });
      const { agent } = await bed.upstream.agents.create({ prompt: { text: "hono" } });
      await bed.page.agents.get(agent.id);
      expect(seen).toEqual([
        [{ operation: "agents.get", agentId: agent.id, runId: undefined, body: undefined }, workerEnv, workerContext],
      ]);
    }
  });
});
