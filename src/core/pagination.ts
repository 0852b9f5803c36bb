import type { WithResponse } from "./api-promise.js";

/** One page of a cursor-paginated list. `nextCursor` is absent on the last page. */
export interface CursorPage<Item> {
  items: Item[];
  nextCursor?: string | undefined;
}

/** Fetches the page that starts at `cursor` (the first page when `undefined`). */
export type PageFetcher<Page> = (cursor: string | undefined) => Promise<WithResponse<Page>>;

/**
 * A list call's result. `await` it for the first page (`{ items, nextCursor }`); iterate it with
 * `for await` for every item across pages; or walk `.pages()`. Pages are fetched lazily, one at a
 * time, only as far as the caller reads, and the first page is fetched once however it is used.
 */
export class PagePromise<Item, Page extends CursorPage<Item> = CursorPage<Item>>
  implements PromiseLike<Page>, AsyncIterable<Item>
{
  readonly #fetchPage: PageFetcher<Page>;
  #first: Promise<WithResponse<Page>> | undefined;

  constructor(fetchPage: PageFetcher<Page>) {
    this.#fetchPage = fetchPage;
  }

  #firstPage(): Promise<WithResponse<Page>> {
    this.#first ??= Promise.resolve().then(() => this.#fetchPage(undefined));
    return this.#first;
  }

  /** The first page with its raw response. */
  withResponse(): Promise<WithResponse<Page>> {
    return this.#firstPage();
  }

  // biome-ignore lint/suspicious/noThenProperty: a PagePromise is deliberately thenable.
  then<R1 = Page, R2 = never>(
    onFulfilled?: ((value: Page) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#firstPage()
      .then((result) => result.data)
      .then(onFulfilled, onRejected);
  }

  catch<R = never>(onRejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<Page | R> {
    return this.then(undefined, onRejected);
  }

  /** Every page in order, starting with the first; stops where `nextCursor` is absent. */
  async *pages(): AsyncGenerator<Page, void, undefined> {
    let page = (await this.#firstPage()).data;
    yield page;
    const seen = new Set<string>();
    while (typeof page.nextCursor === "string" && page.nextCursor !== "") {
      // A server that hands back a cursor it already gave would loop forever; stop instead.
      if (seen.has(page.nextCursor)) return;
      seen.add(page.nextCursor);
      page = (await this.#fetchPage(page.nextCursor)).data;
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.pages()) yield* page.items;
  }

  /** Collects every item of every page (use with care on long lists). */
  async toArray(): Promise<Item[]> {
    const out: Item[] = [];
    for await (const item of this) out.push(item);
    return out;
  }
}
