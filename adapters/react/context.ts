import { type AgentlineViewClient, noClientError } from "agentline/reactive";
import { createContext, createElement, type ReactElement, type ReactNode, useContext } from "react";

const ClientContext = /* @__PURE__ */ createContext<AgentlineViewClient | undefined>(undefined);

/** What {@link AgentlineProvider} takes. */
export interface AgentlineProviderProps {
  /** The client the hooks below use: in a page, one on your relay (`new AgentsClient({ baseUrl: "/api/agents" })`). */
  client: AgentlineViewClient;
  children?: ReactNode;
}

/**
 * Hands `client` to every agentline hook below it, so components call `useRun(agentId, runId)`,
 * `useFollowUp(agentId)` and friends without passing the client around.
 *
 * ```tsx
 * const client = new AgentsClient({ baseUrl: "/api/agents" }); // the relay holds the key
 * root.render(<AgentlineProvider client={client}><App /></AgentlineProvider>);
 * ```
 */
export function AgentlineProvider(props: AgentlineProviderProps): ReactElement {
  return createElement(ClientContext.Provider, { value: props.client }, props.children);
}

/** The client of the nearest {@link AgentlineProvider}; outside one, throws an AgentlineError `no_client`. */
export function useAgentlineClient(): AgentlineViewClient {
  return useClient(undefined, "useAgentlineClient");
}

/** `given` when a hook was handed a client, else the provider's (the context is read on every render either way). */
export function useClient<C>(given: C | undefined, hook: string): NonNullable<C> | AgentlineViewClient {
  const provided = useContext(ClientContext);
  const client = given ?? provided;
  if (!client) throw noClientError(hook, "Wrap the component in <AgentlineProvider client={client}>");
  return client;
}
