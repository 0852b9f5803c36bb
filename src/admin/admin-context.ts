import type * as v from "valibot";
import { ApiPromise, type WithResponse } from "../core/api-promise.js";
import {
  AgentlineError,
  type ApiError,
  AuthenticationError,
  PermissionDeniedError,
  RateLimitError,
} from "../core/errors.js";
import type { CallOptions } from "../core/options.js";
import { fillPath } from "../core/paths.js";
import { hashBudgetKey, type RateBudgets } from "../core/rate-budget.js";
import { parseResponse } from "../core/schema.js";
import type { QueryValue, Transport } from "../core/transport.js";
import { WAIT_EXCEEDS_CAP } from "../core/wait.js";
import { assertNotFailedInBody } from "./operation-failed-error.js";
import { ADMIN_RATE_LIMITS, type AdminKeyKind, type AdminRoute, type AdminRouteName } from "./routes.js";

// Provider and model ids are catalog ids whose format the spec does not give: free-form names (a `/` is sent
// encoded); every other placeholder is a prefixed id or a number.
const CATALOG_ID_PLACEHOLDERS = { provider: "name", model: "name" } as const;

/** What every Admin / Organization resource shares. */
export interface AdminContext {
  transport: Transport;
  routes: Record<AdminRouteName, AdminRoute>;
  /** Proactive budgets; `undefined` when the caller turned them off. */
  budgets: RateBudgets | undefined;
  /** An opaque hash of the API key, so budgets are per key without holding the key. */
  budgetKey: () => Promise<string>;
  keyKind: AdminKeyKind;
  /** Filled into bodies that need it (Organization API). */
  organizationId?: string | undefined;
  /** Secrets to scrub from errors built outside the transport (a failure inside a 2xx body). */
  secrets?: (() => readonly string[]) | undefined;
}

/** One call of an admin route (by name, or a route built for `request()`). */
export interface AdminCall<S extends v.GenericSchema | undefined> {
  route: AdminRouteName | AdminRoute;
  operation: string;
  pathParams?: Record<string, string>;
  query?: Record<string, QueryValue> | undefined;
  body?: unknown;
  /** The response schema; `undefined` keeps the body as it came (204 → `undefined`). */
  schema: S;
  options?: CallOptions | undefined;
  /** Sent on every attempt (`request()` only). */
  idempotencyKey?: string | undefined;
  /** Leave the body unread (`request().asResponse()`). */
  raw?: boolean | undefined;
}

type Output<S> = S extends v.GenericSchema ? v.InferOutput<S> : unknown;

/** The key kind and scope a route needs, said the way a person fixes it. */
export function accessHint(route: AdminRoute): string {
  const kind = route.keyKind === "organization" ? "an organization key" : "a team key";
  if (route.scopes === undefined) return `this route needs ${kind}`;
  const scopes = [...route.scopes, "admin:*"].join(", ");
  return `this route needs ${kind} with one of the scopes ${scopes}`;
}

/** A key derived per client once: `hashBudgetKey` is async (SHA-256), so it is memoized. */
export function memoizedBudgetKey(apiKey: string): () => Promise<string> {
  let key: Promise<string> | undefined;
  return () => {
    key ??= hashBudgetKey(apiKey);
    return key;
  };
}

/**
 * Sends one admin route: takes a token from the route family's budget before every attempt (so
 * normal use never meets a 429), honours a 429's `Retry-After` for everyone sharing the budget, and
 * turns a 401/403 into an error that says which key kind and scope the route needs.
 */
export async function adminSend<S extends v.GenericSchema | undefined>(
  context: AdminContext,
  call: AdminCall<S>,
): Promise<WithResponse<Output<S>>> {
  const route = typeof call.route === "string" ? context.routes[call.route] : call.route;
  if (route.keyKind !== context.keyKind) {
    throw new AgentlineError(
      `${call.operation}: ${accessHint(route)}; use the ${route.keyKind === "team" ? "AdminClient" : "OrganizationClient"}.`,
      {
        code: "wrong_key_kind",
      },
    );
  }
  const { budgets } = context;
  const family = route.family;
  const bucket = family && budgets ? `${await context.budgetKey()}:${family}` : undefined;
  const path = fillPath(route.path, call.pathParams ?? {}, call.operation, CATALOG_ID_PLACEHOLDERS);
  try {
    return await context.transport.request({
      operation: call.operation,
      method: route.method,
      path,
      query: call.query,
      body: call.body,
      idempotent: route.idempotent,
      idempotencyKey: call.idempotencyKey,
      stream: call.raw,
      options: call.options,
      parse: (json, response) => {
        assertNotFailedInBody(json, response, { method: route.method, path, secrets: context.secrets?.() ?? [] });
        return (call.schema ? parseResponse(call.schema, json, call.operation) : json) as Output<S>;
      },
      // A 429 blocks the family when it arrives, before this call's own retry wait (which then covers it).
      beforeRetryWait:
        bucket && budgets
          ? async (error) => {
              if (error instanceof RateLimitError) await budgets.penalize(bucket, error.retryAfterMs);
            }
          : undefined,
      beforeAttempt:
        bucket && family && budgets
          ? (_attempt, _previousError, signal) => budgets.acquire(bucket, family, ADMIN_RATE_LIMITS[family], signal)
          : undefined,
    });
  } catch (error) {
    // A server's 429 blocks the family for everyone sharing the budget (however long: callers whose cap is
    // shorter fail at once until it passes); a refusal of the budget itself changes nothing.
    if (bucket && budgets && error instanceof RateLimitError && error.code !== WAIT_EXCEEDS_CAP)
      await budgets.penalize(bucket, error.retryAfterMs);
    if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) {
      throw (error as ApiError).withHint(accessHint(route));
    }
    throw error;
  }
}

/** {@link adminSend} as an awaitable {@link ApiPromise}; validation errors become rejections. */
export function adminCall<S extends v.GenericSchema | undefined>(
  context: AdminContext,
  build: () => AdminCall<S>,
): ApiPromise<Output<S>> {
  return ApiPromise.from(() => adminSend(context, build()));
}
