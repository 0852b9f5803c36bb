import { AgentlineError, type ApiError, AuthenticationError, PermissionDeniedError } from "../core/errors.js";
import type { CallBudget, OperationContext, SendPolicy } from "../core/operation.js";
import { hashBudgetKey, type RateBudgets } from "../core/rate-budget.js";
import { assertNotFailedInBody } from "./operation-failed-error.js";
import { ADMIN_RATE_LIMITS, type AdminKeyKind, type AdminOperation } from "./operation-types.js";
import type { ADMIN_OPERATIONS } from "./operations.js";

// What the Admin and Organization APIs add to the core sender: who may call what (key kind), the family budgets
// (per hashed key), in-body failures of a 2xx, and 401/403 errors that say which key and scope an operation needs.

/** What every Admin / Organization resource shares: the core context plus the key kind and organization. */
export interface AdminContext extends OperationContext<typeof ADMIN_OPERATIONS> {
  keyKind: AdminKeyKind;
  /** Filled into bodies that need it (Organization API). */
  organizationId?: string | undefined;
}

/** The key kind and scope an operation needs, said the way a person fixes it. */
export function accessHint(operation: AdminOperation): string {
  const kind = operation.keyKind === "organization" ? "an organization key" : "a team key";
  if (operation.scopes === undefined) return `this route needs ${kind}`;
  return `this route needs ${kind} with one of the scopes ${[...operation.scopes, "admin:*"].join(", ")}`;
}

/** The policy of one Admin or Organization client. `budgets` is `undefined` when the caller turned them off. */
export function adminPolicy(
  keyKind: AdminKeyKind,
  apiKey: string,
  budgets: RateBudgets | undefined,
): SendPolicy<AdminOperation> {
  // `hashBudgetKey` is async (SHA-256): derived once per client, so budgets are per key without holding the key.
  let hashed: Promise<string> | undefined;
  const bucket = async (family: string) => {
    hashed ??= hashBudgetKey(apiKey);
    return `${await hashed}:${family}`;
  };
  return {
    // Provider and model ids are catalog names whose format the spec does not give (a `/` is sent encoded).
    placeholders: { provider: "name", model: "name" },
    admit(operation, name) {
      if (operation.keyKind === keyKind) return;
      const client = operation.keyKind === "team" ? "AdminClient" : "OrganizationClient";
      throw new AgentlineError(`${name}: ${accessHint(operation)}; use the ${client}.`, { code: "wrong_key_kind" });
    },
    budget(operation): CallBudget | undefined {
      const family = operation.family;
      if (family === undefined || budgets === undefined) return undefined;
      return {
        acquire: async (signal) => budgets.acquire(await bucket(family), family, ADMIN_RATE_LIMITS[family], signal),
        penalize: async (retryAfterMs) => budgets.penalize(await bucket(family), retryAfterMs),
      };
    },
    inspect: (json, response, request) => assertNotFailedInBody(json, response, { ...request, secrets: [apiKey] }),
    explain(error, operation) {
      const denied = error instanceof AuthenticationError || error instanceof PermissionDeniedError;
      return denied ? (error as ApiError).withHint(accessHint(operation)) : error;
    },
  };
}
