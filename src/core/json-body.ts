import { ValidationError } from "./errors.js";
import { joinPath } from "./validation.js";

/** Where a value stops being JSON: the path to it and why. */
interface Unserializable {
  path: string;
  reason: string;
}

const MAX_DEPTH = 10_000;

/**
 * Walks a value the way `JSON.stringify` does (calling `toJSON`) to find what it cannot write: a circular
 * reference or a BigInt. Only reached after `JSON.stringify` failed, so the common path pays nothing.
 */
function findUnserializable(
  value: unknown,
  path: string,
  ancestors: object[],
  key: string,
): Unserializable | undefined {
  let current = value;
  if (
    typeof current === "object" &&
    current !== null &&
    typeof (current as { toJSON?: unknown }).toJSON === "function"
  ) {
    try {
      current = (current as { toJSON: (key: string) => unknown }).toJSON(key);
    } catch (error) {
      const name = error instanceof Error ? error.name : typeof error;
      return { path, reason: `its toJSON() threw a ${name}` };
    }
  }
  if (typeof current === "bigint")
    return { path, reason: "it is a BigInt, which JSON cannot represent (send a string)" };
  if (typeof current !== "object" || current === null) return undefined;
  if (ancestors.includes(current)) {
    return { path, reason: "it refers back to an object that contains it (a circular reference)" };
  }
  if (ancestors.length > MAX_DEPTH) return { path, reason: "it is nested too deeply" };
  ancestors.push(current);
  try {
    const entries: Array<[string | number, unknown]> = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    for (const [childKey, child] of entries) {
      const found = findUnserializable(child, joinPath(path, childKey), ancestors, String(childKey));
      if (found) return found;
    }
  } finally {
    ancestors.pop();
  }
  return undefined;
}

/**
 * A request body as JSON text, or a request `ValidationError` (nothing is sent) naming the field that cannot
 * be written — a circular reference, a BigInt, a throwing `toJSON` — with the rule `json_serializable`.
 */
export function serializeBody(body: unknown, operation: string): string | undefined {
  if (body === undefined) return undefined;
  try {
    return JSON.stringify(body);
  } catch (error) {
    let found: ReturnType<typeof findUnserializable>;
    try {
      found = findUnserializable(body, "", [], "");
    } catch {
      // A getter or proxy that throws on every look: the walk cannot say where.
    }
    found ??= { path: "", reason: `JSON.stringify threw a ${error instanceof Error ? error.name : typeof error}` };
    throw new ValidationError(
      [
        {
          path: found.path || "body",
          rule: "json_serializable",
          message: `the request body cannot be sent as JSON: ${found.reason}`,
        },
      ],
      { direction: "request", context: operation },
    );
  }
}

/** What {@link parseJson} answers for a body that is not JSON. */
export const BROKEN: unique symbol = Symbol("broken JSON");

/** A 2xx body as JSON (`undefined` when empty), or {@link BROKEN}. */
export function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return BROKEN;
  }
}
