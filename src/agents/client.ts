import { ApiPromise } from "../core/api-promise.js";
import { requireOptions } from "../core/arguments.js";
import { authorizationHeader } from "../core/auth.js";
import { refuseKeyInBrowser } from "../core/browser-key.js";
import { AgentlineError } from "../core/errors.js";
import { checkCredentialText } from "../core/header-values.js";
import { isIdempotent, type RoutesOverride } from "../core/operation.js";
import { resolveOperations } from "../core/operation-routes.js";
import type { ApiKeyClientOptions, CallOptions } from "../core/options.js";
import { checkRawRequest, type RawRequest, rawRequestSpec } from "../core/raw-request.js";
import { secretsInHeaders } from "../core/redact.js";
import { matchRoute } from "../core/route-match.js";
import { Transport } from "../core/transport.js";
import { AgentsResource } from "./agents-resource.js";
import { agentsClientContexts, keylessAgentsClients } from "./client-context.js";
import { apiKeyInfo, ModelsResource, RepositoriesResource, SubTokensResource } from "./lookups-resource.js";
import { AGENTS_OPERATIONS, type AgentsContext } from "./operations.js";
import { RunsResource } from "./runs-resource.js";

/**
 * Options of {@link AgentsClient}. Without `apiKey` the client is in relay mode: it sends no `Authorization` (a relay
 * from `createAgentsRelay` adds the key), and `baseUrl` may be a path such as `/api/agents`, resolved against the page.
 */
export interface AgentsClientOptions extends Omit<ApiKeyClientOptions, "apiKey"> {
  /** The API key; leave it out (the property absent, not `undefined`) for relay mode. */
  apiKey?: string;
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

  constructor(given: AgentsClientOptions) {
    const options = requireOptions<AgentsClientOptions>(given, "AgentsClient", "`{ apiKey, baseUrl }`");
    // Only an absent key means relay mode: `apiKey: process.env.KEY` with the variable unset must not become one.
    const relayMode = !("apiKey" in options);
    const apiKey = options.apiKey;
    if (!relayMode && (typeof apiKey !== "string" || apiKey === "")) {
      throw new AgentlineError(
        "`apiKey` must be the API key created in the dashboard (a non-empty string); leave the property out " +
          "altogether for relay mode (a page calling `createAgentsRelay`).",
        { code: "invalid_option" },
      );
    }
    // Any other value used to send Bearer without a word; the value is not echoed (it may be the key itself).
    if (options.authScheme !== undefined && options.authScheme !== "bearer" && options.authScheme !== "basic") {
      throw new AgentlineError('`authScheme` must be "bearer" or "basic".', { code: "invalid_option" });
    }
    // Basic sends the key base64-encoded, which any key survives.
    if (apiKey && options.authScheme !== "basic") checkCredentialText(apiKey, "apiKey");
    refuseKeyInBrowser(options, "AgentsClient", relayMode ? undefined : "an API key");
    const authorization = apiKey ? authorizationHeader(apiKey, options.authScheme ?? "bearer") : undefined;
    // The header's credential too (its scheme stays readable): a Basic value echoed base64-encoded again is found.
    const secrets: readonly string[] =
      apiKey && authorization
        ? [apiKey, ...secretsInHeaders({ authorization }).filter((secret) => secret !== authorization)]
        : [];
    const credentials = { authorization: () => authorization, secrets: () => secrets };
    const transport = new Transport(options, credentials, relayMode);
    const operations = resolveOperations(AGENTS_OPERATIONS, options.routes, "AgentsClient");
    this.#context = { transport, operations, policy: {} };
    agentsClientContexts.set(this, this.#context);
    if (relayMode) keylessAgentsClients.add(this);
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
    return ApiPromise.deferred((raw) => {
      const checked = checkRawRequest(request);
      // A known operation's path keeps its retry class (a create with its own `agentId`, archive and unarchive are
      // repeated after an ambiguous failure, as through their methods).
      const known = matchRoute(this.#context.operations, checked.method, checked.path);
      const knownIdempotent = known ? isIdempotent(known, request.body) : undefined;
      return this.#context.transport.request(rawRequestSpec(checked, raw, knownIdempotent));
    });
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
