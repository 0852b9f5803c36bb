#!/usr/bin/env node
// Fails when code that must run on every runtime (browsers, workerd, Deno, Bun, Node) reaches for Node:
// `node:` or bare built-in imports, `require(`, `Buffer`, the global `process`, `__dirname`/`__filename`.
// Scans src/, adapters/ and dist/ (when built). Comments never count; string contents count only for imports.
//
//   node scripts/check-web-platform.mjs [dir ...]
//
// Plain Node, no dependencies.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const DEFAULT_DIRS = ["src", "adapters", "dist"];
const EXTENSIONS = /\.(?:[cm]?[jt]sx?|vue|svelte)$/;
const SKIP_DIRS = new Set(["node_modules", ".git"]);

// Bare names too: `from "fs"` is as Node-only as `from "node:fs"`.
const builtins = builtinModules.filter((name) => !name.startsWith("_")).map((name) => name.replace(/[/]/g, "\\/"));
const builtinSpecifier = `(?:node:[\\w/]+|(?:${builtins.join("|")}))`;
const moduleSource = (quoted) => new RegExp(quoted.replace("SPEC", `["'\`]${builtinSpecifier}["'\`]`));

/** Rules run on code without comments; `strings: true` rules see string contents, the others see them blanked. */
const RULES = [
  { name: "node import", strings: true, pattern: moduleSource("\\b(?:from|import)\\s*SPEC") },
  { name: "node import", strings: true, pattern: moduleSource("\\bimport\\s*\\(\\s*SPEC") },
  { name: "require(", strings: false, pattern: /(?<![\w$.])require\s*\(/ },
  { name: "Buffer", strings: false, pattern: /(?<![\w$.])Buffer(?![\w$])/ },
  // The global only: `event.process`, `{ process: 1 }`, `processRun` are fine.
  { name: "process", strings: false, pattern: /(?<![\w$.])process(?![\w$])(?!\s*\??\s*:)/ },
  { name: "__dirname", strings: false, pattern: /(?<![\w$.])__(?:dirname|filename)(?![\w$])/ },
];

// After one of these, `/` starts a regular expression rather than a division.
const REGEX_PRECEDERS = new Set([..."(,=:[!&|?{};+-*%<>~^"]);
const REGEX_KEYWORDS = new Set([
  "return",
  "typeof",
  "case",
  "do",
  "else",
  "in",
  "instanceof",
  "new",
  "delete",
  "void",
  "throw",
  "yield",
  "await",
]);

/**
 * Splits source into lines twice over, both without comments: `kept` keeps string contents, `blanked` replaces
 * them (and regular expression bodies) by spaces. Column positions are preserved. A small lexer, not a parser:
 * enough for hand-written TypeScript and for bundler output.
 */
export function stripComments(source) {
  let kept = "";
  let blanked = "";
  const templateDepths = []; // brace depth at which each open `${` returns to its template literal
  let braceDepth = 0;
  let lastSignificant = "";
  let index = 0;
  const emit = (text, blank) => {
    kept += blank === "comment" ? text.replace(/[^\n]/g, " ") : text;
    blanked += blank ? text.replace(/[^\n]/g, " ") : text;
  };
  const readQuoted = (quote) => {
    // returns the literal's end index (exclusive); stops at a newline for ' and " (invalid code, keep going)
    let end = index + 1;
    while (end < source.length && source[end] !== quote && source[end] !== "\n") end += source[end] === "\\" ? 2 : 1;
    return Math.min(end + 1, source.length);
  };
  const readTemplateChunk = (start) => {
    // from just after ` or }, up to and including the closing ` or ${
    let end = start;
    while (end < source.length) {
      if (source[end] === "\\") end += 2;
      else if (source[end] === "`") return { end: end + 1, opensExpression: false };
      else if (source[end] === "$" && source[end + 1] === "{") return { end: end + 2, opensExpression: true };
      else end += 1;
    }
    return { end: source.length, opensExpression: false };
  };
  const emitTemplateChunk = (start) => {
    const { end, opensExpression } = readTemplateChunk(start);
    emit(source.slice(index, start), false);
    emit(source.slice(start, end), true);
    index = end;
    if (opensExpression) {
      templateDepths.push(braceDepth);
      braceDepth += 1;
      lastSignificant = "{";
    } else lastSignificant = "`";
  };

  while (index < source.length) {
    const char = source[index];
    const next = source[index + 1];
    if (char === "/" && next === "/") {
      const end = source.indexOf("\n", index);
      const stop = end === -1 ? source.length : end;
      emit(source.slice(index, stop), "comment");
      index = stop;
    } else if (char === "/" && next === "*") {
      const end = source.indexOf("*/", index + 2);
      const stop = end === -1 ? source.length : end + 2;
      emit(source.slice(index, stop), "comment");
      index = stop;
    } else if (char === "'" || char === '"') {
      const end = readQuoted(char);
      emit(char, false);
      emit(source.slice(index + 1, end - 1), true);
      emit(source.slice(end - 1, end), false);
      index = end;
      lastSignificant = char;
    } else if (char === "`") {
      emitTemplateChunk(index + 1);
    } else if (char === "}" && templateDepths.at(-1) === braceDepth - 1) {
      templateDepths.pop();
      braceDepth -= 1;
      emitTemplateChunk(index + 1);
    } else if (
      char === "/" &&
      (lastSignificant === "" || REGEX_PRECEDERS.has(lastSignificant) || REGEX_KEYWORDS.has(lastSignificant))
    ) {
      let end = index + 1;
      let inClass = false;
      while (end < source.length && source[end] !== "\n") {
        if (source[end] === "\\") end += 1;
        else if (source[end] === "[") inClass = true;
        else if (source[end] === "]") inClass = false;
        else if (source[end] === "/" && !inClass) break;
        end += 1;
      }
      emit("/", false);
      emit(source.slice(index + 1, end), true);
      index = end;
      lastSignificant = "/regex";
    } else if (/[\w$]/.test(char)) {
      // a whole identifier, keyword or number: `return /x/` starts a regex, `value / 2` divides
      const word = /^[\w$]+/.exec(source.slice(index, index + 256))?.[0] ?? char;
      emit(word, false);
      index += word.length;
      lastSignificant = word;
    } else {
      if (char === "{") braceDepth += 1;
      else if (char === "}") braceDepth -= 1;
      if (!/\s/.test(char)) lastSignificant = char;
      emit(char, false);
      index += 1;
    }
  }
  return { kept: kept.split("\n"), blanked: blanked.split("\n") };
}

export function checkSource(source) {
  const { kept, blanked } = stripComments(source);
  const hits = [];
  const original = source.split("\n");
  for (let line = 0; line < kept.length; line++) {
    for (const rule of RULES) {
      const match = rule.pattern.exec(rule.strings ? kept[line] : blanked[line]);
      if (match)
        hits.push({ line: line + 1, column: match.index + 1, rule: rule.name, text: original[line]?.trim() ?? "" });
    }
  }
  return hits;
}

function* walk(path) {
  const stats = statSync(path);
  if (stats.isFile()) {
    if (EXTENSIONS.test(path)) yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) {
    if (!SKIP_DIRS.has(entry)) yield* walk(join(path, entry));
  }
}

function main() {
  const dirs = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_DIRS;
  const scanned = dirs.filter((dir) => existsSync(join(root, dir)));
  let files = 0;
  let hits = 0;
  for (const dir of scanned) {
    for (const file of walk(join(root, dir))) {
      files += 1;
      for (const hit of checkSource(readFileSync(file, "utf8"))) {
        hits += 1;
        console.log(`${relative(root, file)}:${hit.line}:${hit.column}  ${hit.rule}  ${hit.text}`);
      }
    }
  }
  if (hits > 0) {
    console.error(
      `\ncheck-web-platform: ${hits} Node-only use(s) in ${scanned.join(", ")}. The SDK runs on web APIs only ` +
        "(fetch, crypto.subtle, TextEncoder, ...): inject what you need as an option instead.",
    );
    process.exit(1);
  }
  console.log(
    `check-web-platform: OK, ${files} files in ${scanned.join(", ") || "(nothing to scan)"} use web APIs only.`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
