#!/usr/bin/env node
// Checks that the documentation's links resolve (`npm run docs` runs it after TypeDoc):
//
// 1. typedoc.json documents exactly the public entry points of package.json "exports" (./package.json aside).
// 2. docs/api/ (the generated reference): every relative href/src names a file that exists, and every #anchor an
//    id (or name) in that file.
// 3. README.md: every relative link names a file of the repository, every #anchor one of its headings.
// 4. dist/*.d.ts (what users' editors show): every link in a doc comment — `@see` targets, `{@link …}`,
//    Markdown links and bare URLs — either is a URL under the homepage naming an existing README anchor
//    (GitHub's heading slugs), a URL under the API reference naming an existing page and anchor, or another
//    absolute http(s) URL. Any relative path (`spec/forge-api.md#events`, `../README.md`) fails: it resolves in
//    neither the repository nor the package.
//
//   node scripts/docs-links.mjs          all four (needs docs/api/ and dist/)
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/** The README as GitHub shows it: package.json "homepage" without its #readme. */
export const HOMEPAGE = "https://github.com/agentline/agentline";
/** Where the API reference is published (an assumption: nothing is hosted yet); docs/api/ is its content. */
export const REFERENCE = "https://agentline.github.io/agentline/";

/**
 * GitHub's anchor for a heading: the rendered text lower-cased, every character that is not a letter, digit,
 * space, hyphen or underscore removed, spaces turned into hyphens; repeats get -1, -2, …
 * @param {string} markdown
 * @returns {Set<string>}
 */
export function readmeAnchors(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fence = null;
  for (const line of markdown.split("\n")) {
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      if (fence === null) fence = fenceMatch[1];
      else if (fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // links and images: their text
      .replace(/<[^>]+>/g, "") // inline HTML tags
      .replace(/[`*_~]{1,3}(?=\S)|(?<=\S)[`*~]{1,3}/g, (marker) => (marker.startsWith("_") ? marker : ""));
    const base = text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function walk(directory, filter) {
  const files = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...walk(path, filter));
    else if (filter(entry.name)) files.push(path);
  }
  return files;
}

const idCache = new Map();

/** Every id="…" and name="…" in an HTML or SVG file. */
function idsOf(file) {
  let ids = idCache.get(file);
  if (!ids) {
    ids = new Set();
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/\s(?:id|name)="([^"]*)"/g)) ids.add(decodeHtml(match[1]));
    idCache.set(file, ids);
  }
  return ids;
}

function decodeHtml(text) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Whether `fileAndAnchor` (a path inside `base`, with an optional #anchor) exists; returns a problem or null. */
function resolveInTree(base, fromDirectory, target) {
  const [pathPart, ...anchorParts] = target.split("#");
  const anchor = decodeURIComponent(anchorParts.join("#"));
  const path = pathPart === "" ? null : resolve(fromDirectory, decodeURIComponent(pathPart.split("?")[0]));
  if (path !== null && !path.startsWith(base)) return `leaves ${relative(root, base) || "."}/`;
  if (path !== null && !existsSync(path)) return "names no file";
  if (anchor === "") return null;
  const file = path ?? null;
  if (file === null) return null; // the caller checks same-page anchors
  if (statSync(file).isDirectory()) return "has an anchor on a directory";
  if (!/\.(html|svg)$/.test(file)) return null;
  return idsOf(file).has(anchor) ? null : `names no anchor #${anchor} in ${relative(root, file)}`;
}

/** 1. typedoc.json's entry points against package.json "exports" (mapped to sources by tsconfig.json "paths"). */
export function checkEntryPoints() {
  const problems = [];
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const typedoc = JSON.parse(readFileSync(join(root, "typedoc.json"), "utf8"));
  const paths = JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8")).compilerOptions.paths;
  const expected = Object.keys(manifest.exports)
    .filter((subpath) => subpath !== "./package.json")
    .map((subpath) => {
      const specifier = subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
      const source = paths[specifier]?.[0];
      if (!source) problems.push(`tsconfig.json "paths" has no source for ${specifier}`);
      return source?.replace(/^\.\//, "");
    })
    .filter(Boolean);
  const documented = new Set(typedoc.entryPoints);
  for (const source of expected) {
    if (!documented.has(source)) problems.push(`typedoc.json "entryPoints" misses ${source} (a package export)`);
  }
  for (const source of documented) {
    if (!expected.includes(source)) problems.push(`typedoc.json documents ${source}, which is no package export`);
  }
  return { checked: expected.length, problems };
}

/** 2. Every relative link of the generated reference. */
export function checkReference(directory = join(root, "docs", "api")) {
  if (!existsSync(join(directory, "index.html"))) {
    return { checked: 0, problems: [`${relative(root, directory)}/index.html is missing: run \`npm run docs\``] };
  }
  const problems = [];
  let checked = 0;
  for (const file of walk(directory, (name) => name.endsWith(".html"))) {
    const html = readFileSync(file, "utf8");
    for (const match of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const target = decodeHtml(match[1]);
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue; // absolute: not ours
      checked++;
      if (target === "" || target === "#") continue;
      const problem = target.startsWith("#")
        ? idsOf(file).has(decodeURIComponent(target.slice(1)))
          ? null
          : `names no anchor ${target}`
        : resolveInTree(directory, dirname(file), target);
      if (problem) problems.push(`${relative(root, file)}: ${target} ${problem}`);
    }
  }
  return { checked, problems };
}

/** 3. README.md's relative links and anchors. */
export function checkReadmeLinks() {
  const markdown = readFileSync(join(root, "README.md"), "utf8");
  const anchors = readmeAnchors(markdown);
  const problems = [];
  let checked = 0;
  const prose = markdown.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1\s*$/gm, "");
  for (const match of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    checked++;
    if (target.startsWith("#")) {
      if (!anchors.has(decodeURIComponent(target.slice(1)))) problems.push(`README.md: ${target} names no heading`);
      continue;
    }
    const problem = resolveInTree(root, root, target);
    if (problem) problems.push(`README.md: ${target} ${problem}`);
  }
  return { checked, problems, anchors };
}

/**
 * The links in the doc comments of a declaration file: `@see` targets (the first word, when it looks like a path
 * or URL), `{@link target}`, Markdown link targets and bare URLs.
 * @param {string} text
 * @returns {string[]}
 */
export function commentLinks(text) {
  const links = [];
  for (const comment of text.match(/\/\*\*[\s\S]*?\*\//g) ?? []) {
    const found = new Set();
    for (const match of comment.matchAll(/@see\s+([^\s*]+)/g)) found.add(match[1]);
    for (const match of comment.matchAll(/\{@link(?:code|plain)?\s+([^\s|}]+)/g)) found.add(match[1]);
    for (const match of comment.matchAll(/\]\(([^)\s]+)\)/g)) found.add(match[1]);
    for (const match of comment.matchAll(/https?:\/\/[^\s)>\]}"'`]+/g)) found.add(match[0]);
    for (const link of found) {
      // A symbol ({@link AgentsClient}, @see verifyWebhook) is TypeDoc's to check; words are not links.
      const pathLike = /^[a-z][a-z0-9+.-]*:\/\//i.test(link) || /[/#]|\.md\b|^\./.test(link);
      if (pathLike) links.push(link.replace(/[.,;:]+$/, ""));
    }
  }
  return links;
}

/** 4. Every link in the doc comments of dist/*.d.ts. */
export function checkDeclarationLinks({ anchors, reference = join(root, "docs", "api"), dist = join(root, "dist") }) {
  if (!existsSync(join(dist, "index.d.ts"))) {
    return {
      checked: 0,
      kinds: {},
      problems: [`${relative(root, dist)}/index.d.ts is missing: run \`npm run build\``],
    };
  }
  const problems = [];
  const kinds = { readme: 0, reference: 0, external: 0 };
  let checked = 0;
  for (const file of walk(dist, (name) => name.endsWith(".d.ts"))) {
    for (const link of commentLinks(readFileSync(file, "utf8"))) {
      checked++;
      const where = `${relative(root, file)}: ${link}`;
      if (link === HOMEPAGE || link.startsWith(`${HOMEPAGE}#`) || link.startsWith(`${HOMEPAGE}/`)) {
        const anchor = link.startsWith(`${HOMEPAGE}#`) ? decodeURIComponent(link.slice(HOMEPAGE.length + 1)) : null;
        if (anchor === null) problems.push(`${where} is under the homepage but names no README anchor`);
        else if (!anchors.has(anchor)) problems.push(`${where} names no README heading`);
        else kinds.readme++;
      } else if (link.startsWith(REFERENCE)) {
        const target = link.slice(REFERENCE.length) || "index.html";
        const problem = resolveInTree(reference, reference, target.startsWith("#") ? `index.html${target}` : target);
        if (problem) problems.push(`${where} ${problem} in the API reference`);
        else kinds.reference++;
      } else if (/^https?:\/\//.test(link)) {
        kinds.external++;
      } else {
        problems.push(`${where} is a relative path: it resolves in neither the repository nor the package`);
      }
    }
  }
  return { checked, kinds, problems };
}

/** Runs the four checks; prints the problems and counts; returns whether all passed. */
export function checkDocumentationLinks({ log = console.log } = {}) {
  const entry = checkEntryPoints();
  const reference = checkReference();
  const readme = checkReadmeLinks();
  const declarations = checkDeclarationLinks({ anchors: readme.anchors });
  const all = [...entry.problems, ...reference.problems, ...readme.problems, ...declarations.problems];
  const shown = all.slice(0, 50);
  for (const problem of shown) log(`  \u2717 ${problem}`);
  if (all.length > shown.length) log(`  … and ${all.length - shown.length} more`);
  const { readme: toReadme, reference: toReference, external } = declarations.kinds;
  log(
    `docs links: ${entry.checked} entry points; ${reference.checked} relative links in docs/api; ` +
      `${readme.checked} relative links in README.md (${readme.anchors.size} headings); ${declarations.checked} ` +
      `links in dist/*.d.ts comments (${toReadme} to README anchors, ${toReference} into the reference, ` +
      `${external} external); ${all.length} broken`,
  );
  return all.length === 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = checkDocumentationLinks() ? 0 : 1;
}
