import { ApiPromise, type WithResponse } from "../core/api-promise.js";
import { checkOptions, FUNCTION_OPTION, hasMethods, isObject, optional, requireOptions } from "../core/arguments.js";
import { authorizationHeader } from "../core/auth.js";
import { refuseKeyInBrowser } from "../core/browser-key.js";
import { AgentlineError, ValidationError } from "../core/errors.js";
import { type HttpMethod, type RoutesOverride, sendOperation } from "../core/operation.js";
import { resolveOperations } from "../core/operation-routes.js";
import type { ApiKeyClientOptions } from "../core/options.js";
import { type RateBudgetStore, RateBudgets, type RateBudgetWait } from "../core/rate-budget.js";
import { callOptionsOf, checkRawRequest, type RawRequest, rawIdempotent } from "../core/raw-request.js";
import { secretsInHeaders } from "../core/redact.js";
import { matchRoute } from "../core/route-match.js";
import { Transport } from "../core/transport.js";
import { type AdminContext, adminPolicy } from "./admin-policy.js";
import { ADMIN_RATE_LIMITS, type AdminKeyKind, type AdminOperation, type AdminRouteFamily } from "./operation-types.js";
import { ADMIN_OPERATIONS } from "./operations.js";

/** Options of the Admin and Organization clients. Keys travel as HTTP Basic (key as username). */
export interface AdminClientOptions extends Omit<ApiKeyClientOptions, "authScheme"> {
  /**
   * Proactive rate budgets per route family (the spec's per-minute limits), so normal use never meets
   * a 429: `false` turns them off; `store` shares them across client instances (and processes, with a
   * shared store).
   */
  rateBudgets?: false | { store?: RateBudgetStore | undefined } | undefined;
  /** Called before each wait for a budget (for progress lines). */
  onWait?: ((wait: RateBudgetWait) => void) | undefined;
  /** Method and/or path overrides by operation name (e.g. the assumed team single-model `modelAccess.setModel`). */
  routes?: RoutesOverride<typeof ADMIN_OPERATIONS> | undefined;
}

/** Builds the shared context of an Admin or Organization client. */
export function adminContext(given: AdminClientOptions, keyKind: AdminKeyKind, organizationId?: string): AdminContext {
  const owner = keyKind === "team" ? "AdminClient" : "OrganizationClient";
  const options = requireOptions<AdminClientOptions>(given, owner, "`{ apiKey, baseUrl }`");
  const { apiKey } = options;
  if (typeof apiKey !== "string" || apiKey === "") {
    throw new AgentlineError(`\`apiKey\` is required: pass a ${keyKind} API key.`, { code: "invalid_option" });
  }
  refuseKeyInBrowser(options, owner, `a ${keyKind} API key`);
  checkOptions(options, "options", {
    rateBudgets: [
      (value) => value === false || (isObject(value) && optional(value.store, hasMethods("take", "block"))),
      "false, or `{ store }` with a RateBudgetStore (take, block)",
    ],
    onWait: FUNCTION_OPTION,
  });
  const authorization = authorizationHeader(apiKey, "basic");
  // The header's credential too (its scheme stays readable): a Basic value echoed base64-encoded again is found.
  const secrets = [apiKey, ...secretsInHeaders({ authorization }).filter((secret) => secret !== authorization)];
  const transport = new Transport(options, { authorization: () => authorization, secrets: () => secrets });
  const operations = resolveOperations(ADMIN_OPERATIONS, options.routes, owner);
  const budgets =
    options.rateBudgets === false
      ? undefined
      : new RateBudgets({
          store: options.rateBudgets?.store,
          now: options.now,
          sleep: options.sleep,
          onWait: options.onWait,
          maxWaitMs: transport.retrySettings.maxRetryAfterMs,
        });
  const policy = adminPolicy(keyKind, apiKey, budgets) as AdminContext["policy"];
  return { transport, operations, policy, keyKind, organizationId };
}

/** {@link RawRequest} on an Admin or Organization client: `family` picks the rate budget (`false`: none). */
export interface AdminRawRequest<T = unknown> extends RawRequest<T> {
  /** Default: the family of the known route the path names, else none. */
  family?: AdminRouteFamily | false | undefined;
}

/**
 * `request()` of the Admin and Organization clients: a known route's key kind, family and retry class when the path
 * names one, the caller's `family` otherwise; then the same budgets, 401/403 hints and in-body failures as every call.
 */
export function adminRequest<T>(context: AdminContext, request: AdminRawRequest<T>): ApiPromise<T> {
  return ApiPromise.deferred(async (raw) => {
    const checked = checkRawRequest(request);
    const family = request.family;
    if (family !== undefined && family !== false && !Object.hasOwn(ADMIN_RATE_LIMITS, family)) {
      const message = `must be false or one of ${Object.keys(ADMIN_RATE_LIMITS).join(", ")}`;
      throw new ValidationError([{ path: "family", rule: "enum", message }], { context: "request" });
    }
    const known: AdminOperation | undefined = matchRoute(context.operations, checked.method, checked.path);
    const operation: AdminOperation = {
      method: checked.method as HttpMethod,
      path: checked.path,
      keyKind: known?.keyKind ?? context.keyKind,
      scopes: known?.scopes,
      family: family === false ? undefined : (family ?? known?.family),
      response: checked.request.schema,
    };
    const result = await sendOperation({ ...context, operations: { request: operation } }, "request", {
      query: checked.request.query,
      body: checked.request.body,
      options: callOptionsOf(checked.request),
      idempotencyKey: checked.request.idempotencyKey,
      idempotent: rawIdempotent(checked, known?.idempotent as boolean | undefined),
      raw,
    });
    return result as WithResponse<T>;
  });
}
