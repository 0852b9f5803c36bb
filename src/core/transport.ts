import type { WithResponse } from "./api-promise.js";
import { parseErrorBody } from "./error-bodies.js";
import { AbortError, AgentlineError, ApiError, apiErrorClassFor, ConnectionError, TimeoutError } from "./errors.js";
import type { BaseClientOptions, CallOptions, FetchLike, Hooks, Logger, LogRecord } from "./options.js";
import { parseRateLimit, parseRetryAfter } from "./rate-limit.js";
import { redactText } from "./redact.js";
import { decideRetry, type RetryPolicy, type RetryState, retryDelayMs } from "./retry.js";
import { attemptSignal, sleep as defaultSleep } from "./signals.js";
import { DEFAULT_MAX_WAIT_MS } from "./wait.js";

/** Query values; `undefined` entries are left out, arrays repeat the key. */
export type QueryValue = string | number | boolean | undefined | null | ReadonlyArray<string | number>;

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
  /** Sent as `Idempotency-Key` on every attempt (POSTs get a fresh one per call when unset). */
  idempotencyKey?: string | undefined;
  options?: CallOptions | undefined;
}

/** How a client authenticates: a fresh `Authorization` value per attempt, and the secrets to scrub. */
export interface Credentials {
  authorization: () => string | undefined | Promise<string | undefined>;
  secrets: () => readonly string[];
}

const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/** Resolves the `fetch` to use, or explains how to provide one. */
export function resolveFetch(custom: BaseClientOptions["fetch"]): FetchLike {
  if (custom) return custom;
  if (typeof globalThis.fetch !== "function") {
    throw new AgentlineError(
      "No global `fetch` in this runtime: pass `fetch` in the client options (Node ≥ 18, browsers, Deno, Bun and Workers have one).",
      { code: "missing_fetch" },
    );
  }
  // Called through globalThis: some runtimes throw "Illegal invocation" for a detached fetch.
  return (request) => globalThis.fetch(request);
}

/**
 * Sends requests: URL building, auth, JSON, per-attempt timeouts, the caller's signal, retries as
 * an ordered decision, hooks, logging and error mapping. Shared by every API client.
 */
export class Transport {
  readonly baseUrl: string;
  readonly #fetch: FetchLike;
  readonly #credentials: Credentials;
  readonly #policy: RetryPolicy;
  readonly #timeoutMs: number;
  readonly #hooks: Hooks;
  readonly #logger: Logger | undefined;
  readonly #headers: Record<string, string>;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly now: () => number;

  constructor(options: BaseClientOptions, credentials: Credentials) {
    if (typeof options.baseUrl !== "string" || !/^https?:\/\//i.test(options.baseUrl)) {
      throw new AgentlineError("`baseUrl` must be an http(s) origin such as `https://api.example.com` (without /v1).", {
        code: "invalid_option",
      });
    }
    this.baseUrl = options.baseUrl.replace(/\/+$/, "").replace(/\/v1$/, "");
    this.#fetch = resolveFetch(options.fetch);
    this.#credentials = credentials;
    this.#policy = {
      maxRetries: options.maxRetries ?? 2,
      maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_MAX_WAIT_MS,
      initialBackoffMs: 500,
      maxBackoffMs: 8_000,
      shouldRetry: options.shouldRetry,
      random: options.random ?? Math.random,
    };
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    this.#hooks = options.hooks ?? {};
    this.#logger = options.logger;
    this.#headers = lowerCaseKeys(options.headers);
    this.#sleep = options.sleep ?? defaultSleep;
    this.now = options.now ?? Date.now;
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
  url(path: string, query?: Record<string, QueryValue>): string {
    let url = this.baseUrl + path;
    if (query) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value === undefined || value === null) continue;
        if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
        else params.append(key, String(value));
      }
      const text = params.toString();
      if (text) url += (url.includes("?") ? "&" : "?") + text;
    }
    return url;
  }

  /** Performs one operation with retries; resolves to the parsed data and the raw response. */
  async request<T>(spec: RequestSpec<T>): Promise<WithResponse<T>> {
    const method = spec.method.toUpperCase();
    const idempotent = spec.idempotent ?? IDEMPOTENT_METHODS.has(method);
    const maxRetries = spec.options?.maxRetries ?? this.#policy.maxRetries;
    const timeoutMs = spec.options?.timeoutMs ?? this.#timeoutMs;
    const callerSignal = spec.options?.signal;
    const url = this.url(spec.path, spec.query);
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const idempotencyKey = spec.idempotencyKey ?? (method === "POST" ? crypto.randomUUID() : undefined);

    let previousError: unknown;
    for (let attempt = 1; ; attempt++) {
      if (callerSignal?.aborted) throw new AbortError(undefined, callerSignal.reason);
      if (spec.beforeAttempt) await spec.beforeAttempt(attempt, previousError, callerSignal);
      const started = this.now();
      const guard = attemptSignal(callerSignal, timeoutMs);
      const authorization = this.#credentials.authorization();
      let request = this.#buildRequest(
        url,
        method,
        body,
        idempotencyKey,
        guard.signal,
        spec.options?.headers,
        typeof authorization === "object" ? await authorization : authorization,
      );
      let error: unknown;
      let streaming = false;
      try {
        for (const hook of this.#hooks.beforeRequest ?? []) {
          request = (await hook({ request, attempt, operation: spec.operation })) ?? request;
        }
        let response = await this.#fetch(request);
        for (const hook of this.#hooks.afterResponse ?? []) {
          response = (await hook({ request, response, attempt, operation: spec.operation })) ?? response;
        }
        if (response.ok && spec.stream) {
          guard.stopTimer();
          streaming = true;
          requestOfResponse.set(response, request);
          if (this.#logger) this.#log("debug", this.#record("response", spec, method, attempt, started, response));
          return { data: undefined as T, response, requestId: response.headers.get("x-request-id") ?? undefined };
        }
        if (response.ok) {
          const text = await response.text();
          const json = text === "" ? undefined : JSON.parse(text);
          const data = spec.parse ? spec.parse(json, response) : (json as T);
          if (this.#logger) this.#log("debug", this.#record("response", spec, method, attempt, started, response));
          return { data, response, requestId: response.headers.get("x-request-id") ?? undefined };
        }
        error = await this.#apiError(response, method, spec.path, attempt);
      } catch (caught) {
        error = this.#classify(caught, guard.timedOut(), timeoutMs, callerSignal);
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
      if (!decideRetry({ ...this.#policy, maxRetries }, state)) {
        if (this.#logger) {
          this.#log("warn", { ...this.#record("failure", spec, method, attempt, started), ...errorFields(error) });
        }
        throw error;
      }
      previousError = error;
      const delayMs = retryDelayMs(this.#policy, state);
      for (const hook of this.#hooks.beforeRetry ?? []) {
        await hook({ ...state, request, delayMs, operation: spec.operation });
      }
      if (this.#logger) {
        this.#log("info", { ...this.#record("retry", spec, method, attempt, started), delayMs, ...errorFields(error) });
      }
      await this.#sleep(delayMs, callerSignal);
    }
  }

  #buildRequest(
    url: string,
    method: string,
    body: string | undefined,
    idempotencyKey: string | undefined,
    signal: AbortSignal,
    extra: Record<string, string> | undefined,
    authorization: string | undefined,
  ): Request {
    // A plain record is cheaper than a Headers object built up with set() calls (hot path).
    const headers: Record<string, string> = { ...this.#headers, accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
    if (extra) Object.assign(headers, lowerCaseKeys(extra));
    if (authorization) headers.authorization = authorization;
    return new Request(url, { method, headers, body, signal });
  }

  /** Reads an error response into the right `ApiError` subclass, secrets scrubbed. */
  async #apiError(response: Response, method: string, path: string, attempt: number): Promise<ApiError> {
    let text = "";
    try {
      text = await response.text();
    } catch {
      // The error body was cut short; the status alone still makes a useful error.
    }
    const secrets = this.#credentials.secrets();
    const parsed = parseErrorBody(
      response.status,
      secrets.some((s) => text.includes(s)) ? redactText(text, secrets) : text,
    );
    const ErrorClass = apiErrorClassFor(response.status);
    return new ErrorClass({
      status: response.status,
      code: parsed.code,
      message: redactText(parsed.message, secrets),
      requestId: response.headers.get("x-request-id") ?? parsed.requestId,
      helpUrl: parsed.helpUrl,
      provider: parsed.provider,
      rateLimit: parseRateLimit(response.headers),
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after"), this.now()),
      fieldViolations: parsed.fieldViolations,
      body: parsed.body,
      method,
      path,
      attempt,
    });
  }

  /** Maps whatever `fetch` or the body read threw onto agentline's error classes. */
  #classify(caught: unknown, timedOut: boolean, timeoutMs: number, callerSignal: AbortSignal | undefined): unknown {
    if (caught instanceof AgentlineError) return caught;
    if (callerSignal?.aborted) return new AbortError(undefined, caught);
    if (timedOut) return new TimeoutError(timeoutMs, caught);
    if (caught instanceof SyntaxError) {
      return new ConnectionError("The response body was not valid JSON (cut short, or not the API).", caught);
    }
    const detail = caught instanceof Error ? `: ${redactText(caught.message, this.#credentials.secrets())}` : "";
    return new ConnectionError(`The connection failed before a complete response arrived${detail}`, caught);
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
      event,
      operation: spec.operation,
      method,
      path: redactText(spec.path, this.#credentials.secrets()),
      status: response?.status,
      attempt,
      requestId: response?.headers.get("x-request-id") ?? undefined,
      ms: this.now() - started,
    };
  }

  #log(level: "debug" | "info" | "warn", record: LogRecord): void {
    const logger = this.#logger;
    if (!logger) return;
    const status = record.status ?? record.errorCode ?? "";
    logger[level]?.(`agentline ${record.event}: ${record.method} ${record.path} ${status}`.trimEnd(), record);
  }
}

// Header names are case-insensitive; one spelling per name keeps a caller's `Accept` from joining ours.
function lowerCaseKeys(record: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(record ?? {})) out[name.toLowerCase()] = value;
  return out;
}

function errorFields(error: unknown): Partial<LogRecord> {
  if (error instanceof ApiError)
    return { status: error.status, errorCode: error.code, requestId: error.requestId, message: error.message };
  if (error instanceof AgentlineError) return { errorCode: error.code, message: error.message };
  return { message: String(error) };
}

/**
 * A streamed response keeps the `Request` that made it alive. Node's fetch (undici) makes a `Request`'s signal follow
 * the one it was given through a weak reference that only the `Request` holds strongly: once the `Request` is
 * garbage-collected, aborting the caller's signal (or `RunStream.abort()`) no longer reaches the connection.
 */
const requestOfResponse = new WeakMap<Response, Request>();
