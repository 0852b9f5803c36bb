// After unmount, nothing an adapter started keeps a timer: the stream's silence watchdog (`heartbeatTimeoutMs`) and
// useAgent's follow loop (`followIntervalMs`) are cleared, in React, Vue and Svelte alike.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { render as renderReact } from "vitest-browser-react";
import { render as renderSvelte } from "vitest-browser-svelte";
import { render as renderVue } from "vitest-browser-vue";
import { LatestRun as LatestRunReact } from "./components/LatestRun.js";
import LatestRunSvelte from "./components/LatestRun.svelte";
import LatestRunVue from "./components/LatestRun.vue";
import { LiveRun as LiveRunReact } from "./components/LiveRun.js";
import LiveRunSvelte from "./components/LiveRun.svelte";
import LiveRunVue from "./components/LiveRun.vue";
import { pause, startRun } from "./harness.js";

const TIMEOUT = { timeout: 10_000, interval: 20 };
/** Delays only the SDK uses here: the default silence watchdog, and the follow interval the tests pass. */
const WATCHDOG_MS = 45_000;
const FOLLOW_MS = 7_777;

/** Pending timers by delay, as the page's setTimeout / clearTimeout see them. */
const pending = new Map<number, number>();
const original = { setTimeout: window.setTimeout.bind(window), clearTimeout: window.clearTimeout.bind(window) };
const unpatched = { setTimeout: window.setTimeout, clearTimeout: window.clearTimeout };

// A first run before any count: what the page sets up once (the test runner's own timers) is not counted.
beforeAll(async () => {
  const warm = await startRun({ creatingMs: 10, runningMs: 10, assistantChunks: 1, toolCalls: 0 });
  await warm.client.runs.wait(warm.agentId, warm.runId);
});

beforeEach(() => {
  pending.clear();
  window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    const id = original.setTimeout(
      (...inner: unknown[]) => {
        pending.delete(id);
        if (typeof handler === "function") handler(...inner);
      },
      delay,
      ...args,
    );
    pending.set(id, delay ?? 0);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) pending.delete(id);
    original.clearTimeout(id);
  }) as typeof window.clearTimeout;
});

afterEach(() => {
  window.setTimeout = unpatched.setTimeout;
  window.clearTimeout = unpatched.clearTimeout;
});

const countOf = (delay: number) => [...pending.values()].filter((value) => value === delay).length;
const shown = (root: HTMLElement, id: string) => root.querySelector(`[data-testid=${id}]`)?.textContent;

type Mount = (
  component: "live" | "latest",
  props: Record<string, unknown>,
) => Promise<{
  container: HTMLElement;
  unmount(): Promise<void> | void;
}>;

const adapters: [string, Mount][] = [
  [
    "react",
    (c, p) =>
      (c === "live"
        ? renderReact(<LiveRunReact {...(p as Parameters<typeof LiveRunReact>[0])} />)
        : renderReact(<LatestRunReact {...(p as Parameters<typeof LatestRunReact>[0])} />)) as never,
  ],
  ["vue", (c, p) => renderVue(c === "live" ? LiveRunVue : LatestRunVue, { props: p }) as never],
  ["svelte", (c, p) => renderSvelte(c === "live" ? LiveRunSvelte : LatestRunSvelte, { props: p }) as never],
];

describe("no timer outlives an unmounted live view", () => {
  for (const [framework, mount] of adapters) {
    it(`${framework}: useRun and useAgent leave no watchdog or follow timer pending after unmount`, async () => {
      const setup = await startRun({ creatingMs: 50, runningMs: 5_000, assistantChunks: 20, toolCalls: 0 });
      const props = { client: setup.client, agentId: setup.agentId, runId: setup.runId };
      const live = await mount("live", props);
      await expect.poll(() => shown(live.container, "connection"), TIMEOUT).toBe("live");
      expect(countOf(WATCHDOG_MS)).toBeGreaterThan(0);
      await live.unmount();
      await pause(50);
      expect(setup.open()).toBe(0);
      expect(countOf(WATCHDOG_MS)).toBe(0);

      // An agent whose run ended: useAgent re-reads it every FOLLOW_MS.
      const ended = await startRun({ creatingMs: 10, runningMs: 10, assistantChunks: 1, toolCalls: 0 });
      await ended.client.runs.wait(ended.agentId, ended.runId);
      const latest = await mount("latest", {
        client: ended.client,
        agentId: ended.agentId,
        followIntervalMs: FOLLOW_MS,
      });
      await expect.poll(() => shown(latest.container, "status"), TIMEOUT).toBe("FINISHED");
      await expect.poll(() => countOf(FOLLOW_MS), TIMEOUT).toBe(1);
      await latest.unmount();
      await pause(50);
      expect(countOf(FOLLOW_MS)).toBe(0);
      expect(countOf(WATCHDOG_MS)).toBe(0);
      expect(ended.open()).toBe(0);
    });
  }
});
