import type { AuthScheme } from "./auth.js";
import type { RetryState } from "./retry.js";

/** A `fetch`-compatible function: the global one, a fake service's, or a test double. */
export type FetchLike = (input: Request) => Promise<Response>;

/** Passed to `beforeRequest`: may return a replacement `Request` (headers added, say). */
export interface BeforeRequestState {
  request: Request;
  attempt: number;
  operation: string;
}

/** Passed to `afterResponse`: may return a replacement `Response`. */
export interface AfterResponseState {
  request: Request;
  response: Response;
  attempt: number;
  operation: string;
}

/** Passed to `beforeRetry`, after the decision to retry and before the wait. Throw to stop retrying. */
export interface BeforeRetryState extends RetryState {
  request: Request;
  delayMs: number;
  operation: string;
}

/** Lifecycle hooks; each receives one state object (ky-style), and runs in array order. */
export interface Hooks {
  beforeRequest?: Array<(state: BeforeRequestState) => Request | undefined | Promise<Request | undefined>>;
  afterResponse?: Array<(state: AfterResponseState) => Response | undefined | Promise<Response | undefined>>;
  beforeRetry?: Array<(state: BeforeRetryState) => void | Promise<void>>;
}

/** One structured log record. Never contains a key, JWT or token. */
export interface LogRecord {
  event: "response" | "retry" | "failure";
  operation: string;
  method: string;
  path: string;
  status?: number | undefined;
  attempt: number;
  requestId?: string | undefined;
  ms: number;
  delayMs?: number | undefined;
  errorCode?: string | undefined;
  message?: string | undefined;
}

/** A console-compatible logger; `console` itself works. */
export interface Logger {
  debug?(message: string, record: LogRecord): void;
  info?(message: string, record: LogRecord): void;
  warn?(message: string, record: LogRecord): void;
  error?(message: string, record: LogRecord): void;
}

/** Options every agentline client accepts. */
export interface BaseClientOptions {
  /** The service origin, without `/v1` (for example `https://api.example.com`). */
  baseUrl: string;
  /** Defaults to the global `fetch`; pass one where there is none, or to route through a fake. */
  fetch?: FetchLike | undefined;
  /** Retries after the first attempt (default 2). */
  maxRetries?: number | undefined;
  /** Per-attempt timeout in ms, body included (default 60 000). */
  timeoutMs?: number | undefined;
  /**
   * The longest wait honoured, in ms (default 60 000): a `Retry-After` or a rate budget asking for longer fails the
   * call at once with a `RateLimitError` carrying `retryAfter`. Also caps backoff and polling intervals.
   */
  maxRetryAfterMs?: number | undefined;
  /** Overrides the retry decision; return `undefined` to keep the default. */
  shouldRetry?: ((state: RetryState & { defaultDecision: boolean }) => boolean | undefined) | undefined;
  hooks?: Hooks | undefined;
  logger?: Logger | undefined;
  /** Extra headers on every request. */
  headers?: Record<string, string> | undefined;
  /** Waits between retries; inject to make tests instant. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** The clock, in ms; inject for tests. */
  now?: (() => number) | undefined;
  /** Jitter source in [0, 1); inject for tests. */
  random?: (() => number) | undefined;
}

/** Options of API-key clients (Cloud Agents, Admin). */
export interface ApiKeyClientOptions extends BaseClientOptions {
  apiKey: string;
  /** `bearer` (default) or `basic` (key as username, empty password). */
  authScheme?: AuthScheme | undefined;
}

/** Options one call may override. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  maxRetries?: number | undefined;
  headers?: Record<string, string> | undefined;
}
