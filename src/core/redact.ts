import { foldedNeedles, type Needle, needlesFor } from "./secret-forms.js";
import {
  decodedViews,
  HTML_NAMED,
  mayHoldSeparated,
  originalRange,
  separatedViews,
  type TextView,
} from "./text-views.js";

/** What replaces a secret wherever it would otherwise be printed. */
export const REDACTED = "[redacted]";

/** A value that reads as a credential rather than a word: a digit or a token character in it, or 20+ letters. */
const TOKEN_LIKE = /[0-9._~+/=-]|^[A-Za-z]{20}/;

/** True when a Basic value decodes to `user:password` (so "Basic authentication" is left alone). */
function isBasicPair(value: string): boolean {
  try {
    return value.length % 4 === 0 && atob(value).includes(":");
  } catch {
    return false;
  }
}

// Credentials that look like credentials even when we were not told them: Bearer and Basic values, JWTs, forge
// installation tokens and PEM private keys (a cut-short one too). The first capture group, when there is one,
// is kept (the scheme stays readable: `Bearer [redacted]`), and `accept` may turn a word down.
const CREDENTIAL_PATTERNS: ReadonlyArray<{ pattern: RegExp; accept?: (value: string) => boolean }> = [
  { pattern: /(\bBearer\s+)[A-Za-z0-9._~+/=-]+/gi, accept: (value) => TOKEN_LIKE.test(value) },
  { pattern: /(\bBasic\s+)[A-Za-z0-9._~+/=-]+/gi, accept: (value) => TOKEN_LIKE.test(value) || isBasicPair(value) },
  { pattern: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g },
  { pattern: /\boit_[A-Za-z0-9_-]{8,}/g },
  {
    pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?:[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----|[A-Za-z0-9+/=\s]*)/g,
  },
];

const BASE64_CHAR = /[A-Za-z0-9+/=_-]/;

/** Removes secrets from what leaves the SDK: one text, or every string (keys too) in a JSON-like value. */
export interface Redactor {
  text(text: string): string;
  /** A copy of a plain value (objects, arrays, strings) with every string and key redacted; other values as is. */
  value<T>(value: T): T;
}

/** Where the needles (and, with `shapes`, the credential patterns) match in one reading of the text. */
function matchesIn(view: TextView, needles: readonly Needle[], shapes: boolean, ranges: Array<[number, number]>): void {
  const { text } = view;
  for (const needle of needles) {
    for (let at = text.indexOf(needle.value); at >= 0; at = text.indexOf(needle.value, at + 1)) {
      let start = at;
      let end = at + needle.value.length;
      if (needle.base64) {
        // The whole base64 token is the secret's encoding (`key:`, `user:key`, …), not only the fragment.
        while (start > 0 && BASE64_CHAR.test(text[start - 1] as string)) start--;
        while (end < text.length && BASE64_CHAR.test(text[end] as string)) end++;
      }
      ranges.push(originalRange(view, start, end));
    }
  }
  if (!shapes) return;
  for (const { pattern, accept } of CREDENTIAL_PATTERNS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const kept = match[1]?.length ?? 0;
      if (accept && !accept(match[0].slice(kept))) continue;
      ranges.push(originalRange(view, match.index + kept, match.index + match[0].length));
    }
  }
}

/** The text with the ranges (merged where they touch) replaced by {@link REDACTED}. */
function replaceRanges(text: string, ranges: Array<[number, number]>): string {
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a[0] - b[0]);
  let out = "";
  let cursor = 0;
  for (const [start, end] of ranges) {
    if (out !== "" && start <= cursor) {
      cursor = Math.max(cursor, end);
      continue;
    }
    out += text.slice(cursor, start) + REDACTED;
    cursor = end;
  }
  return out + text.slice(cursor);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** What each JSON short escape's letter decodes to (`\n` → newline, …): see text-views.ts. */
const SHORT_ESCAPES: ReadonlyArray<[letter: string, decoded: string]> = [
  ['"', '"'],
  ["\\", "\\"],
  ["/", "/"],
  ["b", "\b"],
  ["f", "\f"],
  ["n", "\n"],
  ["r", "\r"],
  ["t", "\t"],
];

/**
 * What every credential pattern holds written as is. Letters, digits, `_`, `-` and spaces never come out of a short
 * escape or named HTML reference, so where no `%XX`, `\uXXXX` or `&#…;` is left to decode, a text without these holds
 * no credential in any reading.
 */
const CREDENTIAL_ANCHORS: readonly RegExp[] = [/bearer|basic/i];
const CREDENTIAL_WORDS: readonly string[] = ["eyJ", "oit_", "PRIVATE KEY"];

/** Lower-case letters from the most to the least frequent in English prose (what agent output mostly is). */
const LETTERS_BY_FREQUENCY = "etaoinsrhldcumfpgwybvkxjqz";

/** How often a character is expected in agent output, roughly: spaces and JSON punctuation most, capitals least. */
function commonness(char: string): number {
  if (' ":,{}'.includes(char)) return 100;
  const letter = LETTERS_BY_FREQUENCY.indexOf(char);
  if (letter >= 0) return 90 - letter;
  if (/[0-9._/-]/.test(char)) return 40;
  return 20;
}

/**
 * The end of `word` from its least common character on: a text that holds `word` holds it too, and `includes`
 * rejects a text fastest when the first character it looks for is rare (it scans for that character first).
 */
function probeOf(word: string): string {
  let at = 0;
  for (let index = 1; index < word.length; index++) {
    if (commonness(word[index] as string) < commonness(word[at] as string)) at = index;
  }
  return word.slice(at);
}

/** A word to look for, and its rare end (see {@link probeOf}). */
interface Probe {
  probe: string;
  word: string;
}
const probesOf = (words: readonly string[]): Probe[] => words.map((word) => ({ probe: probeOf(word), word }));
/** `text.includes(word)`, looking for the word's rare end first. */
const holds = (text: string, { probe, word }: Probe): boolean => text.includes(probe) && text.includes(word);
const WORD_PROBES = probesOf(CREDENTIAL_WORDS);

/**
 * The sequences without which no decoded reading of a text can differ from the text where a needle could match: a
 * `%`, `\u` or `&#` (they can spell any character), a short escape or named HTML reference that spells a character
 * some needle holds (base64 needles hold `/`, so `\/`), and `+` when a needle holds a space (form encoding).
 */
function decodingTriggers(needles: readonly Needle[]): string[] {
  const triggers = ["%", "\\u", "&#"];
  for (const [name, decoded] of Object.entries(HTML_NAMED)) {
    if (needles.some((needle) => needle.value.includes(decoded))) triggers.push(`&${name};`);
  }
  for (const [letter, decoded] of SHORT_ESCAPES) {
    if (needles.some((needle) => needle.value.includes(decoded))) triggers.push(`\\${letter}`);
  }
  if (needles.some((needle) => needle.value.includes(" "))) triggers.push("+");
  return triggers;
}

/**
 * True when no reading of `input` can hold a needle or a credential, so the text is returned as is without
 * building decoded readings (the run-stream relay passes megabytes of agent output through here): nothing to
 * decode that could spell a needle, no needle written as is, no credential pattern's anchor.
 */
function clearOfSecrets(input: string, search: NeedleSearch): boolean {
  for (const trigger of search.triggers) if (input.includes(trigger)) return false;
  for (const probe of search.probes) if (holds(input, probe)) return false;
  if (search.folded.length > 0) {
    const lower = input.toLowerCase();
    for (const needle of search.folded) if (lower.includes(needle.value)) return false;
  }
  if (!search.shapes) return true;
  for (const probe of WORD_PROBES) if (holds(input, probe)) return false;
  for (const anchor of CREDENTIAL_ANCHORS) if (anchor.test(input)) return false;
  return true;
}

/**
 * What one redactor looks for, prepared once: its needles, their probes, the triggers, whether shapes count, and the
 * needles looked for in separated readings (none when they are not searched): all of them where lines were unwrapped,
 * no base64 ones where words run together (a token read there would swallow its neighbours), hex ones among a dump's
 * digits.
 */
interface NeedleSearch {
  needles: readonly Needle[];
  probes: readonly Probe[];
  triggers: readonly string[];
  shapes: boolean;
  /** The long needles lower-cased, looked for in a lower-cased reading (only where texts are read in full). */
  folded: readonly Needle[];
  separated:
    | { unwrapped: readonly Needle[]; plain: readonly Needle[]; foldedPlain: readonly Needle[]; hex: readonly Needle[] }
    | undefined;
}

const HEX_ONLY = /^[0-9a-fA-F]+$/;

function needleSearch(needles: readonly Needle[], shapes: boolean, separated: boolean): NeedleSearch {
  const folded = separated ? foldedNeedles(needles) : [];
  return {
    needles,
    probes: probesOf(needles.map((needle) => needle.value)),
    triggers: decodingTriggers(needles),
    shapes,
    folded,
    separated:
      separated && needles.length > 0
        ? {
            unwrapped: needles,
            plain: needles.filter((needle) => !needle.base64),
            foldedPlain: folded.filter((needle) => !needle.base64),
            hex: needles.filter((needle) => !needle.base64 && HEX_ONLY.test(needle.value)),
          }
        : undefined,
  };
}

const SHAPES_ONLY = /* @__PURE__ */ needleSearch([], true, false);

/** The view lower-cased character for character (a character whose lower case is longer is kept as is). */
function lowerCased(view: TextView): TextView {
  let lower = view.text.toLowerCase();
  if (lower.length !== view.text.length) {
    lower = "";
    for (const char of view.text.split("")) {
      const folded = char.toLowerCase();
      lower += folded.length === 1 ? folded : char;
    }
  }
  return { text: lower, starts: view.starts, ends: view.ends };
}

/** `input` with every match of the needles (and the credential patterns) replaced, in every decoded reading. */
function redactNeedles(input: string, search: NeedleSearch): string {
  // A secret taken apart by a dump or a wrapped line hides from the needles' shortcut: it needs a shortcut of its own.
  if (clearOfSecrets(input, search) && !(search.separated && mayHoldSeparated(input))) return input;
  const ranges: Array<[number, number]> = [];
  const { folded, separated } = search;
  // Each reading, and (for the long needles) the same reading lower-cased.
  const look = (view: TextView, needles: readonly Needle[], foldedToo: readonly Needle[]) => {
    matchesIn(view, needles, false, ranges);
    if (foldedToo.length > 0) matchesIn(lowerCased(view), foldedToo, false, ranges);
  };
  for (const view of decodedViews(input)) {
    matchesIn(view, search.needles, search.shapes, ranges);
    if (folded.length > 0) matchesIn(lowerCased(view), folded, false, ranges);
    if (!separated) continue;
    const { unwrapped, unspaced, hexDigits, quotedPrintable } = separatedViews(view);
    if (unwrapped) look(unwrapped, separated.unwrapped, folded);
    if (quotedPrintable) look(quotedPrintable, separated.unwrapped, folded);
    if (unspaced) look(unspaced, separated.plain, separated.foldedPlain);
    if (hexDigits) matchesIn(hexDigits, separated.hex, false, ranges);
  }
  return replaceRanges(input, ranges);
}

/**
 * Removes anything credential-shaped (Bearer and Basic values, JWTs, tokens, PEM keys) in any encoding, with no
 * list of known secrets: {@link redactText} without secrets, in less code (what every error's inspect view ships).
 */
export function redactCredentials(text: string): string {
  return redactNeedles(text, SHAPES_ONLY);
}

/** What a redactor looks for besides the secrets it is given. */
export interface RedactorOptions {
  /**
   * Anything credential-shaped (Bearer and Basic values, JWTs, installation tokens, PEM keys), default true. False
   * for content handed on as data (a relayed agent's output), where a token the user wrote is theirs to see.
   */
  credentialShapes?: boolean | undefined;
  /**
   * Also look for a secret that a dump or a wrapped line took apart (`73 6b 5f`, `73:6b`, `\x73\x6b`, `0x73, 0x6b`,
   * base64 or hex wrapped at 64 or 76 columns, a line broken anywhere, quoted-printable, characters spaced apart or
   * joined by zero-width characters), upper- or lower-cased as a whole, reversed, or base64-encoded twice, default
   * true. Every text is then read in full, with no shortcut: false for megabytes of content handed on as data (a
   * relayed run stream).
   */
  separatedForms?: boolean | undefined;
}

/**
 * A redactor for a client's secrets (API keys, admin keys, app private keys, app JWTs, installation and user
 * tokens). Each secret is looked for as written, in every JSON-escaped and URL-encoded reading of the text (so
 * `\u0073k_…`, `\/` and `%2F` forms are found without listing them), and as base64 / base64url alone or inside
 * a longer encoded string (`key:`, `user:key`), besides anything credential-shaped.
 */
export function createRedactor(secrets: readonly string[], options: RedactorOptions = {}): Redactor {
  const separated = options.separatedForms !== false;
  const needles = needlesFor(secrets, separated);
  const search = needleSearch(needles, options.credentialShapes !== false, separated);
  const text = (input: string): string => redactNeedles(input, search);
  const copy = (input: unknown, seen: WeakMap<object, unknown>): unknown => {
    if (typeof input === "string") return text(input);
    if (typeof input !== "object" || input === null) return input;
    if (seen.has(input)) return seen.get(input);
    if (Array.isArray(input)) {
      const out: unknown[] = [];
      seen.set(input, out);
      for (const item of input) out.push(copy(item, seen));
      return out;
    }
    if (!isPlainObject(input)) return input;
    const out: Record<string, unknown> = {};
    seen.set(input, out);
    for (const [key, item] of Object.entries(input)) {
      let safeKey = text(key);
      // Two keys that both were secrets must not overwrite each other.
      for (let n = 2; safeKey in out; n++) safeKey = `${text(key)}#${n}`;
      out[safeKey] = copy(item, seen);
    }
    return out;
  };
  return { text, value: <T>(input: T): T => copy(input, new WeakMap()) as T };
}

/**
 * Removes every known secret, in any encoding, and anything credential-shaped from a text that may reach an
 * error message or a log line.
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  return createRedactor(secrets).text(text);
}

/** A redactor per distinct list of secrets, reused while the list stays the same (tokens rotate now and then). */
export function redactorCache(options?: RedactorOptions): (secrets: readonly string[]) => Redactor {
  let key: string | undefined;
  let redactor: Redactor | undefined;
  return (secrets) => {
    const next = secrets.join("\u0000");
    if (redactor === undefined || next !== key) {
      key = next;
      redactor = createRedactor(secrets, options);
    }
    return redactor;
  };
}

const SECRET_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"]);

/** True for a header whose value is a credential. */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADERS.has(name.toLowerCase());
}

/**
 * The secrets in a record of headers: each credential header's value, the credential after its scheme
 * (`Bearer x` → `x`), and a Basic value's user and password.
 */
export function secretsInHeaders(headers: Record<string, string> | undefined): string[] {
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!isSecretHeader(name) || typeof value !== "string") continue;
    const [scheme = "", credential = ""] = value.trim().split(/\s+/, 2);
    secrets.push(value, credential);
    if (/^basic$/i.test(scheme)) {
      try {
        const decoded = atob(credential);
        const colon = decoded.indexOf(":");
        secrets.push(decoded.slice(0, colon < 0 ? undefined : colon), colon < 0 ? "" : decoded.slice(colon + 1));
      } catch {
        // Not base64: the value itself is already listed.
      }
    }
  }
  return secrets;
}

/** A plain record of headers with credential-bearing ones replaced, for logs and hooks' records. */
export function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = isSecretHeader(name) ? REDACTED : value;
  });
  return out;
}
