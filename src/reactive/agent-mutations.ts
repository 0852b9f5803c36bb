import type { CreateAgentParams, CreateRunParams } from "../agents/schemas/requests.js";
import type { CreateAgentResponse, Run } from "../agents/schemas/resources.js";
import { argumentError } from "../core/arguments.js";
import { AgentlineError } from "../core/errors.js";
import type { CallOptions } from "../core/options.js";
import type { AgentRunsClient } from "./agent-view.js";
import { createMutation, type Mutation } from "./mutation.js";
import { announceNewRun } from "./new-runs.js";

// The writes a live view offers (create an agent, send a follow-up, cancel a run) as mutations over the slices of
// an AgentsClient they call. Structural types: the adapters import only agentline/reactive, and a relay-mode
// client, a keyed one or a test double all fit.

/** A client with `client[group][method]()`, else an `invalid_argument` AgentlineError naming `client`, at the call. */
function requireClientMethod(client: unknown, group: string, method: string, context: string): void {
  const methods = (client as Record<string, Record<string, unknown> | undefined> | null | undefined)?.[group];
  if (typeof methods?.[method] !== "function")
    throw argumentError(client, "client", context, `an AgentsClient (or an object with \`${group}.${method}\`)`);
}

/** What `createAgentMutation` needs from a client: `agents.create()`, as an `AgentsClient` has it. */
export interface CreateAgentClient {
  readonly agents: { create(body: CreateAgentParams, options?: CallOptions): PromiseLike<CreateAgentResponse> };
}

/** What `followUpMutation` needs from a client: `runs.create()`, as an `AgentsClient` has it. */
export interface FollowUpClient {
  readonly runs: {
    create(agentId: string, body: CreateRunParams, options?: CallOptions): PromiseLike<{ run: Run }>;
  };
}

/** What `cancelRunMutation` needs from a client: `runs.cancel()`, as an `AgentsClient` has it. */
export interface CancelRunClient {
  readonly runs: { cancel(agentId: string, runId: string, options?: CallOptions): PromiseLike<{ id: string }> };
}

/** Everything the views and their writes call: what an app hands its provider (an `AgentsClient` is one). */
export type AgentlineViewClient = AgentRunsClient & CreateAgentClient & FollowUpClient & CancelRunClient;

/** An agent id, or a function read at each call (a Vue getter, a Svelte prop): the mutation follows it. */
export type AgentIdSource = string | (() => string);

const idOf = (source: AgentIdSource): string => (typeof source === "function" ? source() : source);

/** An {@link AgentIdSource}, else an `invalid_argument` AgentlineError naming `agentId`, at creation. */
function requireAgentIdSource(agentId: unknown, context: string): void {
  if (typeof agentId !== "string" && typeof agentId !== "function")
    throw argumentError(agentId, "agentId", context, "an agent id, or a function returning one");
}

/** Creates an agent (with its first run); `data` is `{ agent, run }`, ready for `watchRun(client, agent.id, run.id)`. */
export function createAgentMutation(client: CreateAgentClient): Mutation<CreateAgentParams, CreateAgentResponse> {
  requireClientMethod(client, "agents", "create", "createAgentMutation");
  return createMutation((body) => client.agents.create(body));
}

/**
 * Sends a follow-up run to an agent; `data` is `{ run }`. Agent views of that agent on the same client
 * (`watchAgent`, `useAgent`) switch to the new run at once.
 */
export function followUpMutation(
  client: FollowUpClient,
  agentId: AgentIdSource,
): Mutation<CreateRunParams, { run: Run }> {
  requireClientMethod(client, "runs", "create", "followUpMutation");
  requireAgentIdSource(agentId, "followUpMutation");
  return createMutation(async (body) => {
    const id = idOf(agentId);
    const created = await client.runs.create(id, body);
    announceNewRun(client, id, created.run.id);
    return created;
  });
}

/** Cancels a run of an agent, by run id; the run's views then end with status `CANCELLED`. */
export function cancelRunMutation(client: CancelRunClient, agentId: AgentIdSource): Mutation<string, { id: string }> {
  requireClientMethod(client, "runs", "cancel", "cancelRunMutation");
  requireAgentIdSource(agentId, "cancelRunMutation");
  return createMutation((runId) => client.runs.cancel(idOf(agentId), runId));
}

/**
 * The AgentlineError (code `no_client`) an adapter's hook throws when no client was provided: it names the hook and
 * how to provide one (`provide`, e.g. "wrap the app in <AgentlineProvider client={client}>").
 */
export function noClientError(hook: string, provide: string): AgentlineError {
  // Never throws itself: whatever it is handed goes through String() (a Symbol in a template literal would throw).
  return new AgentlineError(
    `${String(hook)}: no agentline client here. ${String(provide)}, or pass the client to the hook. In a browser, use a client with ` +
      'no apiKey on your relay (new AgentsClient({ baseUrl: "/api/agents" }), see createAgentsRelay in agentline/relay).',
    { code: "no_client" },
  );
}
