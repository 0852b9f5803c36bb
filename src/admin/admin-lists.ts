import { AgentlineError } from "../core/errors.js";
import { type OperationOutput, sendOperation } from "../core/operation.js";
import type { CallOptions } from "../core/options.js";
import { type PageNumberOptions, PageNumberPromise } from "../core/page-pagination.js";
import type { AdminContext } from "./admin-policy.js";
import type { ADMIN_OPERATIONS, AdminOperationName } from "./operations.js";
import { PAGE_SIZE_LIMITS } from "./schemas/requests-pagination.js";

type Page<N extends AdminOperationName> = OperationOutput<(typeof ADMIN_OPERATIONS)[N]>;

/** How one page/pageSize list is read: where the page goes, what else the request carries, where the items are. */
export interface PagedList<N extends AdminOperationName, Item> {
  itemsOf: (page: Page<N>) => readonly Item[];
  /** Where `page` and `pageSize` go: the query (GET operations) or the JSON body (POST operations). */
  placement: "query" | "body";
  /** Everything else the request carries; a function is called per page, so bad input rejects instead of throwing. */
  params?: Record<string, unknown> | (() => Record<string, unknown>);
  pathParams?: Record<string, unknown>;
  pageSize?: number | undefined;
  /** Used where the spec shows no default (the page size agentline sends then). */
  fallbackPageSize?: number;
  options?: CallOptions | undefined;
}

/**
 * A page/pageSize list of one operation: awaitable (first page), `for await` over every item, `.pages()`. The page
 * size is the documented default unless given and is clamped where the server clamps; the whole request, page size
 * included, is checked by the entry's schema before each page is sent.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints)
 */
export function pagedList<N extends AdminOperationName, Item>(
  context: AdminContext,
  name: N,
  spec: PagedList<N, Item>,
): PageNumberPromise<Item, Page<N>> {
  const limits = PAGE_SIZE_LIMITS[name];
  return new PageNumberPromise<Item, Page<N>>(
    stopOnRepeatedPage({
      pageSize: spec.pageSize,
      defaultPageSize: limits?.defaultSize ?? spec.fallbackPageSize ?? 100,
      maxPageSize: limits?.overflow === "clamp" ? limits.max : undefined,
      itemsOf: spec.itemsOf,
      fetchPage: (page, pageSize) => {
        const params = typeof spec.params === "function" ? spec.params() : spec.params;
        const request = { ...params, page, pageSize };
        const input = spec.placement === "query" ? { query: toQuery(request) } : { body: request };
        return sendOperation(context, name, { ...input, params: spec.pathParams, options: spec.options });
      },
    }),
  );
}

/**
 * A page walk that ends at a page repeating the one before it item for item while the server's counts grew in
 * between (or while it gives none): rows inserted in front between two requests, a page's worth or more each time,
 * would otherwise hand back the same rows page after page, forever. The repeated page holds no items for iteration
 * (it is still yielded by `.pages()`), so the walk stops there. Other changes while paging are the server's: a row
 * inserted before the read position shifts one row to the next page (seen twice), a row deleted there shifts one
 * past the walk (not seen). Equal pages while the counts stay put are believed, but only
 * {@link MAX_REPEATED_PAGES_IN_A_ROW} in a row: a server that ignores `page` and claims more pages would otherwise
 * hand back its first page for ever; the walk then fails with `pagination_stalled`.
 */
export function stopOnRepeatedPage<Item, Page>(options: PageNumberOptions<Item, Page>): PageNumberOptions<Item, Page> {
  const prints = new Map<number, { items: string; counts: string }>();
  const repeated = new WeakSet<object>();
  let inARow = 0;
  return {
    ...options,
    fetchPage: async (page, pageSize) => {
      const result = await options.fetchPage(page, pageSize);
      const data: unknown = result?.data;
      if (typeof data !== "object" || data === null) return result;
      const items = fingerprint(() => options.itemsOf(result.data));
      if (items === undefined) return result;
      const counts = countsOf(data);
      const before = prints.get(page - 1);
      const same = items !== "[]" && before?.items === items;
      if (same && (counts === NO_COUNTS || before.counts !== counts)) repeated.add(data);
      inARow = same ? inARow + 1 : 0;
      if (inARow >= MAX_REPEATED_PAGES_IN_A_ROW) {
        throw new AgentlineError(
          `The server answered the same page ${inARow + 1} times in a row while claiming more; the walk stopped rather than request it for ever.`,
          { code: "pagination_stalled" },
        );
      }
      prints.set(page, { items, counts });
      prints.delete(page - 2);
      return result;
    },
    itemsOf: (page) => (typeof page === "object" && page !== null && repeated.has(page) ? [] : options.itemsOf(page)),
  };
}

/** How many pages equal to the one before them (counts unchanged) a walk follows in a row before it fails. */
export const MAX_REPEATED_PAGES_IN_A_ROW = 3;

const COUNT_KEYS = ["totalCount", "totalPages", "numPages", "totalUsers", "totalMembers", "totalUsageEventsCount"];
const NO_COUNTS = JSON.stringify([...COUNT_KEYS, ...COUNT_KEYS].map(() => null));

/** The counts an envelope gives (in `pagination` and at the top level), as one string. */
function countsOf(data: object): string {
  const pagination = (data as { pagination?: unknown }).pagination;
  const read = (record: unknown) =>
    COUNT_KEYS.map(
      (key) =>
        (typeof record === "object" && record !== null ? (record as Record<string, unknown>)[key] : null) ?? null,
    );
  return JSON.stringify([...read(pagination), ...read(data)]);
}

/** Query values from a params record: arrays become comma-separated (the spec's list format). */
export function toQuery(params: Record<string, unknown>): Record<string, string | number | boolean | undefined> {
  const out: Record<string, string | number | boolean | undefined> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    // Only a list of plain values is joined; any other list, and anything else (an object), goes on as it is, for the
    // query's own check to refuse by name: never `[object Object]`, nor a TypeError from joining a symbol.
    if (Array.isArray(value) && value.every(isQueryText)) out[key] = value.join(",");
    else out[key] = value as string;
  }
  return out;
}

function isQueryText(value: unknown): boolean {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

// The items as JSON, or `undefined` when they cannot be read that way (then the page is never taken for a repeat).
function fingerprint(items: () => unknown): string | undefined {
  try {
    return JSON.stringify(items());
  } catch {
    return undefined;
  }
}
