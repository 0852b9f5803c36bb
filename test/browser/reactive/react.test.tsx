import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { render } from "vitest-browser-react";
import { checkRunsSuite } from "./check-runs-suite.js";
import { CheckRuns } from "./components/CheckRuns.js";
import { LatestRun } from "./components/LatestRun.js";
import { LiveRun } from "./components/LiveRun.js";
import { LIVE_RUN, startRun } from "./harness.js";
import { latestRunSuite } from "./latest-run-suite.js";
import { liveRunSuite } from "./live-run-suite.js";

describe("agentline/react in Chromium", () => {
  liveRunSuite("react", (props) => render(<LiveRun {...props} />));
  checkRunsSuite((props) => render(<CheckRuns {...props} />));
  latestRunSuite((props) => render(<LatestRun {...props} />));

  it("opens one stream in StrictMode, whose double effects subscribe, leave and subscribe again", async () => {
    const setup = await startRun(LIVE_RUN);
    const screen = await render(
      <StrictMode>
        <LiveRun {...setup} />
      </StrictMode>,
    );
    await expect.element(screen.getByTestId("result"), { timeout: 10_000 }).toHaveTextContent("Done: live view");
    expect(setup.streamRequests()).toHaveLength(1);
  });
});
