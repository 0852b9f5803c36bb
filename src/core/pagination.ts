import type { WithResponse } from "./api-promise.js";
import { argumentError } from "./arguments.js";
import { AgentlineError } from "./errors.js";
import { FirstPageThenable } from "./first-page.js";

/** One page of a cursor-paginated list. `nextCursor` is absent on the last page. */
export interface CursorPage<Item> {
  items: Item[];
  nextCursor?: string | undefined;
}

/**
 * How many empty pages in a row, each pointing to a fresh cursor, an item walk (`for await`, `toArray()`) follows
 * before it fails: a server that hands out empty pages with a next cursor for ever would keep the walk requesting
 * pages without yielding, so the caller could not even `break`. `pages()` yields every page and is not bounded.
 */
export const MAX_EMPTY_PAGES_IN_A_ROW = 25;

/** Fetches the page that starts at `cursor` (the first page when `undefined`). */
export type PageFetcher<Page> = (cursor: string | undefined) => Promise<WithResponse<Page>>;

/**
 * A list call's result. `await` it for the first page (`{ items, nextCursor }`); iterate it with
 * `for await` for every item across pages; or walk `.pages()`. Pages are fetched lazily, one at a
 * time, only as far as the caller reads, and the first page is fetched once however it is used.
 */
export class PagePromise<Item, Page extends CursorPage<Item> = CursorPage<Item>>
  extends FirstPageThenable<Page>
  implements AsyncIterable<Item>
{
  readonly #fetchPage: PageFetcher<Page>;
  readonly #startCursor: (() => string | undefined) | undefined;

  /** `startCursor`: the cursor the first page was asked with, if any (read once that page is fetched). */
  constructor(fetchPage: PageFetcher<Page>, startCursor?: () => string | undefined) {
    super();
    if (typeof fetchPage !== "function") {
      throw argumentError(fetchPage, "fetchPage", "PagePromise", "a function (cursor) => page (list calls return one)");
    }
    this.#fetchPage = fetchPage;
    this.#startCursor = startCursor;
  }

  protected fetchFirst(): Promise<WithResponse<Page>> {
    return this.#fetchPage(undefined);
  }

  /** Every page in order, starting with the first; stops where `nextCursor` is absent or at a cursor already followed. */
  async *pages(): AsyncGenerator<Page, void, undefined> {
    let page = (await this.withResponse()).data;
    yield page;
    // The caller's own starting cursor counts as given: a page that points back to it would be fetched twice.
    const seen = new Set<string>();
    const start = this.#startCursor?.();
    if (start !== undefined) seen.add(start);
    while (typeof page.nextCursor === "string" && page.nextCursor !== "") {
      // A server that hands back a cursor it already gave would loop forever; stop instead.
      if (seen.has(page.nextCursor)) return;
      seen.add(page.nextCursor);
      page = (await this.#fetchPage(page.nextCursor)).data;
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    let empty = 0;
    for await (const page of this.pages()) {
      empty = page.items.length === 0 && page.nextCursor ? empty + 1 : 0;
      if (empty >= MAX_EMPTY_PAGES_IN_A_ROW) {
        throw new AgentlineError(
          `The server answered ${empty} empty pages in a row, each with a new next cursor; the walk stopped rather than request pages for ever. Walk \`.pages()\` to follow such a list page by page.`,
          { code: "pagination_stalled" },
        );
      }
      yield* page.items;
    }
  }

  /** Collects every item of every page (use with care on long lists). */
  async toArray(): Promise<Item[]> {
    const out: Item[] = [];
    for await (const item of this) out.push(item);
    return out;
  }
}
