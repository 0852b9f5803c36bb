import { requireClientContext } from "../core/arguments.js";
import { callOperation } from "../core/operation.js";
import type { CallOptions } from "../core/options.js";
import type { AgentsContext } from "./operations.js";
import type { CreateSubTokenParams } from "./schemas/requests.js";

/** The model list, for `model.id` and `model.params` (route assumed). @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export class ModelsResource {
  readonly #context: AgentsContext;
  constructor(context: AgentsContext) {
    requireClientContext(context, "ModelsResource");
    this.#context = context;
  }

  /** Every model the key may use. */
  list(options?: CallOptions) {
    return callOperation(this.#context, "models.list", { options });
  }
}

/** Repositories the key can reach (route assumed). @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export class RepositoriesResource {
  readonly #context: AgentsContext;
  constructor(context: AgentsContext) {
    requireClientContext(context, "RepositoriesResource");
    this.#context = context;
  }

  /** Every repository the key can reach. */
  list(options?: CallOptions) {
    return callOperation(this.#context, "repositories.list", { options });
  }
}

/** Short-lived tokens a service-account key mints for one team member (route assumed). @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Authentication) */
export class SubTokensResource {
  readonly #context: AgentsContext;
  constructor(context: AgentsContext) {
    requireClientContext(context, "SubTokensResource");
    this.#context = context;
  }

  /** Mints a 1-hour token for the member named by exactly one of `forUserEmail` / `forUserId`. */
  create(body: CreateSubTokenParams, options?: CallOptions) {
    return callOperation(this.#context, "subTokens.create", { body, options });
  }
}

/** Information about the API key in use (route assumed). */
export function apiKeyInfo(context: AgentsContext, options?: CallOptions) {
  return callOperation(context, "me", { options });
}
