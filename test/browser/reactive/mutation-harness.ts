// What the mutation hooks' browser tests share: the fake service in the page with a client on it whose fetches are
// counted (every call, before anything reaches the fake) and can be held back, to catch a hook while it is pending.
import { AgentsClient } from "../../../src/agents/index.js";
import { createFakeService, type RunScriptOptions } from "../../../src/testing/index.js";
import { trackFetch } from "../../unit/reactive/helpers.js";

/** A short run: created, a little text, a tool call, the result, within about half a second. */
export const SHORT_RUN: RunScriptOptions = { creatingMs: 100, runningMs: 300, assistantChunks: 3, toolCalls: 1 };

/** A run that stays RUNNING for a while: long enough to be cancelled. */
export const LONG_RUN: RunScriptOptions = { creatingMs: 100, runningMs: 8_000, assistantChunks: 4, toolCalls: 0 };

/** The fake service (real timers) and a client on it with no agent yet: the page creates one. */
export function startConsole(script: RunScriptOptions) {
  const fake = createFakeService({ run: script });
  let fetches = 0;
  let gate: Promise<void> | undefined;
  const counted: typeof fetch = async (input, init) => {
    fetches++;
    if (gate) await gate;
    return fake.fetch(input, init);
  };
  const tracked = trackFetch(counted);
  // A keyed client in the page is refused unless allowed (issue 15 §2): these tests are about the hooks, and the fake
  // runs in the page. Spread, so this compiles before and after that option exists.
  const inPage = { dangerouslyAllowBrowser: true };
  const client = new AgentsClient({
    ...inPage,
    apiKey: "test-key",
    baseUrl: "http://127.0.0.1:9",
    fetch: tracked.fetch,
  });
  return {
    fake,
    client,
    /** Fetches made so far, counted before they reach the fake (a held one counts). */
    fetches: () => fetches,
    /** Fetches still open (a stream counts until it is closed). */
    open: tracked.open,
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
