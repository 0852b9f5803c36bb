import {
  nextFrame,
  type ReadonlySignal,
  requireSignal,
  requireSubscriber,
  type Scheduler,
  subscribeCoalesced,
} from "agentline/reactive";
import type { Readable } from "svelte/store";

/**
 * A signal as a Svelte readable store: `subscribe` hands over the current value at once, then changes at most once
 * per `schedule` tick (default: once per animation frame). The first subscriber starts a view's stream or polling,
 * the last one to leave stops it.
 */
export function toReadable<T>(source: ReadonlySignal<T>, schedule: Scheduler = nextFrame): Readable<T> {
  requireSignal(source, "toReadable");
  return {
    subscribe(run) {
      requireSubscriber(run, "toReadable.subscribe");
      run(source.peek());
      return subscribeCoalesced(source, () => run(source.peek()), schedule);
    },
  };
}
