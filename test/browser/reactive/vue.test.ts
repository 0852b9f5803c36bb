import { describe, expect, it } from "vitest";
import { render } from "vitest-browser-vue";
import { checkRunsSuite } from "./check-runs-suite.js";
import CheckRuns from "./components/CheckRuns.vue";
import LatestRun from "./components/LatestRun.vue";
import LiveRun from "./components/LiveRun.vue";
import { startRun } from "./harness.js";
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
});
