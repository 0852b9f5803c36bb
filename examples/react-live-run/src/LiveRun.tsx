import type { RunSnapshot } from "agentline/reactive";
import { firstArgument } from "../../live-run-shared/page-helpers.js";

/** One run as `useRun` shows it: status, connection, text growing, tool calls, result or error. */
export function LiveRun(props: { run: RunSnapshot; agentId: string; runId: string }) {
  const { run } = props;
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
        agent <code data-testid="agent-id">{props.agentId}</code> · run <code data-testid="run-id">{props.runId}</code>{" "}
        · through the relay at /api/agents
      </footer>
    </article>
  );
}
