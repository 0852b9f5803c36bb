// The behaviour every adapter must show in a real browser, written once: each adapter's test file mounts its own
// LiveRun component through `mount` and runs these.
import { expect, it } from "vitest";
import type { AgentsClient } from "../../../src/agents/index.js";
import {
  BURST_RUN,
  isGlitchFree,
  LIVE_RUN,
  pause,
  recordFrames,
  referenceState,
  STREAM_ROUTE,
  startRun,
  statesAfterLive,
} from "./harness.js";

/** What a LiveRun component takes. */
export interface LiveRunProps {
  client: AgentsClient;
  agentId: string;
  runId: string;
  /** Called each time the framework has updated the component. */
  onRender?: () => void;
}

/** A mounted component. */
export interface Mounted {
  container: HTMLElement;
  unmount(): Promise<void>;
}

const TIMEOUT = { timeout: 10_000, interval: 20 };

function propsOf(setup: LiveRunProps): LiveRunProps {
  return { client: setup.client, agentId: setup.agentId, runId: setup.runId };
}

function shown(root: HTMLElement, testId: string): string | undefined {
  return root.querySelector(`[data-testid=${testId}]`)?.textContent ?? undefined;
}

/** Registers the shared tests for one adapter. */
export function liveRunSuite(framework: string, mount: (props: LiveRunProps) => Promise<Mounted>): void {
  it("renders a run from the fake service as it happens: text arriving, tool calls done, the result", async () => {
    const setup = await startRun(LIVE_RUN);
    const screen = await mount(propsOf(setup));
    const recorder = recordFrames(screen.container);
    await expect.poll(() => shown(screen.container, "result"), TIMEOUT).toBe("Done: live view");
    recorder.stop();
    expect(setup.streamRequests()).toHaveLength(1);
    const reference = await referenceState(setup.client, setup.agentId, setup.runId);
    expect(shown(screen.container, "text")).toBe(reference.assistantText);
    expect(shown(screen.container, "status")).toBe("FINISHED");
    const last = recorder.frames.at(-1);
    expect(last?.tools).toHaveLength(2);
    expect(last?.tools.every((tool) => tool.endsWith("completed"))).toBe(true);
    const texts = new Set(recorder.frames.map((frame) => frame.text).filter((text) => text !== ""));
    expect(texts.size).toBeGreaterThan(2);
    expect(recorder.frames.some((frame) => frame.tools.some((tool) => tool.endsWith("running")))).toBe(true);
    expect(isGlitchFree(recorder.frames)).toBe(true);
  });

  it("resumes an injected disconnect without a visible glitch", async () => {
    const setup = await startRun(LIVE_RUN);
    setup.fake.faults.add({ kind: "stream_drop", route: STREAM_ROUTE, afterEvents: 6 });
    const screen = await mount(propsOf(setup));
    const recorder = recordFrames(screen.container);
    await expect.poll(() => shown(screen.container, "result"), TIMEOUT).toBe("Done: live view");
    recorder.stop();
    expect(setup.streamRequests()).toHaveLength(2);
    const reference = await referenceState(setup.client, setup.agentId, setup.runId);
    expect(isGlitchFree(recorder.frames)).toBe(true);
    // The replacement connection came within a frame: at most `resuming` flashed, never a reset to `connecting`.
    const states = [...statesAfterLive(recorder.frames)];
    expect(states.every((state) => ["live", "resuming", "closed"].includes(state))).toBe(true);
    expect(recorder.frames.at(-1)?.text).toBe(reference.assistantText);
    expect(recorder.frames.at(-1)?.tools).toHaveLength(reference.toolCalls.length);
  });

  it("stops the stream on unmount: no fetch stays open, nothing more is requested", async () => {
    const setup = await startRun({ ...LIVE_RUN, runningMs: 5_000 });
    const screen = await mount(propsOf(setup));
    await expect.poll(() => shown(screen.container, "connection"), TIMEOUT).toBe("live");
    expect(setup.open()).toBe(1);
    await screen.unmount();
    await pause(50);
    expect(setup.open()).toBe(0);
    const requests = setup.fake.requests.length;
    await pause(300);
    expect(setup.fake.requests.length).toBe(requests);
  });

  it("updates a handful of times for a burst of 1,000 events, not a thousand", async () => {
    const setup = await startRun(BURST_RUN);
    let renders = 0;
    const screen = await mount({ ...propsOf(setup), onRender: () => renders++ });
    await expect.poll(() => shown(screen.container, "connection"), TIMEOUT).toBe("live");
    const before = renders;
    await expect.poll(() => shown(screen.container, "result"), TIMEOUT).toBe("Done: live view");
    await pause(50);
    const burst = renders - before;
    const state = await referenceState(setup.client, setup.agentId, setup.runId);
    expect(state.eventCount).toBeGreaterThan(1_000);
    expect(shown(screen.container, "text")).toBe(state.assistantText);
    console.info(`${framework}: ${burst} update(s) for a burst of ${state.eventCount} events`);
    expect(burst).toBeGreaterThanOrEqual(1);
    expect(burst).toBeLessThanOrEqual(3);
  });
}
