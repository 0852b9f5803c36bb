import { shownName } from "./arguments.js";
import { AgentlineError } from "./errors.js";

// What `fetch` accepts in a header: `Headers` throws a TypeError for anything else, and that TypeError quotes the
// value, which may be a key or a token. Checked before a request is built, so the SDK's own error names the header
// (never its value) and nothing is sent.

/** A header name: an RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/**
 * A header value `fetch` can send: Latin-1 characters without NUL, CR or LF (a UTF-16 surrogate is beyond Latin-1),
 * once the spaces, tabs and line breaks around it are trimmed, as `fetch` trims them (a key read with its newline).
 */
const HEADER_VALUE = /^[\t\n\r ]*[^\0\r\n\u0100-\uffff]*?[\t\n\r ]*$/;

/** Whether `fetch` can send `value` in a header. */
export const isHeaderValue = (value: string): boolean => HEADER_VALUE.test(value);

/** Why `name: value` cannot be sent as a header, or undefined when it can. */
export function headerProblem(name: string, value: unknown): string | undefined {
  if (!HEADER_NAME.test(name)) return "is not a header name (letters, digits and !#$%&'*+.^_`|~-)";
  if (typeof value !== "string") return "must be a string";
  if (!HEADER_VALUE.test(value))
    return "holds a line break, a NUL or a character beyond Latin-1, which no header can carry";
  return undefined;
}

/**
 * Headers the runtime writes from the request itself (framing, hop-by-hop; fetch forbids them): a browser drops them
 * silently, Node fails mid-flight on some (read as a lost connection, and retried) and ignores others.
 */
const RUNTIME_HEADERS: ReadonlySet<string> = new Set([
  "host",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "te",
  "trailer",
  "expect",
]);

/** Whether a (lower-cased) header name is one the runtime writes from the request: never the caller's to set. */
export function isRuntimeHeader(lowerCaseName: string): boolean {
  // `Proxy-Authorization` stays the caller's: a forward proxy in front of the service may ask for it.
  return RUNTIME_HEADERS.has(lowerCaseName);
}

/**
 * Checks a record of headers given as an option or argument (`name`, e.g. `options.headers`): an object whose every
 * entry can be sent, else an AgentlineError with `code` naming the entry and the rule, never its value.
 */
export function checkHeaderRecord(headers: unknown, name: string, code: "invalid_option" | "invalid_argument"): void {
  if (headers === undefined) return;
  const prototype = typeof headers === "object" && headers !== null ? Object.getPrototypeOf(headers) : undefined;
  if (prototype !== Object.prototype && prototype !== null) {
    // A `Headers` or `Map` would lose its entries when the SDK spreads it.
    const hint =
      typeof Headers !== "undefined" && headers instanceof Headers
        ? " (from a `Headers`: `Object.fromEntries(h)`)"
        : "";
    throw new AgentlineError(`\`${name}\` must be a plain object of header names to string values${hint}.`, { code });
  }
  for (const [key, value] of Object.entries(headers as object)) {
    const problem = isRuntimeHeader(key.toLowerCase())
      ? "is written by the runtime from the request: leave it out"
      : headerProblem(key, value);
    if (problem) throw new AgentlineError(`\`${name}[${shownName(key)}]\` ${problem}.`, { code });
  }
}

/**
 * Refuses a key or token (the option `name`) that no `Authorization` header can carry, when the client is made rather
 * than at its first call, where `fetch`'s TypeError would quote the header, secret and all.
 */
export function checkCredentialText(value: string, name: string): void {
  if (isHeaderValue(value)) return;
  throw new AgentlineError(
    `\`${name}\` holds a line break, a NUL or a character beyond Latin-1, which no \`Authorization\` header can carry: check how it was read (a trailing newline from a file?).`,
    { code: "invalid_option" },
  );
}

/**
 * Text as a header carries it: its UTF-8 bytes, one character each (`✓` → `\xe2\x9c\x93`), as `EventSource` sends a
 * `Last-Event-ID`; ASCII is its own encoding. Text with CR, LF or NUL has no such form.
 */
export function utf8HeaderValue(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is every code point below 0x80.
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  let bytes = "";
  for (const byte of new TextEncoder().encode(text)) bytes += String.fromCharCode(byte);
  return bytes;
}

/** What {@link utf8HeaderValue} made, read back (a server reading `Last-Event-ID`); bytes that are not UTF-8 as U+FFFD. */
export function textOfUtf8HeaderValue(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is every code point below 0x80.
  if (/^[\x00-\x7f]*$/.test(value)) return value;
  return new TextDecoder().decode(Uint8Array.from(value, (char) => char.charCodeAt(0)));
}

// Header names are case-insensitive; one spelling per name keeps a caller's `Accept` from joining ours.
export function lowerCaseKeys(record: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(record ?? {})) out[name.toLowerCase()] = value;
  return out;
}

/** The error for a request `fetch` refuses to build: names the first header it cannot carry, never a value. */
export function unsendableRequest(operation: string, headers: Record<string, string>): AgentlineError {
  for (const [name, value] of Object.entries(headers)) {
    const problem = headerProblem(name, value);
    if (problem) {
      return new AgentlineError(`${operation}: the \`${name}\` header ${problem}; nothing was sent.`, {
        code: "invalid_header",
      });
    }
  }
  return new AgentlineError(`${operation}: the runtime refused to build the request; nothing was sent.`, {
    code: "invalid_request",
  });
}
