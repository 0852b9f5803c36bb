import * as v from "valibot";
import { responseObject as nullTolerantObject } from "../../core/schema.js";

// Response objects of the Admin and Organization APIs. The spec marks no response field as required (it marks a
// few optional, `?` or "only when", and lists the rest without saying), so a response is read leniently: every
// documented field is optional and keeps its type when present, unknown fields are kept, and only what agentline
// cannot work without is required — the items of a list answer, the object a `{group}`-style answer carries, what
// the client itself reads (bulk `results`, the row key it matches on, the spend-limit `outcome`, counts it sums),
// and the handle of a resource the client's other calls act on (a group's `id`, a member's `userId`, a rule's
// `id`, a provider's `id`): without it the resource cannot be used. Each schema names those in `required`; a
// missing one is a response `ValidationError` naming it. As in the other two APIs, an optional field sent as JSON
// `null` reads as absent (the key left out); a field the spec types "or null" (a limit, a default, `leftAt`) keeps
// its `null`, and a required one sent as `null` is a response `ValidationError` naming it.

type Lenient<E extends v.ObjectEntries, R extends keyof E> = {
  [K in keyof E]: K extends R ? E[K] : v.OptionalSchema<E[K], undefined>;
};

const OPTIONAL_TYPES: ReadonlySet<string> = /* @__PURE__ */ new Set(["optional", "nullish", "exact_optional"]);

/**
 * A loose object whose entries are all optional except the `required` keys (see the rule above).
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Resources and their fields)
 */
// @__NO_SIDE_EFFECTS__
export function responseObject<const E extends v.ObjectEntries, const R extends keyof E & string = never>(
  entries: E,
  required: readonly R[] = [],
): v.LooseObjectSchema<Lenient<E, R>, undefined> {
  const keep = new Set<string>(required);
  const lenient: v.ObjectEntries = {};
  for (const [key, schema] of Object.entries(entries)) {
    lenient[key] = keep.has(key) || OPTIONAL_TYPES.has(schema.type) ? schema : v.optional(schema);
  }
  return nullTolerantObject(lenient) as unknown as v.LooseObjectSchema<Lenient<E, R>, undefined>;
}
