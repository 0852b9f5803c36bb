// Serves a built live-run example on 127.0.0.1: what `npm run demo` prints the URL of, and what the Playwright test
// of the demo page (test/demo/) opens. The example is built first when it has no build or an out-of-date one.
import { ensureExampleBuilt } from "../build-examples.mjs";
import { type ServedHandler, serveFetch } from "./serve-fetch.js";
import { staticFiles } from "./static-files.js";

/** A served example: its address, and the folder its files come from. */
export interface ServedExample extends ServedHandler {
  folder: string;
}

/** Builds example `name` when needed, then serves its dist/ folder on 127.0.0.1 (`port` 0 = any free port). */
export async function serveExample(name = "react-live-run", port = 0): Promise<ServedExample> {
  const folder = await ensureExampleBuilt(name);
  const served = await serveFetch(staticFiles(folder), port);
  return { ...served, url: `${served.url}/`, folder };
}
