import * as v from "valibot";
import { isHttpUrl, pathItem, requiredText } from "../../core/request-fields.js";
import { isPlainObject } from "../../core/validation.js";
import { parseRfc3339 } from "../check-runs/timestamps.js";

export {
  arrayOf,
  booleanField,
  integerAtLeast,
  integerBetween,
  oneOf,
  pathItem,
  requiredText,
} from "../../core/request-fields.js";

// Forge request-schema building blocks. As everywhere in agentline, each message starts with `[rule_name] `
// and names the field, never its value; the issue's `path` says where the field sits.

export { requestObject } from "../../core/request-fields.js";

/** How many Unicode code points `text` has (an emoji counts once, not as two UTF-16 units). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export function codePointLength(text: string): number {
  // Same count as `[...text].length`, without building the array.
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** A string of at most `max` code points (the forge counts code points, not UTF-16 units). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
// @__NO_SIDE_EFFECTS__
export function codePointText(label: string, max: number, options: { required?: boolean } = {}) {
  return v.pipe(
    v.string(`[type] ${label} must be a string`),
    v.check((text) => !options.required || text.length > 0, `[min_length] ${label} must not be empty`),
    // No more UTF-16 units than the limit means no more code points either: the common path never counts.
    v.check(
      (text) => text.length <= max || codePointLength(text) <= max,
      (issue) =>
        `[max_length] ${label} has ${codePointLength(issue.input as string)} code points; shorten it to at most ${max}`,
    ),
  );
}

const FULL_SHA = /^(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$/;

/** Whether `text` is a full commit id: 40 (SHA-1) or 64 (SHA-256) hex digits. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function isFullSha(text: string): boolean {
  return FULL_SHA.test(text);
}

/** A full commit id, 40 or 64 hex digits. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
// @__NO_SIDE_EFFECTS__
export function fullSha(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be a string`),
    v.check(isFullSha, `[full_sha] ${label} must be a full commit SHA: 40 or 64 hex digits, not an abbreviation`),
  );
}

/** A 64-bit integer sent as a JSON string of digits (pull request and version numbers). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § What the service does) */
// @__NO_SIDE_EFFECTS__
export function digitString(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be a string of digits such as "42" (64-bit numbers travel as strings)`),
    v.regex(/^\d+$/, `[digits] ${label} must be a string of digits such as "42"`),
  );
}

/** An RFC 3339 timestamp such as 2025-01-31T12:00:00Z. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § What the service does) */
// @__NO_SIDE_EFFECTS__
export function timestampField(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be an RFC 3339 timestamp string`),
    v.check(
      (text) => parseRfc3339(text) !== undefined,
      `[timestamp] ${label} must be an RFC 3339 timestamp such as 2025-01-31T12:00:00Z`,
    ),
  );
}

/** An array of non-empty strings. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Endpoints) */
// @__NO_SIDE_EFFECTS__
export function stringList(label: string) {
  return v.array(requiredText(`every entry of ${label}`), `[type] ${label} must be an array of strings`);
}

/**
 * `min..max` array items, as a raw check: unlike `v.maxLength` it also runs when an item is broken, so one
 * error lists every problem at once. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants)
 */
// @__NO_SIDE_EFFECTS__
export function itemCount<TInput>(label: string, min: number, max: number): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const value: unknown = dataset.value;
    if (!Array.isArray(value)) return;
    if (value.length < min) addIssue({ message: `[min_items] ${label} needs at least ${min} item(s)` });
    if (value.length > max)
      addIssue({ message: `[max_items] ${label} has ${value.length} items; send at most ${max}` });
  });
}

/** Which of `keys` an object carries (a key set to `undefined` counts as absent). */
export function presentKeys(body: Record<string, unknown>, keys: readonly string[]): string[] {
  return keys.filter((key) => body[key] !== undefined);
}

const quoted = (keys: readonly string[]) => keys.map((key) => `\`${key}\``).join(", ");

/** Exactly one of `keys` is present; reported on the object itself. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
// @__NO_SIDE_EFFECTS__
export function exactlyOneOf<TInput>(keys: readonly string[], label: string): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const body: unknown = dataset.value;
    if (!isPlainObject(body)) return;
    const given = presentKeys(body, keys);
    if (given.length === 1) return;
    const found = given.length === 0 ? "none" : quoted(given);
    addIssue({ message: `[exactly_one_of] ${label} needs exactly one of ${quoted(keys)}; it has ${found}` });
  });
}

/** At least one of `keys` is present (a PATCH that changes nothing is a 400). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
// @__NO_SIDE_EFFECTS__
export function atLeastOneOf<TInput>(keys: readonly string[], label: string): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const body: unknown = dataset.value;
    if (isPlainObject(body) && presentKeys(body, keys).length === 0) {
      addIssue({ message: `[at_least_one] ${label} must set at least one of ${quoted(keys)}` });
    }
  });
}

/** A field the forge removed: refused at its own path with a message naming its replacement. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Versioning) */
// @__NO_SIDE_EFFECTS__
export function removedField<TInput>(field: string, replacement: string): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const body: unknown = dataset.value;
    if (!isPlainObject(body) || body[field] === undefined) return;
    addIssue({
      message: `[removed_field] \`${field}\` was removed from the forge API; use ${replacement} instead`,
      path: [pathItem(body, field, body[field])],
    });
  });
}

const PEM_SPKI = /^-----BEGIN PUBLIC KEY-----\r?\n(?:[A-Za-z0-9+/=]+\r?\n)+-----END PUBLIC KEY-----\s*$/;

/** A PEM SPKI public key; a private key is refused before anything is sent. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Credentials) */
// @__NO_SIDE_EFFECTS__
export function pemPublicKey(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be a PEM string`),
    v.check(
      (text) => !text.includes("PRIVATE KEY-----"),
      `[private_key] ${label} is a private key; register only the PEM SPKI public key (-----BEGIN PUBLIC KEY-----) and keep the private key with the app`,
    ),
    v.check(
      (text) => text.includes("PRIVATE KEY-----") || PEM_SPKI.test(text.trim()),
      `[pem_spki] ${label} must be a PEM SPKI public key: -----BEGIN PUBLIC KEY-----, base64 lines, -----END PUBLIC KEY-----`,
    ),
  );
}

/** An absolute http(s) address; `allowEmpty` for fields where "" means "off". @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
// @__NO_SIDE_EFFECTS__
export function httpUrl(label: string, options: { allowEmpty?: boolean } = {}) {
  return v.pipe(
    v.string(`[type] ${label} must be a string`),
    v.check(
      (text) => (options.allowEmpty === true && text === "") || isHttpUrl(text),
      `[http_url] ${label} must be an absolute http:// or https:// address${options.allowEmpty ? ' (or "" to turn it off)' : ""}`,
    ),
  );
}

/** Why `ref` is not a branch ref in refs/heads/<b> or heads/<b> form, or undefined when it is one. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function branchRefProblem(ref: string): string | undefined {
  if (ref.startsWith("refs/tags/") || ref.startsWith("tags/")) return "is a tag; only branches can be created here";
  const branch = ref.startsWith("refs/heads/") ? ref.slice(11) : ref.startsWith("heads/") ? ref.slice(6) : undefined;
  if (branch === undefined) return "must be refs/heads/<branch> or heads/<branch>";
  if (branch === "") return "names no branch after heads/";
  return undefined;
}
