import { AgentlineError, ValidationError } from "./errors.js";

// The one rule for values that go into a URL path. An id must stay inside its own segment: `agents.delete("..")`
// would otherwise send `DELETE /v1/` with the caller's credentials, since the URL parser resolves dot segments.
// `encodeURIComponent` leaves `.` alone and escapes `/`, `\` and `%`, so on the wire only a bare `.` or `..`
// is a dot segment. We also refuse what any single percent-decoding (a proxy, a framework router) would turn
// into one — `%2e%2e`, `..%2f`, `a%2f..` — because no real id has that shape and a server that decodes once
// before routing would otherwise be walked out of the segment.

/** Percent-escapes decoded once, leniently: an invalid `%` sequence stays as it is (`a%b` is an ordinary id). */
export function decodeOnce(value: string): string {
  return value.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const PLAIN_SEGMENT = /^[\w-]+$/;

// `encodeURIComponent` throws a URIError on these (`URLSearchParams` turns them into U+FFFD); `u` makes a paired
// surrogate one code point, never a match.
export const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Why `value` cannot stand as one path segment, or `undefined` when it can. `/` is refused unless `slashAllowed`
 * (free-form names such as label names, sent with `/` encoded as `%2F`, so still one segment).
 */
function segmentProblem(value: string, slashAllowed: boolean): string | undefined {
  if (PLAIN_SEGMENT.test(value)) return undefined; // what ids look like: nothing below can object (every request)
  if (value.trim() === "") return "must be a non-empty string";
  if (!slashAllowed && value.includes("/")) return "must be one path segment, without `/`";
  if (LONE_SURROGATE.test(value)) return "must be well-formed Unicode (it holds a lone surrogate)";
  // Read the way a server that decodes once, and treats `\` like `/`, would: no piece may be empty, `.` or `..`.
  const pieces = decodeOnce(value).split(/[/\\]/);
  if (pieces.some((piece) => piece === "" || piece === "." || piece === ".."))
    return "must not be `.` or `..`, nor start or end with `/`, nor hold `//` or a dot segment once percent-decoded (`%2e%2e`, `..%2f`): it would leave its path segment";
  return undefined;
}

function segmentError(field: string, rule: string, problem: string, operation: string): ValidationError {
  return new ValidationError(
    [{ path: field, rule, message: `\`${field}\` ${problem}; pass the value as the API returned it` }],
    { context: operation },
  );
}

/** Throws a request `ValidationError` unless `value` is a non-empty string (an id, or a query value). */
export function requireId(value: unknown, field: string, operation: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new ValidationError([{ path: field, rule: "required", message: `\`${field}\` must be a non-empty string` }], {
      context: operation,
    });
  }
  return value;
}

/**
 * One path segment holding an id or a slug: a non-empty string without `/` that cannot leave its segment, else a
 * request `ValidationError` naming `field` (rule `required` or `path_segment`).
 */
export function requireSegment(value: unknown, field: string, operation: string): string {
  return checkSegment(value, field, operation, false);
}

/**
 * One path segment holding a free-form name (a label name, a branch used as a tree id, a catalog id): like
 * {@link requireSegment}, except that `/` is allowed and sent encoded (`%2F`), so it stays one segment.
 */
export function requireNameSegment(value: unknown, field: string, operation: string): string {
  return checkSegment(value, field, operation, true);
}

function checkSegment(value: unknown, field: string, operation: string, slashAllowed: boolean): string {
  const text = requireId(value, field, operation);
  const problem = segmentProblem(text, slashAllowed);
  if (problem) throw segmentError(field, "path_segment", problem, operation);
  return text;
}

/**
 * A value that spans segments (a ref `heads/feature/x`, a file path `docs/a.md`): every `/`-separated piece must
 * pass {@link requireSegment}'s rule, so no empty piece (`a//b`, a leading or trailing `/`), `.` or `..`.
 */
export function requireSegments(value: unknown, field: string, operation: string): string {
  const text = requireId(value, field, operation);
  for (const piece of text.split("/")) {
    const problem =
      piece === ""
        ? "must not hold an empty segment (`//`, or a leading or trailing `/`)"
        : segmentProblem(piece, false);
    if (problem) throw segmentError(field, "path_segment", problem, operation);
  }
  return text;
}

/**
 * How a placeholder's value is checked: an id (the default), a free-form name, a path of several segments, or a
 * number sent as a string of ASCII digits (a forge pull request number: 64-bit integers travel as strings).
 */
export type PlaceholderKind = "id" | "name" | "path" | "digits";

const ASCII_DIGITS = /^[0-9]+$/;

/** `value` checked as a placeholder of `kind` and URL-encoded (a path keeps the slashes between its segments). */
export function encodePlaceholder(value: unknown, field: string, operation: string, kind: PlaceholderKind): string {
  if (kind === "path") return requireSegments(value, field, operation).split("/").map(encodeURIComponent).join("/");
  if (kind === "digits" && !ASCII_DIGITS.test(requireId(value, field, operation)))
    throw segmentError(field, "digits", 'must be a string of digits such as "42"', operation);
  return encodeURIComponent(checkSegment(value, field, operation, kind === "name"));
}

/**
 * Fills a path template's `{name}` placeholders with URL-encoded values, each checked by its kind (an id unless
 * `kinds` says otherwise; the error names the placeholder). A placeholder without a value is a template from the
 * `routes` option that names a parameter the operation does not have.
 */
export function fillPath(
  template: string,
  params: Readonly<Record<string, string>>,
  operation = "route",
  kinds: Readonly<Record<string, PlaceholderKind>> = {},
): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    // A key given without a value is the caller's missing argument (a `required` error naming it); a key never
    // given is a `routes` template naming a placeholder the operation does not have.
    if (!Object.hasOwn(params, name)) {
      throw new AgentlineError(
        `${operation}: the route's path has a placeholder {${name}} this operation does not fill; fix the path in the \`routes\` option.`,
        { code: "invalid_option" },
      );
    }
    return encodePlaceholder(params[name], name, operation, kinds[name] ?? "id");
  });
}
