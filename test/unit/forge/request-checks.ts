// The forge's request rules as the tests read them: the public generic pair (`requestIssues` / `assertRequest`)
// over an operation's own schema in FORGE_OPERATIONS. The per-operation check*/assert* wrappers are gone; these
// names keep each test's assertions as they were.
import type * as v from "valibot";
import { assertRequest, requestIssues } from "../../../src/core/schema.js";
import { FORGE_OPERATIONS, type ForgeOperationName } from "../../../src/forge/operations.js";
import { type QueryShape, queryObject } from "../../../src/testing/forge/query.js";

function schemaOf(name: ForgeOperationName, part: "body" | "query"): v.GenericSchema {
  const schema = (FORGE_OPERATIONS[name] as { body?: v.GenericSchema; query?: v.GenericSchema })[part];
  if (!schema) throw new Error(`${name} has no ${part} schema`);
  return schema;
}

/** Every rule `input` breaks as `name`'s body (`empty` stands for a missing body). */
export const bodyCheck =
  (name: ForgeOperationName, empty?: unknown) =>
  (input?: unknown): ReturnType<typeof requestIssues> =>
    requestIssues(schemaOf(name, "body"), input === undefined ? empty : input);

/** `name`'s body checked, or a thrown ValidationError naming `context` (the operation by default). */
export const bodyAssert =
  (name: ForgeOperationName, empty?: unknown) =>
  (input?: unknown, context: string = name): unknown =>
    assertRequest(schemaOf(name, "body"), input === undefined ? empty : input, context);

/** Every rule a query (an object, or the wire's URLSearchParams read with `shape`) breaks as `name`'s query. */
export const queryCheck =
  (name: ForgeOperationName, shape: QueryShape = {}) =>
  (input?: unknown): ReturnType<typeof requestIssues> =>
    requestIssues(schemaOf(name, "query"), queryObject(input, shape));
