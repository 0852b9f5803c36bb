import * as v from "valibot";
import { unreadableArgument } from "./arguments.js";
import { AgentlineError, ValidationError, type ValidationIssue } from "./errors.js";
import { coerceWireQuery } from "./wire-query.js";

/**
 * A string enum that stays open: known values are typed, unknown ones pass through untouched, so a
 * server that adds a status tomorrow does not break today's client.
 */
// @__NO_SIDE_EFFECTS__
export function openEnum<const T extends readonly string[]>(_values: T): v.GenericSchema<T[number] | (string & {})> {
  return v.string() as v.GenericSchema<T[number] | (string & {})>;
}

/** Turns valibot's issue path into `a.b[2].c`. */
export function pathOf(issue: v.BaseIssue<unknown>): string {
  let out = "";
  for (const item of issue.path ?? []) {
    const key = (item as { key: unknown }).key;
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

const RULE_PREFIX = /^\[([a-z0-9_]+)\]\s*/;

/**
 * valibot issues as agentline {@link ValidationIssue}s. A schema names its rule by starting a custom
 * message with `[rule_name] `; otherwise the rule is valibot's own issue type (`max_length`, …).
 */
export function toValidationIssues(issues: readonly v.BaseIssue<unknown>[]): ValidationIssue[] {
  return issues.map((issue) => {
    const named = RULE_PREFIX.exec(issue.message);
    if (named) return { path: pathOf(issue), rule: named[1] as string, message: issue.message.slice(named[0].length) };
    return { path: pathOf(issue), rule: issue.type, message: issue.message };
  });
}

/**
 * Every rule `input` breaks under a request schema (an operation's `body` or `query`); empty when it is valid.
 * @example requestIssues(FORGE_OPERATIONS["pulls.create"].body, form) // → [{ path: "title", rule: "max_length", … }]
 */
export function requestIssues(schema: v.GenericSchema, input: unknown): ValidationIssue[] {
  requireSchema(schema, "requestIssues");
  const result = v.safeParse(schema, input);
  return result.success ? [] : toValidationIssues(result.issues);
}

/** `input` checked against a request schema: its parsed value, or a thrown request `ValidationError` naming each field. */
export function assertRequest<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  context = "request",
): v.InferOutput<S> {
  requireSchema(schema, "assertRequest");
  return checkRequest(schema, input, typeof context === "string" ? context : "request");
}

function requireSchema(schema: unknown, fn: string): void {
  const run = (schema as { "~run"?: unknown } | null | undefined)?.["~run"];
  if (typeof run !== "function") {
    throw new AgentlineError(
      `${fn}(schema, input): \`schema\` must be a request schema, such as an operation's \`body\` or \`query\`.`,
      { code: "invalid_argument" },
    );
  }
}

/** Whether a request argument is an array (a revoked proxy is left to the schema's run, which names it). */
function isArrayInput(data: unknown): boolean {
  try {
    return Array.isArray(data);
  } catch {
    return false;
  }
}

/**
 * Checks a request against its schema before anything is sent; throws a request `ValidationError`. An array given
 * where the schema reads an object is refused too: valibot's object schemas take one, and its indexes would go out
 * as query keys or body fields (`?0=…`) with the documented ones silently missing.
 */
export function checkRequest<S extends v.GenericSchema>(schema: S, data: unknown, context: string): v.InferOutput<S> {
  if (isArrayInput(data) && baseType(schema)?.endsWith("object")) {
    const message = "must be an object, not an array";
    throw new ValidationError([{ path: "", rule: "type", message }], { direction: "request", context });
  }
  let result: v.SafeParseResult<S>;
  try {
    result = v.safeParse(schema, data);
  } catch (error) {
    throw unreadableArgument(context, "a request argument", "invalid_argument", error);
  }
  if (result.success) return result.output;
  throw new ValidationError(toValidationIssues(result.issues), { direction: "request", context });
}

/**
 * Parses a response body with a (loose) schema. A body that breaks the spec throws a
 * `ValidationError` with `direction: "response"` naming the field; unknown fields survive.
 */
export function parseResponse<S extends v.GenericSchema>(schema: S, data: unknown, context: string): v.InferOutput<S> {
  // The schema's own run, as `v.safeParse` does it, without the result record it wraps around the dataset: this
  // runs for every response and every validated stream event.
  const dataset = schema["~run"]({ value: data }, v.getGlobalConfig());
  if (!dataset.issues) return dataset.value as v.InferOutput<S>;
  throw new ValidationError(toValidationIssues(dataset.issues), { direction: "response", context });
}

/** A schema's base type, through `optional`/`nullable` wrappers (a pipe keeps its base schema's `type`). */
function baseType(schema: unknown): string | undefined {
  let current = schema as { type?: string; wrapped?: unknown } | undefined;
  while (current?.wrapped !== undefined) current = current.wrapped as typeof current;
  return current?.type;
}

/**
 * A wire query (`URLSearchParams`, all strings) as the object an operation's `query` schema reads: a value becomes a
 * number or boolean where the schema's field is one and the text is well-formed (so `limit=abc` still reports that
 * `limit` must be a number), repeated keys become arrays where the field is an array. For servers (the fake, a relay).
 */
export function queryFromWire(schema: v.GenericSchema | undefined, query: URLSearchParams): Record<string, unknown> {
  const entries = (schema as { entries?: Record<string, unknown> } | undefined)?.entries ?? {};
  return coerceWireQuery(query, (key) => {
    const type = Object.hasOwn(entries, key) ? baseType(entries[key]) : undefined;
    return type === "array" || type === "number" || type === "boolean" ? type : undefined;
  });
}

// Response objects of the three APIs. Where a field is optional (the spec says "omitted when…", "only when…", "stay
// absent when unset", or the client reads it leniently), a server that writes it as JSON `null` instead of leaving it
// out is a common habit, not a new meaning: the field is read as absent — the key is left out of the parsed object
// (or takes its default, as when omitted), exactly as if the server had omitted it — so the typings stay
// `field?: T | undefined` and user code tests one thing (`=== undefined`, `?.`). A field whose own type admits `null`
// (nullable, unknown) keeps it: there `null` is data. Required fields stay required: `null` there is a response
// `ValidationError` naming the field.

/** Schema types that already accept `null` as a value of their own: their `null` is data, not absence. */
const NULL_IS_DATA: ReadonlySet<string> = /* @__PURE__ */ new Set(["unknown", "any", "nullable", "nullish", "null"]);
const OPTIONAL_TYPES: ReadonlySet<string> = /* @__PURE__ */ new Set(["optional", "exact_optional", "nullish"]);

/**
 * An optional entry whose own type refuses `null`, made to read it as absent: `[schema, drop]`, `drop` when the key is
 * to be left out (no default); `undefined` for a required entry or one whose `null` is data.
 */
function nullAsAbsent(schema: v.GenericSchema): [v.GenericSchema, boolean] | undefined {
  if (!OPTIONAL_TYPES.has(schema.type)) return undefined;
  const { wrapped, default: fallback } = schema as v.OptionalSchema<v.GenericSchema, unknown>;
  if (NULL_IS_DATA.has(wrapped.type)) return undefined;
  // A `nullish` one (spread from another response object) as it is: with a default, `null` already reads as it.
  if (schema.type === "nullish") return fallback === undefined ? [schema, true] : undefined;
  return fallback === undefined ? [v.nullish(wrapped), true] : [v.nullish(wrapped, fallback as never), false];
}

/**
 * A loose object (unknown fields kept) whose optional entries read a `null` as absent (see the rule above). Typed as
 * the plain loose object: `null` never reaches the output.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § What the service does)
 */
// @__NO_SIDE_EFFECTS__
export function responseObject<const E extends v.ObjectEntries>(entries: E): v.LooseObjectSchema<E, undefined> {
  const lenient: v.ObjectEntries = {};
  const dropped: string[] = [];
  for (const [key, schema] of Object.entries(entries)) {
    const relaxed = nullAsAbsent(schema);
    if (relaxed?.[1]) dropped.push(key);
    lenient[key] = relaxed?.[0] ?? schema;
  }
  const object = v.looseObject(lenient);
  if (dropped.length === 0) return object as unknown as v.LooseObjectSchema<E, undefined>;
  // A pipe keeps the loose object's `type` and `entries` (spread into larger schemas); each `null` sent is dropped (with the key).
  const relaxed = v.pipe(
    object,
    v.transform((value) => {
      const record = value as Record<string, unknown>;
      for (const key of dropped) if (record[key] === null) delete record[key];
      return value;
    }),
  );
  return relaxed as unknown as v.LooseObjectSchema<E, undefined>;
}
