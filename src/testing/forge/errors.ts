import type { Reply } from "../responses.js";

/** The RPC statuses the forge answers with, by name. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Errors) */
export type RpcStatus =
  | "InvalidArgument"
  | "FailedPrecondition"
  | "NotFound"
  | "AlreadyExists"
  | "Aborted"
  | "PermissionDenied"
  | "Unauthenticated"
  | "ResourceExhausted"
  | "Internal"
  | "Unavailable";

/** Numeric code and HTTP status of each {@link RpcStatus} (google.rpc.Code values). */
export const RPC_STATUS: Readonly<Record<RpcStatus, { code: number; http: number }>> = {
  InvalidArgument: { code: 3, http: 400 },
  FailedPrecondition: { code: 9, http: 400 },
  NotFound: { code: 5, http: 404 },
  AlreadyExists: { code: 6, http: 409 },
  Aborted: { code: 10, http: 409 },
  PermissionDenied: { code: 7, http: 403 },
  Unauthenticated: { code: 16, http: 401 },
  ResourceExhausted: { code: 8, http: 429 },
  Internal: { code: 13, http: 500 },
  Unavailable: { code: 14, http: 503 },
};

/** One entry of a `google.rpc.BadRequest` detail. */
export interface FieldViolation {
  field: string;
  description: string;
}

const BAD_REQUEST = "type.googleapis.com/google.rpc.BadRequest";
const REQUEST_INFO = "type.googleapis.com/google.rpc.RequestInfo";

/** The forge's RPC-style error reply: `{code, message, details}` with a request-info entry always. */
export function rpcErrorReply(
  status: RpcStatus,
  message: string,
  requestId: string,
  violations: readonly FieldViolation[] = [],
  headers: Record<string, string> = {},
): Reply {
  const { code, http } = RPC_STATUS[status];
  const details: unknown[] = [];
  if (violations.length > 0) details.push({ "@type": BAD_REQUEST, fieldViolations: violations.map((v) => ({ ...v })) });
  details.push({ "@type": REQUEST_INFO, requestId });
  return { status: http, body: { code, message, details }, headers: { ...headers, "x-request-id": requestId } };
}

/** Thrown inside forge handlers to answer with an RPC error; the forge's entry point catches it. */
export class ForgeFailure extends Error {
  readonly status: RpcStatus;
  readonly violations: readonly FieldViolation[];

  constructor(status: RpcStatus, message: string, violations: readonly FieldViolation[] = []) {
    super(`${status}: ${message}`);
    this.status = status;
    this.violations = violations;
  }
}

/** An InvalidArgument failure naming one field. */
export function invalidArgument(field: string, description: string): ForgeFailure {
  return new ForgeFailure("InvalidArgument", `${field}: ${description}`, [{ field, description }]);
}

/** An Unauthenticated failure; the message says what was wrong with the credential, never the secret. */
export function unauthenticated(message: string): ForgeFailure {
  return new ForgeFailure("Unauthenticated", message);
}
