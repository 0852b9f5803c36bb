import type { WithResponse } from "../core/api-promise.js";
import { type PageNumberOptions, PageNumberPromise } from "../core/page-pagination.js";
import type { DateWindow } from "./date-ranges.js";

/**
 * A page/pageSize list over a date range of any length: the range is split into windows the route
 * accepts (≤ 30 days), each window is paged, and everything comes out in order. `await` gives the
 * first page of the first window; `for await` gives every item; `.pages()` every page. Windows and
 * pages are fetched lazily, only as far as the caller reads.
 * @see spec/admin-api.md#limits
 */
export class WindowedList<Item, Page> implements PromiseLike<Page>, AsyncIterable<Item> {
  readonly #windows: () => DateWindow[];
  readonly #pagesOf: (window: DateWindow) => PageNumberOptions<Item, Page>;
  #first: Promise<WithResponse<Page>> | undefined;

  constructor(windows: () => DateWindow[], pagesOf: (window: DateWindow) => PageNumberOptions<Item, Page>) {
    this.#windows = windows;
    this.#pagesOf = pagesOf;
  }

  #firstWindow(): PageNumberPromise<Item, Page> {
    const [first] = this.#windows();
    if (!first) throw new RangeError("empty date range"); // splitRange always yields one window
    return new PageNumberPromise(this.#pagesOf(first));
  }

  /** The first page of the first window, with its raw response. */
  withResponse(): Promise<WithResponse<Page>> {
    this.#first ??= Promise.resolve().then(() => this.#firstWindow().withResponse());
    return this.#first;
  }

  // biome-ignore lint/suspicious/noThenProperty: deliberately thenable, like every list in agentline.
  then<R1 = Page, R2 = never>(
    onFulfilled?: ((value: Page) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.withResponse()
      .then((result) => result.data)
      .then(onFulfilled, onRejected);
  }

  /** Every page of every window, in order. */
  async *pages(): AsyncGenerator<Page, void, undefined> {
    for (const window of this.#windows()) {
      yield* new PageNumberPromise(this.#pagesOf(window)).pages();
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for (const window of this.#windows()) {
      yield* new PageNumberPromise(this.#pagesOf(window));
    }
  }

  /** Every item of every window (use with care on long ranges). */
  async toArray(): Promise<Item[]> {
    const out: Item[] = [];
    for await (const item of this) out.push(item);
    return out;
  }
}
