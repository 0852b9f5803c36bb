// One declaration per operation, and the one sender that turns an entry plus a call's input into a request.
// Each API keeps a table of entries (its own extra fields ride along: credentials, key kind, cost, family) and a
// small policy (path prefix, who may call what, budgets, token refresh, error hints); everything else lives here.

import type * as v from "valibot";
import { ApiPromise, type WithResponse } from "./api-promise.js";
import { checkCallOptions } from "./client-option-checks.js";
import { AgentlineError, AuthenticationError, NotFoundError, RateLimitError } from "./errors.js";
import type { CallOptions } from "./options.js";
import { type CursorPage, PagePromise } from "./pagination.js";
import { fillPath, type PlaceholderKind } from "./paths.js";
import { checkRequest, parseResponse } from "./schema.js";
import type { QueryValue, RequestSpec, Transport } from "./transport.js";
import { WAIT_EXCEEDS_CAP } from "./wait.js";

/** The HTTP methods the three APIs use. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** How a cursor-paged list reads its items and next cursor, and which query key sends the cursor back. */
export interface ListShape {
  items: string;
  next: string;
  cursor: string;
}

/** One operation, declared once: everything a call, the fake and the relay need to know about it. */
export interface Operation {
  method: HttpMethod;
  /** The path template; `{name}` placeholders are filled URL-encoded and refused when empty, `.` or `..`. */
  path: string;
  /** The path parameters' schema (an id's family or format), checked before the network; numbers are sent as text. */
  params?: v.GenericSchema | undefined;
  /** The request body's schema, checked before the network. */
  body?: v.GenericSchema | undefined;
  /** The query's schema, checked before the network; its output is sent as the query. */
  query?: v.GenericSchema | undefined;
  /** The response body's schema (loose: unknown fields and enum values pass through). */
  response?: v.GenericSchema | undefined;
  /**
   * The retry class: may the request be repeated after an ambiguous failure? A boolean, or a rule over the
   * checked body. By default reads, PUTs and DELETEs are, other writes are not.
   */
  idempotent?: boolean | ((body: unknown) => boolean) | undefined;
  /**
   * A DELETE whose retry answers 404 after an earlier attempt failed (its answer lost, a 5xx, a 429): the earlier
   * attempt may have deleted it, and the caller asked for it gone, so the call succeeds with this data (`true`: no
   * data, a 204 operation) instead of a 404 for what it deleted itself. A 404 on the first attempt stays an error.
   */
  goneOnRetry?: true | ((params: Readonly<Record<string, unknown>>) => unknown) | undefined;
  /** For cursor-paged lists: where the items and the next cursor are. */
  list?: ListShape | undefined;
  /** Not shown in the spec: the default path is our best knowledge, and `routes` can override it. */
  assumed?: boolean | undefined;
}

/** A table of operations by name (`"pulls.get"`). */
export type OperationTable = Readonly<Record<string, Operation>>;

/** Per-operation overrides of method and/or path (the clients' `routes` option). */
export type RoutesOverride<T extends OperationTable> = { readonly [N in keyof T]?: RouteOverride };

/** A method and/or path that replaces an entry's. */
export interface RouteOverride {
  method?: HttpMethod | undefined;
  path?: string | undefined;
}

/** The parsed answer of an operation (`unknown` when the entry has no response schema). */
export type OperationOutput<O> = O extends { response: infer S extends v.GenericSchema } ? v.InferOutput<S> : unknown;

/** What an operation's body accepts. */
export type OperationBody<O> = O extends { body: infer S extends v.GenericSchema } ? v.InferInput<S> : undefined;

/** What an operation's query accepts. */
export type OperationQuery<O> = O extends { query: infer S extends v.GenericSchema } ? v.InferInput<S> : undefined;

/** The methods a request without its own retry class may repeat (as the transport reads them). */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/** A proactive rate budget for one call: a token before every attempt, a block when the server says 429. */
export interface CallBudget {
  acquire(signal: AbortSignal | undefined): Promise<void>;
  penalize(retryAfterMs: number | undefined): Promise<void>;
  /** Reads the budget headers of a successful answer. */
  observe?(response: Response): Promise<void>;
}

/** What one API adds to the core sender. Every hook is optional. */
export interface SendPolicy<O extends Operation = Operation> {
  /** Put before every path (the forge's `/v1/forge`). */
  prefix?: string | undefined;
  /** How placeholders are checked, by name (an id unless named here). */
  placeholders?: Readonly<Record<string, PlaceholderKind>> | undefined;
  /** Throws, before anything is sent, when this client may not call the operation (credential or key kind). */
  admit?(operation: O, name: string): void;
  /** The rate budget this call draws on, if any. */
  budget?(operation: O, name: string): CallBudget | undefined;
  /** Checks a parsed 2xx body beyond its schema (a failure reported inside a success). */
  inspect?(json: unknown, response: Response, request: { method: string; path: string }): void;
  /** Renews the credential after a 401; true when a renewed one is worth one more try. */
  refresh?(): Promise<boolean>;
  /** Adds to a final error (which key kind or scope the operation needs). */
  explain?(error: unknown, operation: O, name: string): unknown;
  /** Headers put on every request (before the caller's). */
  headers?(): Record<string, string>;
  /**
   * Whether a 429 is the server's rate limit (default: every one is). One that is not (the forge's ResourceExhausted:
   * a full resource, no `Retry-After`, no rate-limit headers) fails its call only: the budget is not blocked, and a
   * non-idempotent request is not sent again (it would only be refused again).
   */
  isRateLimit?(error: RateLimitError): boolean;
  /**
   * Awaited before every attempt (after the budget): readies the credential (an installation token being minted)
   * within the caller's signal and timeout, so the transport's authorization then finds it ready.
   */
  prepare?(wait: { signal: AbortSignal | undefined; timeoutMs: number }): Promise<void>;
}

/** A client's operations: the transport, the resolved table and the API's policy. */
export interface OperationContext<T extends OperationTable = OperationTable> {
  transport: Transport;
  operations: T;
  policy: SendPolicy<T[keyof T]>;
}

/** One call's input: the path's placeholders, query and body (checked by the entry's schemas), and options. */
export interface OperationInput {
  params?: Readonly<Record<string, unknown>> | undefined;
  query?: unknown;
  body?: unknown;
  options?: CallOptions | undefined;
  /** Sent as `Idempotency-Key` on every attempt. */
  idempotencyKey?: string | undefined;
  /** The retry class for this call, when the caller knows better than the entry (a create that carries its own id). */
  idempotent?: boolean | undefined;
  /** A final error the caller turns into success: logged as resolved, not as a failure. */
  resolvesError?: ((error: unknown) => boolean) | undefined;
  /** Answer as soon as headers arrive, body unread (event streams, `asResponse()`). */
  raw?: boolean | undefined;
  /** Query entries added after the check (a list's page cursor). */
  pageQuery?: Readonly<Record<string, QueryValue>> | undefined;
}

/** The query as the transport sends it. Objects only; a schema's output already has the right shape. */
function toQuery(value: unknown): Record<string, QueryValue> | undefined {
  return value === undefined || value === null ? undefined : (value as Record<string, QueryValue>);
}

/** Checked path parameters as the path takes them: a number (a team id) as its decimal text. */
function pathText(params: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    out[key] = typeof value === "number" ? String(value) : value;
  }
  return out;
}

/** The entry's retry class for this body (`override` wins): by default reads, PUTs and DELETEs may be repeated. */
export function isIdempotent(operation: Operation, body: unknown, override?: boolean): boolean {
  if (override !== undefined) return override;
  const rule = operation.idempotent;
  if (typeof rule === "function") return rule(body);
  if (typeof rule === "boolean") return rule;
  return operation.method === "GET" || operation.method === "PUT" || operation.method === "DELETE";
}

/**
 * Sends one operation of a table: admits it, checks the query and body against the entry's schemas (nothing is
 * sent when one breaks a rule), fills the path, draws on the budget, sends, and parses the answer.
 */
export async function sendOperation<T extends OperationTable, N extends keyof T & string>(
  context: OperationContext<T>,
  name: N,
  input: OperationInput = {},
): Promise<WithResponse<OperationOutput<T[N]>>> {
  const operation = context.operations[name] as T[N];
  const { policy } = context;
  policy.admit?.(operation, name);
  const params = operation.params ? pathText(checkRequest(operation.params, input.params ?? {}, name)) : input.params;
  const query = operation.query ? checkRequest(operation.query, input.query ?? {}, name) : input.query;
  const body = operation.body ? checkRequest(operation.body, input.body, name) : input.body;
  const path =
    (policy.prefix ?? "") +
    fillPath(operation.path, (params ?? {}) as Record<string, string>, name, policy.placeholders);
  const response = operation.response;
  const spec: RequestSpec<OperationOutput<T[N]>> = {
    operation: name,
    method: operation.method,
    path,
    query: input.pageQuery ? { ...toQuery(query), ...input.pageQuery } : toQuery(query),
    body,
    idempotent: isIdempotent(operation, body, input.idempotent),
    idempotencyKey: input.idempotencyKey,
    stream: input.raw,
    resolvesError: operation.goneOnRetry
      ? (error) => isRetriedNotFound(error) || (input.resolvesError?.(error) ?? false)
      : input.resolvesError,
    options: input.options,
    parse: (json, answer) => {
      policy.inspect?.(json, answer, { method: operation.method, path });
      return (response ? parseResponse(response, json, name) : json) as OperationOutput<T[N]>;
    },
  };
  const gone = operation.goneOnRetry;
  if (!gone) return sendWithPolicy(context.transport, policy, operation, name, spec);
  try {
    return await sendWithPolicy(context.transport, policy, operation, name, spec);
  } catch (error) {
    if (!isRetriedNotFound(error)) throw error;
    const data = (gone === true ? undefined : gone(params ?? {})) as OperationOutput<T[N]>;
    const headers = error.requestId ? { "x-request-id": error.requestId } : undefined;
    return { data, response: new Response(null, { status: 404, headers }), requestId: error.requestId };
  }
}

/** A 404 that a retry (not the first attempt) received. */
function isRetriedNotFound(error: unknown): error is NotFoundError {
  return error instanceof NotFoundError && error.attempt > 1;
}

/**
 * Sends a prepared request (its path already prefixed) under an API's policy: headers, the operation's budget, one
 * retry after a refreshed credential, and the explained final error. {@link sendOperation} ends here; a client's raw
 * `request()` starts here, with the entry its path matched (or one carrying only a cost).
 */
export async function sendWithPolicy<O extends Operation, R>(
  transport: Transport,
  policy: SendPolicy<O>,
  operation: O,
  name: string,
  request: RequestSpec<R>,
): Promise<WithResponse<R>> {
  const budget = policy.budget?.(operation, name);
  const headers = policy.headers?.();
  const { prepare } = policy;
  // The common case (the Cloud Agents API): nothing to add, so nothing to wrap — one async step less per call.
  if (!budget && !headers && !prepare && !policy.refresh && !policy.explain) return transport.request(request);
  const options = request.options;
  // Checked before this reads them (the transport would check them only after): a wrong or unreadable option is named.
  if (options !== undefined) checkCallOptions(options, name);
  const idempotent = request.idempotent ?? IDEMPOTENT_METHODS.has(request.method.toUpperCase());
  const timeoutMs = options?.timeoutMs ?? transport.retrySettings.timeoutMs;
  const spec: RequestSpec<R> = {
    ...request,
    options: headers ? { ...options, headers: { ...headers, ...options?.headers } } : options,
    // A 429 blocks the budget when it arrives, before this call's own retry wait (which then covers it). A 429 that
    // is no rate limit ends a non-idempotent call here: thrown from this hook, it is the call's final error.
    beforeRetryWait:
      budget || policy.isRateLimit
        ? async (error) => {
            if (!(error instanceof RateLimitError)) return;
            if (isRateLimit(policy, error)) await budget?.penalize(error.retryAfterMs);
            else if (!idempotent) throw error;
          }
        : undefined,
    beforeAttempt:
      budget || prepare
        ? async (_attempt, _previous, signal) => {
            await budget?.acquire(signal);
            await prepare?.({ signal, timeoutMs });
          }
        : undefined,
  };
  try {
    const result = await sendRefreshing(transport, spec, policy);
    if (budget?.observe) await budget.observe(result.response);
    return result;
  } catch (error) {
    // The budget's own refusal (a block longer than the caller's cap) is not a new 429: it changes nothing.
    if (budget && isRateLimit(policy, error) && error.code !== WAIT_EXCEEDS_CAP) {
      await budget.penalize(error.retryAfterMs);
    }
    throw policy.explain ? policy.explain(error, operation, name) : error;
  }
}

/** Whether an error is a 429 the policy reads as the server's rate limit (every 429 unless it says otherwise). */
function isRateLimit(policy: SendPolicy<never>, error: unknown): error is RateLimitError {
  return error instanceof RateLimitError && (policy.isRateLimit?.(error) ?? true);
}

async function sendRefreshing<R>(
  transport: Transport,
  spec: RequestSpec<R>,
  policy: SendPolicy<never>,
): Promise<WithResponse<R>> {
  try {
    return await transport.request(spec);
  } catch (error) {
    if (error instanceof AuthenticationError && policy.refresh && (await policy.refresh())) {
      return transport.request(spec);
    }
    throw error;
  }
}

/** {@link sendOperation} as an awaitable {@link ApiPromise}: validation errors become rejections. */
export function callOperation<T extends OperationTable, N extends keyof T & string>(
  context: OperationContext<T>,
  name: N,
  input?: OperationInput | (() => OperationInput),
): ApiPromise<OperationOutput<T[N]>> {
  // Started in a microtask, so `asResponse()` chained on the call gets the body unread and unvalidated.
  return ApiPromise.deferred((raw) => sendOperation(context, name, raw ? { ...inputOf(input), raw } : inputOf(input)));
}

/**
 * A call's input, built when the call starts: a function lets a method check its own arguments first (a ref that
 * must name a branch) and have a broken one reject the returned promise rather than throw.
 */
function inputOf(input: OperationInput | (() => OperationInput) | undefined): OperationInput | undefined {
  return typeof input === "function" ? input() : input;
}

/** The item type of a list operation's page. */
export type ListItem<O> =
  OperationOutput<O> extends infer P
    ? O extends { list: { items: infer K extends string } }
      ? P extends Readonly<Record<K, ReadonlyArray<infer I>>>
        ? I
        : unknown
      : unknown
    : unknown;

/**
 * A cursor-paged list operation (the entry's `list` says where items and the next cursor are): `await` → the first
 * page, `for await` → every item, `.pages()` → every page. An empty or missing next cursor ends the list.
 */
export function listOperation<T extends OperationTable, N extends keyof T & string>(
  context: OperationContext<T>,
  name: N,
  lazyInput: OperationInput | (() => OperationInput) = {},
): PagePromise<ListItem<T[N]>, CursorPage<ListItem<T[N]>>> {
  let startCursor: string | undefined;
  const fetchPage = async (cursor: string | undefined) => {
    const input = inputOf(lazyInput) ?? {};
    const shape = context.operations[name]?.list;
    if (shape === undefined) throw new AgentlineError(`${name} is not a list operation.`, { code: "invalid_option" });
    const pageQuery = cursor === undefined ? input.pageQuery : { ...input.pageQuery, [shape.cursor]: cursor };
    const result = await sendOperation(context, name, { ...input, pageQuery });
    if (cursor === undefined) {
      // The cursor the caller started from (read once the query passed its checks).
      const given =
        input.pageQuery?.[shape.cursor] ?? (input.query as Record<string, unknown> | undefined)?.[shape.cursor];
      startCursor = typeof given === "string" && given !== "" ? given : undefined;
    }
    const page = result.data as Record<string, unknown>;
    const next = page[shape.next];
    const items = (page[shape.items] ?? []) as ListItem<T[N]>[];
    return {
      ...result,
      // The envelope's other fields pass through (a total, a field a newer server adds).
      data: { ...page, items, nextCursor: typeof next === "string" && next !== "" ? next : undefined },
    };
  };
  return new PagePromise(fetchPage, () => startCursor);
}
