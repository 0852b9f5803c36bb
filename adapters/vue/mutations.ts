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
import { type ComputedRef, computed, isRef, type MaybeRefOrGetter } from "vue";
import { useClient } from "./context.js";
import { useSignal } from "./signal.js";

/** What a mutation composable returns: each field of its state as a computed ref, and its methods. */
export type MutationRefs<TVariables, TData> = {
  readonly [K in keyof MutationSnapshot<TVariables, TData>]: ComputedRef<MutationSnapshot<TVariables, TData>[K]>;
} & Pick<Mutation<TVariables, TData>, "mutate" | "mutateAsync" | "reset">;

const FIELDS = ["status", "pending", "data", "error", "variables", "fieldErrors"] as const;

function useMutationRefs<V, D>(mutation: Mutation<V, D>): MutationRefs<V, D> {
  const snapshot = useSignal(mutation.snapshot, immediately);
  const fields = Object.fromEntries(FIELDS.map((key) => [key, computed(() => snapshot.value[key])]));
  return {
    ...(fields as { [K in (typeof FIELDS)[number]]: ComputedRef<MutationSnapshot<V, D>[K]> }),
    mutate: mutation.mutate,
    mutateAsync: mutation.mutateAsync,
    reset: mutation.reset,
  };
}

/**
 * An agent id, ref or getter as the mutations take it (a ref read at each call); anything else is passed on as it is,
 * so the mutation refuses it at the call with an `invalid_argument` AgentlineError naming `agentId`, as React's does.
 */
function agentIdSource(agentId: MaybeRefOrGetter<string>): AgentIdSource {
  return isRef(agentId) ? () => agentId.value : (agentId as AgentIdSource);
}

/**
 * Creates an agent with the provided client; `data` is `{ agent, run }`. A body the SDK rejects sends nothing: its
 * problems are in `fieldErrors`, by path.
 *
 * ```vue
 * <script setup lang="ts">
 * const { mutate, pending, fieldErrors } = useCreateAgent();
 * </script>
 * <template><button :disabled="pending" @click="mutate({ prompt: { text } })">Start</button></template>
 * ```
 */
export function useCreateAgent() {
  return useMutationRefs(createAgentMutation(useClient<CreateAgentClient>(undefined, "useCreateAgent")));
}

/**
 * Sends a follow-up run to `agentId` (a string, ref or getter, read at each call) with the provided client;
 * `data.value.run.id` goes straight into `useRun`, and `useAgent` on that agent switches to the new run at once.
 */
export function useFollowUp(agentId: MaybeRefOrGetter<string>) {
  return useMutationRefs(followUpMutation(useClient(undefined, "useFollowUp"), agentIdSource(agentId)));
}

/** Cancels a run of `agentId` with the provided client: `mutate(runId)`; the run's views end `CANCELLED`. */
export function useCancelRun(agentId: MaybeRefOrGetter<string>) {
  return useMutationRefs(cancelRunMutation(useClient(undefined, "useCancelRun"), agentIdSource(agentId)));
}
