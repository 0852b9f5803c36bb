import { nextFrame, type ReadonlySignal, requireSignal, type Scheduler, subscribeCoalesced } from "agentline/reactive";
import { getCurrentScope, onScopeDispose, type ShallowRef, shallowReadonly, shallowRef } from "vue";

/** A ref that only its composable writes. */
export type ReadonlyRef<T> = Readonly<ShallowRef<T>>;

/** Runs `stop` when the calling component (or effect scope) is disposed; outside one, never. */
export function whenScopeEnds(stop: () => void): void {
  if (getCurrentScope()) onScopeDispose(stop);
}

/**
 * A signal as a readonly shallow ref, updated at most once per `schedule` tick (default: once per animation frame).
 * Subscribing counts as watching, so a view's stream runs while the calling scope lives.
 */
export function useSignal<T>(source: ReadonlySignal<T>, schedule: Scheduler = nextFrame): ReadonlyRef<T> {
  requireSignal(source, "useSignal");
  const ref = shallowRef(source.peek());
  whenScopeEnds(subscribeCoalesced(source, () => (ref.value = source.peek()), schedule));
  return shallowReadonly(ref);
}
