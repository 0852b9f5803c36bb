import {
  type CreateAgentClient,
  cancelRunMutation,
  createAgentMutation,
  followUpMutation,
  immediately,
  type Mutation,
  type MutationSnapshot,
} from "agentline/reactive";
import { useMemo } from "react";
import { useClient } from "./context.js";
import { useValue } from "./value.js";

/** What a mutation hook returns: its state (re-rendered on each change) and its methods, as TanStack's `useMutation`. */
export interface MutationResult<TVariables, TData> extends MutationSnapshot<TVariables, TData> {
  mutate: Mutation<TVariables, TData>["mutate"];
  mutateAsync: Mutation<TVariables, TData>["mutateAsync"];
  reset: Mutation<TVariables, TData>["reset"];
}

function useMutationResult<V, D>(mutation: Mutation<V, D>): MutationResult<V, D> {
  const snapshot = useValue(mutation.snapshot, immediately);
  return useMemo(
    () => ({ ...snapshot, mutate: mutation.mutate, mutateAsync: mutation.mutateAsync, reset: mutation.reset }),
    [snapshot, mutation],
  );
}

/**
 * Creates an agent with the provider's client; `data` is `{ agent, run }`, ready for `useRun(agent.id, run.id)`.
 * A body the SDK rejects sends nothing: its problems are in `fieldErrors`, by path.
 *
 * ```tsx
 * const create = useCreateAgent();
 * <button disabled={create.pending} onClick={() => create.mutate({ prompt: { text } })}>Start</button>
 * {create.fieldErrors["prompt.text"]}
 * ```
 */
export function useCreateAgent() {
  const client = useClient<CreateAgentClient>(undefined, "useCreateAgent");
  return useMutationResult(useMemo(() => createAgentMutation(client), [client]));
}

/**
 * Sends a follow-up run to `agentId` with the provider's client (`mutate({ prompt: { text } })`); `data.run.id`
 * goes straight into `useRun`, and `useAgent(agentId)` switches to the new run at once.
 */
export function useFollowUp(agentId: string) {
  const client = useClient(undefined, "useFollowUp");
  return useMutationResult(useMemo(() => followUpMutation(client, agentId), [client, agentId]));
}

/** Cancels a run of `agentId` with the provider's client: `mutate(runId)`; the run's views end `CANCELLED`. */
export function useCancelRun(agentId: string) {
  const client = useClient(undefined, "useCancelRun");
  return useMutationResult(useMemo(() => cancelRunMutation(client, agentId), [client, agentId]));
}
