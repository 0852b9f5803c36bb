import * as v from "valibot";

// Request-schema building blocks shared by every API. Every message starts with `[rule_name] ` (see
// `toValidationIssues`) and names the field, never its value. Labels are the local field name; the
// issue's `path` says where the field sits.

/** Any string (possibly empty). @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
// @__NO_SIDE_EFFECTS__
export function anyText(label: string) {
  return v.string(`[type] ${label} must be a string`);
}

/** A string of at least one character. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
// @__NO_SIDE_EFFECTS__
export function requiredText(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be a string`),
    v.minLength(1, `[min_length] ${label} must not be empty`),
  );
}

/** Whether `text` is an absolute http:// or https:// address. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
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

/** A boolean, not a string like "true". @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
// @__NO_SIDE_EFFECTS__
export function booleanField(label: string) {
  return v.boolean(`[type] ${label} must be a boolean (true or false)`);
}

/** One of a closed list of strings. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
// @__NO_SIDE_EFFECTS__
export function oneOf<const TValues extends readonly string[]>(values: TValues, label: string) {
  const listed = values.map((value) => `"${value}"`).join(", ");
  return v.picklist(values, `[one_of] ${label} must be one of ${listed}`);
}

/** A whole number (a finite number without a fraction). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
// @__NO_SIDE_EFFECTS__
export function integerField(label: string) {
  return v.pipe(v.number(`[type] ${label} must be a number`), v.integer(`[integer] ${label} must be a whole number`));
}

/** An integer >= `min`. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
// @__NO_SIDE_EFFECTS__
export function integerAtLeast(label: string, min: number) {
  return v.pipe(integerField(label), v.minValue(min, `[min_value] ${label} must be at least ${min}`));
}

/** An integer in `min..max`. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints) */
// @__NO_SIDE_EFFECTS__
export function integerBetween(label: string, min: number, max: number) {
  return v.pipe(
    integerField(label),
    v.minValue(min, `[min_value] ${label} must be at least ${min}`),
    v.maxValue(max, `[max_value] ${label} must be at most ${max}`),
  );
}

/** An array of `item`. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
// @__NO_SIDE_EFFECTS__
export function arrayOf<const TItem extends v.GenericSchema>(item: TItem, label: string) {
  return v.array(item, `[type] ${label} must be an array`);
}

/** A path item for a raw check issue; valibot's parents prepend their own part of the path. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export function pathItem(input: unknown, key: string | number, value: unknown): v.UnknownPathItem {
  return { type: "unknown", origin: "value", input, key, value };
}

/** `schema`, except that an array is refused: valibot's `record` would otherwise accept `["a"]`. */
// @__NO_SIDE_EFFECTS__
export function notAnArray<const TSchema extends v.GenericSchema>(schema: TSchema, message: string) {
  const refuseArray = v.never(message);
  return v.lazy((input) => (Array.isArray(input) ? refuseArray : schema));
}

type AnyIssue = v.BaseIssue<unknown>;

/** The message of an object schema: a type error, a missing key, or (closed objects) an extra key. */
type ObjectMessage = (issue: AnyIssue) => string;

// valibot reports a missing key and an unknown key with the object's own message, so one function tells the three
// cases apart: an unknown key has `expected` "never"; a missing key has a path naming it.
// @__NO_SIDE_EFFECTS__
function objectMessage(label: string, closed: boolean): ObjectMessage {
  return (issue) => {
    const key = issue.path?.[0]?.key;
    if (issue.expected === "never") {
      return `[unknown_property] \`${String(key)}\` is not a field of ${label}, which allows no extra properties; remove it`;
    }
    if (key !== undefined) return `[required] ${label} needs \`${String(key)}\``;
    return `[type] ${label} must be an object${closed ? " with only the documented fields" : ""}`;
  };
}

/**
 * A request object that keeps unknown keys at run time (a field a newer server accepts passes through),
 * typed as a closed object so TypeScript still flags a misspelt key.
 */
// @__NO_SIDE_EFFECTS__
export function requestObject<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
  label: string,
): v.ObjectSchema<TEntries, ObjectMessage> {
  return v.looseObject(entries, objectMessage(label, false)) as unknown as v.ObjectSchema<TEntries, ObjectMessage>;
}

/** A request object the spec marks "no extra properties": an unknown key is refused. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § MCP server definitions (unique name within a list)) */
// @__NO_SIDE_EFFECTS__
export function closedObject<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
  label: string,
): v.StrictObjectSchema<TEntries, ObjectMessage> {
  return v.strictObject(entries, objectMessage(label, true));
}

/** How many Unicode code points `text` has (an emoji counts once, not as two UTF-16 units). @see {@link https://github.com/agentline/agentline#assumptions | README: Assumptions} */
export function codePointLength(text: string): number {
  // Same count as `[...text].length`, without building the array.
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** A string of at most `max` code points (as JSON Schema's `maxLength` counts: an emoji is one, not two UTF-16 units). @see {@link https://github.com/agentline/agentline#assumptions | README: Assumptions} */
// @__NO_SIDE_EFFECTS__
export function codePointText(label: string, max: number, options: { required?: boolean } = {}) {
  return v.pipe(
    v.string(`[type] ${label} must be a string`),
    v.check((text) => !options.required || text.length > 0, `[min_length] ${label} must not be empty`),
    // No more UTF-16 units than the limit means no more code points either: the common path never counts.
    v.check(
      (text) => text.length <= max || codePointLength(text) <= max,
      (issue) =>
        `[max_length] ${label} has ${codePointLength(issue.input as string)} code points (characters); shorten it to at most ${max}`,
    ),
  );
}
