import type { AgentsClient } from "agentline";
import { useRun } from "agentline/react";

/** The first argument of a tool call, for a one-line summary (`read_file README.md`). */
function firstArgument(args: unknown): string {
  if (!args || typeof args !== "object") return "";
  const first = Object.values(args)[0];
  return typeof first === "string" ? first : "";
}

/**
 * One run, live. `useRun` subscribes while the component is mounted (the stream stops when it unmounts) and
 * renders at most once per animation frame, however many events arrive.
 */
export function LiveRun(props: { client: AgentsClient; agentId: string; runId: string; source: string }) {
  const run = useRun(props.client, props.agentId, props.runId);
  return (
    <article className="run">
      <header>
        <span className={`status status-${run.status ?? "waiting"}`} data-testid="status">
          {run.status ?? "waiting"}
        </span>
        <span className={`connection connection-${run.connection}`} data-testid="connection">
          {run.connection}
        </span>
      </header>
      {run.thinkingText && <p className="thinking">{run.thinkingText}</p>}
      <p className="text" data-testid="text">
        {run.assistantText}
        {!run.isTerminal && <span className="cursor" />}
      </p>
      <ul className="tools" data-testid="tools">
        {run.toolCalls.map((call) => (
          <li key={call.callId} className={call.status === "completed" ? "done" : "running"}>
            {call.name} <code>{firstArgument(call.args)}</code>
          </li>
        ))}
      </ul>
      {run.result !== undefined && (
        <section className="result">
          <h2>Result</h2>
          <p data-testid="result">{run.result}</p>
        </section>
      )}
      {run.error && (
        <p className="error" role="alert" data-testid="error">
          {run.error.code ?? "error"}: {run.error.message}
        </p>
      )}
      <footer>
        agent <code>{props.agentId}</code> · run <code>{props.runId}</code> · {props.source}
      </footer>
    </article>
  );
}
