import { AgentsClient, type AgentsClientOptions } from "../../../src/agents/index.js";
import { type AgentsRelayOptions, createAgentsRelay } from "../../../src/relay/index.js";
import type { FakeServiceOptions } from "../../../src/testing/index.js";
import { virtualSetup } from "../agents/stream/stream-helpers.js";
import { instantSleep } from "../agents/stream/trial-helpers.js";

export const BASE_PATH = "/api/agents";
export const PAGE_ORIGIN = "http://app.test";
/** The key the relay holds: the one the fake of {@link virtualSetup} accepts. */
export const RELAY_KEY = "test-key";
/** A key a page client may carry anyway (a keyed client in relay position): the relay must never use or forward it. */
export const PAGE_KEY = "page-dummy-key-9876543210";

/**
 * The fake as upstream (on a virtual clock, so runs stream in microseconds), a relay holding its client, and a page
 * client in relay mode (no key) whose `fetch` is the relay. `upstreamRequests()` counts what reached the fake.
 */
export function relaySetup(
  relayOptions: Partial<AgentsRelayOptions> = {},
  fakeOptions: FakeServiceOptions = {},
  pageOptions: Partial<AgentsClientOptions> = {},
) {
  const { fake, client: upstream, advance } = virtualSetup(fakeOptions);
  const relay = createAgentsRelay({ client: upstream, basePath: BASE_PATH, authorize: () => true, ...relayOptions });
  const page = new AgentsClient({
    baseUrl: `${PAGE_ORIGIN}${BASE_PATH}`,
    fetch: (request) => relay(request),
    sleep: instantSleep,
    random: () => 0.5,
    ...pageOptions,
  });
  return { fake, upstream, relay, page, advance, upstreamRequests: () => fake.requests.length };
}

/** A page request to the relay: `path` is the service's (`/v1/agents/x`), put below the base path. */
export function pageRequest(method: string, path: string, init: RequestInit = {}): Request {
  const request = new Request(`${PAGE_ORIGIN}${BASE_PATH}${path}`, { method, ...init });
  // As the page's client sends it: a string body would otherwise go as text/plain, which the relay refuses (415).
  if (init.body !== undefined && init.headers === undefined) {
    request.headers.set("content-type", "application/json");
  }
  return request;
}

/** A path template filled with plain ids. */
export function fillTemplate(template: string): string {
  return template.replace("{agentId}", "bc-00000000-0000-4000-8000-000000000001").replace("{runId}", "run-1");
}
