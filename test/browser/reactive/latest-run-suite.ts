// How every adapter's `useAgent` must behave in a real browser, written once: each adapter's test file mounts its own
// LatestRun component through `mount` and runs these.
import { expect, it } from "vitest";
import type { AgentsClient } from "../../../src/agents/index.js";
import { pause, startRun } from "./harness.js";
import type { Mounted } from "./live-run-suite.js";

/** What a LatestRun component takes. */
export interface LatestRunProps {
  client: AgentsClient;
  agentId: string;
  /** How often the agent is re-read while its run is not active (short here, so a follow-up shows quickly). */
  followIntervalMs: number;
}

const TIMEOUT = { timeout: 10_000, interval: 20 };
const SHORT_RUN = { creatingMs: 100, runningMs: 300, assistantChunks: 3, toolCalls: 1 };

function shown(root: HTMLElement, testId: string): string | undefined {
  return root.querySelector(`[data-testid=${testId}]`)?.textContent ?? undefined;
}

/** Registers the shared `useAgent` tests for one adapter. */
export function latestRunSuite(mount: (props: LatestRunProps) => Promise<Mounted>): void {
  it("shows the agent's run, then its follow-up run when one is created; stops reading on unmount", async () => {
    const setup = await startRun(SHORT_RUN);
    const screen = await mount({ client: setup.client, agentId: setup.agentId, followIntervalMs: 50 });
    await expect.poll(() => shown(screen.container, "result"), TIMEOUT).toBe("Done: live view");
    expect(shown(screen.container, "run")).toBe(setup.runId);

    const { run: followUp } = await setup.client.runs.create(setup.agentId, { prompt: { text: "second task" } });
    await expect.poll(() => shown(screen.container, "run"), TIMEOUT).toBe(followUp.id);
    await expect.poll(() => shown(screen.container, "result"), TIMEOUT).toBe("Done: second task");
    expect(shown(screen.container, "status")).toBe("FINISHED");
    expect(setup.streamRequests().map((request) => request.path.split("/")[5])).toEqual([setup.runId, followUp.id]);

    await screen.unmount();
    await pause(50);
    expect(setup.open()).toBe(0);
    const requests = setup.fake.requests.length;
    await pause(300); // six follow intervals: a view left reading would have read the agent again
    expect(setup.fake.requests.length).toBe(requests);
  });
}
