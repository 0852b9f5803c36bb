// Path patterns with `:name` segments, shared by the fake's routers (Cloud Agents, Admin, Forge) and its fault
// matching.

/**
 * Matches a path against a pattern with `:name` (or an operation table's `{name}`) segments; the captured (URL-decoded) params, or
 * `undefined`. A single trailing slash on the path is ignored.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split("/");
  const got = (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path).split("/");
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const expected = want[i] as string;
    const actual = got[i] as string;
    const name = expected.startsWith(":") ? expected.slice(1) : /^\{(\w+)\}$/.exec(expected)?.[1];
    if (name !== undefined) {
      if (actual === "") return undefined;
      try {
        params[name] = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
    } else if (expected !== actual) {
      return undefined;
    }
  }
  return params;
}
