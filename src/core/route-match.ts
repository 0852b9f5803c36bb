import type { PlaceholderKind } from "./paths.js";

/** A route's path as a pattern, and how much literal text it holds (more wins). */
interface CompiledRoute<R> {
  route: R;
  pattern: RegExp;
  literal: number;
}

// Compiled once per table and placeholder kinds (a client's table lives as long as the client).
const compiled = new WeakMap<object, { kinds: object | undefined; routes: CompiledRoute<unknown>[] }>();

function compile<R extends { path: string }>(
  routes: Readonly<Record<string, R>>,
  kinds: Readonly<Record<string, PlaceholderKind>> | undefined,
): CompiledRoute<R>[] {
  const known = compiled.get(routes);
  if (known && known.kinds === kinds) return known.routes as CompiledRoute<R>[];
  // An entry without a string path (a table built by hand) can match nothing.
  const out = Object.values(routes).flatMap((route) => {
    if (typeof route?.path !== "string") return [];
    const source = route.path
      .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
      // A placeholder of the `path` kind (a ref `heads/feature`, a file path) is filled segment by segment, its
      // slashes kept: it matches one or more non-empty segments. Every other placeholder is one segment.
      .replace(/\{(\w+)\}/g, (_, name: string) => (kinds?.[name] === "path" ? "[^/]+(?:/[^/]+)*" : "[^/]+"));
    return [{ route, pattern: new RegExp(`^${source}/?$`), literal: route.path.replace(/\{\w+\}/g, "").length }];
  });
  compiled.set(routes, { kinds, routes: out });
  return out;
}

/**
 * The routes-table entry a concrete method and path name, so that `client.request()` on a known operation gets that
 * operation's retry class and rate budget. A `{placeholder}` matches one non-empty segment, or several when `kinds`
 * names it a `path` (as the path is filled); among several matches the one with the most literal text wins
 * (`/pulls/comments/{id}` over `/pulls/{number}/…`, `/commits/{ref}/files` over `/commits/{ref}`).
 */
export function matchRoute<R extends { method: string; path: string }>(
  routes: Readonly<Record<string, R>>,
  method: string,
  path: string,
  kinds?: Readonly<Record<string, PlaceholderKind>>,
): R | undefined {
  let best: R | undefined;
  let bestLiteral = -1;
  for (const { route, pattern, literal } of compile(routes, kinds)) {
    if (route.method !== method || !pattern.test(path)) continue;
    if (literal > bestLiteral) {
      best = route;
      bestLiteral = literal;
    }
  }
  return best;
}
