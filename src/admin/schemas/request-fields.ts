import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { pathItem } from "../../core/request-fields.js";
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
} from "../../core/request-fields.js";

// Building blocks for the Admin and Organization request schemas. Every message starts with `[rule_name] `
// (see `toValidationIssues`) and says how to fix the call; the issue's `path` says where the field sits. Messages
// name fields, never values: an email is personal data that should not end up in a log line.

export { requestObject as openObject } from "../../core/request-fields.js";

/** A string with at least one non-blank character. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
// @__NO_SIDE_EFFECTS__
export function nonBlankText(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be a string`),
    v.check((text) => text.trim() !== "", `[min_length] ${label} must not be empty or blank`),
  );
}

const EMAIL = /* @__PURE__ */ lazySchema(() => v.pipe(v.string(), v.rfcEmail()));

/** An email address. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
// @__NO_SIDE_EFFECTS__
export function emailField(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be a string`),
    v.check((text) => text.trim() !== "", `[min_length] ${label} must not be empty; pass the member's email`),
    v.check(
      (text) => text.trim() === "" || v.is(EMAIL, text),
      `[email] ${label} must be an email address, such as dev@example.com`,
    ),
  );
}

function listed(values: readonly string[]): string {
  return values.map((value) => `"${value}"`).join(", ");
}

/** One of a closed list of strings, or `null`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
// @__NO_SIDE_EFFECTS__
export function oneOfOrNull<const TValues extends readonly string[]>(
  values: TValues,
  label: string,
  nullMeans: string,
) {
  return v.nullable(v.picklist(values, `[one_of] ${label} must be one of ${listed(values)}, or null for ${nullMeans}`));
}

/** A finite number that is a whole number. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
// @__NO_SIDE_EFFECTS__
export function integerField(label: string) {
  return v.pipe(v.number(`[type] ${label} must be a number`), v.integer(`[integer] ${label} must be a whole number`));
}

/** Epoch milliseconds; the client converts `Date` and ISO strings before checking. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
// @__NO_SIDE_EFFECTS__
export function epochMsField(label: string) {
  return v.pipe(
    v.number(`[type] ${label} must be a number of epoch milliseconds, such as Date.parse("2025-01-31")`),
    v.finite(`[type] ${label} must be a finite number of epoch milliseconds`),
  );
}

/**
 * At most `max` array items. A raw check, unlike `v.maxLength`, also runs when an item is broken, so one error
 * lists every problem at once.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits)
 */
// @__NO_SIDE_EFFECTS__
export function maxItems<TInput>(max: number, label: string, fix = "split the list"): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const value: unknown = dataset.value;
    if (Array.isArray(value) && value.length > max) {
      addIssue({ message: `[max_items] ${label} has ${value.length} items; send at most ${max} (${fix})` });
    }
  });
}

/** At least `min` array items (raw check, like {@link maxItems}). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
// @__NO_SIDE_EFFECTS__
export function minItems<TInput>(min: number, label: string): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const value: unknown = dataset.value;
    if (Array.isArray(value) && value.length < min) {
      addIssue({ message: `[min_items] ${label} is empty; send at least ${min} item${min === 1 ? "" : "s"}` });
    }
  });
}

/** A one-item issue path, as raw checks pass it. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
export function pathTo(input: unknown, key: string | number, value: unknown): [v.UnknownPathItem] {
  return [pathItem(input, key, value)];
}

/** Keys of `body` (a plain object) whose value is not `undefined`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
export function presentKeys(body: Record<string, unknown>, keys: readonly string[]): string[] {
  return keys.filter((key) => body[key] !== undefined);
}

/**
 * A PATCH body names at least one of `keys`; an empty PATCH is a 400.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
// @__NO_SIDE_EFFECTS__
export function atLeastOneOf<TInput>(keys: readonly string[]): v.RawCheckAction<TInput> {
  const names = keys.map((key) => `\`${key}\``).join(", ");
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const body: unknown = dataset.value;
    if (isPlainObject(body) && presentKeys(body, keys).length === 0) {
      addIssue({ message: `[at_least_one] send at least one of ${names}; an empty update is refused` });
    }
  });
}

/**
 * `startKey` <= `endKey` (epoch ms, checked when both are numbers), and optionally at most `maxDays` apart.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Limits)
 */
// @__NO_SIDE_EFFECTS__
export function dateRange<TInput>(startKey: string, endKey: string, maxDays?: number): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const body: unknown = dataset.value;
    if (!isPlainObject(body)) return;
    const start = body[startKey];
    const end = body[endKey];
    if (typeof start !== "number" || typeof end !== "number" || !Number.isFinite(start) || !Number.isFinite(end)) {
      return;
    }
    const path = pathTo(body, endKey, end);
    if (start > end) {
      addIssue({ message: `[date_range] \`${endKey}\` is before \`${startKey}\`; swap them`, path });
    } else if (maxDays !== undefined && end - start > maxDays * 86_400_000) {
      addIssue({
        message: `[max_range] the range from \`${startKey}\` to \`${endKey}\` spans more than ${maxDays} days; split it into ranges of at most ${maxDays} days`,
        path,
      });
    }
  });
}

/**
 * `schema`, except that an array is refused: valibot's `record` would otherwise accept `["a"]`.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key))
 */
