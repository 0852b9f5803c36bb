import type * as v from "valibot";
import { requestObject } from "../core/arguments.js";
import type { CallOptions } from "../core/options.js";
import { PageNumberPromise } from "../core/page-pagination.js";
import { PagePromise } from "../core/pagination.js";
import { type AdminCall, type AdminContext, adminSend } from "./admin-context.js";
import type { AdminRouteName } from "./routes.js";
import { PAGE_SIZE_LIMITS } from "./schemas/requests-pagination.js";
import { assertCursorQuery } from "./validate-pagination.js";

type Output<S> = S extends v.GenericSchema ? v.InferOutput<S> : unknown;

/** A page/pageSize route, described once. */
export interface PagedRoute<S extends v.GenericSchema, Item> {
  route: AdminRouteName;
  operation: string;
  schema: S;
  itemsOf: (page: Output<S>) => readonly Item[];
  /** Where `page` and `pageSize` go: the query (GET routes) or the JSON body (POST routes). */
  placement: "query" | "body";
  /** Everything else the request carries; a function is called (and may throw a validation error) per page, so bad input rejects instead of throwing. */
  params?: Record<string, unknown> | (() => Record<string, unknown>);
  /**
   * Checks the whole request as it will be sent (`params` plus `page` and `pageSize`) and returns it, or throws a
   * request `ValidationError`: a rule on the page size (a maximum, `users` at most `pageSize`) is checked on the
   * value that leaves, never on a copy without it.
   */
  check: (request: Record<string, unknown>, operation: string) => object;
  pathParams?: Record<string, string>;
  pageSize?: number | undefined;
  /** Used where the spec shows no default (the page size agentline sends then). */
  fallbackPageSize?: number;
  options?: CallOptions | undefined;
}

/**
 * A page/pageSize list: awaitable (first page), `for await` over every item, `.pages()`. The page size
 * is the route's documented default unless given, and is clamped to the route's maximum where the
 * server clamps too. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints)
 */
export function pagedList<S extends v.GenericSchema, Item>(
  context: AdminContext,
  spec: PagedRoute<S, Item>,
): PageNumberPromise<Item, Output<S>> {
  const limits = PAGE_SIZE_LIMITS[spec.route];
  return new PageNumberPromise<Item, Output<S>>({
    pageSize: spec.pageSize,
    defaultPageSize: limits?.defaultSize ?? spec.fallbackPageSize ?? 100,
    maxPageSize: limits?.overflow === "clamp" ? limits.max : undefined,
    itemsOf: spec.itemsOf,
    fetchPage: (page, pageSize) => {
      const params = typeof spec.params === "function" ? spec.params() : spec.params;
      const paging = spec.check({ ...params, page, pageSize }, spec.operation) as Record<string, unknown>;
      const call: AdminCall<S> = {
        route: spec.route,
        operation: spec.operation,
        pathParams: spec.pathParams,
        schema: spec.schema,
        options: spec.options,
        ...(spec.placement === "query" ? { query: toQuery(paging) } : { body: paging }),
      };
      return adminSend(context, call);
    },
  });
}

/**
 * A `nextCursor` list (team rules, setup manifests): stops where `nextCursor` is null. The query (`limit`, and the
 * cursor of each page) is checked before every request, so a bad `limit` rejects the first page and sends nothing.
 */
export function cursorList<S extends v.GenericSchema, Item>(
  context: AdminContext,
  spec: {
    route: AdminRouteName;
    operation: string;
    schema: S;
    itemsOf: (page: Output<S>) => Item[];
    /** The caller's `{ limit }`, checked when the first page is read (a wrong one rejects, never throws). */
    params: { limit?: number | undefined } | undefined;
    options?: CallOptions | undefined;
  },
): PagePromise<Item, { items: Item[]; nextCursor?: string | undefined; page: Output<S> }> {
  return new PagePromise(async (cursor) => {
    const { limit } = requestObject(spec.params, "params", spec.operation);
    const query = assertCursorQuery({ limit, cursor }, spec.operation);
    const result = await adminSend(context, {
      route: spec.route,
      operation: spec.operation,
      schema: spec.schema,
      options: spec.options,
      query: toQuery(query),
    });
    const page = result.data;
    const next = (page as { nextCursor?: unknown }).nextCursor;
    return {
      ...result,
      data: { items: spec.itemsOf(page), nextCursor: typeof next === "string" && next !== "" ? next : undefined, page },
    };
  });
}

/** Query values from a params record: arrays become comma-separated (the spec's list format). */
export function toQuery(params: Record<string, unknown>): Record<string, string | number | boolean | undefined> {
  const out: Record<string, string | number | boolean | undefined> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) out[key] = value.join(",");
    else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") out[key] = value;
    else out[key] = String(value);
  }
  return out;
}
