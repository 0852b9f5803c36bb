import { AgentlineError } from "../core/errors.js";

// agentline/testing is a public entry, so a wrong argument to a fake control (an unknown installation id, a fault
// that makes no sense) fails like one to the SDK: an AgentlineError with `invalid_argument`, or `invalid_option` for
// an option of `createFakeService`, never an engine TypeError/RangeError. The message names the control and the rule.

/** The error for a wrong argument of a fake control, such as `fake.forge.suspendInstallation("inst_9")`. */
export function fakeArgumentError(message: string): AgentlineError {
  return new AgentlineError(message, { code: "invalid_argument" });
}

/** The error for a wrong option of `createFakeService` (a field of its options). */
export function fakeOptionError(message: string): AgentlineError {
  return new AgentlineError(`createFakeService: ${message}`, { code: "invalid_option" });
}

/** Throws {@link fakeArgumentError} unless `ok`. */
export function expectFakeArgument(ok: unknown, message: string): void {
  if (!ok) throw fakeArgumentError(message);
}

/** A string id argument (`installationId`), checked before it is looked up or put in a message. */
export function expectId(value: unknown, name: string, operation: string): asserts value is string {
  expectFakeArgument(
    typeof value === "string" && value !== "",
    `${operation}: \`${name}\` must be a non-empty string.`,
  );
}

/** An object argument (`input`), checked before its fields are read. */
export function expectInput(value: unknown, name: string, operation: string): asserts value is Record<string, unknown> {
  expectFakeArgument(
    typeof value === "object" && value !== null && !Array.isArray(value),
    `${operation}: \`${name}\` must be an object.`,
  );
}

/** What one field of a control's input must be: a check and the words its error uses. */
export type FieldRule = readonly [check: (value: unknown) => unknown, expected: string];

/** An optional non-empty string field. */
export const TEXT_FIELD: FieldRule = [(value) => typeof value === "string" && value !== "", "a non-empty string"];
/** An optional string field (empty allowed). */
export const STRING_FIELD: FieldRule = [(value) => typeof value === "string", "a string"];
/** An optional array-of-non-empty-strings field. */
export const TEXT_LIST_FIELD: FieldRule = [
  (value) => Array.isArray(value) && value.every((item) => typeof item === "string" && item !== ""),
  "an array of non-empty strings",
];

/**
 * Checks a control's object input `name` of `operation` (`fake.forge.registerApp`): it is an object, and each field
 * in `rules` is absent or passes; else `invalid_argument` naming the field.
 */
export function checkInput(value: unknown, name: string, operation: string, rules: Record<string, FieldRule>): void {
  expectInput(value, name, operation);
  for (const key in rules) {
    const [check, expected] = rules[key] as FieldRule;
    const field = value[key];
    expectFakeArgument(field === undefined || check(field), `${operation}: \`${name}.${key}\` must be ${expected}.`);
  }
}
