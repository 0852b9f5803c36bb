// The network README snippets run on (scripts/docs-snippets.mjs). Importing this module replaces the global
// `fetch` with one that refuses every request, so a snippet can never reach a real host; `fakeNetwork()` then serves
// the hosts the README uses from an embedded fake. Checks registered with `expectAfterSnippet` run once the
// snippet has finished, so a run proves what the snippet claims, not only that it did not throw.
import { createFakeService, type FakeService, type FakeServiceOptions } from "agentline/testing";

/** The hosts README.md sends requests to; they answer from the fake. */
export const README_HOSTS: readonly string[] = ["api.example.com"];

/** A run block's own module: its exports (e.g. the `export default` of a Worker), as its checks receive it. */
export type SnippetModule = Readonly<Record<string, unknown>>;

const checks: Array<{ description: string; check: (block: SnippetModule) => boolean | Promise<boolean> }> = [];

function refuse(input: Request | string | URL): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input);
  return Promise.reject(new TypeError(`a README snippet tried to reach ${url.origin}, which is not a README host`));
}

globalThis.fetch = (input, init) => refuse(input instanceof Request ? input : new Request(input, init));

/** A fake service answering for every README host through the global `fetch`. */
export function fakeNetwork(options?: FakeServiceOptions): FakeService {
  const fake = createFakeService(options);
  globalThis.fetch = (input, init) => {
    const request = new Request(input, init);
    return README_HOSTS.includes(new URL(request.url).hostname) ? fake.fetch(request) : refuse(request);
  };
  return fake;
}

/** Registers something that must hold once the snippet has run; `check` may read the block's exports. */
export function expectAfterSnippet(
  description: string,
  check: (block: SnippetModule) => boolean | Promise<boolean>,
): void {
  checks.push({ description, check });
}

/** Runs the registered checks in order (appended to every run block); a failed one fails the run. */
export async function finishSnippet(block: SnippetModule = {}): Promise<void> {
  for (const { description, check } of checks) {
    if (!(await check(block))) throw new Error(`after the snippet ran: expected ${description}`);
  }
}
