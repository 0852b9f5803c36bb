import { unreadResponse, type WithResponse } from "./api-promise.js";
import { argumentError, isObject } from "./arguments.js";

const FETCHED_PAGE = "a function resolving to `{ data, response }`";

/**
 * What every list shares: awaiting it gives the first page, fetched once and lazily (nothing is sent
 * until the first `then`, `withResponse()` or iteration), and a synchronous throw while fetching
 * becomes a rejection.
 */
export abstract class FirstPageThenable<Page> implements PromiseLike<Page> {
  #first: Promise<WithResponse<Page>> | undefined;

  /** Fetches the first page; called at most once. */
  protected abstract fetchFirst(): Promise<WithResponse<Page>>;

  /** The first page with its raw response. */
  withResponse(): Promise<WithResponse<Page>> {
    this.#first ??= Promise.resolve()
      .then(() => this.fetchFirst())
      .then((result) => {
        // Only a page fetcher passed by hand can break this (the clients' always resolve to `{ data, response }`).
        if (!isObject(result)) throw argumentError(result, "fetchPage", this.constructor.name, FETCHED_PAGE);
        return result;
      });
    return this.#first;
  }

  /** The first page's raw `Response`, body unread (a copy of what was read); a non-2xx answer rejects. */
  asResponse(): Promise<Response> {
    return this.withResponse().then((result) => unreadResponse(result.response));
  }

  // biome-ignore lint/suspicious/noThenProperty: every list is deliberately thenable.
  then<R1 = Page, R2 = never>(
    onFulfilled?: ((value: Page) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.withResponse()
      .then((result) => result.data)
      .then(onFulfilled, onRejected);
  }

  catch<R = never>(onRejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<Page | R> {
    return this.then(undefined, onRejected);
  }

  /** As `Promise.prototype.finally`, on the first page: a list is awaited like any promise. */
  finally(onFinally?: (() => void) | null): Promise<Page> {
    return this.then().finally(onFinally);
  }

  get [Symbol.toStringTag](): string {
    return this.constructor.name;
  }
}
