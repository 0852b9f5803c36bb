import { batch, signal } from "@preact/signals-core";
import { describe, expect, it } from "vitest";
import { EventRing } from "../../../src/reactive/event-ring.js";
import { subscribeCoalesced } from "../../../src/reactive/index.js";

describe("subscribeCoalesced", () => {
  it("notifies once per scheduler tick however many changes arrived, and never after unsubscribing", () => {
    const source = signal(0);
    const ticks: Array<() => void> = [];
    let notified = 0;
    const stop = subscribeCoalesced(
      source,
      () => notified++,
      (flush) => ticks.push(flush),
    );
    expect(ticks).toHaveLength(0); // subscribing is not a change
    for (let i = 1; i <= 1_000; i++) source.value = i;
    expect(ticks).toHaveLength(1);
    ticks.shift()?.();
    expect(notified).toBe(1);
    batch(() => {
      source.value = -1;
      source.value = -2;
    });
    expect(ticks).toHaveLength(1);
    stop();
    ticks.shift()?.();
    expect(notified).toBe(1);
  });

  it("falls back to a timer where there is no requestAnimationFrame (Node, Workers)", async () => {
    expect(typeof requestAnimationFrame).toBe("undefined");
    const source = signal("a");
    let notified = 0;
    const stop = subscribeCoalesced(source, () => notified++);
    source.value = "b";
    source.value = "c";
    await new Promise((resolve) => setTimeout(resolve, 40));
    stop();
    expect(notified).toBe(1);
  });
});

describe("EventRing", () => {
  it("keeps the newest items in order and builds its array only when read", () => {
    const ring = new EventRing<number>(3);
    expect(ring.toArray()).toEqual([]);
    ring.push([1, 2]);
    const first = ring.toArray();
    expect(first).toEqual([1, 2]);
    expect(ring.toArray()).toBe(first);
    ring.push([3, 4, 5, 6, 7]);
    expect(ring.toArray()).toEqual([5, 6, 7]);
    ring.push([8]);
    expect(ring.toArray()).toEqual([6, 7, 8]);
    expect(ring.size).toBe(3);
    const none = new EventRing<number>(0);
    none.push([1]);
    expect(none.toArray()).toEqual([]);
  });
});
