import * as v from "valibot";
import { isHttpUrl, notAnArray, pathItem } from "../../core/request-fields.js";
import { isPlainObject } from "../../core/validation.js";

export {
  anyText,
  arrayOf,
  booleanField,
  integerAtLeast,
  integerBetween,
  notAnArray,
  oneOf,
  pathItem,
  requiredText,
} from "../../core/request-fields.js";

// Building blocks for request schemas. Every message starts with `[rule_name] ` (see `toValidationIssues`)
// and names the field, never its value: an env var value, an MCP header or a secret must not end up in a
// log line. The issue's `path` says where the field sits, so labels are the local field name.

type AnyIssue = v.BaseIssue<unknown>;

/** The message of an object schema: a type error, a missing key, or (strict objects) an extra key. */
type ObjectMessage = (issue: AnyIssue) => string;

function firstKey(issue: AnyIssue): string {
  const item = issue.path?.[0];
  return item === undefined ? "" : String(item.key);
}

// valibot reports a missing key and an unknown key with the object's own message, so one function tells
// the three cases apart: a missing key has `expected` set to the quoted key, an unknown key to "never".
// @__NO_SIDE_EFFECTS__
function objectMessage(label: string, strict: boolean): ObjectMessage {
  return (issue) => {
    const key = firstKey(issue);
    if (issue.expected === "never") {
      return `[unknown_property] \`${key}\` is not a field of ${label}, which allows no extra properties; remove it`;
    }
    if (issue.path?.length) return `[required] ${label} needs \`${key}\``;
    return `[type] ${label} must be an object${strict ? " with only the documented fields" : ""}`;
  };
}

/**
 * A request object that keeps unknown keys, typed as a closed object: TypeScript still flags a misspelt key,
 * while at run time a field a newer server accepts passes through untouched.
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies)
 */
// @__NO_SIDE_EFFECTS__
export function openObject<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
  label: string,
): v.ObjectSchema<TEntries, ObjectMessage> {
  return v.looseObject(entries, objectMessage(label, false)) as unknown as v.ObjectSchema<TEntries, ObjectMessage>;
}

/** A request object the spec marks "no extra properties". @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § MCP server definitions (unique name within a list)) */
// @__NO_SIDE_EFFECTS__
export function closedObject<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
  label: string,
): v.StrictObjectSchema<TEntries, ObjectMessage> {
  return v.strictObject(entries, objectMessage(label, true));
}

/** A string of 1..`max` characters (UTF-16 code units, as JavaScript counts them). @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Limits) */
// @__NO_SIDE_EFFECTS__
export function boundedText(label: string, max: number) {
  return v.pipe(
    v.string(`[type] ${label} must be a string`),
    v.minLength(1, `[min_length] ${label} must not be empty`),
    v.maxLength(
      max,
      (issue) => `[max_length] ${label} has ${issue.input.length} characters; shorten it to at most ${max}`,
    ),
  );
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** An absolute URI (anything `new URL` accepts, which requires a scheme). @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § RepoConfig) */
// @__NO_SIDE_EFFECTS__
export function uriField(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be a string`),
    v.check((text) => parseUrl(text) !== undefined, `[uri] ${label} must be an absolute URI, such as https://…`),
  );
}

/** An absolute http:// or https:// address. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Image (input)) */
// @__NO_SIDE_EFFECTS__
export function httpUrlField(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be a string`),
    v.check(isHttpUrl, `[http_url] ${label} must be an absolute http:// or https:// address`),
  );
}

/** An http(s) address without `user:password@`: credentials belong in headers, not in a logged URL. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § MCP server definitions (unique name within a list)) */
// @__NO_SIDE_EFFECTS__
export function httpUrlWithoutUserinfoField(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be a string`),
    v.check(isHttpUrl, `[http_url] ${label} must be an absolute http:// or https:// address`),
    v.check((text) => {
      const url = parseUrl(text);
      return url === undefined || (url.username === "" && url.password === "");
    }, `[no_userinfo] ${label} must not contain a user name or password; send credentials in \`headers\` or \`auth\``),
  );
}

/** An object whose values are all strings; messages never quote a value (it may be a secret). @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § MCP server definitions (unique name within a list)) */
// @__NO_SIDE_EFFECTS__
export function stringMap(label: string) {
  const message = `[type] ${label} must be an object mapping names to string values`;
  return notAnArray(
    v.record(v.string(), v.string(`[type] every value in ${label} must be a string`), message),
    message,
  );
}

/**
 * At most `max` array items. A raw check, unlike `v.maxLength`, also runs when an item is broken, so one
 * error lists every problem at once.
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Limits)
 */
// @__NO_SIDE_EFFECTS__
export function maxItems<TInput>(max: number, label: string): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const value: unknown = dataset.value;
    if (Array.isArray(value) && value.length > max) {
      addIssue({ message: `[max_items] ${label} has ${value.length} items; send at most ${max}` });
    }
  });
}

/**
 * The `name` of every object in the array is unique; a repeat is reported at `[i].name`.
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § MCP server definitions (unique name within a list))
 */
// @__NO_SIDE_EFFECTS__
export function uniqueNames<TInput>(label: string): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const list: unknown = dataset.value;
    if (!Array.isArray(list)) return;
    const firstIndex = new Map<string, number>();
    list.forEach((item: unknown, index) => {
      if (!isPlainObject(item) || typeof item.name !== "string") return;
      const earlier = firstIndex.get(item.name);
      if (earlier === undefined) {
        firstIndex.set(item.name, index);
        return;
      }
      addIssue({
        message: `[unique] ${label} already has the name "${item.name}" at index ${earlier}; give each entry its own name`,
        path: [pathItem(list, index, item), pathItem(item, "name", item.name)],
      });
    });
  });
}
