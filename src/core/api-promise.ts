import { argumentError } from "./arguments.js";
import { AgentlineError } from "./errors.js";

/** The data of a call together with the raw `Response` it came from. */
export interface WithResponse<T> {
  data: T;
  /** The raw response (its body already read; `asResponse()` gives one whose body is unread). */
  response: Response;
  /** The server's request id (`x-request-id`), when it sent one. */
  requestId: string | undefined;
}

// The text the transport read from each parsed response, so that `asResponse()` can hand out an unread copy. Weak:
// it lives exactly as long as the response (and the caller's `{ data, response }`) does.
const bodies = new WeakMap<Response, string>();

/** Keeps the body text read from `response` (called by the transport before parsing it). */
export function rememberBody(response: Response, text: string): void {
  bodies.set(response, text);
}

/**
 * `response` with its body unread: itself when nobody read it (a raw or streamed call), otherwise a copy with the
 * same status, headers, URL and body text.
 */
export function unreadResponse(response: Response): Response {
  const text = bodies.get(response);
  if (!response.bodyUsed || text === undefined) return response;
  // A null-body status (204, 205, 304) refuses even an empty string.
  const copy = new Response(text === "" ? null : text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  Object.defineProperties(copy, { url: { value: response.url }, redirected: { value: response.redirected } });
  return copy;
}

/** Reads the data of a call started by `asResponse()`: there is none, the body went to the caller. */
function bodyHandedOut(): never {
  throw new AgentlineError(
    "This call was started by `asResponse()`, so its body is the caller's and was never parsed: await either the call (or `withResponse()`) or `asResponse()`, not both.",
    { code: "body_not_parsed" },
  );
}

function dataOf<T>(result: WithResponse<T>): T {
  return result.data;
}

/**
 * What every API call returns: await it for the data, call `withResponse()` for the raw `Response`
 * (headers, status) beside it, or `asResponse()` for the `Response` alone, body unread. The data promise
 * is derived only when asked for, so a caller who uses `withResponse()` alone never sees an unhandled
 * rejection from the other. A non-2xx answer rejects every one of them with the typed error.
 */
export class ApiPromise<T> implements PromiseLike<T> {
  readonly #inner: Promise<WithResponse<T>>;
  #data: Promise<T> | undefined;
  #response: Promise<Response> | undefined;
  #withResponse: Promise<WithResponse<T>> | undefined;
  /** Set by {@link ApiPromise.deferred} until the call starts: asks it to leave the body unread. */
  #requestRaw: (() => boolean) | undefined;
  #raw = false;

  constructor(inner: Promise<WithResponse<T>>) {
    if (typeof (inner as Partial<Promise<unknown>> | null | undefined)?.then !== "function") {
      throw argumentError(
        inner,
        "inner",
        "ApiPromise",
        "a promise of `{ data, response }` (every API call returns one)",
      );
    }
    this.#inner = inner;
  }

  /** Runs `task` (which may throw synchronously, e.g. on validation) and wraps its promise. */
  static from<T>(task: () => Promise<WithResponse<T>>): ApiPromise<T> {
    let inner: Promise<WithResponse<T>>;
    try {
      inner = task();
    } catch (error) {
      inner = Promise.reject(error);
    }
    return new ApiPromise(inner);
  }

  /**
   * Starts `task` in a microtask: `raw` is true when `asResponse()` was called before that (chained on the call, as
   * in `client.request(…).asResponse()`), so the task can leave the body unread for the caller to stream.
   */
  static deferred<T>(task: (raw: boolean) => Promise<WithResponse<T>>): ApiPromise<T> {
    let started = false;
    let raw = false;
    const promise = new ApiPromise<T>(
      Promise.resolve().then(() => {
        started = true;
        return task(raw);
      }),
    );
    promise.#requestRaw = () => {
      if (!started) raw = true;
      return raw;
    };
    return promise;
  }

  /**
   * The data and the raw response. A call whose body went to `asResponse()` has no data: this rejects then, as
   * awaiting the call does, rather than hand out `undefined` and the caller's unread body a second time.
   */
  withResponse(): Promise<WithResponse<T>> {
    if (!this.#requestRaw) return this.#inner;
    this.#withResponse ??= this.#inner.then((result) => (this.#raw ? bodyHandedOut() : result));
    return this.#withResponse;
  }

  /**
   * The raw `Response`, body unread, as openai-node's `asResponse()`: for headers, or to read the body yourself. A
   * non-2xx answer still rejects with the typed error. Chained directly on `client.request(…)`, the body is never
   * read by the SDK (stream a download); elsewhere it is a copy of the body the SDK read.
   */
  asResponse(): Promise<Response> {
    if (this.#requestRaw?.()) this.#raw = true;
    this.#response ??= this.#inner.then((result) => unreadResponse(result.response));
    return this.#response;
  }

  #dataPromise(): Promise<T> {
    // Only a deferred call can be turned raw: every other one takes the data with no closure made per call.
    this.#data ??= this.#requestRaw
      ? this.#inner.then((result) => (this.#raw ? bodyHandedOut() : result.data))
      : this.#inner.then(dataOf<T>);
    return this.#data;
  }

  // biome-ignore lint/suspicious/noThenProperty: an ApiPromise is deliberately thenable.
  then<R1 = T, R2 = never>(
    onFulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#dataPromise().then(onFulfilled, onRejected);
  }

  catch<R = never>(onRejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#dataPromise().catch(onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<T> {
    return this.#dataPromise().finally(onFinally);
  }

  get [Symbol.toStringTag](): string {
    return "ApiPromise";
  }
}
