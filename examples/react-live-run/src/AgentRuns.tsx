import { useCancelRun, useFollowUp, useRun } from "agentline/react";
import { type FormEvent, useState } from "react";
import { describeFailure } from "../../live-run-shared/page-helpers.js";
import { LiveRun } from "./LiveRun.js";

/**
 * An agent's runs: the latest one live (`useRun`, from the provider's client), a follow-up box (`useFollowUp`: the
 * new run streams in at once) and a Cancel button (`useCancelRun`). A follow-up the SDK rejects (an empty one) is
 * never sent: its problems show under the box, field by field.
 */
export function AgentRuns(props: { agentId: string; firstRunId: string }) {
  const followUp = useFollowUp(props.agentId);
  const cancel = useCancelRun(props.agentId);
  // The run shown: the follow-up's once it exists (not `followUp.data`, which is empty while the next one is sent).
  const [runId, setRunId] = useState(props.firstRunId);
  const run = useRun(props.agentId, runId);
  const [text, setText] = useState("");

  const send = (event: FormEvent) => {
    event.preventDefault();
    followUp.mutate(
      { prompt: { text } },
      {
        onSuccess: ({ run: next }) => {
          setRunId(next.id);
          setText("");
        },
      },
    );
  };
  const problem = describeFailure(followUp.error, followUp.fieldErrors) || describeFailure(cancel.error, {});
  return (
    <>
      <LiveRun run={run} agentId={props.agentId} runId={runId} />
      <form className="follow-up" onSubmit={send}>
        <input
          data-testid="follow-up-text"
          aria-label="Follow-up"
          placeholder="Ask for a follow-up…"
          value={text}
          aria-invalid={Object.keys(followUp.fieldErrors).length > 0}
          onChange={(event) => setText(event.target.value)}
        />
        {/* One run at a time: the service answers 409 agent_busy to a follow-up while a run is active. */}
        <button type="submit" data-testid="follow-up-send" disabled={followUp.pending || !run.isTerminal}>
          Send
        </button>
        <button
          type="button"
          data-testid="cancel"
          disabled={run.isTerminal || cancel.pending}
          onClick={() => cancel.mutate(runId)}
        >
          Cancel run
        </button>
      </form>
      {problem && (
        <p className="field-error" role="alert" data-testid="follow-up-error">
          {problem}
        </p>
      )}
    </>
  );
}
