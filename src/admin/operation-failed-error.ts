import { ApiError } from "../core/errors.js";
import { redactText } from "../core/redact.js";
import { isPlainObject } from "../core/validation.js";

/**
 * A 2xx answer whose body says the operation failed: the single spend-limit route answers `{outcome: "error",
 * message}` (its response column lists `outcome: success or error`), and a body in any of the Admin API's error
 * shapes (`{code: "error", message}`, `{error}`) or `{success: false}` is a failure whatever the status. `status`
 * is the HTTP status as received (so logs stay true); `code` is `operation_failed`; `serverMessage` is the body's.
 * Catch it with `ApiError` together with the 4xx forms of the same failure.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Errors)
 */
export class OperationFailedError extends ApiError {}

/** The code every {@link OperationFailedError} carries. */
export const OPERATION_FAILED = "operation_failed";

/**
 * The failure message a successful-status body carries, or `undefined` when the body is not a failure. Only the
 * top level is read: per-row failures of the bulk routes are rows, reported by the bulk result.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Errors)
 */
export function failureInBody(json: unknown): string | undefined {
  if (!isPlainObject(json)) return undefined;
  const message = typeof json.message === "string" ? json.message : undefined;
  if (json.outcome === "error") return message ?? "the operation failed (outcome: error)";
  if (json.code === "error") return message ?? "the operation failed (code: error)";
  if (typeof json.error === "string") return json.error === "" ? "the operation failed (error)" : json.error;
  if (json.success === false) return message ?? "the operation failed (success: false)";
  return undefined;
}

/** What an {@link OperationFailedError} says about the request besides the body. */
export interface FailedRequest {
  method: string;
  path: string;
  /** Known secrets (the API key), scrubbed from the message and body like every error's. */
  secrets: readonly string[];
}

/** Throws an {@link OperationFailedError} when a successful-status body reports a failure. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Errors) */
export function assertNotFailedInBody(json: unknown, response: Response, request: FailedRequest): void {
  const message = failureInBody(json);
  if (message === undefined) return;
  throw new OperationFailedError({
    status: response.status,
    code: OPERATION_FAILED,
    message: redactText(message, request.secrets),
    requestId: response.headers.get("x-request-id") ?? undefined,
    body: redactBody(json, request.secrets),
    method: request.method,
    path: request.path,
  });
}

// The body as received, or (when it holds a secret) its scrubbed copy.
function redactBody(json: unknown, secrets: readonly string[]): unknown {
  const text = JSON.stringify(json);
  const scrubbed = redactText(text, secrets);
  if (scrubbed === text) return json;
  try {
    return JSON.parse(scrubbed);
  } catch {
    return scrubbed.slice(0, 200);
  }
}
