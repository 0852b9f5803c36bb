import { describe } from "vitest";
import { render } from "vitest-browser-svelte";
import { checkRunsSuite } from "./check-runs-suite.js";
import CheckRuns from "./components/CheckRuns.svelte";
import LatestRun from "./components/LatestRun.svelte";
import LiveRun from "./components/LiveRun.svelte";
import { latestRunSuite } from "./latest-run-suite.js";
import { liveRunSuite } from "./live-run-suite.js";

describe("agentline/svelte in Chromium (Svelte 5, runes mode)", () => {
  liveRunSuite("svelte", (props) => render(LiveRun, { props: { ...props } }));
  checkRunsSuite((props) => render(CheckRuns, { props: { ...props } }));
  latestRunSuite((props) => render(LatestRun, { props: { ...props } }));
});
