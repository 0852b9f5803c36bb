// Runs created from this page, announced to the agent views on the same client: a follow-up sent with
// `useFollowUp` shows in `useAgent` at once, without waiting for the next read of the agent.

type Listener = (runId: string) => void;

const listeners = /* @__PURE__ */ new WeakMap<object, Map<string, Set<Listener>>>();

/** Calls `listener` with each run announced for `agentId` on `client`, until the returned function is called. */
export function onNewRun(client: object, agentId: string, listener: Listener): () => void {
  const agents = listeners.get(client) ?? new Map<string, Set<Listener>>();
  listeners.set(client, agents);
  const set = agents.get(agentId) ?? new Set<Listener>();
  agents.set(agentId, set);
  set.add(listener);
  // Removes this listener only: called twice, or after the agent's set was replaced, it leaves other views' alone.
  return () => {
    set.delete(listener);
    if (!set.size && agents.get(agentId) === set) agents.delete(agentId);
  };
}

/** Tells the agent views listening on `client` that `agentId` has a new run. */
export function announceNewRun(client: object, agentId: string, runId: string): void {
  for (const listener of [...(listeners.get(client)?.get(agentId) ?? [])]) listener(runId);
}
