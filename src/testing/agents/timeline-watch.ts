// Listeners live beside the timeline, not on it, so timelines stay plain data (tests compare them with toEqual) and a
// forgotten listener goes away with its timeline. Keyed by identity, any object: this module needs no import of the
// timeline's type, so it and run-script.ts (which notifies) do not import each other.
const watchers = new WeakMap<object, Set<() => void>>();

/** Calls `listener` whenever the timeline's future is rewritten (a cancel); returns the unsubscribe. */
export function watchTimeline(timeline: object, listener: () => void): () => void {
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
export function notifyTimelineChanged(timeline: object): void {
  const set = watchers.get(timeline);
  if (!set) return;
  for (const listener of [...set]) {
    try {
      listener();
    } catch {
      // workerd refuses to wake a stream of another request (its AbortController is that request's I/O): the cancel
      // still holds, and that stream reads the new future when its own sleep ends.
    }
  }
}
