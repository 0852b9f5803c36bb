/** One operation's method and path template (`{id}`, `{runId}` are filled in, URL-encoded). */
export interface Route {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  /** True when the spec does not show this route and the default is our best knowledge. */
  assumed?: boolean;
}

/**
 * Every Cloud Agents operation's route. Those marked `assumed` are not shown in the spec; their
 * defaults come from a public Node SDK for this API (see README "Assumptions") and every one can be
 * overridden with the client's `routes` option.
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints)
 */
export const AGENTS_ROUTES = {
  createAgent: { method: "POST", path: "/v1/agents" },
  listAgents: { method: "GET", path: "/v1/agents" },
  getAgent: { method: "GET", path: "/v1/agents/{id}" },
  deleteAgent: { method: "DELETE", path: "/v1/agents/{id}" },
  archiveAgent: { method: "POST", path: "/v1/agents/{id}/archive" },
  unarchiveAgent: { method: "POST", path: "/v1/agents/{id}/unarchive", assumed: true },
  agentUsage: { method: "GET", path: "/v1/agents/{id}/usage" },
  createRun: { method: "POST", path: "/v1/agents/{id}/runs" },
  listRuns: { method: "GET", path: "/v1/agents/{id}/runs" },
  getRun: { method: "GET", path: "/v1/agents/{id}/runs/{runId}" },
  cancelRun: { method: "POST", path: "/v1/agents/{id}/runs/{runId}/cancel" },
  streamRun: { method: "GET", path: "/v1/agents/{id}/runs/{runId}/stream" },
  listArtifacts: { method: "GET", path: "/v1/agents/{id}/artifacts", assumed: true },
  downloadArtifact: { method: "GET", path: "/v1/agents/{id}/artifacts/download", assumed: true },
  listModels: { method: "GET", path: "/v1/models", assumed: true },
  listRepositories: { method: "GET", path: "/v1/repositories", assumed: true },
  apiKeyInfo: { method: "GET", path: "/v1/me", assumed: true },
  // No public source shows sub-token minting; this path is our pick.
  createSubToken: { method: "POST", path: "/v1/sub-tokens", assumed: true },
} as const satisfies Record<string, Route>;

/** The name of a Cloud Agents operation in {@link AGENTS_ROUTES}. */
export type AgentsRouteName = keyof typeof AGENTS_ROUTES;

/** Per-operation overrides of method and/or path. */
export type AgentsRoutesOverride = Partial<Record<AgentsRouteName, Partial<Route>>>;

/** The routes table with the caller's overrides applied. */
export function resolveRoutes(overrides: AgentsRoutesOverride | undefined): Record<AgentsRouteName, Route> {
  const out = { ...AGENTS_ROUTES } as Record<AgentsRouteName, Route>;
  for (const [name, override] of Object.entries(overrides ?? {}) as Array<[AgentsRouteName, Partial<Route>]>) {
    if (!(name in out)) continue;
    out[name] = { ...out[name], ...override, assumed: false };
  }
  return out;
}
