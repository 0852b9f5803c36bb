import { ApiPromise, type WithResponse } from "../core/api-promise.js";
import { requireClientContext, unreadableArgument } from "../core/arguments.js";
import { ConflictError } from "../core/errors.js";
import { callOperation, listOperation, sendOperation } from "../core/operation.js";
import type { CallOptions } from "../core/options.js";
import { isPlainObject } from "../core/validation.js";
import { generateAgentId } from "./ids.js";
import type { AgentsContext } from "./operations.js";
import type { AgentUsageParams, CreateAgentParams, ListAgentsParams } from "./schemas/requests.js";
import type { CreateAgentResponse } from "./schemas/resources.js";

/**
 * Durable agents: create (exactly once), list, get, delete, archive, unarchive, usage, artifacts.
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints)
 */
export class AgentsResource {
  readonly #context: AgentsContext;

  constructor(context: AgentsContext) {
    requireClientContext(context, "AgentsResource");
    this.#context = context;
  }

  /**
   * Creates an agent and its first run. Exactly once: unless you pass `agentId` or `envVars` (which
   * the spec forbids together), the client picks a `bc-<uuid>` id itself, so a retry after an
   * ambiguous failure cannot create a second agent; if that retry meets `agent_id_conflict`, the
   * agent the first attempt created is read back and returned.
   */
  create(body: CreateAgentParams, options?: CallOptions): ApiPromise<CreateAgentResponse> {
    return ApiPromise.from(async () => {
      let withId: unknown = body;
      try {
        const pickId = isPlainObject(body) && body.agentId === undefined && body.envVars === undefined;
        withId = pickId ? { ...body, agentId: generateAgentId() } : body;
      } catch (error) {
        throw unreadableArgument("agents.create", "`body`", "invalid_argument", error);
      }
      const agentId = isPlainObject(withId) ? withId.agentId : undefined;
      try {
        return await sendOperation(this.#context, "agents.create", {
          body: withId,
          resolvesError: isRetriedConflict,
          options,
        });
      } catch (error) {
        if (typeof agentId === "string" && isRetriedConflict(error)) {
          return (await this.#recoverCreated(agentId, options)) ?? Promise.reject(error);
        }
        throw error;
      }
    });
  }

  /** After a retried create met `agent_id_conflict`: the agent our first attempt made, with its latest run. */
  async #recoverCreated(
    agentId: string,
    options?: CallOptions,
  ): Promise<WithResponse<CreateAgentResponse> | undefined> {
    const agent = await sendOperation(this.#context, "agents.get", { params: { agentId }, options });
    const runId = agent.data.latestRunId;
    if (!runId) return undefined;
    const run = await sendOperation(this.#context, "runs.get", { params: { agentId, runId }, options });
    return { data: { agent: agent.data, run: run.data }, response: run.response, requestId: run.requestId };
  }

  /** Lists agents, newest first: await for the first page, `for await` for every agent. */
  list(params: ListAgentsParams = {}, options?: CallOptions) {
    return listOperation(this.#context, "agents.list", { query: params, options });
  }

  /** Reads one agent. */
  get(agentId: string, options?: CallOptions) {
    return callOperation(this.#context, "agents.get", { params: { agentId }, options });
  }

  /** Deletes an agent permanently (archive is the reversible removal). */
  delete(agentId: string, options?: CallOptions) {
    return callOperation(this.#context, "agents.delete", { params: { agentId }, options });
  }

  /** Archives an agent: it stays readable and accepts no runs until unarchived. Idempotent. */
  archive(agentId: string, options?: CallOptions) {
    return callOperation(this.#context, "agents.archive", { params: { agentId }, options });
  }

  /** Unarchives an agent (route assumed; see README "Assumptions"). Idempotent. */
  unarchive(agentId: string, options?: CallOptions) {
    return callOperation(this.#context, "agents.unarchive", { params: { agentId }, options });
  }

  /** Token usage of an agent's runs, or of one run with `{ runId }`. Early access: may answer 403. */
  usage(agentId: string, params: AgentUsageParams = {}, options?: CallOptions) {
    return callOperation(this.#context, "agents.usage", { params: { agentId }, query: params, options });
  }

  /** The agent's artifacts (at most 100; route assumed). */
  listArtifacts(agentId: string, options?: CallOptions) {
    return callOperation(this.#context, "agents.listArtifacts", { params: { agentId }, options });
  }

  /** A presigned download address for one artifact, valid 15 minutes (route assumed). */
  downloadArtifact(agentId: string, path: string, options?: CallOptions) {
    return callOperation(this.#context, "agents.downloadArtifact", { params: { agentId }, query: { path }, options });
  }
}

/** A 409 `agent_id_conflict` that a retry (not the first attempt) received. */
function isRetriedConflict(error: unknown): boolean {
  return error instanceof ConflictError && error.code === "agent_id_conflict" && error.attempt > 1;
}
