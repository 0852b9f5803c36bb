import { argumentError } from "./arguments.js";

/** The data of a call together with the raw `Response` it came from. */
export interface WithResponse<T> {
  data: T;
  /** The raw response (its body already read). */
  response: Response;
  /** The server's request id (`x-request-id`), when it sent one. */
  requestId: string | undefined;
}

/**
 * What every API call returns: await it for the data, or call `withResponse()` for the raw
 * `Response` (headers, status) beside it. The data promise is derived only when asked for, so a
 * caller who uses `withResponse()` alone never sees an unhandled rejection from the other.
 */
export class ApiPromise<T> implements PromiseLike<T> {
  readonly #inner: Promise<WithResponse<T>>;
  #data: Promise<T> | undefined;

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

  /** The data and the raw response. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#inner;
  }

  #dataPromise(): Promise<T> {
    this.#data ??= this.#inner.then((result) => result.data);
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
