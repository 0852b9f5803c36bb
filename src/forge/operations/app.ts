// App-level operations: rate limit, discovery, the app, installations, webhooks, app management and namespaces.
import {
  CreateAppSchema,
  ListDeliveriesQuerySchema,
  RedeliverSchema,
  SigningKeyRequestSchema,
  TokenNarrowingSchema,
  UpdateAppSchema,
} from "../schemas/app-requests.js";
import {
  AccessTokenResponseSchema,
  AppSchema,
  InstallationReposPageSchema,
  InstallationSchema,
  InstallationsPageSchema,
  RateLimitResponseSchema,
} from "../schemas/auth.js";
import {
  AddInstallationReposSchema,
  CreateRepoSchema,
  NamespaceAppsPageSchema,
  RepositorySchema,
  ReposPageSchema,
} from "../schemas/namespace.js";
import { PageQuerySchema } from "../schemas/page-query.js";
import {
  PingResultSchema,
  RedeliverResultsSchema,
  SigningKeySchema,
  WebhookDeliveriesPageSchema,
} from "../schemas/webhook-responses.js";
import { ANY, APP, INSTALLATION, NONE, op, paged, REPO, USER } from "./entry.js";

const page = { query: PageQuerySchema };
const NAMESPACE = "/namespaces/{namespaceSlug}";

/** Rate limit, discovery and keys; unauthenticated ones are never charged. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Endpoints) */
export const META_OPERATIONS = {
  rateLimit: op("GET", "/rate_limit", ANY, undefined, 0, { response: RateLimitResponseSchema }),
  "discovery.openidConfiguration": op("GET", "/.well-known/openid-configuration", NONE, undefined, 0),
  "discovery.keys": op("GET", "/keys", NONE, undefined, 0),
} as const;

/** The app, its installations and its webhook deliveries (app JWT). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export const APP_OPERATIONS = {
  getApp: op("GET", "/app", APP, undefined, 1, { response: AppSchema }),
  "installations.list": op("GET", "/app/installations", APP, undefined, 1, {
    ...page,
    response: InstallationsPageSchema,
    list: paged("installations"),
  }),
  "installations.get": op("GET", "/app/installations/{installationId}", APP, undefined, 1, {
    response: InstallationSchema,
  }),
  // A repeat finds nothing to delete (404); it cannot delete anything else.
  "installations.delete": op("DELETE", "/app/installations/{installationId}", APP, undefined, 5, {
    idempotent: true,
    goneOnRetry: true,
  }),
  // Minting twice gives two valid tokens: harmless. Costs 1 (spec, Limits).
  installationToken: op("POST", "/app/installations/{installationId}/access_tokens", APP, undefined, 1, {
    idempotent: true,
    body: TokenNarrowingSchema,
    response: AccessTokenResponseSchema,
  }),
  "installationRepos.list": op("GET", "/installation/repos", INSTALLATION, undefined, 1, {
    ...page,
    response: InstallationReposPageSchema,
    list: paged("repositories"),
  }),
  "webhooks.deliveries.list": op("GET", "/app/webhook/deliveries", APP, undefined, 1, {
    query: ListDeliveriesQuerySchema,
    response: WebhookDeliveriesPageSchema,
    list: paged("deliveries"),
  }),
  // A repeat answers `already_in_flight` or sends the same delivery id again, which receivers dedupe on.
  "webhooks.redeliver": op("POST", "/app/webhook/deliveries:batchRedeliver", APP, undefined, 5, {
    idempotent: true,
    body: RedeliverSchema,
    response: RedeliverResultsSchema,
  }),
  // A ping stores nothing (never listed or redeliverable); a second one is only a second ping.
  "webhooks.ping": op("POST", "/app/webhook/pings", APP, undefined, 5, {
    idempotent: true,
    response: PingResultSchema,
  }),
} as const;

/** App management and namespace operations (user credentials). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const APP_MANAGEMENT_OPERATIONS = {
  "apps.get": op("GET", "/apps/{appId}", USER, "namespace:apps:read", 1, { response: AppSchema }),
  // Set-to-value fields and clean-replace wrappers: applying twice equals applying once.
  "apps.update": op("PATCH", "/apps/{appId}", USER, "app:settings:write", 5, {
    idempotent: true,
    body: UpdateAppSchema,
    response: AppSchema,
  }),
  // Not re-sent after an ambiguous failure: the kid is the key's digest, so a repeat of a registration whose answer
  // was lost meets AlreadyExists (409) for a key that was registered, hiding the success. (Spec: AlreadyExists 409.)
  "apps.signingKeys.create": op("POST", "/apps/{appId}/signing_keys", USER, "app:settings:write", 5, {
    idempotent: false,
    body: SigningKeyRequestSchema,
    response: SigningKeySchema,
  }),
  // A repeat after a lost answer finds the key already revoked (404): that revocation was this call's own.
  "apps.signingKeys.delete": op("DELETE", "/apps/{appId}/signing_keys/{kid}", USER, "app:settings:write", 5, {
    idempotent: true,
    goneOnRetry: true,
  }),
  // Every call creates another app.
  "namespace.apps.create": op("POST", `${NAMESPACE}/apps`, USER, "namespace:apps:create", 10, {
    body: CreateAppSchema,
    response: AppSchema,
  }),
  "namespace.apps.list": op("GET", `${NAMESPACE}/apps`, USER, "namespace:apps:read", 1, {
    ...page,
    response: NamespaceAppsPageSchema,
    list: paged("apps"),
  }),
  // Assumed: namespace-owned creations live under /namespaces/{namespaceSlug}/… (apps, installations).
  "namespace.repos.create": op("POST", `${NAMESPACE}/repos`, USER, "namespace:repositories:create", 10, {
    assumed: true,
    body: CreateRepoSchema,
    response: RepositorySchema,
  }),
  // Assumed: the namespace's repositories, beside the create (GitHub: GET /orgs/{org}/repos). Scope not shown.
  "namespace.repos.list": op("GET", `${NAMESPACE}/repos`, REPO, "repository:metadata:read", 1, {
    assumed: true,
    ...page,
    response: ReposPageSchema,
    list: paged("repositories"),
  }),
  // A union with the current selection.
  "namespace.installations.addRepos": op(
    "POST",
    `${NAMESPACE}/installations/{installationId}/repos`,
    USER,
    "namespace:installations:write",
    5,
    { idempotent: true, body: AddInstallationReposSchema, response: InstallationSchema },
  ),
} as const;
