import { nextFrame, type ReadonlySignal, requireSignal, type Scheduler, subscribeCoalesced } from "agentline/reactive";
import { useCallback, useSyncExternalStore } from "react";

/**
 * The current value of a signal, re-rendering at most once per `schedule` tick (default: once per animation frame)
 * however many times it changed. Subscribing counts as watching: a view's stream starts with the first component
 * that reads it and stops when the last one unmounts.
 */
export function useValue<T>(source: ReadonlySignal<T>, schedule: Scheduler = nextFrame): T {
  // Checked before any hook runs: a wrong argument fails the same way on every render.
  requireSignal(source, "useValue");
  const subscribe = useCallback(
    (onChange: () => void) => subscribeCoalesced(source, onChange, schedule),
    [source, schedule],
  );
  // `peek()` returns the same value until the signal changes: a stable snapshot, as useSyncExternalStore requires.
  const read = useCallback(() => source.peek(), [source]);
  return useSyncExternalStore(subscribe, read, read);
}
