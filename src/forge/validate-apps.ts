import { optionalArgument } from "../core/arguments.js";
import { ValidationError, type ValidationIssue } from "../core/errors.js";
import { checkRequest } from "../core/schema.js";
import type { LedgerTime } from "./check-runs/types.js";
import { validateCheckRunPost } from "./check-runs/validate.js";
import {
  type AnnotationsParams,
  AnnotationsSchema,
  type CreateAppParams,
  CreateAppSchema,
  type ListDeliveriesParams,
  ListDeliveriesQuerySchema,
  type RedeliverParams,
  RedeliverSchema,
  type SigningKeyParams,
  SigningKeyRequestSchema,
  type TokenNarrowingParams,
  TokenNarrowingSchema,
  type UpdateAppParams,
  UpdateAppSchema,
} from "./schemas/app-requests.js";
import { issuesOf, PAGE_NUMBERS, queryObject } from "./validate-support.js";

// check*/assert* pairs for apps, signing keys, installation tokens, webhook deliveries and check runs.
export { uniqueInOrder } from "./schemas/app-requests.js";

/** The request parameter types, next to the functions that check them. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export type {
  AnnotationsParams,
  CreateAppParams,
  ListDeliveriesParams,
  RedeliverParams,
  SigningKeyParams,
  TokenNarrowingParams,
  UpdateAppParams,
};

const DELIVERIES_QUERY = { numbers: PAGE_NUMBERS, booleans: ["delivered"] } as const;

/** Every rule a Create App body breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkCreateApp(input: unknown): ValidationIssue[] {
  return issuesOf(CreateAppSchema, input);
}

/** The body, or a thrown request `ValidationError` (a private key is refused). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertCreateApp(input: unknown, context = "apps.create"): CreateAppParams {
  return checkRequest(CreateAppSchema, input, context);
}

/** Every rule a PATCH /apps/{appId} body breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export function checkUpdateApp(input: unknown): ValidationIssue[] {
  return issuesOf(UpdateAppSchema, input);
}

/** The body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export function assertUpdateApp(input: unknown, context = "apps.update"): UpdateAppParams {
  return checkRequest(UpdateAppSchema, input, context);
}

/** Every rule a signing-key registration breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export function checkSigningKey(input: unknown): ValidationIssue[] {
  return issuesOf(SigningKeyRequestSchema, input);
}

/** The body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export function assertSigningKey(input: unknown, context = "apps.signingKeys.create"): SigningKeyParams {
  return checkRequest(SigningKeyRequestSchema, input, context);
}

/** Every rule an installation-token narrowing body breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export function checkTokenNarrowing(input?: unknown): ValidationIssue[] {
  return issuesOf(TokenNarrowingSchema, input ?? {});
}

/** The body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export function assertTokenNarrowing(input?: unknown, context = "installations.createToken"): TokenNarrowingParams {
  return checkRequest(TokenNarrowingSchema, input ?? {}, context);
}

/** Every rule a batch redeliver body breaks (use `uniqueInOrder` to drop repeats first). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export function checkRedeliver(input: unknown): ValidationIssue[] {
  return issuesOf(RedeliverSchema, input);
}

/** The body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export function assertRedeliver(input: unknown, context = "deliveries.redeliver"): RedeliverParams {
  return checkRequest(RedeliverSchema, input, context);
}

/** Every rule a delivery list query breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export function checkListDeliveriesQuery(input?: unknown): ValidationIssue[] {
  return issuesOf(ListDeliveriesQuerySchema, queryObject(input, DELIVERIES_QUERY));
}

/** The query, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export function assertListDeliveriesQuery(input?: unknown, context = "deliveries.list"): ListDeliveriesParams {
  return checkRequest(ListDeliveriesQuerySchema, queryObject(input, DELIVERIES_QUERY), context);
}

/** Every rule an annotation append breaks (1..25 per call). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export function checkAnnotations(input: unknown): ValidationIssue[] {
  return issuesOf(AnnotationsSchema, input);
}

/** The body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export function assertAnnotations(input: unknown, context = "annotations.append"): AnnotationsParams {
  return checkRequest(AnnotationsSchema, input, context);
}

/** Every rule a check-run post breaks, judged at `now` (default: the current time). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export function checkCheckRunPost(input: unknown, options: { now?: LedgerTime } = {}): ValidationIssue[] {
  const { now } = optionalArgument(options, "options", "checkCheckRunPost");
  return validateCheckRunPost(input, { now: now ?? Date.now() });
}

/** Throws a request `ValidationError` when a check-run post breaks a rule. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export function assertCheckRunPost(input: unknown, options: { now?: LedgerTime; context?: string } = {}): void {
  const { context } = optionalArgument(options, "options", "assertCheckRunPost");
  const issues = checkCheckRunPost(input, options);
  if (issues.length > 0)
    throw new ValidationError(issues, { direction: "request", context: context ?? "checkRuns.post" });
}
