import { describe, expect, it } from "vitest";
import { render } from "vitest-browser-vue";
import { checkRunsSuite } from "./check-runs-suite.js";
import CheckRuns from "./components/CheckRuns.vue";
import LatestRun from "./components/LatestRun.vue";
import LiveRun from "./components/LiveRun.vue";
import { startForge, startRun } from "./harness.js";
import { latestRunSuite } from "./latest-run-suite.js";
import { liveRunSuite } from "./live-run-suite.js";

describe("agentline/vue in Chromium", () => {
  liveRunSuite("vue", (props) => render(LiveRun, { props: { ...props } }));
  checkRunsSuite((props) => render(CheckRuns, { props: { ...props } }));
  latestRunSuite((props) => render(LatestRun, { props: { ...props } }));

  it("useAgent follows a new agentId prop, and the old agent's stream is closed", async () => {
    const setup = await startRun({ creatingMs: 100, runningMs: 5_000 });
    const { agent: other, run: otherRun } = await setup.client.agents.create({ prompt: { text: "other agent" } });
    const screen = await render(LatestRun, {
      props: { client: setup.client, agentId: setup.agentId, followIntervalMs: 50 },
    });
    const shown = () => screen.container.querySelector("[data-testid=run]")?.textContent;
    await expect.poll(shown, { timeout: 10_000, interval: 20 }).toBe(setup.runId);
    await expect.poll(() => setup.open(), { timeout: 10_000, interval: 20 }).toBe(1);
    await screen.rerender({ agentId: other.id });
    await expect.poll(shown, { timeout: 10_000, interval: 20 }).toBe(otherRun.id);
    // One stream open (the new agent's run), the first one closed: the old view was disposed, not left running.
    await expect.poll(() => setup.open(), { timeout: 10_000, interval: 20 }).toBe(1);
    const streamed = setup.streamRequests().map((request) => request.path.split("/")[5]);
    expect(streamed).toEqual([setup.runId, otherRun.id]);
    await screen.unmount();
  });

  it("useCheckRuns follows a new sha prop, and the old commit is no longer polled", async () => {
    const setup = await startForge();
    const other = "f".repeat(40);
    await setup.post("lint", "in_progress");
    await setup.post("build", "queued", other);
    const screen = await render(CheckRuns, { props: { forge: setup.forge, sha: setup.sha } });
    const checks = () => [...screen.container.querySelectorAll("[data-testid=checks] li")].map((li) => li.textContent);
    await expect.poll(checks, { timeout: 10_000, interval: 20 }).toEqual(["lint: in_progress"]);
    await screen.rerender({ sha: other });
    await expect.poll(checks, { timeout: 10_000, interval: 20 }).toEqual(["build: queued"]);
    const polled = setup.polls().length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const later = setup
      .polls()
      .slice(polled)
      .map((request) => request.path);
    expect(later.length).toBeGreaterThan(0);
    expect(later.filter((path) => !path.includes(other))).toEqual([]);
    await screen.unmount();
  });
});
