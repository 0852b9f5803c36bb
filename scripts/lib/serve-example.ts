// Serves a built live-run example on 127.0.0.1 the way `npm run demo` does: behind the relay Worker of
// examples/live-run-relay (its same fetch handler, in Node), which opens the session, relays /api/agents to the
// fake service in it (or to a real one, from `env`) and serves the page's files. The example is built first when it
// has no build or an out-of-date one. The Playwright tests of the demo page (test/demo/) open what this serves.
import worker, { type Env } from "../../examples/live-run-relay/worker.js";
import { ensureExampleBuilt } from "../build-examples.mjs";
import { type ServedHandler, serveFetch } from "./serve-fetch.js";
import { staticFiles } from "./static-files.js";

/** A served example: its address, and the folder its files come from. */
export interface ServedExample extends ServedHandler {
  folder: string;
}

/** The Worker's settings besides its files: a real service, the session secret, the demo's page drops. */
export type RelayEnv = Omit<Env, "ASSETS">;

/**
 * Builds example `name` when needed, then serves it behind the relay Worker on 127.0.0.1 (`port` 0 = any free port).
 * `env` is the Worker's env (default: none, so the fake service inside it).
 */
export async function serveExample(name = "react-live-run", port = 0, env: RelayEnv = {}): Promise<ServedExample> {
  const folder = await ensureExampleBuilt(name);
  const files = staticFiles(folder);
  const bindings: Env = { ...env, ASSETS: { fetch: files } };
  const served = await serveFetch((request) => worker.fetch(request, bindings), port);
  return { ...served, url: `${served.url}/`, folder };
}
