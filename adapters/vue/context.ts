import { type AgentlineViewClient, noClientError } from "agentline/reactive";
import { type App, hasInjectionContext, type InjectionKey, inject, provide } from "vue";

const CLIENT: InjectionKey<AgentlineViewClient> = Symbol("agentline client");

/**
 * Provides `client` to every agentline composable in the calling component's subtree (call it in `setup`), so they
 * take it from there: `useRun(agentId, runId)`, `useFollowUp(agentId)` and friends.
 */
export function provideAgentline(client: AgentlineViewClient): void {
  provide(CLIENT, client);
}

/**
 * Provides `client` to the whole app: `app.use(AgentlinePlugin, { client })`, with, in a page, a client on your relay
 * (`new AgentsClient({ baseUrl: "/api/agents" })`).
 */
export const AgentlinePlugin = {
  install(app: App, options: { client: AgentlineViewClient }): void {
    // `app.use(AgentlinePlugin)` alone: an AgentlineError saying what to pass, not a TypeError reading `client`.
    const client = (options as { client?: AgentlineViewClient } | undefined)?.client;
    if (!client) throw noClientError("AgentlinePlugin", "Install it with app.use(AgentlinePlugin, { client })");
    app.provide(CLIENT, client);
  },
};

/** The provided client (from `provideAgentline` or `AgentlinePlugin`); without one, an AgentlineError `no_client`. */
export function useAgentlineClient(): AgentlineViewClient {
  return useClient(undefined, "useAgentlineClient");
}

/** `given` when a composable was handed a client, else the provided one. */
export function useClient<C>(given: C | undefined, hook: string): NonNullable<C> | AgentlineViewClient {
  const client = given ?? (hasInjectionContext() ? inject(CLIENT, undefined) : undefined);
  if (!client)
    throw noClientError(
      hook,
      "Call provideAgentline(client) in a parent's setup or app.use(AgentlinePlugin, { client })",
    );
  return client;
}
