import type { WithResponse } from "../core/api-promise.js";
import { argumentError } from "../core/arguments.js";
import { FirstPageThenable } from "../core/first-page.js";
import { type PageNumberOptions, PageNumberPromise } from "../core/page-pagination.js";
import type { DateWindow } from "./date-ranges.js";

/**
 * A page/pageSize list over a date range of any length: the range is split into windows the route
 * accepts (≤ 30 days), each window is paged, and everything comes out in order. `await` gives the
 * first page of the first window; `for await` gives every item; `.pages()` every page. Windows and
 * pages are fetched lazily, only as far as the caller reads.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits)
 */
export class WindowedList<Item, Page> extends FirstPageThenable<Page> implements AsyncIterable<Item> {
  readonly #windows: () => DateWindow[];
  readonly #pagesOf: (window: DateWindow) => PageNumberOptions<Item, Page>;

  constructor(windows: () => DateWindow[], pagesOf: (window: DateWindow) => PageNumberOptions<Item, Page>) {
    super();
    if (typeof windows !== "function") throw argumentError(windows, "windows", "WindowedList", "a function");
    if (typeof pagesOf !== "function") throw argumentError(pagesOf, "pagesOf", "WindowedList", "a function");
    this.#windows = windows;
    this.#pagesOf = pagesOf;
  }

  protected fetchFirst(): Promise<WithResponse<Page>> {
    const [first] = this.#windows();
    if (!first) throw new RangeError("empty date range"); // splitRange always yields one window
    return new PageNumberPromise(this.#pagesOf(first)).withResponse();
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
