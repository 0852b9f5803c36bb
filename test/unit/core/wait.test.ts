import { describe, expect, it } from "vitest";
import { sleep } from "../../../src/core/signals.js";
import { MAX_TIMER_DELAY_MS, timerDelay } from "../../../src/core/wait.js";
import { defaultSleep } from "../../../src/reactive/timers.js";

describe("timerDelay", () => {
  it("keeps every delay inside what a timer can hold", () => {
    expect(timerDelay(99_999_999_999)).toBe(MAX_TIMER_DELAY_MS);
    expect(timerDelay(Number.POSITIVE_INFINITY)).toBe(MAX_TIMER_DELAY_MS);
    expect(timerDelay(Number.NaN)).toBe(0);
    expect(timerDelay(-5)).toBe(0);
    expect(timerDelay(1.2)).toBe(2);
  });

  // Node fires a setTimeout longer than 2³¹−1 ms at once: a sleep asked for longer must still wait.
  for (const [name, wait] of [
    ["core sleep", sleep],
    ["reactive sleep", defaultSleep],
  ] as const) {
    it(`${name} of more than 2³¹−1 ms does not fire at once`, async () => {
      const controller = new AbortController();
      const slept = wait(99_999_999_999, controller.signal).then(
        () => "slept",
        () => "aborted",
      );
      const first = await Promise.race([slept, new Promise((resolve) => setTimeout(resolve, 30, "waiting"))]);
      controller.abort();
      expect(first).toBe("waiting");
      expect(await slept).toBe("aborted");
    });
  }
});
