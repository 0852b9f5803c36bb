import { useEffect } from "react";
import {
  AgentlineProvider,
  useAgent,
  useCancelRun,
  useCreateAgent,
  useFollowUp,
  useRun,
} from "../../../../adapters/react/index.js";
import type { Bodies, MutationAppProps } from "../mutation-suite.js";

/** Field errors as the console lists them: "path: message". */
function FieldErrors(props: { testId: string; errors: Readonly<Record<string, string>> }) {
  return (
    <ul data-testid={props.testId}>
      {Object.entries(props.errors).map(([path, message]) => (
        <li key={path}>
          {path}: {message}
        </li>
      ))}
    </ul>
  );
}

/** An agent's runs, and the follow-up and cancel buttons: hooks only, the client comes from the provider. */
function AgentPanel(props: {
  agentId: string;
  runId: string;
  bodies: Bodies;
  followIntervalMs: number;
  onRender?: (() => void) | undefined;
}) {
  useEffect(() => {
    props.onRender?.();
  });
  const latest = useAgent(props.agentId, { followIntervalMs: props.followIntervalMs });
  const followUp = useFollowUp(props.agentId);
  const cancel = useCancelRun(props.agentId);
  const run = useRun(props.agentId, followUp.data?.run.id ?? props.runId);
  return (
    <section>
      <p data-testid="agent-run">{latest.runId ?? "none"}</p>
      <p data-testid="agent-status">{latest.status ?? "waiting"}</p>
      <p data-testid="agent-result">{latest.result ?? ""}</p>
      <p data-testid="run-id">{run.runId}</p>
      <p data-testid="run-status">{run.status ?? "waiting"}</p>
      <p data-testid="run-connection">{run.connection}</p>
      <p data-testid="run-result">{run.result ?? ""}</p>
      <button type="button" data-testid="follow-up" onClick={() => followUp.mutate(props.bodies.followUp as never)}>
        Follow up
      </button>
      <button type="button" data-testid="follow-up-reset" onClick={followUp.reset}>
        Clear
      </button>
      <p data-testid="follow-up-status">{followUp.status}</p>
      <p data-testid="follow-up-run">{followUp.data?.run.id ?? ""}</p>
      <FieldErrors testId="follow-up-field-errors" errors={followUp.fieldErrors} />
      <button type="button" data-testid="cancel" onClick={() => latest.runId && cancel.mutate(latest.runId)}>
        Cancel
      </button>
      <p data-testid="cancel-status">{cancel.status}</p>
    </section>
  );
}

function Console(props: Omit<MutationAppProps, "client">) {
  const create = useCreateAgent();
  useEffect(() => {
    props.onRender?.();
  });
  return (
    <main>
      <button type="button" data-testid="create" onClick={() => create.mutate(props.bodies.create as never)}>
        Start
      </button>
      <button type="button" data-testid="reset" onClick={create.reset}>
        Clear
      </button>
      <p data-testid="create-status">{create.status}</p>
      <p data-testid="create-error">{create.error?.name ?? ""}</p>
      <FieldErrors testId="create-field-errors" errors={create.fieldErrors} />
      {create.data && (
        <AgentPanel
          agentId={create.data.agent.id}
          runId={create.data.run.id}
          bodies={props.bodies}
          followIntervalMs={props.followIntervalMs}
          onRender={props.onRender}
        />
      )}
    </main>
  );
}

/** A console under a provider, as an app would build it. */
export function MutationApp({ client, ...props }: MutationAppProps) {
  return (
    <AgentlineProvider client={client}>
      <Console {...props} />
    </AgentlineProvider>
  );
}
