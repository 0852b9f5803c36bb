// App-level routes: rate limit, discovery, the app, installations, webhooks, app management (user).
import { ANY, APP, INSTALLATION, NONE, op, USER } from "./route.js";

/** Rate limit, discovery and keys. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Endpoints) */
export const META_ROUTES = {
  rateLimit: op("GET", "/rate_limit", ANY, undefined, 0),
  // Unauthenticated, hence never charged.
  getOpenIdConfiguration: op("GET", "/.well-known/openid-configuration", NONE, undefined, 0),
  getKeys: op("GET", "/keys", NONE, undefined, 0),
} as const;

/** The app, its installations and its webhook deliveries (app JWT). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export const APP_ROUTES = {
  getApp: op("GET", "/app", APP, undefined, 1),
  listInstallations: op("GET", "/app/installations", APP, undefined, 1),
  getInstallation: op("GET", "/app/installations/{installationId}", APP, undefined, 1),
  // A repeat finds nothing to delete (404); it cannot delete anything else.
  deleteInstallation: op("DELETE", "/app/installations/{installationId}", APP, undefined, 5, { idempotent: true }),
  // Minting twice gives two valid tokens: harmless. Costs 1 (spec, Limits).
  createInstallationToken: op("POST", "/app/installations/{installationId}/access_tokens", APP, undefined, 1, {
    idempotent: true,
  }),
  listInstallationRepos: op("GET", "/installation/repos", INSTALLATION, undefined, 1),
  listWebhookDeliveries: op("GET", "/app/webhook/deliveries", APP, undefined, 1),
  // A repeat answers `already_in_flight` or sends the same delivery id again, which receivers dedupe on.
  redeliverWebhooks: op("POST", "/app/webhook/deliveries:batchRedeliver", APP, undefined, 5, { idempotent: true }),
  // A ping stores nothing (never listed or redeliverable); a second one is only a second ping.
  pingWebhook: op("POST", "/app/webhook/pings", APP, undefined, 5, { idempotent: true }),
} as const;

/** App management and namespace operations (user credentials). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const APP_MANAGEMENT_ROUTES = {
  getAppById: op("GET", "/apps/{appId}", USER, "namespace:apps:read", 1),
  // Set-to-value fields and clean-replace wrappers: applying twice equals applying once.
  updateApp: op("PATCH", "/apps/{appId}", USER, "app:settings:write", 5, { idempotent: true }),
  // The kid is the key's digest, so a repeat is refused (AlreadyExists 409), never a second key.
  createSigningKey: op("POST", "/apps/{appId}/signing_keys", USER, "app:settings:write", 5, { idempotent: true }),
  deleteSigningKey: op("DELETE", "/apps/{appId}/signing_keys/{kid}", USER, "app:settings:write", 5, {
    idempotent: true,
  }),
  // Every call creates another app.
  createNamespaceApp: op("POST", "/namespaces/{namespaceSlug}/apps", USER, "namespace:apps:create", 10, {
    idempotent: false,
  }),
  listNamespaceApps: op("GET", "/namespaces/{namespaceSlug}/apps", USER, "namespace:apps:read", 1),
  // A union with the current selection.
  addInstallationRepos: op(
    "POST",
    "/namespaces/{namespaceSlug}/installations/{installationId}/repos",
    USER,
    "namespace:installations:write",
    5,
    { idempotent: true },
  ),
} as const;
