// Text search over one commit's files for the fake forge's :grep: RE2-style patterns through JS RegExp (a leading
// `(?i)` becomes the `i` flag), literal search with its case and whole-word options, path filters and globs,
// context lines and `maxResults`. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only)
import { invalidArgument } from "./errors.js";
import type { GitSnapshot } from "./git-store.js";

/** The grep body after the SDK schema's checks (context already reduced to 10). */
export interface GrepQuery {
  query: string;
  literal?: boolean;
  caseInsensitive?: boolean;
  wholeWord?: boolean;
  contextBefore?: number;
  contextAfter?: number;
  filterPath?: string;
  includes?: string[];
  excludes?: string[];
  maxResults?: number;
}

/** One matching line with its context. */
export interface GrepLine {
  path: string;
  lineNumber: number;
  line: string;
  contextBefore: string[];
  contextAfter: string[];
}

/** Default and maximum `maxResults`. */
export const MAX_GREP_RESULTS = 1000;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The pattern of a query: literal or regular expression; case and whole-word options only for literals. */
export function grepPattern(query: GrepQuery): RegExp {
  if (query.literal) {
    const source = escapeRegExp(query.query);
    return new RegExp(query.wholeWord ? `\\b${source}\\b` : source, query.caseInsensitive ? "i" : "");
  }
  const inline = /^\(\?i\)/.exec(query.query);
  const source = inline ? query.query.slice(inline[0].length) : query.query;
  try {
    return new RegExp(source, inline ? "i" : "");
  } catch {
    throw invalidArgument("query", "is not a valid regular expression; set literal to search for the text itself.");
  }
}

/** A glob as a RegExp: `**` spans directories, `*` and `?` stay within one; no slash means "any directory". */
export function globPattern(glob: string): RegExp {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] as string;
    if (char === "*" && glob[i + 1] === "*") {
      const slash = glob[i + 2] === "/";
      source += slash ? "(?:.*/)?" : ".*";
      i += slash ? 2 : 1;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else source += escapeRegExp(char);
  }
  return new RegExp(glob.includes("/") ? `^${source.replace(/^\//, "")}$` : `(?:^|/)${source}$`);
}

function wanted(path: string, query: GrepQuery): boolean {
  const under = query.filterPath?.replace(/^\/+|\/+$/g, "") ?? "";
  if (under !== "" && path !== under && !path.startsWith(`${under}/`)) return false;
  if (query.includes?.length && !query.includes.some((glob) => globPattern(glob).test(path))) return false;
  return !query.excludes?.some((glob) => globPattern(glob).test(path));
}

const decoder = new TextDecoder("utf-8", { fatal: true });

// Binary files (a NUL byte, or not UTF-8) are skipped, as code search does.
function textOf(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Matching lines in path order, at most `maxResults`; `limitHit` when more existed. */
export function grepSnapshot(files: GitSnapshot, query: GrepQuery): { lines: GrepLine[]; limitHit: boolean } {
  const pattern = grepPattern(query);
  const max = Math.min(query.maxResults ?? MAX_GREP_RESULTS, MAX_GREP_RESULTS);
  const before = query.contextBefore ?? 0;
  const after = query.contextAfter ?? 0;
  const lines: GrepLine[] = [];
  const paths = [...files.keys()].sort();
  for (const path of paths) {
    const file = files.get(path);
    if (!file || file.mode === "symlink" || !wanted(path, query)) continue;
    const text = textOf(file.bytes);
    if (text === undefined) continue;
    const all = text.split(/\r?\n/);
    if (all.at(-1) === "") all.pop();
    for (let i = 0; i < all.length; i++) {
      if (!pattern.test(all[i] as string)) continue;
      if (lines.length === max) return { lines, limitHit: true };
      lines.push({
        path,
        lineNumber: i + 1,
        line: all[i] as string,
        contextBefore: all.slice(Math.max(0, i - before), i),
        contextAfter: all.slice(i + 1, i + 1 + after),
      });
    }
  }
  return { lines, limitHit: false };
}
