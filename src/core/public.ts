// The core names every entry point re-exports: errors, the promise and page types, options.
export { ApiPromise, type WithResponse } from "./api-promise.js";
export {
  AbortError,
  AgentlineError,
  type AgentlineErrorCode,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  GoneError,
  InternalServerError,
  isAgentlineError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  ValidationError,
  type ValidationIssue,
} from "./errors.js";
export type { Operation, OperationOutput, RoutesOverride } from "./operation.js";
export type {
  AfterResponseState,
  BaseClientOptions,
  BeforeRequestState,
  BeforeRetryState,
  BrowserKeyOptions,
  CallOptions,
  CredentialsMode,
  FetchLike,
  Hooks,
  Logger,
  LogLevel,
  LogRecord,
} from "./options.js";
export { type CursorPage, PagePromise } from "./pagination.js";
export type { RateLimitInfo } from "./rate-limit.js";
export type { RawRequest } from "./raw-request.js";
export type { RetryState } from "./retry.js";
export { assertRequest, requestIssues } from "./schema.js";
export type { QueryValue } from "./transport.js";
export { VERSION } from "./version.js";
