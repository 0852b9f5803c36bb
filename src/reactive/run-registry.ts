import { createRunFeed, type RunFeed, type RunFeedOptions, type RunStreamClient } from "./run-feed.js";

// Feeds by client, then by run. The registry holds feeds weakly: a feed lives as long as a view (or its running
// stream) holds it, so views need no disposal to be collected, and two views of one run alive at the same time
// always share one feed and one connection. (WeakRef is ES2021: every engine that runs this ES2022 code has it.)
const feeds = /* @__PURE__ */ new WeakMap<object, Map<string, WeakRef<RunFeed>>>();

/**
 * The feed of a run on a client: the live one if any view still holds it, else a new one. A feed whose stream failed
 * is not handed out again: a new view of the run is how a caller asks again.
 */
export function feedFor(client: RunStreamClient, agentId: string, runId: string, options?: RunFeedOptions): RunFeed {
  const runs = feeds.get(client) ?? new Map<string, WeakRef<RunFeed>>();
  feeds.set(client, runs);
  const key = `${agentId}\n${runId}`;
  const held = runs.get(key)?.deref();
  const failed = held && held.connection.peek() === "closed" && held.failure.peek() !== undefined;
  if (held && !failed) return held;
  // Entries of collected feeds are dropped whenever a feed is added, so dead ones never pile up.
  for (const [run, ref] of runs) if (!ref.deref()) runs.delete(run);
  const feed = createRunFeed(client, agentId, runId, options);
  runs.set(key, new WeakRef(feed));
  return feed;
}
