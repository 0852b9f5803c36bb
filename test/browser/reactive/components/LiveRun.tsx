import { useEffect } from "react";
import { useRun } from "../../../../adapters/react/index.js";
import type { AgentsClient } from "../../../../src/agents/index.js";

/** A live run, as an app would show it; `onRender` counts the renders React commits. */
export function LiveRun(props: { client: AgentsClient; agentId: string; runId: string; onRender?: () => void }) {
  const run = useRun(props.client, props.agentId, props.runId);
  useEffect(() => {
    props.onRender?.();
  });
  return (
    <section>
      <p data-testid="status">{run.status ?? "waiting"}</p>
      <p data-testid="connection">{run.connection}</p>
      <p data-testid="text">{run.assistantText}</p>
      <ul data-testid="tools">
        {run.toolCalls.map((call) => (
          <li key={call.callId}>
            {call.name}: {call.status}
          </li>
        ))}
      </ul>
      {run.result !== undefined && <p data-testid="result">{run.result}</p>}
    </section>
  );
}
