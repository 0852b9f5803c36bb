import { BOOLEAN_OPTION, checkOptions } from "./arguments.js";
import { AgentlineError } from "./errors.js";

/**
 * Whether the code runs in a web page: `window` and `document` both exist. Deno (whose 1.x had a `window`), Bun,
 * workerd and Node have no `document`; a DOM emulation in tests (jsdom, happy-dom) counts as a page.
 */
export function isBrowserPage(): boolean {
  const global = globalThis as { window?: unknown; document?: unknown };
  return global.window != null && global.document != null;
}

/**
 * Checks `options.dangerouslyAllowBrowser` (a boolean or absent); then, when the client holds a secret (`secretKind`:
 * "an API key", "a private key"), refuses to build it in a web page unless the flag is `true`. Called by every keyed
 * client's constructor: a key in a page is readable by anyone who opens it.
 */
export function refuseKeyInBrowser(
  options: { dangerouslyAllowBrowser?: unknown },
  owner: string,
  secretKind: string | undefined,
): void {
  checkOptions(options, "options", { dangerouslyAllowBrowser: BOOLEAN_OPTION });
  if (secretKind === undefined || options.dangerouslyAllowBrowser === true || !isBrowserPage()) return;
  throw new AgentlineError(
    `${owner} was given ${secretKind} in a web page, where anyone can read it: a leaked key. Keep the key on a ` +
      'server behind `createAgentsRelay` from "agentline/relay" and give the page `new AgentsClient({ baseUrl: ' +
      '"/api/agents" })` without one; for a page only you can open (a local tool, a test), pass ' +
      "`dangerouslyAllowBrowser: true`.",
    { code: "browser_key" },
  );
}
