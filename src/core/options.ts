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
  // `void` too: a hook that only looks (returns nothing) type-checks on every TypeScript version, 5.x included.
  beforeRequest?: Array<
    // biome-ignore lint/suspicious/noConfusingVoidType: a hook returning nothing must be assignable (TypeScript 5.x).
    (state: BeforeRequestState) => Request | undefined | void | Promise<Request | undefined | void>
  >;
  afterResponse?: Array<
    // biome-ignore lint/suspicious/noConfusingVoidType: as above.
    (state: AfterResponseState) => Response | undefined | void | Promise<Response | undefined | void>
  >;
  beforeRetry?: Array<(state: BeforeRetryState) => void | Promise<void>>;
}

/**
 * How much the client logs, from nothing to every response. Each level includes the ones before it: `error` (a
 * call failed for the service's reasons: 5xx, connection, timeout), `warn` (a call failed in a way that needs
 * configuration: 401, 403, 429, a response that breaks the spec), `info` (retries, a 409 the SDK resolved into
 * success, a call that failed with another 4xx), `debug` (every response, and calls the caller aborted).
 */
export type LogLevel = "off" | "error" | "warn" | "info" | "debug";

/** One structured log record. Never contains a key, JWT or token. */
export interface LogRecord {
  /** The level the record was logged at (also the logger method it went to). */
  level: Exclude<LogLevel, "off">;
  /** `resolved`: a failure the SDK turned into success (a retried create meeting its own earlier attempt's 409). */
  event: "response" | "retry" | "failure" | "resolved";
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

/**
 * A request's `credentials` mode, as Fetch defines `RequestCredentials` (declared here: that name exists only in
 * DOM typings, and the declarations must compile under Node's and Cloudflare's types too).
 */
export type CredentialsMode = "omit" | "same-origin" | "include";

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
   * call at once with a `RateLimitError` carrying `retryAfter`. Also caps backoff and polling intervals (though a cap
   * under 1 s never makes polling faster than once a second).
   */
  maxRetryAfterMs?: number | undefined;
  /** Overrides the retry decision; return `undefined` to keep the default. */
  shouldRetry?: ((state: RetryState & { defaultDecision: boolean }) => boolean | undefined) | undefined;
  hooks?: Hooks | undefined;
  /** Receives log records (console-compatible); `console` when only `logLevel` is set. */
  logger?: Logger | undefined;
  /**
   * Which records reach the logger. Default: `debug` when a `logger` is passed (it filters on its own), otherwise
   * `off`: the SDK never writes to the console unasked. No environment is read: pass e.g. `process.env.AGENTLINE_LOG`.
   */
  logLevel?: LogLevel | undefined;
  /**
   * The `credentials` mode of every request (`RequestCredentials`): `"include"` sends the page's cookies to a relay on
   * another origin. Default: the runtime's (`"same-origin"` in browsers).
   */
  credentials?: CredentialsMode | undefined;
  /** Extra headers on every request. A `User-Agent` here is kept, with the SDK's identifier after it. */
  headers?: Record<string, string> | undefined;
  /**
   * The identifying header. Default: `User-Agent: agentline/<version> (<runtime>)` on server runtimes and nothing in
   * browsers (any extra header there costs a CORS preflight); `true` also sends `X-Agentline-Client` from browsers,
   * `false` sends nothing anywhere.
   */
  identify?: boolean | undefined;
  /** Waits between retries; inject to make tests instant. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** The clock, in ms; inject for tests. */
  now?: (() => number) | undefined;
  /** Jitter source in [0, 1); inject for tests. */
  random?: (() => number) | undefined;
}

/** The opt-in of clients that hold a key (an API key, a private key) to run in a web page anyway. */
export interface BrowserKeyOptions {
  /**
   * A client given a key refuses to start in a web page, where anyone can read the key: proxy the calls through
   * `createAgentsRelay` ("agentline/relay") instead. `true` allows it, for a page no one else can open.
   */
  dangerouslyAllowBrowser?: boolean | undefined;
}

/** Options of API-key clients (Cloud Agents, Admin). */
export interface ApiKeyClientOptions extends BaseClientOptions, BrowserKeyOptions {
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
