import { rememberBody, type WithResponse } from "./api-promise.js";
import { checkedClock } from "./arguments.js";
import { checkCallOptions, checkClientOptions } from "./client-option-checks.js";
import { requestCredentials, resolveBaseUrl, resolveFetch } from "./endpoint.js";
import { AbortError, ApiError } from "./errors.js";
import { lowerCaseKeys, unsendableRequest } from "./header-values.js";
import { identifyingHeaders } from "./identity.js";
import { BROKEN, parseJson, serializeBody } from "./json-body.js";
import { errorFields, failureLevel, type LogThreshold, logThreshold } from "./log-levels.js";
import type {
  BaseClientOptions,
  CallOptions,
  CredentialsMode,
  FetchLike,
  Hooks,
  Logger,
  LogRecord,
} from "./options.js";
import { type QueryValue, queryString } from "./query-string.js";
import { redactorCache, secretsInHeaders } from "./redact.js";
import { decideRetry, type RetryPolicy, type RetryState, retryDelayMs } from "./retry.js";
import { apiErrorFromResponse, brokenBodyError, errorFromThrown, type RequestFacts, safeCause } from "./safe-errors.js";
import { AttemptGuard, sleep as defaultSleep } from "./signals.js";
import { waitCap } from "./wait.js";

export type { QueryValue } from "./query-string.js";

/** One operation as a client describes it to the transport. */
export interface RequestSpec<T> {
  /** A dotted name for logs and errors, e.g. `agents.get`. */
  operation: string;
  method: string;
  /** The path below the base URL, starting with `/`. */
  path: string;
  query?: Record<string, QueryValue> | undefined;
  /** A JSON body. */
  body?: unknown;
  /** True when repeating the request can never apply it twice; defaults by method (GET/HEAD/PUT/DELETE). */
  idempotent?: boolean | undefined;
  /** Turns the parsed JSON into the result (and validates it). Defaults to identity. */
  parse?: ((json: unknown, response: Response) => T) | undefined;
  /**
   * Answer with the `Response` as soon as its headers arrive, body unread (for event streams). The
   * timeout then covers only the wait for headers; the caller's signal still closes the body.
   */
  stream?: boolean | undefined;
  /**
   * Awaited before every attempt (after any retry wait), with the error that ended the previous
   * one: where proactive rate budgets take a token, so that retries are counted too.
   */
  beforeAttempt?:
    | ((attempt: number, previousError: unknown, signal: AbortSignal | undefined) => Promise<void>)
    | undefined;
  /**
   * Awaited once a retry is decided, before its wait, with the error that caused it: where a 429 blocks a shared
   * rate budget, so that other calls pause from the moment it arrived (not after this call's own wait).
   */
  beforeRetryWait?: ((error: unknown, delayMs: number) => Promise<void>) | undefined;
  /** Sent as `Idempotency-Key` on every attempt (POSTs get a fresh one per call when unset). */
  idempotencyKey?: string | undefined;
  /**
   * True for a final error the caller turns into success (a retried create meeting its own first attempt's 409):
   * it is logged at `info` as `resolved`, never as a failure.
   */
  resolvesError?: ((error: unknown) => boolean) | undefined;
  options?: CallOptions | undefined;
}

/**
 * How a client authenticates: a fresh `Authorization` value per attempt, and every secret the client holds
 * (keys, private keys, JWTs, tokens) so that no error or log record built from a response can show one.
 */
export interface Credentials {
  authorization: () => string | undefined | Promise<string | undefined>;
  secrets: () => readonly string[];
}

/** What an unset hook list reads as (shared: no array is allocated per request). */
const NO_HOOKS: readonly never[] = [];

const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/**
 * Sends requests: URL building, auth, JSON, per-attempt timeouts, the caller's signal, retries as
 * an ordered decision, hooks, logging and error mapping. Shared by every API client.
 */
export class Transport {
  readonly baseUrl: string;
  readonly #fetch: FetchLike;
  readonly #credentials: Credentials;
  /** The `RequestCredentials` of every request; unset unless given (workerd refuses the field in older versions). */
  readonly #requestCredentials: CredentialsMode | undefined;
  readonly #policy: RetryPolicy;
  readonly #timeoutMs: number;
  readonly #hooks: Hooks;
  readonly #logger: Logger | undefined;
  readonly #logThreshold: LogThreshold;
  readonly #headers: Record<string, string>;
  /** `#headers` with ours that every request carries, computed once: each request copies it instead of rebuilding it. */
  readonly #requestHeaders: Record<string, string>;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #redactorFor = redactorCache();
  readonly #secretsRedactorFor = redactorCache({ credentialShapes: false, separatedForms: false });
  readonly now: () => number;

  /** `pathBaseUrl`: a `baseUrl` path resolves against the page (an AgentsClient in relay mode). */
  constructor(options: BaseClientOptions, credentials: Credentials, pathBaseUrl = false) {
    checkClientOptions(options);
    this.baseUrl = resolveBaseUrl(options.baseUrl, pathBaseUrl);
    this.#requestCredentials = requestCredentials(options);
    this.#fetch = resolveFetch(options.fetch);
    this.#credentials = credentials;
    this.#policy = {
      maxRetries: options.maxRetries ?? 2,
      maxRetryAfterMs: waitCap(options.maxRetryAfterMs),
      initialBackoffMs: 500,
      maxBackoffMs: 8_000,
      shouldRetry: options.shouldRetry,
      random: options.random ?? Math.random,
    };
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    this.#hooks = options.hooks ?? {};
    this.#logThreshold = logThreshold(options.logLevel, options.logger);
    this.#logger = this.#logThreshold.off ? undefined : (options.logger ?? console);
    const headers = lowerCaseKeys(options.headers);
    this.#headers = { ...headers, ...identifyingHeaders(options.identify, headers["user-agent"]) };
    this.#requestHeaders = { ...this.#headers, accept: "application/json" };
    this.#sleep = options.sleep ?? defaultSleep;
    this.now = checkedClock(options.now);
  }

  /** Waits between retries or reconnections (the injected `sleep`, if any). */
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return this.#sleep(ms, signal);
  }

  /** The jitter source in [0, 1). */
  random(): number {
    return this.#policy.random();
  }

  /** The client's retry settings, for an operation that retries by itself (a run stream reconnecting). */
  get retrySettings(): { maxRetries: number; maxRetryAfterMs: number; timeoutMs: number } {
    return {
      maxRetries: this.#policy.maxRetries,
      maxRetryAfterMs: this.#policy.maxRetryAfterMs,
      timeoutMs: this.#timeoutMs,
    };
  }

  /** The absolute URL of a path and query. */
  url(path: string, query?: Record<string, QueryValue>, operation = "request"): string {
    const url = this.baseUrl + path;
    const text = queryString(query, operation);
    return text ? url + (url.includes("?") ? "&" : "?") + text : url;
  }

  /** Performs one operation with retries; resolves to the parsed data and the raw response. */
  async request<T>(spec: RequestSpec<T>): Promise<WithResponse<T>> {
    if (spec.options !== undefined) checkCallOptions(spec.options, spec.operation);
    const method = spec.method.toUpperCase();
    const idempotent = spec.idempotent ?? IDEMPOTENT_METHODS.has(method);
    const maxRetries = spec.options?.maxRetries ?? this.#policy.maxRetries;
    const timeoutMs = spec.options?.timeoutMs ?? this.#timeoutMs;
    const callerSignal = spec.options?.signal;
    const url = this.url(spec.path, spec.query, spec.operation);
    const body = serializeBody(spec.body, spec.operation);
    const idempotencyKey = spec.idempotencyKey ?? (method === "POST" ? crypto.randomUUID() : undefined);

    let previousError: unknown;
    for (let attempt = 1; ; attempt++) {
      if (callerSignal?.aborted) throw new AbortError(undefined, callerSignal.reason);
      if (spec.beforeAttempt) await spec.beforeAttempt(attempt, previousError, callerSignal);
      const started = this.now();
      const pending = this.#credentials.authorization();
      const authorization = typeof pending === "object" ? await pending : pending;
      // The attempt's timer and its listener on the caller's signal start once nothing before the request can fail.
      const guard = new AttemptGuard(callerSignal, timeoutMs);
      let request: Request;
      try {
        request = this.#buildRequest(spec, url, method, body, idempotencyKey, guard.signal, authorization);
      } catch (refusal) {
        guard.release();
        throw refusal;
      }
      let error: unknown;
      let streaming = false;
      try {
        for (const hook of this.#hooks.beforeRequest ?? NO_HOOKS) {
          request = (await hook({ request, attempt, operation: spec.operation })) ?? request;
        }
        let response = await this.#fetch(request);
        for (const hook of this.#hooks.afterResponse ?? NO_HOOKS) {
          response = (await hook({ request, response, attempt, operation: spec.operation })) ?? response;
        }
        if (response.ok && spec.stream) {
          guard.stopTimer();
          guard.followWhileHeld(response.body, request);
          streaming = true;
          requestOfResponse.set(response, request);
          if (this.#logger)
            this.#log("debug", this.#record("response", spec, method, attempt, started, response), spec);
          return { data: undefined as T, response, requestId: response.headers.get("x-request-id") ?? undefined };
        }
        if (response.ok) {
          const text = await response.text();
          rememberBody(response, text);
          const json = parseJson(text);
          if (json === BROKEN) throw brokenBodyError(response, this.#facts(method, url, spec));
          const data = spec.parse ? spec.parse(json, response) : (json as T);
          if (this.#logger)
            this.#log("debug", this.#record("response", spec, method, attempt, started, response), spec);
          return { data, response, requestId: response.headers.get("x-request-id") ?? undefined };
        }
        error = await apiErrorFromResponse(response, {
          ...this.#facts(method, url, spec),
          path: spec.path,
          attempt,
          now: this.now(),
        });
      } catch (caught) {
        error = errorFromThrown(caught, {
          ...this.#facts(method, url, spec),
          timedOut: guard.timedOut,
          timeoutMs,
          aborted: callerSignal?.aborted === true,
        });
      } finally {
        if (!streaming) guard.release();
      }

      const status = error instanceof ApiError ? error.status : undefined;
      const state: RetryState = {
        attempt,
        maxRetries,
        idempotent,
        error,
        status,
        retryAfterMs: error instanceof ApiError ? error.retryAfterMs : undefined,
        method,
        path: spec.path,
      };
      let delayMs: number | undefined;
      if (decideRetry({ ...this.#policy, maxRetries }, state)) {
        try {
          delayMs = retryDelayMs(this.#policy, state);
        } catch (refusal) {
          error = refusal; // Retry-After asks for more than `maxRetryAfterMs`: fail now, the caller decides.
        }
      }
      if (delayMs === undefined) throw this.#final(error, spec, method, attempt, started);
      previousError = error;
      // The hook may end the call instead (a 429 that is no rate limit, on a request that must not repeat).
      if (spec.beforeRetryWait) {
        try {
          await spec.beforeRetryWait(error, delayMs);
        } catch (refusal) {
          throw this.#final(refusal, spec, method, attempt, started);
        }
      }
      for (const hook of this.#hooks.beforeRetry ?? []) {
        await hook({ ...state, request, delayMs, operation: spec.operation });
      }
      if (this.#logger) {
        this.#log(
          "info",
          { ...this.#record("retry", spec, method, attempt, started), delayMs, ...errorFields(error) },
          spec,
        );
      }
      await this.#sleep(delayMs, callerSignal);
    }
  }

  /** The call's final error, logged (as `resolved` at `info` when the caller turns it into success). */
  #final(error: unknown, spec: RequestSpec<unknown>, method: string, attempt: number, started: number): unknown {
    if (this.#logger) {
      const resolved = spec.resolvesError?.(error) === true;
      this.#log(
        resolved ? "info" : failureLevel(error),
        { ...this.#record(resolved ? "resolved" : "failure", spec, method, attempt, started), ...errorFields(error) },
        spec,
      );
    }
    return error;
  }

  #buildRequest(
    spec: RequestSpec<unknown>,
    url: string,
    method: string,
    body: string | undefined,
    idempotencyKey: string | undefined,
    signal: AbortSignal,
    authorization: string | undefined,
  ): Request {
    const extra = spec.options?.headers;
    // A plain record is cheaper than a Headers object built up with set() calls (hot path).
    const headers: Record<string, string> = { ...this.#requestHeaders };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
    if (extra) Object.assign(headers, lowerCaseKeys(extra));
    if (authorization) headers.authorization = authorization;
    const init: RequestInit = { method, headers, body, signal };
    if (this.#requestCredentials) init.credentials = this.#requestCredentials;
    try {
      return new Request(url, init);
    } catch {
      // `fetch`'s TypeError would quote the header, which may be a credential a provider handed out (a token with a
      // trailing newline): the SDK's own error names the header only, and nothing is sent.
      throw unsendableRequest(spec.operation, headers);
    }
  }

  /**
   * Everything a failure of this request may be described with, and the redactor for every secret in play:
   * the client's own, and any credential header the client or this call adds.
   */
  #facts(method: string, url: string, spec: RequestSpec<unknown>): RequestFacts {
    const secrets = [...this.#clientSecrets(), ...secretsInHeaders(spec.options?.headers)];
    return { method, url, redactor: this.#redactorFor(secrets) };
  }

  /** The client's own secrets: its key or tokens, and any credential header it sends on every request. */
  #clientSecrets(): string[] {
    return [...this.#credentials.secrets(), ...secretsInHeaders(this.#headers)];
  }

  /**
   * What an error caught outside a request (a streamed body that broke mid-read) may keep as its cause: a redacted
   * copy, through the same redaction as every request's errors.
   */
  safeCause(value: unknown): unknown {
    return safeCause(value, this.#redactorFor(this.#clientSecrets()));
  }

  /**
   * `text` as the SDK's errors and logs show it: without the client's secrets in any encoding, nor anything
   * credential-shaped. For a server's words an error quotes outside a request's own (a bulk row's reason).
   */
  redacted(text: string): string {
    return this.#redactorFor(this.#clientSecrets()).text(String(text));
  }

  /**
   * `text` without the client's secrets (its key, tokens, secret headers), in every encoding but a dump's or a wrapped
   * line's separated forms (each would cost a pass over megabytes); other credential-shaped text is left as it is. For
   * content handed on as data (the relay's answers), not for errors or logs.
   */
  withoutSecrets(text: string): string {
    return this.#secretsRedactorFor(this.#clientSecrets()).text(text);
  }

  #record(
    event: LogRecord["event"],
    spec: RequestSpec<unknown>,
    method: string,
    attempt: number,
    started: number,
    response?: Response,
  ): LogRecord {
    return {
      level: "debug",
      event,
      operation: spec.operation,
      method,
      path: spec.path,
      status: response?.status,
      attempt,
      requestId: response?.headers.get("x-request-id") ?? undefined,
      ms: this.now() - started,
    };
  }

  /** Every log record passes the same redaction as errors (a request id or a path may echo a secret). */
  #log(level: LogRecord["level"], record: LogRecord, spec: RequestSpec<unknown>): void {
    const logger = this.#logger;
    if (!logger || !this.#logThreshold.allows(level)) return;
    record = this.#facts("", "", spec).redactor.value({ ...record, level });
    const status = record.status ?? record.errorCode ?? "";
    logger[level]?.(`agentline ${record.event}: ${record.method} ${record.path} ${status}`.trimEnd(), record);
  }
}

/**
 * A streamed response keeps the `Request` that made it alive. Node's fetch (undici) makes a `Request`'s signal follow
 * the one it was given through a weak reference that only the `Request` holds strongly: once the `Request` is
 * garbage-collected, aborting the caller's signal (or `RunStream.abort()`) no longer reaches the connection.
 */
const requestOfResponse = new WeakMap<Response, Request>();
