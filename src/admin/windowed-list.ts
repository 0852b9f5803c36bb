import type { WithResponse } from "../core/api-promise.js";
import { argumentError } from "../core/arguments.js";
import { FirstPageThenable } from "../core/first-page.js";
import { type PageNumberOptions, PageNumberPromise } from "../core/page-pagination.js";
import { stopOnRepeatedPage } from "./admin-lists.js";
import type { DateWindow } from "./date-ranges.js";

/**
 * A page/pageSize list over a date range of any length: the range is split into windows the route
 * accepts (≤ 30 days), each window is paged, and everything comes out in order. `await` gives the
 * first page of the first window; `for await` gives every item; `.pages()` every page. Windows and
 * pages are fetched lazily, only as far as the caller reads.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits)
 */
export class WindowedList<Item, Page> extends FirstPageThenable<Page> implements AsyncIterable<Item> {
  readonly #windows: () => Iterable<DateWindow>;
  readonly #pagesOf: (window: DateWindow) => PageNumberOptions<Item, Page>;
  #first: PageNumberPromise<Item, Page> | undefined;

  /**
   * `windows` gives the windows in order each time it is called (an array, or an iterable that builds them as they
   * are read, as `rangeWindows` does: a long range then costs one window before the first request).
   */
  constructor(windows: () => Iterable<DateWindow>, pagesOf: (window: DateWindow) => PageNumberOptions<Item, Page>) {
    super();
    if (typeof windows !== "function") throw argumentError(windows, "windows", "WindowedList", "a function");
    if (typeof pagesOf !== "function") throw argumentError(pagesOf, "pagesOf", "WindowedList", "a function");
    this.#windows = windows;
    this.#pagesOf = pagesOf;
  }

  /** The windows with their indexes, read as the caller walks them (a bad range throws here, each time). */
  *#eachWindow(): Generator<[number, DateWindow], void, undefined> {
    let index = 0;
    for (const window of this.#windows()) yield [index++, window];
  }

  /** The list of one window; the first window's is kept, so its first page is fetched once however the list is read. */
  #listOf(window: DateWindow, index: number): PageNumberPromise<Item, Page> {
    if (index === 0 && this.#first) return this.#first;
    const list = new PageNumberPromise(stopOnRepeatedPage(this.#pagesOf(window)));
    if (index === 0) this.#first = list;
    return list;
  }

  protected fetchFirst(): Promise<WithResponse<Page>> {
    const first = this.#eachWindow().next();
    if (first.done) throw new RangeError("empty date range"); // a range always has one window
    return this.#listOf(first.value[1], 0).withResponse();
  }

  /** Every page of every window, in order. */
  async *pages(): AsyncGenerator<Page, void, undefined> {
    for (const [index, window] of this.#eachWindow()) yield* this.#listOf(window, index).pages();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for (const [index, window] of this.#eachWindow()) yield* this.#listOf(window, index);
  }

  /** Every item of every window (use with care on long ranges). */
  async toArray(): Promise<Item[]> {
    const out: Item[] = [];
    for await (const item of this) out.push(item);
    return out;
  }
}
