import { useAgent } from "../../../../adapters/react/index.js";
import type { AgentsClient } from "../../../../src/agents/index.js";

/** An agent's latest run, as an app would show it. */
export function LatestRun(props: { client: AgentsClient; agentId: string; followIntervalMs: number }) {
  const run = useAgent(props.client, props.agentId, { followIntervalMs: props.followIntervalMs });
  return (
    <section>
      <p data-testid="run">{run.runId ?? "none"}</p>
      <p data-testid="status">{run.status ?? "waiting"}</p>
      <p data-testid="text">{run.assistantText}</p>
      {run.result !== undefined && <p data-testid="result">{run.result}</p>}
    </section>
  );
}
