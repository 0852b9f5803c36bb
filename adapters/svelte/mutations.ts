import {
  type AgentIdSource,
  type CreateAgentClient,
  cancelRunMutation,
  createAgentMutation,
  followUpMutation,
  immediately,
  type Mutation,
  type MutationSnapshot,
} from "agentline/reactive";
import { onDestroy } from "svelte";
import type { Readable } from "svelte/store";
import { useClient } from "./context.js";
import { toReadable } from "./readable.js";

/** A mutation as a readable store of its state (`$followUp.pending`, `$followUp.fieldErrors`), with its methods. */
export interface MutationStore<TVariables, TData>
  extends Readable<MutationSnapshot<TVariables, TData>>,
    Pick<Mutation<TVariables, TData>, "mutate" | "mutateAsync" | "reset"> {}

/**
 * The mutation as a store, watched for the calling component's lifetime (every caller runs while a component
 * initialises: `useClient` reads the context): once it is destroyed, a call that settles runs no `mutate` callbacks,
 * even in a component that never read `$store`.
 */
function toStore<V, D>(mutation: Mutation<V, D>): MutationStore<V, D> {
  onDestroy(mutation.snapshot.subscribe(() => {}));
  const { mutate, mutateAsync, reset } = mutation;
  return { ...toReadable(mutation.snapshot, immediately), mutate, mutateAsync, reset };
}

/**
 * Creates an agent with the client of `setAgentlineClient`; `$create.data` is `{ agent, run }`. A body the SDK
 * rejects sends nothing: its problems are in `$create.fieldErrors`, by path.
 *
 * ```svelte
 * <script lang="ts">
 *   const create = useCreateAgent();
 * </script>
 * <button disabled={$create.pending} onclick={() => create.mutate({ prompt: { text } })}>Start</button>
 * ```
 */
export function useCreateAgent() {
  return toStore(createAgentMutation(useClient<CreateAgentClient>(undefined, "useCreateAgent")));
}

/**
 * Sends a follow-up run to `agentId` (or a getter, read at each call: `() => agentId` of a rune prop);
 * `$followUp.data.run.id` goes straight into `useRun`, and `useAgent` on that agent switches to it at once.
 */
export function useFollowUp(agentId: AgentIdSource) {
  return toStore(followUpMutation(useClient(undefined, "useFollowUp"), agentId));
}

/** Cancels a run of `agentId` (or a getter): `cancel.mutate(runId)`; the run's views end `CANCELLED`. */
export function useCancelRun(agentId: AgentIdSource) {
  return toStore(cancelRunMutation(useClient(undefined, "useCancelRun"), agentId));
}
