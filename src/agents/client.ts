import { ApiPromise } from "../core/api-promise.js";
import { requireOptions } from "../core/arguments.js";
import { type AuthScheme, authorizationHeader } from "../core/auth.js";
import { AgentlineError } from "../core/errors.js";
import { type RoutesOverride, resolveOperations } from "../core/operation.js";
import type { ApiKeyClientOptions, CallOptions } from "../core/options.js";
import { checkRawRequest, type RawRequest, rawRequestSpec } from "../core/raw-request.js";
import { Transport } from "../core/transport.js";
import { AgentsResource } from "./agents-resource.js";
import { agentsClientContexts } from "./client-context.js";
import { apiKeyInfo, ModelsResource, RepositoriesResource, SubTokensResource } from "./lookups-resource.js";
import { AGENTS_OPERATIONS, type AgentsContext } from "./operations.js";
import { RunsResource } from "./runs-resource.js";

/** Options of {@link AgentsClient}. */
export interface AgentsClientOptions extends ApiKeyClientOptions {
  /**
   * Method and/or path overrides keyed by operation name (`{ me: { path: "/v1/whoami" } }`); see README
   * "Assumptions". An unknown name is refused.
   */
  routes?: RoutesOverride<typeof AGENTS_OPERATIONS> | undefined;
}

/**
 * The Cloud Agents API client: durable agents, their runs, usage and lookups.
 *
 * ```ts
 * const client = new AgentsClient({ apiKey, baseUrl: "https://api.example.com" });
 * const { agent, run } = await client.agents.create({ prompt: { text: "Fix the flaky test" } });
 * ```
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API)
 */
export class AgentsClient {
  readonly agents: AgentsResource;
  readonly runs: RunsResource;
  readonly models: ModelsResource;
  readonly repositories: RepositoriesResource;
  readonly subTokens: SubTokensResource;
  readonly #context: AgentsContext;

  constructor(options: AgentsClientOptions) {
    const { apiKey } = requireOptions<AgentsClientOptions>(options, "AgentsClient", "`{ apiKey, baseUrl }`");
    if (typeof apiKey !== "string" || apiKey === "") {
      throw new AgentlineError("`apiKey` is required: pass the API key created in the dashboard.", {
        code: "invalid_option",
      });
    }
    const scheme: AuthScheme = options.authScheme ?? "bearer";
    const authorization = authorizationHeader(apiKey, scheme);
    const transport = new Transport(options, { authorization: () => authorization, secrets: () => [apiKey] });
    const operations = resolveOperations(AGENTS_OPERATIONS, options.routes, "AgentsClient");
    this.#context = { transport, operations, policy: {} };
    agentsClientContexts.set(this, this.#context);
    this.agents = new AgentsResource(this.#context);
    this.runs = new RunsResource(this.#context);
    this.models = new ModelsResource(this.#context);
    this.repositories = new RepositoriesResource(this.#context);
    this.subTokens = new SubTokensResource(this.#context);
  }

  /** Information about the API key in use: its name, creation time and (for user keys) the user. */
  me(options?: CallOptions) {
    return apiKeyInfo(this.#context, options);
  }

  /**
   * Any operation, typed by you: `request<T>({ method, path, query, body, schema })` with this client's key, retries,
   * errors and logs. `path` is the spec's (`/v1/agents/{id}`), below `baseUrl`.
   */
  request<T = unknown>(request: RawRequest<T>): ApiPromise<T> {
    return ApiPromise.deferred((raw) => this.#context.transport.request(rawRequestSpec(checkRawRequest(request), raw)));
  }

  /** The base URL requests go to (without `/v1`). */
  get baseUrl(): string {
    return this.#context.transport.baseUrl;
  }

  // Keeps the key out of `console.log(client)` and JSON dumps.
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.baseUrl };
  }
}
