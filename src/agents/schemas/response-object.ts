import * as v from "valibot";

// Response objects of the Cloud Agents API. Where the spec makes a field optional ("omitted when…", "populated
// once…"), a server that writes it as JSON `null` instead of leaving it out is a common habit, not a new meaning: the
// field is read as absent — the key is left out of the parsed object, exactly as if the server had omitted it — so
// the typings stay `field?: T | undefined` and user code tests one thing (`=== undefined`, `?.`). A field whose own
// type admits `null` (a tool call's `args` and `result`: "any JSON value or null") keeps it. Required fields stay
// required: `null` there is a response `ValidationError` naming the field.

/** Schema types that already accept `null` as a value of their own: their `null` is data, not absence. */
const NULL_IS_DATA: ReadonlySet<string> = /* @__PURE__ */ new Set(["unknown", "any", "nullable", "nullish", "null"]);

/**
 * An optional entry whose own type refuses `null`, made to accept it (a `nullish` one, spread from another response
 * object, as it is); `undefined` for any other entry, and for one with a default (its meaning would change).
 */
function nullAsAbsent(schema: v.GenericSchema): v.GenericSchema | undefined {
  if (schema.type !== "optional" && schema.type !== "nullish") return undefined;
  const { wrapped, default: fallback } = schema as v.OptionalSchema<v.GenericSchema, unknown>;
  if (fallback !== undefined || NULL_IS_DATA.has(wrapped.type)) return undefined;
  return schema.type === "nullish" ? schema : v.nullish(wrapped);
}

/**
 * A loose object (unknown fields kept) whose optional entries read a `null` as absent (see the rule above). Typed as
 * the plain loose object: `null` never reaches the output.
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Resources and their fields)
 */
// @__NO_SIDE_EFFECTS__
export function responseObject<const E extends v.ObjectEntries>(entries: E): v.LooseObjectSchema<E, undefined> {
  const lenient: v.ObjectEntries = {};
  const nullable: string[] = [];
  for (const [key, schema] of Object.entries(entries)) {
    const relaxed = nullAsAbsent(schema);
    if (relaxed) nullable.push(key);
    lenient[key] = relaxed ?? schema;
  }
  const object = v.looseObject(lenient);
  if (nullable.length === 0) return object as unknown as v.LooseObjectSchema<E, undefined>;
  // A pipe keeps the loose object's `type` and `entries` (spread into larger schemas); each `null` sent is dropped (with the key).
  const relaxed = v.pipe(
    object,
    v.transform((value) => {
      const record = value as Record<string, unknown>;
      for (const key of nullable) if (record[key] == null) delete record[key];
      return value;
    }),
  );
  return relaxed as unknown as v.LooseObjectSchema<E, undefined>;
}
