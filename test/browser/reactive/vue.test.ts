import { describe } from "vitest";
import { render } from "vitest-browser-vue";
import { checkRunsSuite } from "./check-runs-suite.js";
import CheckRuns from "./components/CheckRuns.vue";
import LiveRun from "./components/LiveRun.vue";
import { liveRunSuite } from "./live-run-suite.js";

describe("agentline/vue in Chromium", () => {
  liveRunSuite("vue", (props) => render(LiveRun, { props: { ...props } }));
  checkRunsSuite((props) => render(CheckRuns, { props: { ...props } }));
});
