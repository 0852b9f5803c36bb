import { RunFeed, type RunFeedOptions, type RunStreamClient } from "./run-feed.js";

// Feeds by client, then by run. The registry holds feeds weakly: a feed lives as long as a view (or its running
// stream) holds it, so views need no disposal to be collected, and two views of one run alive at the same time
// always share one feed and one connection.
const feeds = new WeakMap<object, Map<string, WeakRef<RunFeed>>>();
const cleanup =
  typeof FinalizationRegistry === "function"
    ? new FinalizationRegistry<{ runs: Map<string, WeakRef<RunFeed>>; key: string }>(({ runs, key }) => {
        if (runs.get(key)?.deref() === undefined) runs.delete(key);
      })
    : undefined;

/** The feed of a run on a client: the live one if any view still holds it, else a new one. */
export function feedFor(client: RunStreamClient, agentId: string, runId: string, options?: RunFeedOptions): RunFeed {
  // Without weak references (very old engines) feeds are simply not shared.
  if (typeof WeakRef !== "function") return new RunFeed(client, agentId, runId, options);
  let runs = feeds.get(client);
  if (!runs) {
    runs = new Map();
    feeds.set(client, runs);
  }
  const key = `${agentId}\n${runId}`;
  const held = runs.get(key)?.deref();
  if (held) return held;
  const feed = new RunFeed(client, agentId, runId, options);
  runs.set(key, new WeakRef(feed));
  cleanup?.register(feed, { runs, key });
  return feed;
}
