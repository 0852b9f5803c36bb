// What the mutation hooks' browser tests share: the fake service in the page with a client on it (keyed, or keyless
// through a relay) whose fetches are counted (every call, before anything is sent) and can be held back, to catch a
// hook while it is pending.
import { AgentsClient } from "../../../src/agents/index.js";
import { createAgentsRelay, DEFAULT_RELAY_OPERATIONS } from "../../../src/relay/index.js";
import { createFakeService, type RunScriptOptions } from "../../../src/testing/index.js";
import { trackFetch } from "../../unit/reactive/helpers.js";

/** A short run: created, a little text, a tool call, the result, within about half a second. */
export const SHORT_RUN: RunScriptOptions = { creatingMs: 100, runningMs: 300, assistantChunks: 3, toolCalls: 1 };

/** A run that stays RUNNING for a while: long enough to be cancelled. */
export const LONG_RUN: RunScriptOptions = { creatingMs: 100, runningMs: 8_000, assistantChunks: 4, toolCalls: 0 };

/** Where the page's client goes: straight to the fake with a key (`direct`), or keyless through a relay (`relay`). */
export type ConsoleRoute = "direct" | "relay";

/** The operations the console's relay allows: the defaults, and creating an agent. */
const RELAY_OPERATIONS = [...DEFAULT_RELAY_OPERATIONS, "agents.create"] as const;

/**
 * The fake service (real timers) and a client on it with no agent yet: the page creates one. Through `relay`, the
 * page's client holds no key (`baseUrl: "/api/agents"`) and its fetch is a `createAgentsRelay` handler in the page,
 * whose own client holds the key and talks to the fake: the way an app ships it, with both legs in one test.
 */
export function startConsole(script: RunScriptOptions, route: ConsoleRoute = "direct") {
  const fake = createFakeService({ run: script });
  const upstream = trackFetch(fake.fetch);
  // The key stays with the relay's client; this one runs in the test page, so it opts in.
  const keyed = new AgentsClient({
    apiKey: "test-key",
    baseUrl: "http://127.0.0.1:9",
    fetch: upstream.fetch,
    dangerouslyAllowBrowser: true,
  });
  const relay = createAgentsRelay({
    client: keyed,
    basePath: "/api/agents",
    operations: RELAY_OPERATIONS,
    authorize: () => true,
  });
  const next: typeof fetch =
    route === "relay" ? (input, init) => relay(new Request(input, init)) : (input, init) => upstream.fetch(input, init);
  let fetches = 0;
  let gate: Promise<void> | undefined;
  let withKey = 0;
  const counted: typeof fetch = async (input, init) => {
    fetches++;
    // Read without building a Request from `input`: that would take the body a Request input carries.
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (headers.has("authorization")) withKey++;
    if (gate) await gate;
    return next(input, init);
  };
  const page = trackFetch(counted);
  const client =
    route === "relay"
      ? new AgentsClient({ baseUrl: "/api/agents", fetch: page.fetch })
      : new AgentsClient({
          apiKey: "test-key",
          baseUrl: "http://127.0.0.1:9",
          fetch: page.fetch,
          dangerouslyAllowBrowser: true,
        });
  return {
    fake,
    client,
    /** The page's fetches that carried an Authorization header. */
    withKey: () => withKey,
    /** Fetches made so far, counted before they reach the fake (a held one counts). */
    fetches: () => fetches,
    /** Fetches still open, the page's and the relay's upstream ones (a stream counts until it is closed). */
    open: () => page.open() + (route === "relay" ? upstream.open() : 0),
    streamRequests: () => fake.requests.filter((request) => request.path.endsWith("/stream")),
    agentReads: () =>
      fake.requests.filter((request) => request.method === "GET" && /\/agents\/[^/]+$/.test(request.path)),
    /** Holds every fetch from now on until the returned function is called. */
    hold(): () => void {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = undefined;
          resolve();
        };
      });
      return release;
    },
  };
}
