// The schema field builders every API shares live once, in core (issue 14): these sweeps pin that each is defined
// in one place only, and that the shared rules (item counts, present keys, wire queries) hold over every case.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import * as fields from "../../../src/core/request-fields.js";
import * as rules from "../../../src/core/request-rules.js";
import { requestIssues } from "../../../src/core/schema.js";
import { coerceWireQuery } from "../../../src/core/wire-query.js";

const SRC = join(import.meta.dirname, "../../../src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

describe("one definition per shared builder", () => {
  it("every core builder is defined once in src/, and no API file re-exports core builders", () => {
    // Schema-building files only: core/arguments.ts has an unrelated `requestObject` (an argument check).
    const files = sourceFiles(SRC)
      .map((path) => ({ path, text: readFileSync(path, "utf8") }))
      .filter((file) => file.text.includes('from "valibot"'));
    expect(files.length).toBeGreaterThanOrEqual(50);
    const names = [...Object.keys(fields), ...Object.keys(rules)];
    expect(names.length).toBeGreaterThanOrEqual(20);
    const repeated: string[] = [];
    for (const name of names) {
      const definition = new RegExp(`\\bfunction ${name}\\b|\\b(?:const|let) ${name}\\s*=`);
      const defining = files.filter((file) => definition.test(file.text));
      if (defining.length !== 1) repeated.push(`${name}: ${defining.map((file) => file.path).join(", ")}`);
    }
    const reExports = files.filter((file) =>
      /export\s*\{[^}]*\}\s*from\s*"[./]*core\/request-(fields|rules)\.js"/.test(file.text),
    );
    expect(repeated).toEqual([]);
    expect(reExports.map((file) => file.path)).toEqual([]);
  });
});

const issuesOf = (schema: v.GenericSchema, input: unknown) =>
  requestIssues(schema, input).map((issue) => `${issue.rule}: ${issue.message}`);

describe("item counts", () => {
  it("minItems, maxItems and itemCount agree for every length 0..6 against every bound 0..5", () => {
    const wrong: string[] = [];
    let cases = 0;
    for (let length = 0; length <= 6; length++) {
      const list = Array.from({ length }, (_, index) => index);
      for (let min = 0; min <= 5; min++) {
        for (let max = min; max <= 5; max++) {
          cases++;
          const split = issuesOf(
            v.pipe(v.array(v.number()), rules.minItems(min, "`xs`"), rules.maxItems(max, "`xs`")),
            list,
          );
          const joined = issuesOf(v.pipe(v.array(v.number()), rules.itemCount("`xs`", min, max)), list);
          const expected = (length < min ? 1 : 0) + (length > max ? 1 : 0);
          if (split.length !== expected || JSON.stringify(split) !== JSON.stringify(joined)) {
            wrong.push(`${length} in ${min}..${max}: ${JSON.stringify(split)} / ${JSON.stringify(joined)}`);
          }
        }
      }
    }
    expect(cases).toBe(147);
    expect(wrong).toEqual([]);
  });

  it("messages count the items, name the field and carry the fix only when one is given", () => {
    const list = (length: number) => Array.from({ length }, () => 1);
    const schema = (fix?: string) =>
      v.pipe(v.array(v.number()), rules.minItems(2, "`xs`"), rules.maxItems(3, "`xs`", fix));
    expect(issuesOf(schema(), [])).toEqual(["min_items: `xs` is empty; send at least 2 items"]);
    expect(issuesOf(schema(), list(1))).toEqual(["min_items: `xs` has 1 item; send at least 2 items"]);
    expect(issuesOf(schema(), list(4))).toEqual(["max_items: `xs` has 4 items; send at most 3"]);
    expect(issuesOf(schema("split it"), list(4))).toEqual(["max_items: `xs` has 4 items; send at most 3 (split it)"]);
  });
});

describe("present keys", () => {
  const keys = ["a", "b", "c"] as const;
  // Every subset of the keys, each present key set to a value and each absent one either missing or `undefined`.
  const bodies = Array.from({ length: 8 }, (_, mask) =>
    Object.fromEntries(keys.map((key, index) => [key, mask & (1 << index) ? index : undefined])),
  );

  it("exactlyOneOf refuses every subset but the three singletons; atLeastOneOf only the empty one", () => {
    const exactly = v.pipe(fields.requestObject({}, "the body"), rules.exactlyOneOf(keys, "the body"));
    const atLeast = v.pipe(fields.requestObject({}, "the body"), rules.atLeastOneOf(keys));
    const refusedExactly = bodies.filter((body) => requestIssues(exactly, body).length > 0);
    const refusedAtLeast = bodies.filter((body) => requestIssues(atLeast, body).length > 0);
    expect(refusedExactly.length).toBe(5);
    expect(refusedExactly.every((body) => rules.presentKeys(body, keys).length !== 1)).toBe(true);
    expect(refusedAtLeast).toEqual([bodies[0]]);
    expect(issuesOf(atLeast, {})).toEqual([
      "at_least_one: the update must set at least one of `a`, `b`, `c`; an empty update is refused",
    ]);
    expect(issuesOf(exactly, { a: 1, c: 2 })).toEqual([
      "exactly_one_of: the body needs exactly one of `a`, `b`, `c`; it has `a`, `c`",
    ]);
  });
});

describe("request objects", () => {
  it("an open object keeps an unknown key; a closed one refuses it by name; both name a missing key", () => {
    const open = fields.requestObject({ id: fields.requiredText("`id`") }, "the thing");
    const closed = fields.closedObject({ id: fields.requiredText("`id`") }, "the thing");
    expect(v.parse(open, { id: "x", extra: 1 })).toEqual({ id: "x", extra: 1 });
    expect(issuesOf(closed, { id: "x", extra: 1 })).toEqual([
      "unknown_property: `extra` is not a field of the thing, which allows no extra properties; remove it",
    ]);
    for (const schema of [open, closed]) {
      expect(issuesOf(schema, {})).toEqual(["required: the thing needs `id`"]);
    }
    expect(issuesOf(open, "x")).toEqual(["type: the thing must be an object"]);
    expect(issuesOf(closed, 1)).toEqual(["type: the thing must be an object with only the documented fields"]);
  });

  it('httpUrl accepts only absolute http(s) addresses, and "" only when allowed', () => {
    const inputs = ["https://x.example/a", "http://x", "", "ftp://x", "x.example", "/relative", "mailto:a@b"];
    const accepted = (schema: v.GenericSchema) => inputs.filter((input) => v.is(schema, input));
    expect(accepted(fields.httpUrl("`u`"))).toEqual(["https://x.example/a", "http://x"]);
    expect(accepted(fields.httpUrl("`u`", { allowEmpty: true }))).toEqual(["https://x.example/a", "http://x", ""]);
  });
});

describe("wire queries", () => {
  it("converts only well-formed values of the kinds asked for; everything else stays text", () => {
    const query = new URLSearchParams("n=12&n=13&bad=abc&b=true&nb=yes&a=1&a=2&t=42&neg=-1.5");
    const kinds: Record<string, "number" | "boolean" | "array"> = {
      n: "number",
      bad: "number",
      b: "boolean",
      nb: "boolean",
      a: "array",
      neg: "number",
    };
    expect(coerceWireQuery(query, (key) => kinds[key])).toEqual({
      n: 12,
      bad: "abc",
      b: true,
      nb: "yes",
      a: ["1", "2"],
      t: "42",
      neg: -1.5,
    });
  });
});
