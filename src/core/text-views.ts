/**
 * A decoded reading of a text. Character `i` of `text` came from `[starts[i], ends[i])` of the original, so a
 * match found in the decoded text maps back to the exact original characters (whole escape sequences).
 * Without `starts`/`ends` the view is the original itself.
 */
export interface TextView {
  text: string;
  starts?: number[] | undefined;
  ends?: number[] | undefined;
}

const JSON_ESCAPES: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};
const HEX2 = /^[0-9a-fA-F]{2}$/;
const HEX4 = /^[0-9a-fA-F]{4}$/;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The byte of a `%XX` at `i`, or -1. */
function percentByte(text: string, i: number): number {
  if (text[i] !== "%") return -1;
  const hex = text.slice(i + 1, i + 3);
  return HEX2.test(hex) ? Number.parseInt(hex, 16) : -1;
}

/** A `%XX` run at `i` decoded as one UTF-8 character: the character and where the run ends, or undefined. */
function percentChar(text: string, i: number): { chars: string; end: number } | undefined {
  const lead = percentByte(text, i);
  if (lead < 0) return undefined;
  if (lead < 0x80) return { chars: String.fromCharCode(lead), end: i + 3 };
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
  if (length === 0) return undefined;
  const bytes = new Uint8Array(length);
  for (let k = 0; k < length; k++) {
    const byte = percentByte(text, i + 3 * k);
    if (byte < 0 || (k > 0 && (byte & 0xc0) !== 0x80)) return undefined;
    bytes[k] = byte;
  }
  try {
    return { chars: utf8.decode(bytes), end: i + 3 * length };
  } catch {
    return undefined;
  }
}

/** What the named character references a page or an HTML error body may use decode to. */
export const HTML_NAMED: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const HTML_REFERENCE = /^&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/;

/** An HTML character reference at `i` (`&#115;`, `&#x73;`, `&amp;`): the character and where it ends, or undefined. */
function htmlReference(text: string, i: number): { chars: string; end: number } | undefined {
  const match = HTML_REFERENCE.exec(text.slice(i, i + 12));
  if (!match) return undefined;
  const end = i + match[0].length;
  if (match[3] !== undefined) return { chars: HTML_NAMED[match[3]] as string, end };
  const code = match[1] !== undefined ? Number.parseInt(match[1], 10) : Number.parseInt(match[2] as string, 16);
  return code > 0 && code <= 0x10ffff ? { chars: String.fromCodePoint(code), end } : undefined;
}

const SPECIAL = /[\\%+&]/g;

/**
 * One pass of decoding: JSON string escapes (`\uXXXX`, `\/`, `\n`, …), percent-encoding (UTF-8 aware) and HTML
 * character references (`&#115;`, `&#x73;`, `&amp;`), plus `+` as a space when asked (form encoding). Undefined when the text has nothing to decode. A decoded
 * text is never longer than its source, so the maps fit in arrays of the source's length.
 */
function decodeOnce(text: string, plusAsSpace: boolean): Required<TextView> | undefined {
  const starts: number[] = new Array(text.length);
  const ends: number[] = new Array(text.length);
  const pieces: string[] = [];
  let length = 0;
  let changed = false;
  const copy = (from: number, to: number) => {
    pieces.push(text.slice(from, to));
    for (let i = from; i < to; i++, length++) {
      starts[length] = i;
      ends[length] = i + 1;
    }
  };
  const emit = (decoded: string, from: number, to: number) => {
    pieces.push(decoded);
    for (let k = 0; k < decoded.length; k++, length++) {
      starts[length] = from;
      ends[length] = to;
    }
    changed = true;
  };
  let cursor = 0;
  SPECIAL.lastIndex = 0;
  for (let match = SPECIAL.exec(text); match; match = SPECIAL.exec(text)) {
    const i = match.index;
    if (i < cursor) continue;
    let decoded: string | undefined;
    let end = i + 1;
    const c = text[i];
    if (c === "\\") {
      const next = text[i + 1] ?? "";
      const hex = text.slice(i + 2, i + 6);
      if (next === "u" && HEX4.test(hex)) {
        decoded = String.fromCharCode(Number.parseInt(hex, 16));
        end = i + 6;
      } else if (JSON_ESCAPES[next] !== undefined) {
        decoded = JSON_ESCAPES[next];
        end = i + 2;
      }
    } else if (c === "%" || c === "&") {
      const char = c === "%" ? percentChar(text, i) : htmlReference(text, i);
      if (char) {
        decoded = char.chars;
        end = char.end;
      }
    } else if (plusAsSpace) {
      decoded = " ";
    }
    if (decoded === undefined) continue;
    copy(cursor, i);
    emit(decoded, i, end);
    cursor = end;
    SPECIAL.lastIndex = end;
  }
  if (!changed) return undefined;
  copy(cursor, text.length);
  starts.length = length;
  ends.length = length;
  return { text: pieces.join(""), starts, ends };
}

/** `next` decoded from `view`, expressed against the original text. */
function compose(view: TextView, next: Required<TextView>): TextView {
  const { starts, ends } = view;
  if (!starts || !ends) return next;
  return {
    text: next.text,
    starts: next.starts.map((s) => starts[s] as number),
    ends: next.ends.map((e) => ends[e - 1] as number),
  };
}

/** Decoding passes per reading: enough for a value URL-encoded twice, or JSON-escaped inside URL-encoding. */
const MAX_PASSES = 3;

/**
 * The text as written, and every reading of it a server or proxy may have encoded: JSON escapes and
 * percent-encoding, up to three layers deep, with `+` kept or read as a space.
 */
export function decodedViews(text: string): TextView[] {
  const views: TextView[] = [{ text }];
  if (!/[\\%+&]/.test(text)) return views;
  for (const plusAsSpace of text.includes("+") ? [false, true] : [false]) {
    let current: TextView = { text };
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const next = decodeOnce(current.text, plusAsSpace);
      if (!next) break;
      current = compose(current, next);
      views.push(current);
    }
  }
  return views;
}

/** The original characters `[start, end)` of a view's `[from, to)`. */
export function originalRange(view: TextView, from: number, to: number): [number, number] {
  if (!view.starts || !view.ends) return [from, to];
  return [view.starts[from] as number, view.ends[to - 1] as number];
}

/**
 * The view with what `pattern` matches (each match at least one character) taken out, or replaced by the one
 * character `replace` gives for it (mapped to the whole match); undefined when nothing matched.
 */
function rewritten(
  view: TextView,
  pattern: RegExp,
  replace?: (match: string) => string | undefined,
): TextView | undefined {
  const { text } = view;
  const starts: number[] = [];
  const ends: number[] = [];
  const pieces: string[] = [];
  let kept = 0;
  for (const match of text.matchAll(pattern)) {
    for (let i = kept; i < match.index; i++) {
      starts.push(i);
      ends.push(i + 1);
    }
    pieces.push(text.slice(kept, match.index));
    kept = match.index + match[0].length;
    const replacement = replace?.(match[0]);
    if (replacement === undefined) continue;
    pieces.push(replacement);
    starts.push(match.index);
    ends.push(kept);
  }
  if (pieces.length === 0) return undefined;
  for (let i = kept; i < text.length; i++) {
    starts.push(i);
    ends.push(i + 1);
  }
  pieces.push(text.slice(kept));
  return compose(view, { text: pieces.join(""), starts, ends });
}

/**
 * One line break between two printed characters (and the indentation of a folded header line after it): what wraps
 * base64 or hex at 64 or 76 columns, or a long token anywhere (after its `.` or `~` too). A blank line, or a break
 * after `=` padding, ends the encoded text instead.
 */
const WRAPPING_BREAK = /(?<=[^\s=])(?:\r\n?|\n)[\t ]*(?=\S)/g;
/** Whitespace, and the invisible characters that may be put between a token's characters (zero-width, soft hyphen). */
const WHITESPACE = /[\s\u00ad\u200b-\u200d\u2060\ufeff]+/g;
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/;
/** Everything but hex digits, and a `0x` prefix (`0x73, 0x6b`): what a hex dump puts between a secret's bytes. */
const ALL_BUT_HEX_DIGITS = /(?<![0-9A-Za-z])0x(?=[0-9a-fA-F])|[^0-9a-fA-F]+/g;

// What a text must hold for each reading to differ from it where a secret could hide: the readings are built only
// then, so the short texts of every log record and error stay cheap to redact.
const LINE_BREAK = /[\r\n]/;
/** Four single characters spaced apart. */
const SPACED_APART = /(?<!\S)\S\s+\S\s+\S\s+\S(?!\S)/;
/**
 * Four bytes of a dump, one or two at a time (`73 6b 5f 6c`, `736b:5f6c`, `\x73\x6b` also JSON-escaped, `0x73, 0x6b`);
 * not a UUID's dashes.
 */
const HEX_DUMP = /(?:(?:[0-9a-fA-F]{2}){1,2}(?:[\s:,;.]{1,2}|\\+x|,?\s*0[xX])){3}(?:[0-9a-fA-F]{2}){1,2}/;
/** A line break, written or escaped (`\n`, `\r`), and `+` (a space in form encoding). */
const BREAK_OR_PLUS = /[\r\n+]|\\[rn]/;

/**
 * Whether any reading of `text` (decoded or not) may hold a separated form: a line break or `+`, written or escaped,
 * characters spaced apart, or a hex dump. False for most short texts (a log record's path, a message), which then
 * need no separated reading at all.
 */
export const mayHoldSeparated = (text: string): boolean =>
  BREAK_OR_PLUS.test(text) ||
  SPACED_APART.test(text) ||
  HEX_DUMP.test(text) ||
  INVISIBLE.test(text) ||
  QUOTED_PRINTABLE.test(text);

/** A quoted-printable soft line break (`=` at a line's end) or escape (`=3D`, upper-case hex as the format has it). */
const QUOTED_PRINTABLE = /=(?:\r?\n|[0-9A-F]{2})/;
const QP_SEQUENCE = /=(?:\r?\n|[0-9A-F]{2})/g;

/** A quoted-printable sequence read: a soft line break is nothing, `=XX` one byte (ASCII is what tokens hold). */
const quotedPrintableChar = (sequence: string): string | undefined =>
  sequence[1] === "\r" || sequence[1] === "\n"
    ? undefined
    : String.fromCharCode(Number.parseInt(sequence.slice(1), 16));

/** The readings {@link separatedViews} gives; undefined where there is nothing to take out. */
export interface SeparatedViews {
  /** Without the line breaks that wrap base64 or hex at 64 or 76 columns, CRLF or LF. */
  unwrapped: TextView | undefined;
  /** Without any whitespace: characters spaced apart too (where words run together: no base64 token is read in it). */
  unspaced: TextView | undefined;
  /** A hex dump's digits alone: `73 6b`, `73:6b`, `\x73\x6b`, `0x73, 0x6b`. */
  hexDigits: TextView | undefined;
  /** Read as quoted-printable (`=` soft line breaks, `=3D`). */
  quotedPrintable: TextView | undefined;
}

/** What a dump or a wrapped line makes of a view: the same characters with what came between them taken out. */
export function separatedViews(view: TextView): SeparatedViews {
  const { text } = view;
  return {
    unwrapped: LINE_BREAK.test(text) ? rewritten(view, WRAPPING_BREAK) : undefined,
    unspaced: SPACED_APART.test(text) || INVISIBLE.test(text) ? rewritten(view, WHITESPACE) : undefined,
    hexDigits: HEX_DUMP.test(text) ? rewritten(view, ALL_BUT_HEX_DIGITS) : undefined,
    quotedPrintable: QUOTED_PRINTABLE.test(text) ? rewritten(view, QP_SEQUENCE, quotedPrintableChar) : undefined,
  };
}
