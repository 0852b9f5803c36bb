/**
 * The routes-table entry a concrete method and path name, so that `client.request()` on a known operation gets that
 * operation's retry class and rate budget. A `{placeholder}` matches one non-empty segment; among several matches the
 * one with the most literal text wins (`/pulls/comments/{id}` over `/pulls/{number}/…`).
 */
export function matchRoute<R extends { method: string; path: string }>(
  routes: Readonly<Record<string, R>>,
  method: string,
  path: string,
): R | undefined {
  let best: R | undefined;
  let bestLiteral = -1;
  for (const route of Object.values(routes)) {
    if (route.method !== method) continue;
    const pattern = route.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+");
    if (!new RegExp(`^${pattern}/?$`).test(path)) continue;
    const literal = route.path.replace(/\{\w+\}/g, "").length;
    if (literal > bestLiteral) {
      best = route;
      bestLiteral = literal;
    }
  }
  return best;
}
