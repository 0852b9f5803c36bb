import { type AgentlineViewClient, noClientError } from "agentline/reactive";
import { getContext, setContext } from "svelte";

const CLIENT = Symbol("agentline client");

/**
 * Hands `client` to every agentline store created in this component's children (call it while the component
 * initialises), so they take it from there: `useRun(agentId, runId)`, `useFollowUp(agentId)` and friends.
 *
 * ```svelte
 * <script lang="ts">
 *   setAgentlineClient(new AgentsClient({ baseUrl: "/api/agents" })); // the relay holds the key
 * </script>
 * ```
 */
export function setAgentlineClient(client: AgentlineViewClient): void {
  setContext(CLIENT, client);
}

/** The client set by a parent with `setAgentlineClient`; without one, an AgentlineError `no_client`. */
export function useAgentlineClient(): AgentlineViewClient {
  return useClient(undefined, "useAgentlineClient");
}

/**
 * `given` when a function was handed a client, else the one set by a parent. The context is only readable while a
 * component initialises: elsewhere (an event handler, a `$:` statement) the client must be passed.
 */
export function useClient<C>(given: C | undefined, hook: string): NonNullable<C> | AgentlineViewClient {
  if (given) return given;
  let client: AgentlineViewClient | undefined;
  try {
    client = getContext<AgentlineViewClient | undefined>(CLIENT);
  } catch {
    throw noClientError(
      hook,
      "This runs outside a component's initialisation, where the context is not readable: call it at the top of the component's script",
    );
  }
  if (!client) throw noClientError(hook, "Call setAgentlineClient(client) in a parent component");
  return client;
}
