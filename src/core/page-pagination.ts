import type { WithResponse } from "./api-promise.js";
import { argumentError, isObject } from "./arguments.js";
import { ValidationError } from "./errors.js";
import { FirstPageThenable } from "./first-page.js";

/** Where the walk is when {@link PageNumberOptions.hasNext} is asked about a page. */
export interface PageNumberState {
  /** The number of the page just read (from 1). */
  page: number;
  /** The page size that was requested (after clamping). */
  pageSize: number;
  /** How many items the page held. */
  itemCount: number;
}

/** How a page/pageSize list is fetched and read. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
export interface PageNumberOptions<Item, Page> {
  /** Fetches one page (numbered from 1) of `pageSize` items. */
  fetchPage: (page: number, pageSize: number) => Promise<WithResponse<Page>>;
  /** The items of a page (`events`, `groups`, `members`, `data`, …). */
  itemsOf: (page: Page) => readonly Item[];
  /** Whether another page follows; defaults to {@link hasNextPageFrom}. */
  hasNext?: (page: Page, state: PageNumberState) => boolean;
  /** The size the caller asked for; `undefined` uses `defaultPageSize`. */
  pageSize?: number | undefined;
  /** The route's documented default (e.g. 100 for audit logs, 50 for groups). */
  defaultPageSize: number;
  /** The route's documented maximum; a larger `pageSize` is clamped to it, as the server would. */
  maxPageSize?: number | undefined;
  /** The first page to read (default 1): `await` gives this page, iteration continues from it. */
  startPage?: number | undefined;
}

function positiveInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value > 0;
}

/** The page size to send: the caller's (or the route's default), clamped to `maxPageSize`. */
export function resolvePageSize(pageSize: number | undefined, defaultPageSize: number, maxPageSize?: number): number {
  const size = pageSize ?? defaultPageSize;
  if (!positiveInteger(size)) {
    throw new ValidationError([{ path: "pageSize", rule: "positive_integer", message: "must be an integer ≥ 1" }]);
  }
  return maxPageSize === undefined ? size : Math.min(size, maxPageSize);
}

function numberAt(record: unknown, key: string): number | undefined {
  if (typeof record !== "object" || record === null) return undefined;
  const value = (record as Record<string, unknown>)[key];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** An envelope's `pagination` object, when it has one. */
function paginationOf(page: unknown): Record<string, unknown> | undefined {
  const pagination =
    typeof page === "object" && page !== null ? (page as { pagination?: unknown }).pagination : undefined;
  return typeof pagination === "object" && pagination !== null ? (pagination as Record<string, unknown>) : undefined;
}

/** The page number an envelope says it holds (`pagination.currentPage` or `pagination.page`), when it says one. */
function answeredPage(page: unknown): number | undefined {
  const pagination = paginationOf(page);
  return numberAt(pagination, "currentPage") ?? numberAt(pagination, "page");
}

/**
 * Whether another page follows, from whatever the envelope says: `pagination.hasNextPage`, else
 * `pagination.totalPages` / `pagination.numPages` / top-level `totalPages` against the page number,
 * else a full page (routes that give no counts).
 */
export function hasNextPageFrom(page: unknown, state: PageNumberState): boolean {
  const pagination = paginationOf(page);
  const total = numberAt(pagination, "totalPages") ?? numberAt(pagination, "numPages") ?? numberAt(page, "totalPages");
  // The flag and the count must both allow another page: an envelope that contradicts itself cannot loop us.
  const flag = pagination?.hasNextPage;
  if (typeof flag === "boolean") return flag && (total === undefined || state.page < total);
  if (total !== undefined) return state.page < total;
  return state.itemCount >= state.pageSize;
}

/**
 * A page/pageSize list call's result, the sibling of the cursor `PagePromise`: `await` it for the
 * first page; `for await` for every item across pages; or walk `.pages()`. Pages are fetched lazily,
 * one at a time, and the first page once however it is used. The walk stops where `hasNext` says
 * so, and on an empty page whatever the envelope claims (a server that miscounts cannot loop us).
 */
export class PageNumberPromise<Item, Page> extends FirstPageThenable<Page> implements AsyncIterable<Item> {
  readonly #options: PageNumberOptions<Item, Page>;
  #pageSize = 0;
  #startPage = 1;
  #invalid: unknown;

  constructor(options: PageNumberOptions<Item, Page>) {
    super();
    if (!isObject(options) || typeof options.fetchPage !== "function" || typeof options.itemsOf !== "function") {
      throw argumentError(options, "options", "PageNumberPromise", "`{ fetchPage, itemsOf, defaultPageSize }`");
    }
    this.#options = options;
    // A bad page size or page number rejects the first page, like a failed request: the call never
    // throws synchronously, so `.catch()` and `try { await … }` both see it, and nothing is sent.
    try {
      this.#pageSize = resolvePageSize(options.pageSize, options.defaultPageSize, options.maxPageSize);
      const startPage = options.startPage ?? 1;
      if (!positiveInteger(startPage)) {
        throw new ValidationError([{ path: "page", rule: "positive_integer", message: "must be an integer ≥ 1" }]);
      }
      this.#startPage = startPage;
    } catch (error) {
      this.#invalid = error;
    }
  }

  protected fetchFirst(): Promise<WithResponse<Page>> {
    if (this.#invalid !== undefined) return Promise.reject(this.#invalid);
    return this.#options.fetchPage(this.#startPage, this.#pageSize);
  }

  /** Every page in order from the first; stops when `hasNext` is false or a page is empty. */
  async *pages(): AsyncGenerator<Page, void, undefined> {
    const { fetchPage, itemsOf } = this.#options;
    const hasNext = this.#options.hasNext ?? hasNextPageFrom;
    let number = this.#startPage;
    let page = (await this.withResponse()).data;
    for (;;) {
      yield page;
      const itemCount = itemsOf(page).length;
      if (itemCount === 0 || !hasNext(page, { page: number, pageSize: this.#pageSize, itemCount })) return;
      number += 1;
      page = (await fetchPage(number, this.#pageSize)).data;
      // Another page than the one asked for (a server that ignores `page`) is one already yielded: stop there.
      const answered = answeredPage(page);
      if (answered !== undefined && answered !== number) return;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    const { itemsOf } = this.#options;
    for await (const page of this.pages()) yield* itemsOf(page);
  }

  /** Collects every item of every page (use with care on long lists). */
  async toArray(): Promise<Item[]> {
    const out: Item[] = [];
    for await (const item of this) out.push(item);
    return out;
  }
}
