import type { RunTimeline } from "./run-script.js";

// Listeners live beside the timeline, not on it, so timelines stay plain data (tests compare them
// with toEqual) and a forgotten listener goes away with its timeline.
const watchers = new WeakMap<RunTimeline, Set<() => void>>();

/** Calls `listener` whenever the timeline's future is rewritten (a cancel); returns the unsubscribe. */
export function watchTimeline(timeline: RunTimeline, listener: () => void): () => void {
  let set = watchers.get(timeline);
  if (!set) {
    set = new Set();
    watchers.set(timeline, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** Tells every watcher that the timeline changed, so a stream waiting on the old future wakes up. */
export function notifyTimelineChanged(timeline: RunTimeline): void {
  const set = watchers.get(timeline);
  if (!set) return;
  for (const listener of [...set]) listener();
}
