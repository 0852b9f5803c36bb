import type { Caller } from "./auth.js";
import type { StreamFault } from "./faults.js";
import type { IdSource } from "./ids.js";
import type { ResolvedOptions } from "./options.js";
import { matchPath } from "./path-match.js";
import { HttpFailure, type Reply } from "./responses.js";
import type { FakeStore } from "./store.js";

/** The request body as the fake read it. */
export type RequestBody = { kind: "none" } | { kind: "json"; value: unknown } | { kind: "invalid" };

/** Everything a route handler gets: the request, its parts, the caller, the state and one `now`. */
export interface RouteContext {
  request: Request;
  params: Record<string, string>;
  query: URLSearchParams;
  body: RequestBody;
  caller: Caller;
  /** Read once per request, so one answer never mixes two instants. */
  now: number;
  store: FakeStore;
  options: ResolvedOptions;
  ids: IdSource;
  /** A stream fault picked for this request; only the run stream route uses it. */
  streamFault?: StreamFault;
}

/** One route of the fake: a method, a path pattern with `:name` segments, and its handler. */
export interface RouteDefinition {
  method: string;
  pattern: string;
  handle(context: RouteContext): Reply | Promise<Reply>;
}

/** What routing found: a handler with its params, or the methods the path allows (for 405). */
export type RouteMatch = { route: RouteDefinition; params: Record<string, string> } | { allowed: string[] };

/** Finds the route for a method and path. */
export function findRoute(routes: readonly RouteDefinition[], method: string, path: string): RouteMatch {
  const allowed: string[] = [];
  for (const route of routes) {
    const params = matchPath(route.pattern, path);
    if (params === undefined) continue;
    if (route.method === method) return { route, params };
    allowed.push(route.method);
  }
  return { allowed };
}

/** The JSON body of a request that needs one: 400 missing_body when absent, validation_error when not JSON. */
export function requireJsonBody(context: RouteContext): unknown {
  if (context.body.kind === "none")
    throw new HttpFailure(400, "missing_body", "This operation needs a JSON request body.");
  if (context.body.kind === "invalid")
    throw new HttpFailure(400, "validation_error", "The request body is not valid JSON.");
  return context.body.value;
}
