import { ApiPromise, type WithResponse } from "../core/api-promise.js";
import { requireClientContext } from "../core/arguments.js";
import { ConflictError } from "../core/errors.js";
import type { CallOptions } from "../core/options.js";
import { PagePromise } from "../core/pagination.js";
import { requireId, requireSegment } from "../core/paths.js";
import { generateAgentId } from "./ids.js";
import { type AgentsContext, call, send } from "./resource-base.js";
import { ArchiveResponseSchema } from "./schemas/operation-results.js";
import {
  AgentSchema,
  type AgentSummary,
  AgentUsageResponseSchema,
  type CreateAgentResponse,
  CreateAgentResponseSchema,
  DownloadArtifactResponseSchema,
  IdResponseSchema,
  type ListAgentsResponse,
  ListAgentsResponseSchema,
  ListArtifactsResponseSchema,
  RunSchema,
} from "./schemas/resources.js";
import {
  type AgentUsageParams,
  assertAgentUsageQuery,
  assertCreateAgentRequest,
  assertListAgentsQuery,
  type CreateAgentParams,
  type ListAgentsParams,
} from "./validate.js";

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
      const params = assertCreateAgentRequest(body);
      const withId =
        params.agentId === undefined && params.envVars === undefined
          ? { ...params, agentId: generateAgentId() }
          : params;
      const idempotent = withId.agentId !== undefined;
      try {
        return await send(this.#context, {
          route: "createAgent",
          operation: "agents.create",
          body: withId,
          idempotent,
          schema: CreateAgentResponseSchema,
          resolvesError: isRetriedConflict,
          options,
        });
      } catch (error) {
        if (idempotent && isRetriedConflict(error) && withId.agentId !== undefined) {
          return (await this.#recoverCreated(withId.agentId, options)) ?? Promise.reject(error);
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
    const agent = await send(this.#context, {
      route: "getAgent",
      operation: "agents.create",
      pathParams: { id: agentId },
      schema: AgentSchema,
      options,
    });
    const runId = agent.data.latestRunId;
    if (!runId) return undefined;
    const run = await send(this.#context, {
      route: "getRun",
      operation: "agents.create",
      pathParams: { id: agentId, runId },
      schema: RunSchema,
      options,
    });
    return { data: { agent: agent.data, run: run.data }, response: run.response, requestId: run.requestId };
  }

  /** Lists agents, newest first: await for the first page, `for await` for every agent. */
  list(params: ListAgentsParams = {}, options?: CallOptions): PagePromise<AgentSummary, ListAgentsResponse> {
    return new PagePromise(async (cursor) => {
      const query = assertListAgentsQuery(cursor === undefined ? params : { ...params, cursor });
      return send(this.#context, {
        route: "listAgents",
        operation: "agents.list",
        query: { ...query },
        schema: ListAgentsResponseSchema,
        options,
      });
    });
  }

  /** Reads one agent. */
  get(agentId: string, options?: CallOptions) {
    return call(this.#context, () => ({
      route: "getAgent",
      operation: "agents.get",
      pathParams: { id: requireSegment(agentId, "agentId", "agents.get") },
      schema: AgentSchema,
      options,
    }));
  }

  /** Deletes an agent permanently (archive is the reversible removal). */
  delete(agentId: string, options?: CallOptions) {
    return call(this.#context, () => ({
      route: "deleteAgent",
      operation: "agents.delete",
      pathParams: { id: requireSegment(agentId, "agentId", "agents.delete") },
      schema: IdResponseSchema,
      options,
    }));
  }

  /** Archives an agent: it stays readable and accepts no runs until unarchived. Idempotent. */
  archive(agentId: string, options?: CallOptions) {
    return call(this.#context, () => ({
      route: "archiveAgent",
      operation: "agents.archive",
      pathParams: { id: requireSegment(agentId, "agentId", "agents.archive") },
      idempotent: true,
      schema: ArchiveResponseSchema,
      options,
    }));
  }

  /** Unarchives an agent (route assumed; see README "Assumptions"). Idempotent. */
  unarchive(agentId: string, options?: CallOptions) {
    return call(this.#context, () => ({
      route: "unarchiveAgent",
      operation: "agents.unarchive",
      pathParams: { id: requireSegment(agentId, "agentId", "agents.unarchive") },
      idempotent: true,
      schema: ArchiveResponseSchema,
      options,
    }));
  }

  /** Token usage of an agent's runs, or of one run with `{ runId }`. Early access: may answer 403. */
  usage(agentId: string, params: AgentUsageParams = {}, options?: CallOptions) {
    return call(this.#context, () => ({
      route: "agentUsage",
      operation: "agents.usage",
      pathParams: { id: requireSegment(agentId, "agentId", "agents.usage") },
      query: { ...assertAgentUsageQuery(params) },
      schema: AgentUsageResponseSchema,
      options,
    }));
  }

  /** The agent's artifacts (at most 100; route assumed). */
  listArtifacts(agentId: string, options?: CallOptions) {
    return call(this.#context, () => ({
      route: "listArtifacts",
      operation: "agents.listArtifacts",
      pathParams: { id: requireSegment(agentId, "agentId", "agents.listArtifacts") },
      schema: ListArtifactsResponseSchema,
      options,
    }));
  }

  /** A presigned download address for one artifact, valid 15 minutes (route assumed). */
  downloadArtifact(agentId: string, path: string, options?: CallOptions) {
    return call(this.#context, () => ({
      route: "downloadArtifact",
      operation: "agents.downloadArtifact",
      pathParams: { id: requireSegment(agentId, "agentId", "agents.downloadArtifact") },
      query: { path: requireId(path, "path", "agents.downloadArtifact") },
      schema: DownloadArtifactResponseSchema,
      options,
    }));
  }
}

/** A 409 `agent_id_conflict` that a retry (not the first attempt) received. */
function isRetriedConflict(error: unknown): boolean {
  return error instanceof ConflictError && error.code === "agent_id_conflict" && error.attempt > 1;
}
