import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { integerField, pathItem } from "../../core/request-fields.js";
import { isPlainObject } from "../../core/validation.js";
import { parseIsoDate } from "../date-ranges.js";

// Building blocks only the Admin and Organization request schemas use (the shared ones are in core/request-fields.ts
// and core/request-rules.ts). Every message starts with `[rule_name] `
// (see `toValidationIssues`) and says how to fix the call; the issue's `path` says where the field sits. Messages
// name fields, never values: an email is personal data that should not end up in a log line.

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

/**
 * A whole-number id that goes into a path (a team id): a safe integer, since a larger number would be written with an
 * exponent (`1e+21`) or rounded, and so name another team.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key))
 */
// @__NO_SIDE_EFFECTS__
export function pathIntegerField(label: string) {
  return v.pipe(
    integerField(label),
    v.safeInteger(`[safe_integer] ${label} must be a whole number of at most 15 digits (a safe integer)`),
  );
}

/**
 * Whether `text` (trimmed) is an ISO 8601 date or date-time (with its zone) of a real calendar day and time: the same
 * rule as every date range (`parseIsoDate`), not `Date.parse`, which accepts "5" or "2026-02-30" and differs between
 * engines.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export function isDateText(text: string): boolean {
  return parseIsoDate(text.trim()) !== undefined;
}

/** Epoch milliseconds; the client converts `Date` and ISO strings before checking. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
// @__NO_SIDE_EFFECTS__
export function epochMsField(label: string) {
  return v.pipe(
    v.number(`[type] ${label} must be a number of epoch milliseconds, such as Date.parse("2025-01-31")`),
    v.finite(`[type] ${label} must be a finite number of epoch milliseconds`),
  );
}

/** A one-item issue path, as raw checks pass it. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
export function pathTo(input: unknown, key: string | number, value: unknown): [v.UnknownPathItem] {
  return [pathItem(input, key, value)];
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
