// How every adapter's check-runs binding must behave in a real browser, written once.
import { expect, it } from "vitest";
import type { CheckRunsSource } from "../../../src/reactive/index.js";
import { pause, startForge } from "./harness.js";
import type { Mounted } from "./live-run-suite.js";

/** What a CheckRuns component takes. */
export interface CheckRunsProps {
  forge: CheckRunsSource;
  sha: string;
}

const TIMEOUT = { timeout: 10_000, interval: 20 };

function checks(root: HTMLElement): string[] {
  return [...root.querySelectorAll("[data-testid=checks] li")].map((item) => item.textContent ?? "");
}

/** Registers the shared check-runs test for one adapter. */
export function checkRunsSuite(mount: (props: CheckRunsProps) => Promise<Mounted>): void {
  it("shows the current check run per key, polled from the fake forge, and stops polling on unmount", async () => {
    const setup = await startForge();
    await setup.post("lint", "in_progress");
    const screen = await mount({ forge: setup.forge, sha: setup.sha });
    await expect.poll(() => checks(screen.container), TIMEOUT).toEqual(["lint: in_progress"]);
    expect(screen.container.querySelector("[data-testid=pending]")?.textContent).toBe("pending");
    await setup.post("lint", "completed");
    await setup.post("test", "queued");
    await expect.poll(() => checks(screen.container), TIMEOUT).toEqual(["lint: completed", "test: queued"]);
    await screen.unmount();
    await pause(50);
    const polls = setup.polls().length;
    await pause(300);
    expect(setup.polls()).toHaveLength(polls);
  });
}
