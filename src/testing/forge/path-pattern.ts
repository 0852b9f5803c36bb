// Matching forge paths against route patterns. Two shapes need more than `matchPath`'s one-segment parameters:
// custom methods glued to a parameter (`/repos/:owner/:repo:grep`) and parameters whose values are paths of their
// own (`git/refs/heads/feature/x`, `contents/docs/a.md`, `compare/main...feature/x/files`), which the SDK sends
// with their slashes kept. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Endpoints)
import { matchPath } from "../path-match.js";

/** Parameters whose values may span several segments (the SDK's routes table keeps their slashes). */
const MULTI_SEGMENT = new Set(["ref", "path", "basehead"]);

const compiled = new Map<string, RegExp | null>();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// A regular expression for patterns that need one, `null` for plain ones (left to `matchPath`).
function compile(pattern: string): RegExp | null {
  let special = false;
  const parts = pattern.split("/").map((segment) => {
    const match = /^:(\w+)(.*)$/.exec(segment);
    if (!match) return escapeRegExp(segment);
    const [, name, rest] = match as unknown as [string, string, string];
    if (rest !== "") {
      special = true;
      return `(?<${name}>[^/]+?)${escapeRegExp(rest)}`;
    }
    if (MULTI_SEGMENT.has(name)) {
      special = true;
      return `(?<${name}>[^/]+(?:/[^/]+)*)`;
    }
    return `(?<${name}>[^/]+)`;
  });
  return special ? new RegExp(`^${parts.join("/")}/?$`) : null;
}

/**
 * The URL-decoded parameters of `path` under `pattern`, or undefined when it does not match. Plain patterns
 * match exactly as the rest of the fake matches them; `:name:verb` segments and multi-segment parameters
 * (`ref`, `path`, `basehead`) match as described above.
 */
export function matchForgePath(pattern: string, path: string): Record<string, string> | undefined {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    regex = compile(pattern);
    compiled.set(pattern, regex);
  }
  if (regex === null) return matchPath(pattern, path);
  const groups = regex.exec(path)?.groups;
  if (!groups) return undefined;
  const params: Record<string, string> = {};
  try {
    for (const [name, value] of Object.entries(groups)) {
      params[name] = value.split("/").map(decodeURIComponent).join("/");
    }
  } catch {
    return undefined;
  }
  return params;
}
