import { useCreateAgent } from "agentline/react";
import { useEffect, useRef } from "react";
import { describeFailure, FIRST_AGENT } from "../../live-run-shared/page-helpers.js";
import { AgentRuns } from "./AgentRuns.js";

/** Creates the page's agent once (`useCreateAgent`, through the relay), then shows its runs. */
export function App() {
  const create = useCreateAgent();
  const started = useRef(false);
  useEffect(() => {
    // Once per page, StrictMode's second effect run included.
    if (started.current) return;
    started.current = true;
    create.mutate(FIRST_AGENT);
  }, [create.mutate]);

  if (create.error) {
    return (
      <p className="error" role="alert" data-testid="start-error">
        Could not start the run: {describeFailure(create.error, create.fieldErrors)}
      </p>
    );
  }
  if (!create.data) return <p>Starting a run…</p>;
  return <AgentRuns agentId={create.data.agent.id} firstRunId={create.data.run.id} />;
}
