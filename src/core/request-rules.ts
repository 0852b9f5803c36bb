import * as v from "valibot";
import { isPlainObject } from "./validation.js";

// Rules over a whole array or a whole body, shared by every API: item counts and which keys are present. They are
// raw checks, unlike `v.minLength`/`v.maxLength`, so they also run when an item is broken and one error lists every
// problem at once. Messages name fields, never values.

function items(count: number): string {
  return `${count} item${count === 1 ? "" : "s"}`;
}

function tooFew(label: string, count: number, min: number): string {
  const has = count === 0 ? "is empty" : `has ${items(count)}`;
  return `[min_items] ${label} ${has}; send at least ${items(min)}`;
}

function tooMany(label: string, count: number, max: number, fix: string | undefined): string {
  return `[max_items] ${label} has ${items(count)}; send at most ${max}${fix === undefined ? "" : ` (${fix})`}`;
}

/** At least `min` array items. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
// @__NO_SIDE_EFFECTS__
export function minItems<TInput>(min: number, label: string): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const value: unknown = dataset.value;
    if (Array.isArray(value) && value.length < min) addIssue({ message: tooFew(label, value.length, min) });
  });
}

/** At most `max` array items; `fix` says how to get under the limit. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Limits) */
// @__NO_SIDE_EFFECTS__
export function maxItems<TInput>(max: number, label: string, fix?: string): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const value: unknown = dataset.value;
    if (Array.isArray(value) && value.length > max) addIssue({ message: tooMany(label, value.length, max, fix) });
  });
}

/** `min..max` array items in one check. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
// @__NO_SIDE_EFFECTS__
export function itemCount<TInput>(label: string, min: number, max: number): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const value: unknown = dataset.value;
    if (!Array.isArray(value)) return;
    if (value.length < min) addIssue({ message: tooFew(label, value.length, min) });
    if (value.length > max) addIssue({ message: tooMany(label, value.length, max, undefined) });
  });
}

/** Which of `keys` an object carries (a key set to `undefined` counts as absent). */
export function presentKeys(body: Record<string, unknown>, keys: readonly string[]): string[] {
  return keys.filter((key) => body[key] !== undefined);
}

function quoted(keys: readonly string[]): string {
  return keys.map((key) => `\`${key}\``).join(", ");
}

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

/**
 * At least one of `keys` is present: a PATCH that changes nothing is a 400 on every API.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
// @__NO_SIDE_EFFECTS__
export function atLeastOneOf<TInput>(keys: readonly string[], label = "the update"): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const body: unknown = dataset.value;
    if (isPlainObject(body) && presentKeys(body, keys).length === 0) {
      addIssue({
        message: `[at_least_one] ${label} must set at least one of ${quoted(keys)}; an empty update is refused`,
      });
    }
  });
}
